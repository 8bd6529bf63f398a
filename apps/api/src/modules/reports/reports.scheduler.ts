import type { AppDeps } from '../../app-deps';
import type { DB } from '../../db/database';
import { refreshMarginSummary } from './margin-summary';

/** A round's time: the rest waits for the next minute (a year's backfill takes a few rounds at a big shop's size). */
const ROUND_BUDGET_MS = 50_000;

/**
 * The margin summary of reports 19 and 21 (issue 59, decision 0103): every minute ('report-summaries') the days the
 * sales, exchanges, ledger and card parts touched are summed again; until then the reports read them raw.
 */
export function scheduleReportSummaries(scheduler: Pick<AppDeps['scheduler'], 'every'>, db: DB): void {
  scheduler.every('report-summaries', 1, async () => {
    const days = await refreshMarginSummary(db, ROUND_BUDGET_MS);
    return days === 0 ? null : days === 1 ? '1 dia resumido' : `${days} dias resumidos`;
  });
}
