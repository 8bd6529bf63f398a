import type { AppDeps } from '../../app-deps';
import type { DB } from '../../db/database';
import { type RefreshLimits, refreshMarginSummary } from './margin-summary';

/**
 * A round's limits: on PostgreSQL a month of days a transaction for up to 50 s (a year's first sum at a big shop's
 * size takes a few rounds); on the embedded database, whose one connection the requests share, a week a transaction
 * for up to 10 s.
 */
const LIMITS: Record<'postgres' | 'embedded', RefreshLimits> = {
  postgres: { daysPerTransaction: 31, budgetMs: 50_000 },
  embedded: { daysPerTransaction: 7, budgetMs: 10_000 },
};

/**
 * The margin summary of reports 19 and 21 (issue 59, decision 0103): every minute ('report-summaries') the days the
 * sales, exchanges, ledger and card parts touched are summed again; until then the reports read them raw.
 */
export function scheduleReportSummaries(
  scheduler: Pick<AppDeps['scheduler'], 'every'>,
  db: DB,
  engine: 'postgres' | 'embedded',
): void {
  scheduler.every('report-summaries', 1, async () => {
    const days = await refreshMarginSummary(db, LIMITS[engine]);
    return days === 0 ? null : days === 1 ? '1 dia resumido' : `${days} dias resumidos`;
  });
}
