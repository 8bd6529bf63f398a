import { dayStart, monthOf, nextMonthOf, shiftDay } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { type Instants, marginSummaryRepository as repo, type SummaryPiece } from './margin-summary.repository';
import { rankingPieces, SUMMARY_ZONE, splitPeriod } from './summary-period';

/**
 * Reports 19 'Margem' and 21 'Faturamento por período' over the margin summary (issue 59, decision 0103): what a
 * period reads from `report_margin` and what from the raw rows, and the task that sums again the days writes touched.
 */

/** What a period reads: signed summarised pieces and raw ranges of instants. */
export interface MarginPlan {
  pieces: SummaryPiece[];
  raw: Instants[];
  /**
   * The same pieces in two parts, when the summary serves the period: those of the period alone (`kept`: what a
   * process may keep summed, margin-prepared.ts), then those of the days written since they were summed (`since`);
   * and the summary's version both were read under.
   */
  parts?: { version: string; kept: SummaryPiece[]; since: SummaryPiece[] };
}

/** How a report reads the summary: rest-of-year rows (no breakdown by time), months, or days only. */
export type PlanMode = 'rest' | 'months' | 'days';

/** More pieces than this (dirty days scattered over many months): the whole period is read raw. */
const MAX_PIECES = 40;

const startOf = (day: string) => dayStart(day, SUMMARY_ZONE);

/** Adds a piece, joined to the last one when they meet with the same grain and sign. */
function addPiece(pieces: SummaryPiece[], piece: SummaryPiece) {
  if (piece.grain !== 'R' && piece.from >= piece.until) return;
  const last = pieces.at(-1);
  if (
    piece.grain !== 'R' &&
    last &&
    last.grain === piece.grain &&
    last.sign === piece.sign &&
    last.until === piece.from
  )
    last.until = piece.until;
  else pieces.push({ ...piece });
}

/** Adds [from, until) to the raw ranges, joined to any it meets (the list kept sorted). */
function addRaw(raw: Instants[], from: Date, until: Date) {
  if (from.getTime() >= until.getTime()) return;
  raw.push({ from, until });
  raw.sort((a, b) => a.from.getTime() - b.from.getTime());
  for (let i = raw.length - 1; i > 0; i--) {
    const before = raw[i - 1] as Instants;
    const range = raw[i] as Instants;
    if (before.until.getTime() >= range.from.getTime()) {
      if (range.until.getTime() > before.until.getTime()) before.until = range.until;
      raw.splice(i, 1);
    }
  }
}

/**
 * The plan of [from, until): the partial days at its ends read raw; the whole days from the summary as it was last
 * summed — rest-of-year rows (`rest`: a month's row holds that month to December, so a year is two or three lookups),
 * months and days (`months`), or days (`days`) — and each day a write has touched since: its summed daily rows taken
 * away and its raw rows added, so an answer is always exact.
 */
export async function marginPlan(db: Executor, from: Date, until: Date, mode: PlanMode): Promise<MarginPlan> {
  const split = splitPeriod(from, until);
  const plan: MarginPlan = { pieces: [], raw: [] };
  addRaw(plan.raw, split.from, split.rawUntil);
  addRaw(plan.raw, split.rawFrom, split.until);
  if (split.firstDay >= split.endDay) return plan;
  const kept: SummaryPiece[] = [];
  if (mode === 'rest') {
    const pieces = rankingPieces(split);
    for (const { month, sign } of pieces.months) addPiece(kept, { grain: 'R', from: month, until: month, sign });
    for (const { from: first, until: end, sign } of pieces.days)
      addPiece(kept, { grain: 'D', from: first, until: end, sign });
  } else if (mode === 'months' && split.firstMonth < split.lastMonth) {
    addPiece(kept, { grain: 'D', from: split.firstDay, until: split.firstMonth, sign: 1 });
    addPiece(kept, { grain: 'M', from: split.firstMonth, until: split.lastMonth, sign: 1 });
    addPiece(kept, { grain: 'D', from: split.lastMonth, until: split.endDay, sign: 1 });
  } else addPiece(kept, { grain: 'D', from: split.firstDay, until: split.endDay, sign: 1 });
  const since: SummaryPiece[] = [];
  const dirty = await repo.dirtyDays(db, split.firstDay, split.endDay);
  for (const day of dirty.days) {
    const next = shiftDay(day, 1);
    addPiece(since, { grain: 'D', from: day, until: next, sign: -1 });
    addRaw(plan.raw, startOf(day), startOf(next));
  }
  plan.pieces = [...kept, ...since];
  plan.parts = { version: dirty.version, kept, since };
  return plan.pieces.length > MAX_PIECES ? { pieces: [], raw: [{ from, until }] } : plan;
}

/** The plan of a report whose rows are bucketed by the business's days, weeks or months. */
export async function bucketedPlan(
  db: Executor,
  from: Date,
  until: Date,
  zone: string,
  mode: 'months' | 'days',
): Promise<MarginPlan> {
  // The summary's days are São Paulo's: a business of another zone buckets every row by its own calendar, raw.
  if (zone !== SUMMARY_ZONE) return { pieces: [], raw: [{ from, until }] };
  return marginPlan(db, from, until, mode);
}

/** How much a round sums: days a transaction, and the time after which no new transaction starts. */
export interface RefreshLimits {
  daysPerTransaction: number;
  budgetMs: number;
}

/**
 * The task 'report-summaries': sums again, from the raw rows, the days writes have touched (oldest first, a batch of
 * days a transaction, until none is left or the budget has passed) and the months holding them; clears only the marks
 * it saw, so a write that lands meanwhile leaves its day to the next round. One process at a time (an advisory lock:
 * another round under way is not waited for). Answers the days summed. On the embedded database, whose one
 * connection every request shares, the task sums fewer days a transaction so requests pass between them.
 */
export async function refreshMarginSummary(
  db: DB,
  { daysPerTransaction, budgetMs }: RefreshLimits = { daysPerTransaction: 31, budgetMs: Number.POSITIVE_INFINITY },
): Promise<number> {
  const started = Date.now();
  let summed = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await repo.lock(trx))) return 0;
      const batch = await repo.nextDirty(trx, daysPerTransaction);
      if (batch.length === 0) return 0;
      const days = batch.map((b) => b.day);
      // Runs of consecutive days, each summed with one read of the raw rows.
      let first = days[0] as string;
      for (let i = 1; i <= days.length; i++) {
        const previous = days[i - 1] as string;
        if (i < days.length && days[i] === shiftDay(previous, 1)) continue;
        const end = shiftDay(previous, 1);
        await repo.sumDays(trx, first, end, { from: startOf(first), until: startOf(end) });
        first = days[i] as string;
      }
      for (const month of new Set(days.map(monthOf))) await repo.sumMonth(trx, month, nextMonthOf(month));
      await repo.clear(
        trx,
        batch.flatMap((b) => b.ids),
      );
      await repo.newVersion(trx);
      return batch.length;
    });
    summed += done;
    if (done < daysPerTransaction || Date.now() - started > budgetMs) return summed;
  }
}
