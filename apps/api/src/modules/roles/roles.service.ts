import {
  DISCOUNT_TEXTS,
  formatPercentHundredths,
  percentToHundredths,
  ROLE_TEXTS,
  type Role,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { diff, recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { countActiveFullAccess, grantsFullAccess, holdsAll, lockFullAccessChanges } from './permission-ceiling';
import { rolesRepository } from './roles.repository';

type RoleData = {
  name: string;
  permissions: string[];
  /** Absent: 0 for a new role, the role's own on an edit. */
  maxDiscountPercentage?: number;
};

/**
 * The discount ceiling (issue 38): nobody gives a role a maximum discount above their own role's (full:access
 * has no maximum); on an edit the role's resulting maximum counts, so nobody edits a role allowed more than them.
 */
async function assertDiscountHeld(executor: Executor, actor: Principal, maxHundredths: number): Promise<void> {
  const own = await rolesRepository.maxDiscountOf(executor, actor.employeeId);
  if (own !== null && maxHundredths > own) throw forbidden(DISCOUNT_TEXTS.maxNotHeld(formatPercentHundredths(own)));
}

/**
 * Rules of roles: unique name (case-insensitive), at least one known permission, audit of each change,
 * and the permission ceiling: nobody creates or edits a role granting a permission they do not hold,
 * edits a role holding a permission they lack, or edits their own role; the last non-blocked employee
 * with full:access keeps it.
 */
/** The permission ceiling (nobody grants what they do not hold), for the employees module. */
export { countActiveFullAccess, grantsFullAccess, holdsAll, lockFullAccessChanges } from './permission-ceiling';

/** The employee's maximum discount in hundredths of a percent (null: unlimited), for the selling module. */
export const maxDiscountOf = (executor: Executor, employeeId: number): Promise<number | null> =>
  rolesRepository.maxDiscountOf(executor, employeeId);

export function createRolesService(db: DB) {
  return {
    list: (): Promise<Role[]> => rolesRepository.list(db),

    async create(actor: Principal, input: RoleData): Promise<Role> {
      if (!holdsAll(actor.permissions, input.permissions)) throw forbidden(ROLE_TEXTS.permissionNotHeld);
      const maxHundredths = percentToHundredths(input.maxDiscountPercentage ?? 0);
      return db.transaction().execute(async (trx) => {
        await assertDiscountHeld(trx, actor, maxHundredths);
        if (await rolesRepository.findByName(trx, input.name)) throw conflict(ROLE_TEXTS.duplicate, 'DUPLICATE');
        const role = await rolesRepository.insert(trx, {
          name: input.name,
          permissions: input.permissions,
          max_discount_hundredths: maxHundredths,
        });
        await recordAudit(trx, {
          employeeId: actor.employeeId,
          entity: 'role',
          entityId: role.id,
          action: 'create',
          changes: { ...input, maxDiscountPercentage: role.maxDiscountPercentage },
        });
        return role;
      });
    },

    async update(actor: Principal, id: number, input: RoleData): Promise<Role> {
      return db.transaction().execute(async (trx) => {
        await lockFullAccessChanges(trx);
        const before = await rolesRepository.findById(trx, id);
        if (!before) throw notFound(ROLE_TEXTS.notFound);
        if ((await rolesRepository.roleIdOf(trx, actor.employeeId)) === id) throw forbidden(ROLE_TEXTS.ownRole);
        if (!holdsAll(actor.permissions, before.permissions)) throw forbidden(ROLE_TEXTS.roleNotHeld);
        if (!holdsAll(actor.permissions, input.permissions)) throw forbidden(ROLE_TEXTS.permissionNotHeld);
        if (grantsFullAccess(before.permissions) && !grantsFullAccess(input.permissions)) {
          const withThisRole = await countActiveFullAccess(trx);
          const without = await countActiveFullAccess(trx, { roleId: id });
          if (withThisRole > 0 && without === 0) throw conflict(ROLE_TEXTS.lastFullAccess);
        }
        const maxHundredths =
          input.maxDiscountPercentage === undefined
            ? before.maxDiscountHundredths
            : percentToHundredths(input.maxDiscountPercentage);
        await assertDiscountHeld(trx, actor, maxHundredths);
        const sameName = await rolesRepository.findByName(trx, input.name);
        if (sameName && sameName.id !== id) throw conflict(ROLE_TEXTS.duplicate, 'DUPLICATE');
        const role = await rolesRepository.update(trx, id, {
          name: input.name,
          permissions: input.permissions,
          max_discount_hundredths: maxHundredths,
        });
        if (!role) throw notFound(ROLE_TEXTS.notFound);
        await recordAudit(trx, {
          employeeId: actor.employeeId,
          entity: 'role',
          entityId: id,
          action: 'update',
          changes: diff(
            { name: before.name, permissions: before.permissions, maxDiscountPercentage: before.maxDiscountPercentage },
            { name: input.name, permissions: input.permissions, maxDiscountPercentage: role.maxDiscountPercentage },
          ),
        });
        return role;
      });
    },
  };
}
