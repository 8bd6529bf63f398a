import { dayStart, monthOf, nextMonthOf, shiftDay } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { type Instants, marginSummaryRepository as repo, type SummaryPiece } from './margin-summary.repository';
import { SUMMARY_ZONE, splitPeriod } from './summary-period';

/**
 * Reports 19 'Margem' and 21 'Faturamento por período' over the margin summary (issue 59, decision 0103): what a
 * period reads from `report_margin` and what from the raw rows, and the task that sums again the days writes touched.
 */

/** What a period reads: summarised pieces (whole São Paulo days or months) and raw ranges of instants. */
export interface MarginPlan {
  pieces: SummaryPiece[];
  raw: Instants[];
}

/** More pieces than this (dirty days scattered over many months): the whole period is read raw. */
const MAX_PIECES = 40;

const startOf = (day: string) => dayStart(day, SUMMARY_ZONE);

/** Adds [from, until) to `pieces`, joined to the last one when they meet with the same grain. */
function addPiece(pieces: SummaryPiece[], grain: 'D' | 'M', from: string, until: string) {
  if (from >= until) return;
  const last = pieces.at(-1);
  if (last && last.grain === grain && last.until === from) last.until = until;
  else pieces.push({ grain, from, until });
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

/** Days [from, until) as daily pieces, each dirty day of them read raw instead. */
function addDays(plan: MarginPlan, from: string, until: string, dirty: Set<string>) {
  let start = from;
  for (let day = from; day < until; day = shiftDay(day, 1)) {
    if (!dirty.has(day)) continue;
    addPiece(plan.pieces, 'D', start, day);
    addRaw(plan.raw, startOf(day), startOf(shiftDay(day, 1)));
    start = shiftDay(day, 1);
  }
  addPiece(plan.pieces, 'D', start, until);
}

/**
 * The plan of [from, until): the partial days at its ends and every day a write has touched since it was summed read
 * raw, the other whole days from the daily rows and, when `months`, the whole months without a touched day from the
 * monthly rows. Without `months` (a report by day or week) only daily rows.
 */
export async function marginPlan(db: Executor, from: Date, until: Date, months: boolean): Promise<MarginPlan> {
  const split = splitPeriod(from, until);
  const plan: MarginPlan = { pieces: [], raw: [] };
  addRaw(plan.raw, split.from, split.rawUntil);
  addRaw(plan.raw, split.rawFrom, split.until);
  if (split.firstDay >= split.endDay) return plan;
  const dirty = new Set(await repo.dirtyDays(db, split.firstDay, split.endDay));
  if (!months || split.firstMonth >= split.lastMonth) {
    addDays(plan, split.firstDay, split.endDay, dirty);
  } else {
    addDays(plan, split.firstDay, split.firstMonth, dirty);
    for (let month = split.firstMonth; month < split.lastMonth; month = nextMonthOf(month)) {
      const next = nextMonthOf(month);
      const touched = [...dirty].some((day) => day >= month && day < next);
      if (touched) addDays(plan, month, next, dirty);
      else addPiece(plan.pieces, 'M', month, next);
    }
    addDays(plan, split.lastMonth, split.endDay, dirty);
  }
  return plan.pieces.length > MAX_PIECES ? { pieces: [], raw: [{ from, until }] } : plan;
}

/** The plan of a report whose rows are bucketed by the business's days, weeks or months. */
export async function bucketedPlan(
  db: Executor,
  from: Date,
  until: Date,
  zone: string,
  months: boolean,
): Promise<MarginPlan> {
  // The summary's days are São Paulo's: a business of another zone buckets every row by its own calendar, raw.
  if (zone !== SUMMARY_ZONE) return { pieces: [], raw: [{ from, until }] };
  return marginPlan(db, from, until, months);
}

/** Days summed in one transaction. */
const DAYS_A_ROUND = 31;

/**
 * The task 'report-summaries': sums again, from the raw rows, the days writes have touched (oldest first, a month of
 * days a transaction, until none is left or `budgetMs` has passed) and the months holding them; clears only the marks
 * it saw, so a write that lands meanwhile leaves its day to the next round. One process at a time (an advisory lock:
 * another round under way is not waited for). Answers the days summed.
 */
export async function refreshMarginSummary(db: DB, budgetMs = Number.POSITIVE_INFINITY): Promise<number> {
  const started = Date.now();
  let summed = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await repo.lock(trx))) return 0;
      const batch = await repo.nextDirty(trx, DAYS_A_ROUND);
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
      return batch.length;
    });
    summed += done;
    if (done < DAYS_A_ROUND || Date.now() - started > budgetMs) return summed;
  }
}
