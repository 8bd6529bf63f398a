import { describe, expect, it } from 'vitest';
import { buildPixPayload, crc16CcittFalse, pixAmount, pixTxid, toPixText } from './pix';

/** The static BR Code printed in the Banco Central's "Manual de Padrões para Iniciação do Pix" (p. 26). */
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('Pix BR Code', () => {
  it('reproduces the example of the Banco Central manual byte for byte, CRC 1D3D included', () => {
    expect(
      buildPixPayload({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(MANUAL_EXAMPLE);
    expect(crc16CcittFalse(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('computes CRC-16/CCITT-FALSE: the catalogue check value of "123456789" is 29B1, upper-case hex of 4', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
  });

  it('writes the amount with two decimals and the txid, with lengths of each field', () => {
    const payload = buildPixPayload({
      key: '+5511987650000',
      merchantName: 'CONECTA CELL',
      merchantCity: 'SAO PAULO',
      amountCents: 123_450,
      txid: 'K7M4QP',
    });
    // 26: 0014br.gov.bcb.pix (18) + 0114+5511987650000 (18) = 36; 54: "1234.50" is 7; 62: 0506K7M4QP is 10.
    const body =
      '000201' +
      '26360014br.gov.bcb.pix0114+5511987650000' +
      '52040000' +
      '5303986' +
      '54071234.50' +
      '5802BR' +
      '5912CONECTA CELL' +
      '6009SAO PAULO' +
      '62100506K7M4QP' +
      '6304';
    expect(payload).toBe(body + crc16CcittFalse(body));
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
  });

  it('formats cents as reais with a point and two decimals', () => {
    expect(pixAmount(1)).toBe('0.01');
    expect(pixAmount(1050)).toBe('10.50');
    expect(pixAmount(100_000_000)).toBe('1000000.00');
    expect(() => pixAmount(0)).toThrow(RangeError);
    expect(() => pixAmount(10.5)).toThrow(RangeError);
  });

  it('derives the txid from the order code: no punctuation, at most 25, *** when nothing is left', () => {
    expect(pixTxid('K7M-4QP')).toBe('K7M4QP');
    expect(pixTxid('A.B/C-1 2')).toBe('ABC12');
    expect(pixTxid('X'.repeat(30))).toBe('X'.repeat(25));
    expect(pixTxid('--')).toBe('***');
    expect(pixTxid(null)).toBe('***');
  });

  it('turns names into plain upper-case ASCII', () => {
    expect(toPixText('  São  João da Boa-Vista ')).toBe('SAO JOAO DA BOA-VISTA');
    expect(toPixText('Conecta Çell Ltda ✓')).toBe('CONECTA CELL LTDA');
  });

  it('refuses what the standard does not allow: long name or city, non-ASCII, bad txid, empty key', () => {
    const base = { key: 'loja@conecta.com.br', merchantName: 'LOJA', merchantCity: 'SAO PAULO' };
    expect(() => buildPixPayload({ ...base, merchantName: 'A'.repeat(26) })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, merchantName: 'A'.repeat(25) })).not.toThrow();
    expect(() => buildPixPayload({ ...base, merchantCity: 'B'.repeat(16) })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, merchantCity: 'B'.repeat(15) })).not.toThrow();
    expect(() => buildPixPayload({ ...base, merchantCity: 'SÃO PAULO' })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, merchantName: ' ' })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, txid: 'K7M-4QP' })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, txid: 'X'.repeat(26) })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, key: '' })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, key: `${'a'.repeat(70)}@bb.com.br` })).toThrow(RangeError);
  });
});
