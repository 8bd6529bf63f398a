import type { Executor } from '../../db/executor';

/** The audit trail's SQL: one record's rows, newest first, and the names its changes refer to. */
export const auditRepository = {
  page(db: Executor, entity: string, entityId: string, offset: number, limit: number) {
    return db
      .selectFrom('audit_events as a')
      .leftJoin('employees as e', 'e.id', 'a.employee_id')
      .select(['a.id', 'a.created_at', 'a.action', 'a.changes', 'a.employee_id', 'e.name as employee_name'])
      .where('a.entity', '=', entity)
      .where('a.entity_id', '=', entityId)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  },

  async count(db: Executor, entity: string, entityId: string): Promise<number> {
    const row = await db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async names(db: Executor, table: 'employees' | 'roles' | 'customers' | 'products', ids: number[]) {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** The product sources' names by their keys ('SUPPLIER_PURCHASE' → 'Compra de fornecedor'). */
  async sourceNames(db: Executor, keys: string[]) {
    if (keys.length === 0) return new Map<string, string>();
    const rows = await db.selectFrom('product_sources').select(['key', 'name']).where('key', 'in', keys).execute();
    return new Map(rows.map((r) => [r.key, r.name]));
  },
};
