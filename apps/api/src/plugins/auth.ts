import { allows } from '@backoffice/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import { verifyToken } from '../lib/jwt';

export interface Principal {
  employeeId: number;
  name: string;
  permissions: string[];
  /** The employee's function (EMPLOYEE_FUNCS), read with the permissions on every request. */
  func: number;
  /**
   * The token's version (`ver`), equal to the employee's when the auth hook checked it: a later one ended
   * the session (the event streams end on it; signed links to order pictures carry it).
   */
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: any one of these permissions (full:access always passes).
     * `'public'` opens the route to anyone; `'signed-in'` to any signed-in employee, whatever their role
     * (their own profile, password and sign-out). A route that declares nothing is closed to everyone.
     */
    permissions?: readonly string[] | 'public' | 'signed-in';
    /**
     * Or any one of these employee functions, whatever the role holds: the field work a function opens by
     * itself (the contract's AccessRule, e.g. TASKS_ACCESS or actionAccess(...) of the workflow table).
     */
    functions?: readonly number[];
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const DOCS = '/api/docs';

/**
 * Loads what the server re-checks on every call: a blocked employee's token stops working, a token older
 * than the employee's token version (issued before a password change, a block or a sign-out) too, and the
 * permissions are those of the employee's role now (a role change applies at once, not at next sign-in).
 */
export type EmployeeStatusLookup = (
  employeeId: number,
  /** The token version the request's token carries (a kept status older than it is stale). */
  tokenVersion: number,
) => Promise<{ blocked: boolean; permissions: string[] | null; tokenVersion: number; func: number } | undefined>;

/**
 * Authentication and authorisation for every route. Verifies the bearer token, re-checks that the
 * employee still exists and is not blocked, then compares the role's current permissions with the route's
 * declaration in `config.permissions` (or the employee's current function with `config.functions`).
 */
export const authPlugin = fp<{ secret: string; lookup: EmployeeStatusLookup }>(
  async (app: FastifyInstance, { secret, lookup }) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const declared = request.routeOptions.config?.permissions;
      const functions = request.routeOptions.config?.functions ?? [];
      if (declared === 'public') return;
      const route = request.routeOptions.url;
      if (!route) return; // 404s are answered by the not-found handler
      // Outside /api only the built web app's files are served (registered by @fastify/static), and
      // /api/docs is the OpenAPI page (registered by @fastify/swagger-ui): both open, like the login page.
      if (!route.startsWith('/api/') || route === DOCS || route.startsWith(`${DOCS}/`)) return;
      const header = request.headers.authorization ?? '';
      const [scheme, token] = header.split(' ');
      // Refusals are logged with the route, never with the token.
      if (scheme?.toLowerCase() !== 'bearer' || !token) {
        request.log.info({ route, method: request.method }, 'authentication refused: no token');
        throw unauthorized();
      }
      const claims = verifyToken(token, secret);
      if (!claims) {
        request.log.warn({ route, method: request.method }, 'authentication refused: invalid or expired token');
        throw unauthorized();
      }
      const employeeId = Number(claims.sub);
      const status = Number.isInteger(employeeId) ? await lookup(employeeId, claims.ver ?? 0) : undefined;
      if (!status || status.blocked) {
        request.log.warn({ route, method: request.method, employeeId }, 'authentication refused: blocked or removed');
        throw unauthorized('Acesso bloqueado. Procure o administrador.');
      }
      if ((claims.ver ?? 0) !== status.tokenVersion) {
        request.log.warn({ route, method: request.method, employeeId }, 'authentication refused: session ended');
        throw unauthorized();
      }
      const permissions = status.permissions ?? [];
      request.principal = {
        employeeId,
        name: claims.unique_name,
        permissions,
        func: status.func,
        tokenVersion: status.tokenVersion,
      };
      if (declared === 'signed-in') return;
      if (
        !declared ||
        declared.length === 0 ||
        !allows({ permissions: declared, functions }, permissions, status.func)
      ) {
        request.log.warn({ employeeId, route, method: request.method }, 'permission denied');
        throw forbidden();
      }
    });
  },
  { name: 'auth' },
);

/** The signed-in employee of an authenticated route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
