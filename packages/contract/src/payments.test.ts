import { describe, expect, it } from 'vitest';
import { parseEndToEndId, pixAwaitsConfirmation, pixParticipantName, pixWebhookEntrySchema } from './payments';

describe('E2E ids', () => {
  it("read the payer's bank and the time (UTC) of the Banco Central's examples", () => {
    // 'E' + ISPB 12345678 + 2020-09-09 12:21 + 'kkkkkkkkkkk' (Exemplo de Webhook Pix 1).
    expect(parseEndToEndId('E12345678202009091221kkkkkkkkkkk')).toEqual({
      ispb: '12345678',
      at: new Date('2020-09-09T12:21:00Z'),
    });
    // ISPB 87654321, same minute (Exemplo de Webhook Pix 2).
    expect(parseEndToEndId('E87654321202009091221dfghi123456')?.ispb).toBe('87654321');
  });

  it('refuse what is not one: 34 characters (the API document\'s own "Exemplo de Pix 2"), 30 February, a letter in the ISPB', () => {
    expect(parseEndToEndId('E12345678202009091221ghijk78901234')).toBeUndefined();
    expect(parseEndToEndId('E12345678202002301221kkkkkkkkkkk')).toBeUndefined();
    expect(parseEndToEndId('E1234567A202009091221kkkkkkkkkkk')).toBeUndefined();
    expect(parseEndToEndId('E12345678202009092460kkkkkkkkkkk')).toBeUndefined();
  });

  it('name the bank of a known ISPB, and the ISPB of another', () => {
    expect(pixParticipantName('60746948')).toBe('Bradesco');
    expect(pixParticipantName('18236120')).toBe('Nubank');
    // A credit co-op of Santa Catarina, by the Banco Central's short name.
    expect(pixParticipantName('00204963')).toBe('CCR SEARA');
    expect(pixParticipantName('12345678')).toBe('ISPB 12345678');
  });
});

describe('a webhook entry', () => {
  it('takes the amount with a point and two decimals only', () => {
    const base = { endToEndId: 'E12345678202009091221kkkkkkkkkkk', horario: '2020-09-09T20:15:00.358Z' };
    expect(pixWebhookEntrySchema.safeParse({ ...base, valor: '110.00' }).success).toBe(true);
    for (const valor of ['110,00', '110', '110.0', '-1.00', '1.000,00']) {
      expect(pixWebhookEntrySchema.safeParse({ ...base, valor }).success, valor).toBe(false);
    }
  });
});

describe('pixAwaitsConfirmation (issue 35 §4)', () => {
  const pix = { confirmedAt: null, refunded: 0 };
  it('is a matched Pix neither confirmed nor given back, while its order still waits for its payment', () => {
    // Processando (9), Aguardando comprovante (10), Aguardando aprovação (11) wait for a payment.
    expect([9, 10, 11].map((status) => pixAwaitsConfirmation(status, pix))).toEqual([true, true, true]);
    // Aguardando estoquista (1), Cancelado (7), Reprovados (12): no longer.
    expect([1, 7, 12].map((status) => pixAwaitsConfirmation(status, pix))).toEqual([false, false, false]);
    expect(pixAwaitsConfirmation(10, { confirmedAt: '2026-11-25T12:00:00.000Z', refunded: 0 })).toBe(false);
    expect(pixAwaitsConfirmation(10, { confirmedAt: null, refunded: 0.01 })).toBe(false);
    expect(pixAwaitsConfirmation(10, { confirmedAt: null })).toBe(true);
    expect(pixAwaitsConfirmation(10, null)).toBe(false);
  });
});
