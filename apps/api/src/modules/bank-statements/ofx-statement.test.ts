import { BANK_STATEMENT_TEXTS } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { ofxCents, ofxDay, toStatement } from './ofx-statement';
import { readOfxInWorker } from './ofx-worker';
import { sgmlOfx } from './test-ofx';

const BALANCE = { amount: '100.00', day: '2026-03-31' };

describe('the OFX read into a statement', () => {
  it('reads amounts with a dot or a comma and the bank day of a dated time', () => {
    expect([ofxCents('-1234.56'), ofxCents('1234,5'), ofxCents('+10'), ofxCents('-0.100')]).toEqual([
      -123456, 123450, 1000, -10,
    ]);
    expect([ofxCents('R$ 10,00'), ofxCents('1.234,56'), ofxCents('10.005'), ofxCents('')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect([ofxDay('20260331235959[-3:BRT]'), ofxDay('20260230'), ofxDay('2026-03-01')]).toEqual([
      '2026-03-31',
      null,
      null,
    ]);
  });

  it('keys a line by its FITID, else by a hash and its rank among equal lines (the same file, the same keys)', async () => {
    const lines = [
      { day: '2026-03-02', amount: '-5.00', memo: 'TARIFA', fitId: 'A1' },
      // Two equal fees without FITID, and two lines the bank gave the same FITID.
      { day: '2026-03-03', amount: '-2.50', memo: 'TARIFA DOC' },
      { day: '2026-03-03', amount: '-2.50', memo: 'TARIFA DOC' },
      { day: '2026-03-04', amount: '10.00', memo: 'PIX', fitId: 'DUP' },
      { day: '2026-03-04', amount: '20.00', memo: 'PIX', fitId: 'DUP' },
    ];
    const read = async () =>
      toStatement((await readOfxInWorker(sgmlOfx(lines, BALANCE, '2026-03-01', '2026-03-31'))).ofx);
    const first = await read();
    const keys = first.lines.map((line) => line.key);
    expect(keys[0]).toBe('F:A1');
    expect(keys.slice(1).every((key) => key.startsWith('H:'))).toBe(true);
    expect(new Set(keys).size).toBe(5);
    expect((await read()).lines.map((line) => line.key)).toEqual(keys);
    expect(first).toMatchObject({
      bankId: '001',
      account: '12345-6',
      ledgerBalanceCents: 10_000,
      balanceOn: '2026-03-31',
    });
  });

  it('stops a read past its time limit with a Portuguese message', async () => {
    const file = sgmlOfx(
      [{ day: '2026-03-02', amount: '-5.00', memo: 'X', fitId: 'A' }],
      BALANCE,
      '2026-03-01',
      '2026-03-31',
    );
    await expect(readOfxInWorker(file, 1)).rejects.toThrow(BANK_STATEMENT_TEXTS.tooSlow(1));
    // The next file is read by a new worker.
    expect((await readOfxInWorker(file)).header.CHARSET).toBe('1252');
  });
});
