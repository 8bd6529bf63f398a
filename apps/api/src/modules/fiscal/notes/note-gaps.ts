/**
 * 'Lacunas de numeração' (issue 56 §1, decision 0082): per model, series and month, the numbers neither authorised,
 * denied, cancelled nor voided — the runs never used (the numbering jumped: the next number set forward, a note's
 * number skipped) and the rejected notes' numbers —, each to be voided with 'Inutilizar'. A run's month is the one of
 * the first note after it (when the numbering jumped); the numbers below the next number and above the highest used,
 * this month. The numbering before the first note of a series is not a gap (a shop may begin at any number), nor are
 * the numbers from the next one on (a range voided ahead is skipped when the numbering reaches it).
 */
import {
  businessDay,
  type FiscalNoteGap,
  type FiscalNoteGapPage,
  type FiscalNoteGapsQuery,
} from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { readIssuer } from '../fiscal.service';
import type { NotesContext } from './notes-context';
import { gapsRepository as repo } from './numbers.repository';

const monthOf = (at: Date) => businessDay(at).slice(0, 7);

/** Every gap of the environment's series, by model, series and number. */
export async function allGaps(db: Executor, environment: number, now: Date): Promise<FiscalNoteGap[]> {
  const issuer = await db
    .selectFrom('fiscal_issuer')
    .select(['nfe_series', 'nfe_next_number', 'nfce_series', 'nfce_next_number'])
    .executeTakeFirst();
  const items: FiscalNoteGap[] = [];
  for (const { model, series } of await repo.series(db, environment)) {
    const where = { model, series, environment };
    const current =
      issuer &&
      (model === 55
        ? Number(issuer.nfe_series) === series && Number(issuer.nfe_next_number)
        : Number(issuer.nfce_series) === series && Number(issuer.nfce_next_number));
    const { gaps, highest } = await repo.gaps(db, where, current ? current - 1 : 999_999_999);
    for (const gap of gaps)
      items.push({ kind: 'GAP', model, series, month: monthOf(gap.at), from: gap.from, to: gap.to, note: null });
    if (current && highest !== null && current - 1 > highest)
      items.push({ kind: 'GAP', model, series, month: monthOf(now), from: highest + 1, to: current - 1, note: null });
    for (const row of await repo.rejected(db, where))
      items.push({
        kind: 'REJECTED',
        model,
        series,
        month: monthOf(new Date(row.issued_at)),
        from: row.number,
        to: row.number,
        note: { id: row.id, order: row.order_code },
      });
  }
  return items.sort((a, b) => a.model - b.model || a.series - b.series || a.from - b.from);
}

/** The gaps of the months before `now`'s (what the bell reminds of from the 1st of the next month). */
export async function overdueGaps(db: Executor, environment: number, now: Date): Promise<FiscalNoteGap[]> {
  const month = monthOf(now);
  return (await allGaps(db, environment, now)).filter((gap) => gap.month < month);
}

/** GET /fiscal/notes/gaps. */
export function noteGaps(context: NotesContext) {
  return {
    async gaps(query: FiscalNoteGapsQuery): Promise<FiscalNoteGapPage> {
      const issuer = await readIssuer(context.db);
      const environment = issuer.saved ? (issuer.environment as number) : 2;
      const found = (await allGaps(context.db, environment, context.now())).filter(
        (gap) =>
          (query.model === undefined || gap.model === query.model) &&
          (query.series === undefined || gap.series === query.series) &&
          (query.month === undefined || gap.month === query.month),
      );
      const start = query.page * query.pageSize;
      return {
        items: found.slice(start, start + query.pageSize),
        total: found.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
