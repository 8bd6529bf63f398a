import {
  DEBT_STATUSES,
  DEFAULT_BUSINESS_TIME_ZONE,
  type DebtSituation,
  type DebtStatus,
  debtDaysAt,
  debtStatus,
  inDebtSituation,
  setBusinessTimeZone,
} from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { type DebtSql, situationWhere } from './debt-situation';

/**
 * A dated debt's situation is written in TypeScript (the contract's `debtStatus` and `inDebtSituation`: the bills'
 * and instalments' status) and in SQL (`situationWhere`: the lists' filters and totals of payables and receivables).
 * Both must give these situations, worked out by hand on the business clock (America/Sao_Paulo, UTC−3).
 */
interface Debt {
  dueDate: string;
  canceled: boolean;
  settled: boolean;
}
const DEBTS: Debt[] = [
  { dueDate: '2026-03-08', canceled: false, settled: false }, // 0
  { dueDate: '2026-03-09', canceled: false, settled: false }, // 1
  { dueDate: '2026-03-10', canceled: false, settled: false }, // 2
  { dueDate: '2026-03-15', canceled: false, settled: false }, // 3
  { dueDate: '2026-03-16', canceled: false, settled: false }, // 4
  { dueDate: '2025-12-31', canceled: false, settled: false }, // 5
  { dueDate: '2026-03-01', canceled: false, settled: true }, // 6
  { dueDate: '2026-03-09', canceled: false, settled: true }, // 7
  { dueDate: '2026-03-08', canceled: true, settled: false }, // 8
  { dueDate: '2026-03-10', canceled: true, settled: true }, // 9
];

/** The debts open, paid and cancelled whatever the day: 0 to 5, 6 and 7, 8 and 9. */
const OPEN = [0, 1, 2, 3, 4, 5];
const SETTLED: DebtStatus[] = ['PAID', 'PAID', 'CANCELED', 'CANCELED'];

/** A moment, its business day and week's end, and the open debts overdue, due today, due this week then. */
type Moment = [
  now: string,
  today: string,
  weekEnd: string,
  overdue: number[],
  dueToday: number[],
  dueThisWeek: number[],
];
const MOMENTS: Moment[] = [
  // 23:59:59 of Monday 9 March in São Paulo: the week is 9 to 15 March.
  ['2026-03-10T02:59:59Z', '2026-03-09', '2026-03-15', [0, 5], [1], [1, 2, 3]],
  // A second later it is midnight of Tuesday 10 March there: the one due on the 9th is overdue, the week 10 to 16.
  ['2026-03-10T03:00:00Z', '2026-03-10', '2026-03-16', [0, 1, 5], [2], [2, 3, 4]],
  // 22:00 of 31 December 2025 in São Paulo (already 2026 in UTC): nothing overdue yet, the week runs into January.
  ['2026-01-01T01:00:00Z', '2025-12-31', '2026-01-06', [], [5], [5]],
];

const SITUATIONS: DebtSituation[] = ['open', 'overdue', 'dueToday', 'dueThisWeek', 'paid', 'canceled'];

/** The test's debts as SQL facts (each module gives its own columns'). */
const debt: DebtSql = {
  dueDate: sql.ref('d.due_date'),
  isOpen: sql<boolean>`not d.canceled and not d.settled`,
  isPaid: sql<boolean>`not d.canceled and d.settled`,
  isCanceled: sql<boolean>`d.canceled`,
};

describe('a dated debt’s situation, in TypeScript and in SQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    setBusinessTimeZone('America/Sao_Paulo');
    database = await emptyTestDatabase('debtsituation');
    await sql`select 1`.execute(database.db); // the database opened within the hook's time
  });
  afterAll(async () => {
    setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
    await database.close();
  });

  it('knows the four statuses', () => {
    expect(DEBT_STATUSES).toEqual(['OPEN', 'OVERDUE', 'PAID', 'CANCELED']);
  });

  describe.each(MOMENTS)('at %s', (now, today, weekEnd, overdue, dueToday, dueThisWeek) => {
    const situations: Record<DebtSituation, number[]> = {
      open: OPEN,
      overdue,
      dueToday,
      dueThisWeek,
      paid: [6, 7],
      canceled: [8, 9],
    };
    // Read in each test: the zone is set by the hook, after the tests are collected.
    const daysAt = () => debtDaysAt(new Date(now));

    it(`is ${today} up to ${weekEnd} on the business clock`, () => {
      expect(daysAt()).toEqual({ today, weekEnd });
    });

    it('gives each debt its status in TypeScript: an open one OVERDUE when in the overdue, else OPEN', () => {
      const days = daysAt();
      const statuses = [...OPEN.map((i) => (overdue.includes(i) ? 'OVERDUE' : 'OPEN')), ...SETTLED];
      expect(DEBTS.map((d) => debtStatus(d, days.today))).toEqual(statuses);
    });

    it.each(SITUATIONS)('puts the same debts in %s in TypeScript and in SQL', async (situation) => {
      const days = daysAt();
      const inTypeScript = DEBTS.flatMap((d, i) =>
        inDebtSituation(situation, { status: debtStatus(d, days.today), dueDate: d.dueDate }, days) ? [i] : [],
      );
      expect(inTypeScript).toEqual(situations[situation]);
      const values = sql.join(
        DEBTS.map((d, i) => sql`(${i}::int, ${d.dueDate}::date, ${d.canceled}::boolean, ${d.settled}::boolean)`),
      );
      const { rows } = await sql<{ i: number }>`select i from (values ${values}) as d(i, due_date, canceled, settled)
        where ${situationWhere(situation, debt, days)} order by i`.execute(database.db);
      expect(rows.map((r) => Number(r.i))).toEqual(situations[situation]);
    });
  });
});
