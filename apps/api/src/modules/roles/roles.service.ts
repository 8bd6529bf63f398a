import { ROLE_TEXTS, type Role } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { diff, recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { rolesRepository } from './roles.repository';

type RoleData = {
  name: string;
  permissions: string[];
};

/** Rules of roles: unique name (case-insensitive), at least one known permission, audit of each change. */
export function createRolesService(db: DB) {
  return {
    list: (): Promise<Role[]> => rolesRepository.list(db),

    async create(actorId: number, input: RoleData): Promise<Role> {
      return db.transaction().execute(async (trx) => {
        if (await rolesRepository.findByName(trx, input.name)) throw conflict(ROLE_TEXTS.duplicate, 'DUPLICATE');
        const role = await rolesRepository.insert(trx, input);
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'role',
          entityId: role.id,
          action: 'create',
          changes: input,
        });
        return role;
      });
    },

    async update(actorId: number, id: number, input: RoleData): Promise<Role> {
      return db.transaction().execute(async (trx) => {
        const before = await rolesRepository.findById(trx, id);
        if (!before) throw notFound(ROLE_TEXTS.notFound);
        const sameName = await rolesRepository.findByName(trx, input.name);
        if (sameName && sameName.id !== id) throw conflict(ROLE_TEXTS.duplicate, 'DUPLICATE');
        const role = await rolesRepository.update(trx, id, input);
        if (!role) throw notFound(ROLE_TEXTS.notFound);
        await recordAudit(trx, {
          employeeId: actorId,
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
