import { AUTH_TEXTS } from '@backoffice/contract';
import argon2 from 'argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors';
import { signToken } from '../../lib/jwt';
import { accountsRepository } from './accounts.repository';
import { LoginThrottle } from './login-throttle';

// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = argon2.hash('not-a-real-password', { type: argon2.argon2id });

export function createAccountsService({ db, config }: AppDeps, log: FastifyBaseLogger) {
  const throttle = new LoginThrottle();

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
        throw unauthorized(AUTH_TEXTS.invalidCredentials);
      }
      if (employee.blocked) {
        log.warn({ email, employeeId: employee.id }, 'sign-in refused: blocked');
        throw new AppError(403, AUTH_TEXTS.blocked);
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
  };
}
