import {
  CASH_ADMIN_PERMISSIONS,
  CASH_TEXTS,
  type CashRegisterUpdate,
  COMPANY_ID,
  centsToReais,
  hasAnyPermission,
  reaisToCents,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import type { Principal } from '../../plugins/auth';
import { cashRepository as repo } from './cash.repository';
import { toleranceCents } from './cash-drawer';

/* The registers themselves (settings or credit): created, renamed or (de)activated, and the closing's tolerance. */

/** POST /cash-registers: a new register (settings or credit); names are unique, whatever their case. */
export async function createRegister(db: DB, principal: Principal, name: string) {
  if (!hasAnyPermission(principal.permissions, CASH_ADMIN_PERMISSIONS)) throw forbidden();
  try {
    return await db.transaction().execute(async (trx) => {
      if (await repo.registerNameTaken(trx, name)) throw conflict(CASH_TEXTS.nameTaken(name));
      const id = await repo.insertRegister(trx, name, principal.employeeId);
      await recordAudit(trx, {
        employeeId: principal.employeeId,
        entity: 'cash_register',
        entityId: id,
        action: 'create',
        changes: { name },
      });
      return { id, name, active: true, openSession: null, lastClosedAt: null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CASH_TEXTS.nameTaken(name));
    throw error;
  }
}

/**
 * PATCH /cash-registers/{id}: renames a register (unique, whatever the case) or (de)activates it; an open
 * register is not deactivated (409: its operator closes it first). Settings or credit; audited before/after.
 */
export async function updateRegister(
  db: DB,
  principal: Principal,
  registerId: number,
  changes: CashRegisterUpdate,
): Promise<void> {
  if (!hasAnyPermission(principal.permissions, CASH_ADMIN_PERMISSIONS)) throw forbidden();
  try {
    await db.transaction().execute(async (trx) => {
      const register = await repo.lockRegister(trx, registerId);
      if (!register) throw notFound(CASH_TEXTS.registerNotFound);
      if (changes.name !== undefined && (await repo.registerNameTaken(trx, changes.name, registerId)))
        throw conflict(CASH_TEXTS.nameTaken(changes.name));
      if (changes.active === false && register.active) {
        const open = await repo.openSessionOf(trx, registerId);
        if (open) throw conflict(CASH_TEXTS.deactivateOpen(register.name, open.operator_name), 'TRANSITION_REFUSED');
      }
      const before = { name: register.name, active: register.active };
      const after = { name: changes.name ?? register.name, active: changes.active ?? register.active };
      if (before.name === after.name && before.active === after.active) return;
      await repo.updateRegister(trx, registerId, after);
      await recordAudit(trx, {
        employeeId: principal.employeeId,
        entity: 'cash_register',
        entityId: registerId,
        action: 'update',
        changes: { before, after },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error) && changes.name !== undefined) throw conflict(CASH_TEXTS.nameTaken(changes.name));
    throw error;
  }
}

/** PUT /cash-registers/settings: the difference a closing may have without approval. */
export async function setTolerance(db: DB, principal: Principal, tolerance: number) {
  if (!hasAnyPermission(principal.permissions, CASH_ADMIN_PERMISSIONS)) throw forbidden();
  await db.transaction().execute(async (trx) => {
    const before = await toleranceCents(trx);
    const after = reaisToCents(tolerance);
    await repo.setTolerance(trx, COMPANY_ID, after);
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'cash_settings',
      entityId: COMPANY_ID,
      action: 'update',
      changes: { tolerance: { from: centsToReais(before), to: tolerance } },
    });
  });
  return { tolerance };
}
