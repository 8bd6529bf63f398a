import { AUTH_TEXTS } from '@backoffice/contract';
import argon2 from 'argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import { signToken } from '../../lib/jwt';
import { accountsRepository } from './accounts.repository';
import { LoginThrottle } from './login-throttle';
import { deliver, issueCode, RECOVERY_CODE_TTL_MS, recoveryMail, verifyCode } from './one-time-codes';

// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = argon2.hash('not-a-real-password', { type: argon2.argon2id });

/** At most this many recovery e-mails per address and hour (beyond it, the call still answers 200). */
const RECOVERY_MAILS_PER_HOUR = 5;

/**
 * Sign-in and password recovery. Logs say who and what happened, never a password, a code or a token.
 */
export function createAccountsService({ db, config, mailer }: AppDeps, log: FastifyBaseLogger) {
  const throttle = new LoginThrottle();
  const recoveryMails = new LoginThrottle(RECOVERY_MAILS_PER_HOUR, 60 * 60 * 1000);

  /** Checks the code of a non-blocked employee inside `work`'s transaction; a wrong code counts as a try. */
  async function withValidCode<T>(
    email: string,
    code: string,
    work: (employeeId: number, trx: Transaction<Database>) => Promise<T>,
  ) {
    // The transaction commits even for a wrong code (the try is counted); the refusal is thrown after it.
    const outcome = await db.transaction().execute(async (trx) => {
      const employee = await accountsRepository.findLogin(trx, email);
      if (!employee || employee.blocked) return { ok: false as const };
      const codeId = await verifyCode(trx, config.jwtSecret, employee.id, code);
      if (codeId === null) return { ok: false as const, employeeId: employee.id };
      return { ok: true as const, value: await work(employee.id, trx) };
    });
    if (!outcome.ok) {
      log.warn({ email, employeeId: outcome.employeeId }, 'recovery code refused');
      throw badRequest(AUTH_TEXTS.invalidCode, 'INVALID_CODE');
    }
    return outcome.value;
  }

  return {
    /** Checks e-mail and password and issues an 8-hour token with the role's permissions. */
    async signIn(email: string, password: string, address: string) {
      if (throttle.isLocked(email, address)) {
        log.warn({ email, address }, 'sign-in refused: too many attempts');
        throw tooManyRequests(AUTH_TEXTS.tooManyAttempts);
      }
      const employee = await accountsRepository.findLogin(db, email);
      const valid = employee?.password_hash
        ? await argon2.verify(employee.password_hash, password)
        : await argon2.verify(await DUMMY_HASH, password).then(() => false);
      if (!employee || !valid) {
        throttle.fail(email, address);
        log.warn({ email, address }, 'sign-in refused: invalid credentials');
        throw unauthorized(AUTH_TEXTS.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      if (employee.blocked) {
        log.warn({ email, employeeId: employee.id }, 'sign-in refused: blocked');
        throw new AppError(403, AUTH_TEXTS.blocked, { code: 'ACCOUNT_BLOCKED' });
      }
      throttle.succeed(email, address);
      const permissions = employee.permissions ?? [];
      const { token, expires } = signToken(
        { sub: String(employee.id), unique_name: employee.name, permissions },
        config.jwtSecret,
        config.tokenTtlMs,
      );
      log.info({ employeeId: employee.id }, 'signed in');
      return { accessToken: token, expires, permissions };
    },

    /**
     * Step 1 of recovery. Always succeeds for the caller (no account enumeration): only a real,
     * non-blocked employee gets a code, e-mailed in the background so that timing reveals nothing either.
     */
    async requestRecovery(email: string): Promise<string> {
      if (recoveryMails.isLocked(email, 'recovery')) {
        log.warn({ email }, 'password recovery not sent: too many codes requested');
        return AUTH_TEXTS.codeSent;
      }
      const employee = await accountsRepository.findLogin(db, email);
      if (!employee || employee.blocked) {
        log.info({ email, blocked: employee?.blocked ?? false }, 'password recovery not sent: no active employee');
        return AUTH_TEXTS.codeSent;
      }
      recoveryMails.fail(email, 'recovery');
      const code = await db
        .transaction()
        .execute((trx) => issueCode(trx, config.jwtSecret, employee.id, RECOVERY_CODE_TTL_MS));
      log.info({ employeeId: employee.id }, 'password recovery code issued');
      void deliver(mailer, log, recoveryMail(employee.email, employee.name, code));
      return AUTH_TEXTS.codeSent;
    },

    /** Step 2: checks the code without using it up. */
    async checkCode(email: string, code: string): Promise<string> {
      await withValidCode(email, code, async () => undefined);
      return AUTH_TEXTS.codeConfirmed;
    },

    /** Step 3 (also the first access of a new employee): sets the new password and burns the code. */
    async activate(email: string, code: string, newPassword: string): Promise<string> {
      const employeeId = await withValidCode(email, code, async (id, trx) => {
        const hash = await argon2.hash(newPassword, { type: argon2.argon2id });
        await accountsRepository.setPassword(trx, id, hash);
        await accountsRepository.burnCodes(trx, id, new Date());
        await recordAudit(trx, { employeeId: id, entity: 'employee', entityId: id, action: 'set_password' });
        return id;
      });
      log.info({ employeeId }, 'password changed with a one-time code');
      return AUTH_TEXTS.passwordChanged;
    },
  };
}
