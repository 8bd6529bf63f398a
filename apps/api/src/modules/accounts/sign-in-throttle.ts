import { AUTH_TEXTS, accountBackoffText } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Limits of sign-in (and of the current-password check of a password change), counted in the database so
 * that every API process on one PostgreSQL sees the same counts. All count FAILED attempts in the last
 * 15 minutes (docs/api.md lists the numbers):
 * - one e-mail from one address: 10, then refused until the window passes (as before);
 * - one address, all e-mails (spraying): 30, then refused until the window passes;
 * - one e-mail, all addresses (rotating addresses): 20 free, then each try waits 1, 2, 4 … seconds after
 *   the latest failure, at most 60: an attacker is slowed, the owner waits a minute at worst.
 * An address where the account signed in successfully in the last 30 days is trusted for it: there only the
 * first limit applies, so an attacker elsewhere cannot lock the owner out.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccountAndAddress: 10,
  perAddress: 30,
  accountFreeFailures: 20,
  backoffMaxSeconds: 60,
  trustedForMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/** At most this many recovery e-mails per e-mail address and hour. */
export const RECOVERY_MAILS_PER_HOUR = 5;

/** Rows older than this are pruned (the longest window is one hour). */
const KEEP_EVENTS_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

const SIGN_IN = 'sign_in';
const RECOVERY_MAIL = 'recovery_mail';

/** Serialises the count-then-record of one key across transactions and processes. */
async function lock(trx: Transaction<Database>, key: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** The account-wide wait after `failures` failed sign-ins, in seconds (0 while under the free ones). */
export function backoffSeconds(failures: number): number {
  const over = failures - SIGN_IN_LIMITS.accountFreeFailures;
  if (over < 0) return 0;
  return Math.min(2 ** over, SIGN_IN_LIMITS.backoffMaxSeconds);
}

export function createSignInThrottle(db: DB) {
  let lastPrune = 0;

  return {
    /**
     * Admits a sign-in attempt or throws 429. An admitted attempt is recorded as a failure at once (so
     * concurrent guesses count); `succeeded` removes it when the password was right.
     */
    async admit(email: string, address: string, now = new Date()): Promise<number> {
      const subject = email.toLowerCase();
      return db.transaction().execute(async (trx) => {
        // Always the e-mail's lock first, then the address's: no two transactions wait on each other in a cycle.
        await lock(trx, `sign-in:email:${subject}`);
        await lock(trx, `sign-in:address:${address}`);
        const since = new Date(now.getTime() - SIGN_IN_LIMITS.windowMs);
        const counts = await trx
          .selectFrom('throttle_events')
          .select((eb) => [
            eb.fn
              .countAll<string | number>()
              .filterWhere((w) => w.and([w('subject', '=', subject), w('address', '=', address)]))
              .as('pair'),
            eb.fn.countAll<string | number>().filterWhere('subject', '=', subject).as('account'),
            eb.fn.max('created_at').filterWhere('subject', '=', subject).as('accountLast'),
            eb.fn.countAll<string | number>().filterWhere('address', '=', address).as('address'),
          ])
          .where('kind', '=', SIGN_IN)
          .where('created_at', '>', since)
          .where((eb) => eb.or([eb('subject', '=', subject), eb('address', '=', address)]))
          .executeTakeFirstOrThrow();
        if (Number(counts.pair) >= SIGN_IN_LIMITS.perAccountAndAddress) {
          throw new AppError(429, AUTH_TEXTS.tooManyAttempts, { code: 'TOO_MANY_REQUESTS' });
        }
        const trusted = await trx
          .selectFrom('trusted_sign_in_addresses')
          .select('address')
          .where('email', '=', subject)
          .where('address', '=', address)
          .where('last_signed_in_at', '>', new Date(now.getTime() - SIGN_IN_LIMITS.trustedForMs))
          .executeTakeFirst();
        if (!trusted) {
          if (Number(counts.address) >= SIGN_IN_LIMITS.perAddress) {
            throw new AppError(429, AUTH_TEXTS.tooManyFromAddress, { code: 'TOO_MANY_REQUESTS' });
          }
          const wait = backoffSeconds(Number(counts.account));
          const last = counts.accountLast ? new Date(counts.accountLast as Date | string).getTime() : 0;
          const left = Math.ceil((last + wait * 1000 - now.getTime()) / 1000);
          if (wait > 0 && left > 0) {
            throw new AppError(429, accountBackoffText(left), {
              code: 'TOO_MANY_REQUESTS',
              details: { retryAfterSeconds: left },
            });
          }
        }
        const row = await trx
          .insertInto('throttle_events')
          .values({ kind: SIGN_IN, subject, address, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    /** The password was right: the attempt was no failure, the pair starts afresh and the address is trusted. */
    async succeeded(attemptId: number, email: string, address: string, now = new Date()): Promise<void> {
      const subject = email.toLowerCase();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('throttle_events')
          .where((eb) =>
            eb.or([
              eb('id', '=', attemptId),
              eb.and([eb('kind', '=', SIGN_IN), eb('subject', '=', subject), eb('address', '=', address)]),
            ]),
          )
          .execute();
        await trx
          .insertInto('trusted_sign_in_addresses')
          .values({ email: subject, address, last_signed_in_at: now })
          .onConflict((oc) => oc.columns(['email', 'address']).doUpdateSet({ last_signed_in_at: now }))
          .execute();
      });
    },

    /**
     * Counts one recovery e-mail for the address and tells whether it may be sent (at most
     * RECOVERY_MAILS_PER_HOUR an hour), inside the caller's transaction.
     */
    async takeRecoveryMail(trx: Transaction<Database>, email: string, now = new Date()): Promise<boolean> {
      const subject = email.toLowerCase();
      await lock(trx, `recovery-mail:${subject}`);
      const { count } = await trx
        .selectFrom('throttle_events')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('kind', '=', RECOVERY_MAIL)
        .where('subject', '=', subject)
        .where('created_at', '>', new Date(now.getTime() - 60 * 60 * 1000))
        .executeTakeFirstOrThrow();
      if (Number(count) >= RECOVERY_MAILS_PER_HOUR) return false;
      await trx.insertInto('throttle_events').values({ kind: RECOVERY_MAIL, subject, created_at: now }).execute();
      return true;
    },

    /** Deletes events older than a day and trusted addresses unused for 30 days, at most every 10 minutes. */
    async prune(now = new Date()): Promise<void> {
      if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
      lastPrune = now.getTime();
      await db
        .deleteFrom('throttle_events')
        .where('created_at', '<', new Date(now.getTime() - KEEP_EVENTS_MS))
        .execute();
      await db
        .deleteFrom('trusted_sign_in_addresses')
        .where('last_signed_in_at', '<', new Date(now.getTime() - SIGN_IN_LIMITS.trustedForMs))
        .execute();
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
