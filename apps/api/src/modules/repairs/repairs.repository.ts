import type { RepairStatus } from '@backoffice/contract';
import { type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import type { Repairs } from '../../db/schema.generated';
import { folded, isStorableId, searchWords } from '../../lib/sql-input';
import { DUE_AT_HANDOVER } from '../orders/payment-facts.service';

/** SQL of the service orders (issue 42 §2): every function takes `db` or the caller's transaction. */

/** The columns a service order is read with (its customer's and technician's names, its bill). */
const DETAIL_COLUMNS = [
  'r.id',
  'r.customer_id',
  'c.name as customer_name',
  'c.phone as customer_phone',
  'r.imei',
  'r.unit_id',
  'r.model',
  'r.problem',
  'r.checklist',
  'r.condition_notes',
  'r.accessories',
  'r.late_at',
  'r.technician_id',
  't.name as technician_name',
  'r.status',
  'r.status_since',
  'r.diagnosis',
  'r.labour_cents',
  'r.parts_cents',
  'r.warranty_source',
  'r.warranty_until',
  'r.signature_key',
  'r.delivered_at',
  'r.warranty_ends_at',
  'r.status_token',
  'r.created_at',
  'r.updated_at',
  'o.id as order_id',
  'o.code as order_code',
  'o.payment_method as order_payment_method',
] as const;

export interface RepairFilter {
  statuses: readonly RepairStatus[];
  lateAt?: Date;
  technicianId?: number;
  /** The technician's queue: his own and those nobody took. */
  technicianOrNobody?: number;
  imei?: string;
  /** Every word in the customer's name or the model, the number, or the start of an IMEI (4 digits or more). */
  search?: string;
}

function detailQuery(db: Executor) {
  return (
    db
      .selectFrom('repairs as r')
      .innerJoin('customers as c', 'c.id', 'r.customer_id')
      .leftJoin('employees as t', 't.id', 'r.technician_id')
      .leftJoin('orders as o', 'o.repair_id', 'r.id')
      .select(DETAIL_COLUMNS)
      .select(sql<string>`r.estimated_date::text`.as('estimated_date'))
      // Whether a device password is kept, never the sealed value itself (device-password.ts).
      .select(sql<boolean>`r.device_password_sealed is not null`.as('has_device_password'))
      // What the bill still asks at the counter (its total less its confirmed parts): the delivery dialog says it.
      .select(DUE_AT_HANDOVER.as('order_due_cents'))
  );
}
export type RepairRow = NonNullable<Awaited<ReturnType<ReturnType<typeof detailQuery>['executeTakeFirst']>>>;

function filtered(db: Executor, filter: RepairFilter) {
  let query = detailQuery(db).where('r.status', 'in', [...filter.statuses]);
  if (filter.lateAt) query = query.where('r.late_at', '<=', filter.lateAt);
  if (filter.technicianId !== undefined) query = query.where('r.technician_id', '=', filter.technicianId);
  if (filter.technicianOrNobody !== undefined) {
    const me = filter.technicianOrNobody;
    query = query.where((eb) => eb.or([eb('r.technician_id', '=', me), eb('r.technician_id', 'is', null)]));
  }
  if (filter.imei) query = query.where('r.imei', '=', filter.imei);
  const search = filter.search?.trim();
  if (search) {
    const words = searchWords(search);
    const haystack = folded(sql`c.name || ' ' || r.model`);
    const number = /^\d{1,10}$/.test(search) && isStorableId(Number(search)) ? Number(search) : null;
    query = query.where((eb) =>
      eb.or([
        ...(words.length > 0 ? [eb.and(words.map((word) => eb(haystack, 'like', `%${word}%`)))] : []),
        ...(number !== null ? [eb('r.id', '=', number)] : []),
        ...(/^\d{4,15}$/.test(search) ? [eb('r.imei', 'like', `${search}%`)] : []),
      ]),
    );
  }
  return query;
}

export const repairsRepository = {
  /** The service order an Idempotency-Key opened, if any. */
  async idByKey(db: Executor, key: string): Promise<number | undefined> {
    return (await db.selectFrom('repairs').select('id').where('idempotency_key', '=', key).executeTakeFirst())?.id;
  },

  async warrantyDays(db: Executor): Promise<number> {
    const row = await db.selectFrom('repair_settings').select('warranty_days').executeTakeFirst();
    return row?.warranty_days ?? 90;
  },

  async setWarrantyDays(trx: Transaction<Database>, days: number, employeeId: number): Promise<number> {
    const before = await trx.selectFrom('repair_settings').select('warranty_days').forUpdate().executeTakeFirst();
    await trx
      .updateTable('repair_settings')
      .set({ warranty_days: days, updated_by: employeeId, updated_at: new Date() })
      .execute();
    return before?.warranty_days ?? 90;
  },

  async customer(db: Executor, id: number) {
    if (!isStorableId(id)) return undefined;
    return db
      .selectFrom('customers')
      .select(['id', 'name', 'status'])
      .where('id', '=', id)
      .where('status', '!=', 'WALK_IN')
      .executeTakeFirst();
  },

  async technician(db: Executor, id: number) {
    if (!isStorableId(id)) return undefined;
    return db.selectFrom('employees').select(['id', 'name', 'func', 'blocked']).where('id', '=', id).executeTakeFirst();
  },

  /** Our unit with this IMEI (first or second), if the phone is one of ours. */
  async unitIdByImei(db: Executor, imei: string): Promise<number | null> {
    const row = await db
      .selectFrom('product_units')
      .select('id')
      .where((eb) => eb.or([eb('imei', '=', imei), eb('imei2', '=', imei)]))
      .executeTakeFirst();
    return row?.id ?? null;
  },

  /** The latest repair warranty still running on this IMEI (an earlier repair of ours, delivered). */
  async runningWarranty(db: Executor, imei: string, at: Date) {
    return db
      .selectFrom('repairs')
      .select(['id', 'warranty_ends_at'])
      .where('imei', '=', imei)
      .where('status', '=', 'DELIVERED')
      .where('warranty_ends_at', '>', at)
      .orderBy('warranty_ends_at', 'desc')
      .executeTakeFirst();
  },

  async insert(trx: Transaction<Database>, values: Insertable<Repairs>): Promise<number> {
    const row = await trx.insertInto('repairs').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async insertPhotos(trx: Transaction<Database>, repairId: number, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await trx
      .insertInto('repair_photos')
      .values(keys.map((file_key) => ({ repair_id: repairId, file_key })))
      .execute();
  },

  async insertHistory(
    trx: Transaction<Database>,
    row: { repairId: number; status: RepairStatus; employeeId: number | null; note: string | null; at: Date },
  ): Promise<void> {
    await trx
      .insertInto('repair_history')
      .values({
        repair_id: row.repairId,
        status: row.status,
        employee_id: row.employeeId,
        note: row.note,
        created_at: row.at,
      })
      .execute();
  },

  /** The service order locked for the rest of the transaction (every writer locks it first). */
  async lock(trx: Transaction<Database>, id: number) {
    if (!isStorableId(id)) return undefined;
    return trx.selectFrom('repairs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async update(trx: Transaction<Database>, id: number, values: Updateable<Repairs>): Promise<void> {
    await trx.updateTable('repairs').set(values).where('id', '=', id).execute();
  },

  /** The device passwords still in clear (kept so before migration 0087), their rows locked. */
  async clearPasswords(trx: Transaction<Database>): Promise<{ id: number; password: string }[]> {
    const rows = await trx
      .selectFrom('repairs')
      .select(['id', 'device_password'])
      .where('device_password', 'is not', null)
      .forUpdate()
      .execute();
    return rows.map((row) => ({ id: row.id, password: row.device_password ?? '' }));
  },

  async detail(db: Executor, id: number): Promise<RepairRow | undefined> {
    if (!isStorableId(id)) return undefined;
    return detailQuery(db).where('r.id', '=', id).executeTakeFirst();
  },

  /** A service order's device password as kept (sealed; in clear only before the start sealed it), and its status. */
  async devicePassword(db: Executor, id: number) {
    if (!isStorableId(id)) return undefined;
    return db
      .selectFrom('repairs')
      .select(['id', 'status', 'device_password', 'device_password_sealed'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async byToken(db: Executor, token: string) {
    return db
      .selectFrom('repairs')
      .select(['id', 'status', 'created_at', 'updated_at', 'delivered_at', 'warranty_ends_at'])
      .select(sql<string>`estimated_date::text`.as('estimated_date'))
      .where('status_token', '=', token)
      .executeTakeFirst();
  },

  async parts(db: Executor, repairId: number) {
    return db.selectFrom('repair_parts').selectAll().where('repair_id', '=', repairId).orderBy('id').execute();
  },

  async replaceParts(
    trx: Transaction<Database>,
    repairId: number,
    parts: readonly {
      productId: number;
      code: string;
      name: string;
      quantity: number;
      unitPriceCents: number;
      unitCostCents: number;
    }[],
  ): Promise<void> {
    await trx.deleteFrom('repair_parts').where('repair_id', '=', repairId).execute();
    if (parts.length === 0) return;
    await trx
      .insertInto('repair_parts')
      .values(
        parts.map((part) => ({
          repair_id: repairId,
          product_id: part.productId,
          product_code: part.code,
          product_name: part.name,
          quantity: part.quantity,
          unit_price_cents: part.unitPriceCents,
          unit_cost_cents: part.unitCostCents,
        })),
      )
      .execute();
  },

  async setPartCost(trx: Transaction<Database>, repairId: number, productId: number, costCents: number) {
    await trx
      .updateTable('repair_parts')
      .set({ unit_cost_cents: costCents })
      .where('repair_id', '=', repairId)
      .where('product_id', '=', productId)
      .execute();
  },

  /** The products an estimate names (locked by the caller through the stock module). */
  async products(db: Executor, ids: readonly number[]) {
    const storable = ids.filter(isStorableId);
    if (storable.length === 0) return [];
    return db
      .selectFrom('products')
      .select(['id', 'code', 'name', 'sell_price_cents', 'cost_cents', 'archived', 'serialized'])
      .where('id', 'in', storable)
      .execute();
  },

  async photos(db: Executor, repairId: number) {
    return db
      .selectFrom('repair_photos')
      .select(['file_key'])
      .where('repair_id', '=', repairId)
      .orderBy('id')
      .execute();
  },

  async history(db: Executor, repairId: number) {
    return db
      .selectFrom('repair_history as h')
      .leftJoin('employees as e', 'e.id', 'h.employee_id')
      .select(['h.status', 'h.note', 'h.created_at', 'e.name as employee_name'])
      .where('h.repair_id', '=', repairId)
      .orderBy('h.id')
      .execute();
  },

  async count(db: Executor, filter: RepairFilter): Promise<number> {
    const row = await filtered(db, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** A page of the list: the latest first, except a late list and a queue (the oldest estimated day first). */
  async page(db: Executor, filter: RepairFilter, offset: number, limit: number, oldestFirst: boolean) {
    let query = filtered(db, filter);
    query = oldestFirst ? query.orderBy('r.estimated_date').orderBy('r.id') : query.orderBy('r.id', 'desc');
    return query.offset(offset).limit(limit).execute();
  },

  /** Every service order in id order, `size` at a time after `afterId` (the CSV export's batches). */
  async batch(db: Executor, filter: RepairFilter, afterId: number, size: number) {
    return filtered(db, filter).where('r.id', '>', afterId).orderBy('r.id').limit(size).execute();
  },

  /** What the parts of these service orders cost the shop (their REPAIR rows' cost when they left stock). */
  async partsCost(db: Executor, repairIds: readonly number[]): Promise<Map<number, number>> {
    if (repairIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('repair_parts')
      .select(['repair_id', sql<number>`sum(quantity * unit_cost_cents)`.as('cost')])
      .where('repair_id', 'in', [...repairIds])
      .groupBy('repair_id')
      .execute();
    return new Map(rows.map((row) => [row.repair_id, Number(row.cost)]));
  },

  /** The delivered repairs of an IMEI, oldest first, with their repair warranty. */
  async deliveredOfImei(db: Executor, imei: string) {
    return db
      .selectFrom('repairs')
      .select(['id', 'model', 'status', 'delivered_at', 'warranty_ends_at'])
      .where('imei', '=', imei)
      .orderBy('id')
      .execute();
  },

  /**
   * The counter month by month (business time): service orders opened in each month, and those delivered in it —
   * what the paid ones billed and their parts cost, how many were under warranty and what their parts cost the shop.
   */
  async report(db: Executor, from: Date, to: Date, timeZone: string) {
    return sql<{
      month: string;
      received: number;
      delivered: number;
      billed_cents: number;
      parts_cost_cents: number;
      warranty: number;
      warranty_cost_cents: number;
    }>`
      with received as (
        select to_char(created_at at time zone ${timeZone}, 'YYYY-MM') as month, count(*)::int as received
          from repairs
         where created_at >= ${from} and created_at < ${to}
         group by 1
      ), delivered as (
        select to_char(r.delivered_at at time zone ${timeZone}, 'YYYY-MM') as month,
               count(*)::int as delivered,
               coalesce(sum(r.labour_cents + r.parts_cents) filter (where r.warranty_source is null), 0)::bigint
                 as billed_cents,
               coalesce(sum(p.cost) filter (where r.warranty_source is null), 0)::bigint as parts_cost_cents,
               (count(*) filter (where r.warranty_source is not null))::int as warranty,
               coalesce(sum(p.cost) filter (where r.warranty_source is not null), 0)::bigint as warranty_cost_cents
          from repairs r
          left join lateral (
            select coalesce(sum(quantity * unit_cost_cents), 0) as cost from repair_parts where repair_id = r.id
          ) p on true
         where r.status = 'DELIVERED' and r.delivered_at >= ${from} and r.delivered_at < ${to}
         group by 1
      )
      select coalesce(rc.month, d.month) as month,
             coalesce(rc.received, 0) as received,
             coalesce(d.delivered, 0) as delivered,
             coalesce(d.billed_cents, 0) as billed_cents,
             coalesce(d.parts_cost_cents, 0) as parts_cost_cents,
             coalesce(d.warranty, 0) as warranty,
             coalesce(d.warranty_cost_cents, 0) as warranty_cost_cents
        from received rc
        full join delivered d on d.month = rc.month
       order by 1`
      .execute(db)
      .then((result) => result.rows);
  },
};
