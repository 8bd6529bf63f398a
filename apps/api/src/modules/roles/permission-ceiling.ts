import { FULL_ACCESS, hasAnyPermission, hasFullAccess } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

/**
 * The ceiling of roles and employees: nobody hands out, edits or takes away permissions they do not hold
 * (full:access holds them all), and at least one non-blocked employee with full:access always remains.
 */

/** True when `held` includes every one of `permissions` (full:access holds them all). */
export function holdsAll(held: readonly string[], permissions: readonly string[] | null): boolean {
  return (permissions ?? []).every((key) => hasAnyPermission(held, [key]));
}

export function grantsFullAccess(permissions: readonly string[] | null): boolean {
  return hasFullAccess(permissions ?? []);
}

/**
 * Serialises every change that may remove full access (role edits, employee role changes and blocks)
 * for the rest of the transaction, so two concurrent changes cannot together remove the last one.
 */
export async function lockFullAccessChanges(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('backoffice:full-access'))`.execute(trx);
}

/** Non-blocked employees whose role grants full:access, leaving out one role and/or one employee. */
export async function countActiveFullAccess(
  db: Executor,
  except: { roleId?: number; employeeId?: number } = {},
): Promise<number> {
  let query = db
    .selectFrom('employees')
    .innerJoin('roles', 'roles.id', 'employees.role_id')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('employees.blocked', '=', false)
    .where(sql<boolean>`${FULL_ACCESS} = any(roles.permissions)`);
  if (except.roleId !== undefined) query = query.where('roles.id', '<>', except.roleId);
  if (except.employeeId !== undefined) query = query.where('employees.id', '<>', except.employeeId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}
