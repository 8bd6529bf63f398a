import { sql } from 'kysely';
import type { DB } from '../../db/database';

/**
 * The public status page's limit (GET /repairs/status/{token}, issue 53 finding 9): the guesses are limited, not the
 * owner of a real token. A real token always answers, from any address; an unknown or malformed one counts against its
 * client address, and once the address has made `misses` of them in `missWindowMs` its further unknown tokens are
 * refused (429, not counted) until the window passes. Guessing a 192-bit token is hopeless, and trying is cut short,
 * while the customers behind the same Wi-Fi or carrier NAT still see their repairs. Counted in the database so that
 * every API process on one PostgreSQL sees the same counts (`throttle_events`, as the sign-in's).
 */
export const STATUS_PAGE_LIMITS = { misses: 10, missWindowMs: 15 * 60 * 1000 } as const;

const MISS = 'repair_status_miss';
/** The page's own events are pruned past their window, at most this often. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export function createStatusPageLimiter(db: DB, limits: { misses: number; missWindowMs: number } = STATUS_PAGE_LIMITS) {
  let lastPrune = 0;

  async function prune(now: Date) {
    if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now.getTime();
    await db
      .deleteFrom('throttle_events')
      .where('kind', '=', MISS)
      .where('created_at', '<', new Date(now.getTime() - limits.missWindowMs))
      .execute();
  }

  return {
    /**
     * An unknown or malformed token from this address: true (counted; the page answers 404) while the address has
     * guesses left, false (not counted; 429) once it has used them.
     */
    async miss(address: string, now = new Date()): Promise<boolean> {
      await prune(now);
      return db.transaction().execute(async (trx) => {
        // The count and the record of one address, one process at a time.
        await sql`select pg_advisory_xact_lock(hashtext(${`repair-status:${address}`}))`.execute(trx);
        const { misses } = await trx
          .selectFrom('throttle_events')
          .select((eb) => eb.fn.countAll<string | number>().as('misses'))
          .where('kind', '=', MISS)
          .where('address', '=', address)
          .where('created_at', '>', new Date(now.getTime() - limits.missWindowMs))
          .executeTakeFirstOrThrow();
        if (Number(misses) >= limits.misses) return false;
        await trx.insertInto('throttle_events').values({ kind: MISS, subject: '', address, created_at: now }).execute();
        return true;
      });
    },
  };
}
