import { ROLE_TEXTS, type Role } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { diff, recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { countActiveFullAccess, grantsFullAccess, holdsAll, lockFullAccessChanges } from './permission-ceiling';
import { rolesRepository } from './roles.repository';

type RoleData = {
  name: string;
  permissions: string[];
};

/**
 * Rules of roles: unique name (case-insensitive), at least one known permission, audit of each change,
 * and the permission ceiling: nobody creates or edits a role granting a permission they do not hold,
 * edits a role holding a permission they lack, or edits their own role; the last non-blocked employee
 * with full:access keeps it.
 */
/** The permission ceiling (nobody grants what they do not hold), for the employees module. */
export { countActiveFullAccess, grantsFullAccess, holdsAll, lockFullAccessChanges } from './permission-ceiling';

export function createRolesService(db: DB) {
  return {
    list: (): Promise<Role[]> => rolesRepository.list(db),

    async create(actor: Principal, input: RoleData): Promise<Role> {
      if (!holdsAll(actor.permissions, input.permissions)) throw forbidden(ROLE_TEXTS.permissionNotHeld);
      return db.transaction().execute(async (trx) => {
        if (await rolesRepository.findByName(trx, input.name)) throw conflict(ROLE_TEXTS.duplicate, 'DUPLICATE');
        const role = await rolesRepository.insert(trx, input);
        await recordAudit(trx, {
          employeeId: actor.employeeId,
          entity: 'role',
          entityId: role.id,
          action: 'create',
          changes: input,
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
        const sameName = await rolesRepository.findByName(trx, input.name);
        if (sameName && sameName.id !== id) throw conflict(ROLE_TEXTS.duplicate, 'DUPLICATE');
        const role = await rolesRepository.update(trx, id, input);
        if (!role) throw notFound(ROLE_TEXTS.notFound);
        await recordAudit(trx, {
          employeeId: actor.employeeId,
          entity: 'role',
          entityId: id,
          action: 'update',
          changes: diff(before, input),
        });
        return role;
      });
    },
  };
}
