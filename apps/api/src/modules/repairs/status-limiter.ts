import { sql } from 'kysely';
import type { DB } from '../../db/database';

/**
 * The public status page's limits (GET /repairs/status/{token}), per client address, counted in the database so that
 * every API process on one PostgreSQL sees the same counts (`throttle_events`, as the sign-in's): at most `perMinute`
 * calls in any minute, and after `misses` unknown tokens in `missWindowMs` every call is refused until the window
 * passes — guessing a 192-bit token is hopeless, and trying is cut short.
 */
export const STATUS_PAGE_LIMITS = { perMinute: 30, misses: 10, missWindowMs: 15 * 60 * 1000 } as const;

const CALL = 'repair_status';
const MISS = 'repair_status_miss';
/** The page's own events are pruned past their longest window, at most this often. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export function createStatusPageLimiter(
  db: DB,
  limits: { perMinute: number; misses: number; missWindowMs: number } = STATUS_PAGE_LIMITS,
) {
  let lastPrune = 0;

  async function prune(now: Date) {
    if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now.getTime();
    await db
      .deleteFrom('throttle_events')
      .where('kind', 'in', [CALL, MISS])
      .where('created_at', '<', new Date(now.getTime() - limits.missWindowMs))
      .execute();
  }

  return {
    /** Counts a call; false (and not counted) when the address is over a limit. */
    async admit(address: string, now = new Date()): Promise<boolean> {
      await prune(now);
      return db.transaction().execute(async (trx) => {
        // The count and the record of one address, one process at a time.
        await sql`select pg_advisory_xact_lock(hashtext(${`repair-status:${address}`}))`.execute(trx);
        const counts = await trx
          .selectFrom('throttle_events')
          .select((eb) => [
            eb.fn
              .countAll<string | number>()
              .filterWhere((w) => w.and([w('kind', '=', CALL), w('created_at', '>', new Date(now.getTime() - 60_000))]))
              .as('calls'),
            eb.fn.countAll<string | number>().filterWhere('kind', '=', MISS).as('misses'),
          ])
          .where('kind', 'in', [CALL, MISS])
          .where('address', '=', address)
          .where('created_at', '>', new Date(now.getTime() - limits.missWindowMs))
          .executeTakeFirstOrThrow();
        if (Number(counts.misses) >= limits.misses || Number(counts.calls) >= limits.perMinute) return false;
        await trx.insertInto('throttle_events').values({ kind: CALL, subject: '', address, created_at: now }).execute();
        return true;
      });
    },
    /** An unknown or malformed token from this address. */
    async miss(address: string, now = new Date()): Promise<void> {
      await db.insertInto('throttle_events').values({ kind: MISS, subject: '', address, created_at: now }).execute();
    },
  };
}
