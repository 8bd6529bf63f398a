import { expect } from 'vitest';
import { type DB, REPORT_CONNECTIONS, reportsDatabase } from '../db/database';

/**
 * Takes every connection of the reports' own pool of `db` (PostgreSQL: `REPORT_CONNECTIONS`) and holds them until
 * `release` (awaited: they are back in the pool). Answers once all are taken: what needs that pool then waits its turn.
 */
export async function holdReportsPool(db: DB) {
  let free = () => {};
  const released = new Promise<void>((resolve) => {
    free = resolve;
  });
  let taken = 0;
  const holders = Array.from({ length: REPORT_CONNECTIONS }, () =>
    reportsDatabase(db)
      .connection()
      .execute(async () => {
        taken++;
        await released;
      }),
  );
  await expect.poll(() => taken, { timeout: 30_000 }).toBe(REPORT_CONNECTIONS);
  return {
    async release() {
      free();
      await Promise.all(holders);
    },
  };
}
