import { BANK_MATCH_WINDOW_DAYS } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import type { BookEntry } from './bank-statements.repository';
import { asSeen, daysApart, proposeMatches } from './reconciliation';

/** Matches a day or more apart (decision 0098), worked by hand. */
const receipt = (ref: string, day: string, cents: number): BookEntry => ({
  kind: 'RECEIVABLE_PAYMENT',
  ref,
  day,
  amount_cents: cents,
  detail: `pedido ${ref}`,
});
const bill = (ref: string, day: string, cents: number): BookEntry => ({
  kind: 'PAYABLE_PAYMENT',
  ref,
  day,
  amount_cents: -cents,
  detail: `conta ${ref}`,
});
const line = (id: number, posted_on: string, amount_cents: number) => ({ id, posted_on, amount_cents });
const refs = (proposals: Map<number, BookEntry>) =>
  Object.fromEntries([...proposals].map(([id, entry]) => [id, `${entry.kind}:${entry.ref}`]));

describe('proposeMatches', () => {
  it('proposes a boleto of R$ 1.023,33 paid on 10/03 for its credit on 11/03, not one 6 days before', () => {
    expect(BANK_MATCH_WINDOW_DAYS).toBe(5);
    const entries = [receipt('7', '2026-03-10', 102_333), receipt('8', '2026-03-05', 50_000)];
    // 11/03 − 10/03 = 1 day; 11/03 − 05/03 = 6 days > 5; 10/03 − 05/03 = 5 days, the window's edge.
    const lines = [line(1, '2026-03-11', 102_333), line(2, '2026-03-11', 50_000), line(3, '2026-03-10', 50_000)];
    expect(refs(proposeMatches(lines.slice(0, 2), entries, new Set()))).toEqual({ 1: 'RECEIVABLE_PAYMENT:7' });
    expect(refs(proposeMatches([lines[2] as (typeof lines)[number]], entries, new Set()))).toEqual({
      3: 'RECEIVABLE_PAYMENT:8',
    });
  });

  it('never proposes an entry later than its line, nor one of another amount or sign, nor one taken', () => {
    const entries = [
      receipt('1', '2026-03-12', 10_000),
      bill('2', '2026-03-10', 10_000),
      receipt('3', '2026-03-09', 9_999),
    ];
    expect(proposeMatches([line(1, '2026-03-11', 10_000)], entries, new Set())).toEqual(new Map());
    const lines = [line(1, '2026-03-12', 10_000)];
    expect(refs(proposeMatches(lines, entries, new Set()))).toEqual({ 1: 'RECEIVABLE_PAYMENT:1' });
    expect(proposeMatches(lines, entries, new Set(['RECEIVABLE_PAYMENT|1']))).toEqual(new Map());
  });

  it('pairs two lines and two entries of the same amount nearest first', () => {
    // Lines of R$ 80,00 out on 13/03 and 16/03; bills of R$ 80,00 paid 12/03 and 16/03. Nearest first: 16/03 with
    // 16/03 (0 days), then 13/03 with 12/03 (1 day) — not 13/03 with 12/03 and 16/03 with nothing, nor swapped.
    const entries = [bill('21', '2026-03-16', 8_000), bill('20', '2026-03-12', 8_000)];
    const lines = [line(1, '2026-03-13', -8_000), line(2, '2026-03-16', -8_000)];
    expect(refs(proposeMatches(lines, entries, new Set()))).toEqual({
      1: 'PAYABLE_PAYMENT:20',
      2: 'PAYABLE_PAYMENT:21',
    });
    // Two lines of the same day and two entries a day and two days before: the first line the nearer entry.
    const earlier = [bill('30', '2026-03-14', 8_000), bill('31', '2026-03-15', 8_000)];
    const same = [line(5, '2026-03-16', -8_000), line(6, '2026-03-16', -8_000)];
    expect(refs(proposeMatches(same, earlier, new Set()))).toEqual({
      5: 'PAYABLE_PAYMENT:31',
      6: 'PAYABLE_PAYMENT:30',
    });
  });

  it('breaks ties of a day by kind, then by the lower id (a card part by payment, then instalment)', () => {
    const card = (ref: string): BookEntry => ({
      kind: 'CARD_SETTLEMENT',
      ref,
      day: '2026-03-10',
      amount_cents: 4_900,
      detail: ref,
    });
    const entries = [
      card('12:2'),
      card('12:1'),
      card('9:3'),
      receipt('40', '2026-03-10', 4_900),
      receipt('5', '2026-03-10', 4_900),
    ];
    const lines = [1, 2, 3, 4, 5].map((id) => line(id, '2026-03-10', 4_900));
    expect(refs(proposeMatches(lines, entries, new Set()))).toEqual({
      1: 'RECEIVABLE_PAYMENT:5',
      2: 'RECEIVABLE_PAYMENT:40',
      3: 'CARD_SETTLEMENT:9:3',
      4: 'CARD_SETTLEMENT:12:1',
      5: 'CARD_SETTLEMENT:12:2',
    });
  });
});

describe('asSeen', () => {
  it('shows a confirmed line whose entry is gone as open again, and no other', () => {
    const rows = [
      { id: 1, status: 'CONFIRMED', match_kind: 'RECEIVABLE_PAYMENT', match_ref: '7' },
      { id: 2, status: 'CONFIRMED', match_kind: 'PAYABLE_PAYMENT', match_ref: '7' },
      { id: 3, status: 'IGNORED', match_kind: null, match_ref: null },
      { id: 4, status: 'OPEN', match_kind: null, match_ref: null },
    ];
    expect(asSeen(rows, [receipt('7', '2026-03-10', 100)]).map((row) => [row.status, row.reopened])).toEqual([
      ['CONFIRMED', false],
      ['OPEN', true],
      ['IGNORED', false],
      ['OPEN', false],
    ]);
  });

  it('counts calendar days across a month', () => {
    expect(daysApart('2026-03-02', '2026-02-26')).toBe(4);
    expect(daysApart('2026-03-01', '2026-03-02')).toBe(-1);
  });
});
