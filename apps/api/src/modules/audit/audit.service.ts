import {
  AUDIT_ENTITIES,
  AUDIT_PAGING,
  type AuditEntity,
  type AuditPage,
  auditActionLabel,
  auditReferences,
  formatAuditChanges,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { auditRepository as repo } from './audit.repository';

const parse = (changes: unknown): Record<string, unknown> =>
  (typeof changes === 'string' ? JSON.parse(changes) : (changes ?? {})) as Record<string, unknown>;

/**
 * "Histórico de alterações" (issue 20 §3): one record's audit rows, newest first, each change with its
 * Portuguese label and formatted values (the contract's `formatAuditChanges`, the one place of that rule).
 */
export function createAuditService(db: DB) {
  return {
    async history(entity: AuditEntity, id: string, query: { page?: number; items?: number }): Promise<AuditPage> {
      const stored = AUDIT_ENTITIES[entity];
      const items = query.items ?? AUDIT_PAGING.defaultItems;
      const [rows, total] = await Promise.all([
        repo.page(db, stored, id, (query.page ?? 0) * items, items),
        repo.count(db, stored, id),
      ]);
      const changes = rows.map((row) => parse(row.changes));
      const refs = auditReferences(entity, changes);
      // Names looked up at reading (one query per kind): old rows read as well as new ones.
      const [employees, roles, customers, products, sources] = await Promise.all([
        repo.names(db, 'employees', refs.employees),
        repo.names(db, 'roles', refs.roles),
        repo.names(db, 'customers', refs.customers),
        repo.names(db, 'products', refs.products),
        repo.sourceNames(db, refs.sources),
      ]);
      const names = { employees, roles, customers, products, sources };
      return {
        data: rows.map((row, i) => ({
          id: row.id,
          at: new Date(row.created_at).toISOString(),
          employee:
            row.employee_id !== null && row.employee_name !== null
              ? { id: row.employee_id, name: row.employee_name }
              : null,
          action: auditActionLabel(entity, row.action),
          changes: formatAuditChanges(entity, row.action, changes[i] ?? {}, names),
        })),
        total,
      };
    },
  };
}
