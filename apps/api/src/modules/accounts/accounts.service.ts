import {
  AUTH_TEXTS,
  EMPLOYEE_FUNC_LABELS,
  type EmployeeFunc,
  PERMISSION_LABELS,
  type PermissionKey,
  type Profile,
} from '@backoffice/contract';
import { type PasswordOwner, passwordStrengthProblem } from '@backoffice/contract/password-strength';
import argon2 from 'argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { signToken } from '../../lib/jwt';
import type { Principal } from '../../plugins/auth';
import { accountsRepository } from './accounts.repository';
import type { BackgroundTasks } from './background-tasks';
import { deliver, issueCode, recoveryMail, verifyCode } from './one-time-codes';
import { createSignInThrottle } from './sign-in-throttle';

// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = argon2.hash('not-a-real-password', { type: argon2.argon2id });

/**
 * Refuses a password against the rule (8 characters, not blank, a zxcvbn score of 3 or more given the
 * owner's name and e-mail) with WEAK_PASSWORD and the estimator's Portuguese feedback. Sign-in never
 * judges strength: the demo password of the seeded accounts keeps working.
 */
function checkNewPassword(password: string, owner: PasswordOwner): void {
  const problem = passwordStrengthProblem(password, owner);
  if (problem) throw badRequest(problem, 'WEAK_PASSWORD');
}

/**
 * Sign-in, sign-out, password recovery and the signed-in employee's own profile and password. Logs say who
 * and what happened, never a password, a code or a token.
 */
/** The activation code of a new employee and its mail, for the employees module. */
export { activationMail, deliver, issueCode } from './one-time-codes';

export function createAccountsService({ db, config, mailer }: AppDeps, log: FastifyBaseLogger, tasks: BackgroundTasks) {
  const throttle = createSignInThrottle(db);

  function issueToken(employee: { id: number; name: string; func: number }, permissions: string[], version: number) {
    const { token, expires } = signToken(
      { sub: String(employee.id), unique_name: employee.name, func: employee.func, permissions, ver: version },
      config.jwtSecret,
      config.tokenTtlMs,
    );
    return { accessToken: token, expires, permissions, timeZone: config.businessTimeZone };
  }

  /** Checks the code of a non-blocked employee inside `work`'s transaction; a wrong code counts as a try. */
  async function withValidCode<T>(
    email: string,
    code: string,
    work: (employee: { id: number; name: string; email: string }, trx: Transaction<Database>) => Promise<T>,
  ) {
    // The transaction commits even for a wrong code (the try is counted); the refusal is thrown after it.
    const outcome = await db.transaction().execute(async (trx) => {
      const employee = await accountsRepository.findLogin(trx, email);
      if (!employee || employee.blocked) return { ok: false as const };
      const codeId = await verifyCode(trx, config.jwtSecret, employee.id, code);
      if (codeId === null) return { ok: false as const, employeeId: employee.id };
      return { ok: true as const, value: await work(employee, trx) };
    });
    if (!outcome.ok) {
      log.warn({ email, employeeId: outcome.employeeId }, 'recovery code refused');
      throw badRequest(AUTH_TEXTS.invalidCode, 'INVALID_CODE');
    }
    return outcome.value;
  }

  /** Step 1 of recovery, run after the answer: the limiter, the lookup, the code and the e-mail. */
  async function sendRecoveryCode(email: string): Promise<void> {
    const outcome = await db.transaction().execute(async (trx) => {
      const employee = await accountsRepository.findLogin(trx, email);
      if (!employee || employee.blocked) return { sent: false as const, blocked: employee?.blocked ?? false };
      if (!(await throttle.takeRecoveryMail(trx, email))) return { sent: false as const, limited: true };
      const code = await issueCode(trx, config.jwtSecret, employee.id, 'recovery');
      return { sent: true as const, employee, code };
    });
    if (!outcome.sent) {
      if ('limited' in outcome) log.warn({ email }, 'password recovery not sent: too many codes requested');
      else log.info({ email, blocked: outcome.blocked }, 'password recovery not sent: no active employee');
      return;
    }
    log.info({ employeeId: outcome.employee.id }, 'password recovery code issued');
    await deliver(mailer, log, recoveryMail(outcome.employee.email, outcome.employee.name, outcome.code));
  }

  return {
    /** Checks e-mail and password and issues an 8-hour token with the role's permissions. */
    async signIn(email: string, password: string, address: string) {
      let attempt: number;
      try {
        attempt = await throttle.admit(email, address);
      } catch (error) {
        if (error instanceof AppError)
          log.warn({ email, address, reason: error.message }, 'sign-in refused: throttled');
        throw error;
      }
      tasks.run('prune sign-in throttle', () => throttle.prune());
      const employee = await accountsRepository.findLogin(db, email);
      const valid = employee?.password_hash
        ? await argon2.verify(employee.password_hash, password)
        : await argon2.verify(await DUMMY_HASH, password).then(() => false);
      if (!employee || !valid) {
        log.warn({ email, address }, 'sign-in refused: invalid credentials');
        throw unauthorized(AUTH_TEXTS.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      await throttle.succeeded(attempt, email, address);
      if (employee.blocked) {
        log.warn({ email, employeeId: employee.id }, 'sign-in refused: blocked');
        throw new AppError(403, AUTH_TEXTS.blocked, { code: 'ACCOUNT_BLOCKED' });
      }
      log.info({ employeeId: employee.id }, 'signed in');
      return issueToken(employee, employee.permissions ?? [], employee.token_version);
    },

    /** Ends every session of the employee (every token issued so far stops working). */
    async signOut(actor: Principal): Promise<void> {
      await accountsRepository.endSessions(db, actor.employeeId);
      log.info({ employeeId: actor.employeeId }, 'signed out: sessions ended');
    },

    /**
     * Step 1 of recovery. Answers at once, the same for every e-mail (no account enumeration, by content
     * or by time): the lookup, the code and the e-mail happen after the answer.
     */
    requestRecovery(email: string): string {
      tasks.run('password recovery', () => sendRecoveryCode(email));
      return AUTH_TEXTS.codeSent;
    },

    /** Step 2: checks the code without using it up. */
    async checkCode(email: string, code: string): Promise<string> {
      await withValidCode(email, code, async () => undefined);
      return AUTH_TEXTS.codeConfirmed;
    },

    /**
     * Step 3 (also the first access of a new employee): sets the new password, burns the codes, ends
     * sessions. The code is checked first, so a caller without one costs no strength estimate nor hash;
     * a weak password with a valid code leaves the code valid.
     */
    async activate(email: string, code: string, newPassword: string): Promise<string> {
      const owner = await withValidCode(email, code, async (employee) => employee);
      checkNewPassword(newPassword, owner);
      const hash = await argon2.hash(newPassword, { type: argon2.argon2id });
      const employeeId = await withValidCode(email, code, async ({ id }, trx) => {
        await accountsRepository.setPassword(trx, id, hash);
        await accountsRepository.burnCodes(trx, id, new Date());
        await recordAudit(trx, { employeeId: id, entity: 'employee', entityId: id, action: 'set_password' });
        return id;
      });
      log.info({ employeeId }, 'password changed with a one-time code');
      return AUTH_TEXTS.passwordChanged;
    },

    /** The signed-in employee: data, role and the labels of the role's permissions. */
    async profile(actor: Principal): Promise<Profile> {
      const row = await accountsRepository.findProfile(db, actor.employeeId);
      if (!row) throw unauthorized();
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        document: row.document,
        type: EMPLOYEE_FUNC_LABELS[row.func as EmployeeFunc] ?? '',
        role: row.role_id !== null && row.role_name !== null ? { id: row.role_id, name: row.role_name } : null,
        permissions: (row.permissions ?? []).map((key) => ({
          key,
          label: PERMISSION_LABELS[key as PermissionKey] ?? key,
        })),
      };
    },

    /**
     * Changes the signed-in employee's password: the current one must match (a wrong one counts as a failed
     * sign-in), the new one follows the rule. Every other session ends; the answer is a fresh token.
     */
    async changePassword(actor: Principal, currentPassword: string, newPassword: string, address: string) {
      const employee = await accountsRepository.findProfile(db, actor.employeeId);
      if (!employee) throw unauthorized();
      checkNewPassword(newPassword, employee);
      const attempt = await throttle.admit(employee.email, address);
      const valid = employee.password_hash ? await argon2.verify(employee.password_hash, currentPassword) : false;
      if (!valid) {
        log.warn({ employeeId: employee.id, address }, 'password change refused: wrong current password');
        throw badRequest(AUTH_TEXTS.wrongPassword, 'WRONG_PASSWORD');
      }
      await throttle.succeeded(attempt, employee.email, address);
      const hash = await argon2.hash(newPassword, { type: argon2.argon2id });
      const version = await db.transaction().execute(async (trx) => {
        const next = await accountsRepository.setPassword(trx, employee.id, hash);
        await recordAudit(trx, {
          employeeId: employee.id,
          entity: 'employee',
          entityId: employee.id,
          action: 'change_password',
        });
        return next;
      });
      log.info({ employeeId: employee.id }, 'password changed by its owner; other sessions ended');
      return issueToken(employee, employee.permissions ?? [], version);
    },
  };
}
