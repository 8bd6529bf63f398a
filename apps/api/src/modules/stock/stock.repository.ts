import type { UnitEvent } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, StockMovementKind, UnitStatus } from '../../db/schema';

export interface LockedProduct {
  id: number;
  code: string;
  name: string;
  stock: number;
  cost_cents: number;
  serialized: boolean;
}

/** A unit already registered under one of the IMEIs asked about. */
export interface RegisteredImei {
  imei: string;
  unitId: number;
  productId: number;
  productName: string;
  status: UnitStatus;
}

export interface MovementRow {
  product_id: number;
  kind: StockMovementKind;
  source_id: number | null;
  stock_before: number;
  quantity_in: number;
  quantity_out: number;
  stock_after: number;
  cost_before_cents: number;
  cost_after_cents: number;
  /** A stock entry's unit cost (migration 0066); null on every other row. */
  entry_unit_cost_cents?: number | null;
  unit_price_cents: number | null;
  order_id: number | null;
  /** The supplier's note (purchases) an entry came by, or a return to the supplier sends back to (migration 0067). */
  purchase_id?: number | null;
  /** The service order whose parts a REPAIR row takes out (migration 0078). */
  repair_id?: number | null;
  employee_id: number | null;
  note: string | null;
}

/** Each IMEI (first or second, `i`) with its unit (`u`) and the unit's product (`p`). */
const imeiUnits = (db: Executor) =>
  db
    .selectFrom('unit_imeis as i')
    .innerJoin('product_units as u', 'u.id', 'i.unit_id')
    .innerJoin('products as p', 'p.id', 'u.product_id');

/** The same with the order the unit went in, if any (`o`). */
const imeiUnitsWithOrder = (db: Executor) => imeiUnits(db).leftJoin('orders as o', 'o.id', 'u.order_id');

/** A unit's IMEIs as `unit_imeis` registers them: the first, and the second of a dual-SIM phone (pure). */
export function unitImeis(unitId: number, imei: string, imei2: string | null): { imei: string; unit_id: number }[] {
  return (imei2 ? [imei, imei2] : [imei]).map((each) => ({ imei: each, unit_id: unitId }));
}

/**
 * A used phone's unit as taking it in leaves it (decision 0058): the seminovo product's, in preparation, at the
 * trade-in's value, no order's, with its own warranty, entered now. Pure: `takeBackUsedUnit` sets it, a bulk writer
 * (the demo's) inserts it.
 */
export function takenInUnit(
  used: { productId: number; costCents: number; tradeInId: number; warrantyDays: number },
  now: Date,
) {
  return {
    product_id: used.productId,
    status: 'PREPARING' as const,
    cost_cents: used.costCents,
    order_id: null,
    trade_in_id: used.tradeInId,
    warranty_days: used.warrantyDays,
    entered_at: now,
    updated_at: now,
  };
}

/**
 * A unit that left (returned, written off) or waited in preparation, entered again: in stock at the entry's cost,
 * no longer any order's, entered now; by a supplier's note, it names that note. Pure, as `takenInUnit`.
 */
export function reenteredUnit(costCents: number, purchaseId: number | null, now: Date) {
  return {
    status: 'IN_STOCK' as const,
    cost_cents: costCents,
    order_id: null,
    entered_at: now,
    updated_at: now,
    ...(purchaseId === null ? {} : { purchase_id: purchaseId }),
  };
}

/** SQL of the stock ledger. Every function takes the caller's transaction. */
export const stockRepository = {
  /**
   * Locks the products in ascending id order (`order by id for update`): two writers touching the same
   * products always take their locks in the same order, so they queue instead of deadlocking.
   */
  lockProducts(trx: Transaction<Database>, ids: number[]): Promise<LockedProduct[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('products')
      .select(['id', 'code', 'name', 'stock', 'cost_cents', 'serialized'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  async insertMovements(trx: Transaction<Database>, rows: MovementRow[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await trx.insertInto('stock_movements').values(rows).returning(['id', 'product_id']).execute();
    return inserted.map((row) => row.id);
  },

  async setStockAndCost(trx: Transaction<Database>, id: number, stock: number, costCents: number, now: Date) {
    await trx
      .updateTable('products')
      .set({ stock, cost_cents: costCents, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** Many products' stock and cost in one statement (a move of many products: an import's thousand lines). */
  async setStocksAndCosts(
    trx: Transaction<Database>,
    rows: readonly { id: number; stock: number; cost_cents: number }[],
    now: Date,
  ) {
    if (rows.length === 0) return;
    await sql`update products p set stock = v.stock, cost_cents = v.cost_cents, updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id integer, stock integer, cost_cents integer)
      where p.id = v.id`.execute(trx);
  },

  /** The units registered under any of these IMEIs (first or second). */
  /** The units these IMEIs are registered to (either IMEI of a unit), read without a lock. */
  imeisRegistered(db: Executor, imeis: string[]) {
    return imeiUnits(db)
      .select(['i.imei', 'u.product_id as productId', 'p.code as productCode', 'p.name as productName', 'u.status'])
      .where('i.imei', 'in', imeis)
      .execute();
  },

  registeredImeis(trx: Transaction<Database>, imeis: string[]): Promise<RegisteredImei[]> {
    if (imeis.length === 0) return Promise.resolve([]);
    return imeiUnits(trx)
      .select(['i.imei', 'u.id as unitId', 'u.product_id as productId', 'p.name as productName', 'u.status'])
      .where('i.imei', 'in', imeis)
      .forUpdate()
      .execute();
  },

  async insertUnit(
    trx: Transaction<Database>,
    unit: { productId: number; imei: string; imei2: string | null; costCents: number; purchaseId: number | null },
  ): Promise<number> {
    const row = await trx
      .insertInto('product_units')
      .values({
        product_id: unit.productId,
        imei: unit.imei,
        imei2: unit.imei2,
        cost_cents: unit.costCents,
        purchase_id: unit.purchaseId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('unit_imeis')
      .values(unitImeis(row.id, unit.imei, unit.imei2))
      .execute();
    return row.id;
  },

  /** A product's flags a used phone is taken in by (serialized, seminovo). */
  async usedProduct(trx: Transaction<Database>, productId: number) {
    return trx
      .selectFrom('products')
      .select(['id', 'name', 'serialized', 'used'])
      .where('id', '=', productId)
      .executeTakeFirst();
  },

  /**
   * A used phone taken in (decision 0058): the unit (new, or one of ours that came back) is the seminovo product's,
   * in preparation, at the trade-in's value, no order's, with its own warranty; a second IMEI it lacked is added.
   */
  async takeBackUsedUnit(
    trx: Transaction<Database>,
    unitId: number,
    used: { productId: number; imei2: string | null; costCents: number; tradeInId: number; warrantyDays: number },
    now: Date,
  ) {
    const unit = await trx
      .updateTable('product_units')
      .set(takenInUnit(used, now))
      .where('id', '=', unitId)
      .returning(['imei2'])
      .executeTakeFirstOrThrow();
    if (unit.imei2 === null && used.imei2 !== null) {
      await trx.updateTable('product_units').set({ imei2: used.imei2 }).where('id', '=', unitId).execute();
      await trx.insertInto('unit_imeis').values({ imei: used.imei2, unit_id: unitId }).execute();
    }
  },

  /** One unit locked, with its first IMEI, product, status and cost. */
  async lockUnit(trx: Transaction<Database>, unitId: number) {
    return trx
      .selectFrom('product_units')
      .select(['id', 'imei', 'product_id', 'status', 'cost_cents'])
      .where('id', '=', unitId)
      .forUpdate()
      .executeTakeFirst();
  },

  /** A returned unit entered again: back in stock at the entry's cost, no longer any order's. */
  /** A unit that left (returned, written off) entered again; by a supplier's note, it names that note. */
  async reenterUnit(
    trx: Transaction<Database>,
    unitId: number,
    costCents: number,
    purchaseId: number | null,
    now: Date,
  ) {
    await trx
      .updateTable('product_units')
      .set(reenteredUnit(costCents, purchaseId, now))
      .where('id', '=', unitId)
      .execute();
  },

  /** Names units on a ledger row, at `at` (when the row did it to them), with what it did when it says so. */
  async linkUnits(
    trx: Transaction<Database>,
    movementId: number,
    unitIds: number[],
    event: UnitEvent | null = null,
    at: Date = new Date(),
  ) {
    if (unitIds.length === 0) return;
    await trx
      .insertInto('stock_movement_units')
      .values(unitIds.map((unit_id) => ({ movement_id: movementId, unit_id, event, created_at: at })))
      .execute();
  },

  /** What a ledger row did to a unit it already names (a returned unit released: RELEASED). */
  async markUnitEvent(trx: Transaction<Database>, movementId: number, unitId: number, event: UnitEvent) {
    await trx
      .updateTable('stock_movement_units')
      .set({ event })
      .where('movement_id', '=', movementId)
      .where('unit_id', '=', unitId)
      .execute();
  },

  /** A unit's first IMEI (the one its entry is made with). */
  async imeisOfUnit(trx: Transaction<Database>, unitId: number): Promise<string[]> {
    const row = await trx.selectFrom('product_units').select('imei').where('id', '=', unitId).executeTakeFirstOrThrow();
    return [row.imei];
  },

  /** Units' new status; the order they went to is kept (a returned unit still names its order). */
  async setUnitsStatus(trx: Transaction<Database>, unitIds: number[], status: 'RETURNED' | 'WRITTEN_OFF', now: Date) {
    if (unitIds.length === 0) return;
    await trx.updateTable('product_units').set({ status, updated_at: now }).where('id', 'in', unitIds).execute();
  },

  /**
   * The units these IMEIs name (first or second IMEI), locked, with the code of the order a sold one went
   * to: two stockers packing the same unit queue on its row, and the second sees it sold. Locked first,
   * then read: a statement that waited for a lock sees the joined rows as they were before the wait.
   */
  async lockUnitsByImei(trx: Transaction<Database>, imeis: string[]) {
    const ids = trx.selectFrom('unit_imeis').select('unit_id').where('imei', 'in', imeis);
    await trx.selectFrom('product_units').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
    return imeiUnitsWithOrder(trx)
      .select([
        'i.imei',
        'u.id',
        'u.product_id',
        'p.name as product_name',
        'u.status',
        'u.order_id',
        'u.cost_cents',
        'o.code as order_code',
      ])
      .where('i.imei', 'in', imeis)
      .orderBy('u.id')
      .execute();
  },

  /** One unit by either of its IMEIs, with its product, its order and customer, and its delivery. */
  /**
   * Units with an IMEI (first or second) that starts with `prefix` (digits only): the `unit_imeis_prefix`
   * index of migration 0030 (text_pattern_ops, whatever the database's collation). No ORDER BY: under a
   * collation other than C it would walk the primary key in order and filter (the whole index for a prefix
   * found late); the caller sorts the few rows.
   */
  unitsByImeiPrefix(db: Executor, prefix: string, limit: number) {
    return imeiUnitsWithOrder(db)
      .select([
        'u.id',
        'i.imei as matched',
        'u.imei',
        'u.imei2',
        'u.status',
        'p.name as product_name',
        'o.id as order_id',
        'o.code as order_code',
        'o.status as order_status',
      ])
      .where('i.imei', 'like', `${prefix}%`)
      .limit(limit)
      .execute();
  },

  unitByImei(db: Executor, imei: string) {
    return imeiUnitsWithOrder(db)
      .leftJoin('customers as c', 'c.id', 'o.customer_id')
      .select((eb) => [
        'u.id',
        'u.imei',
        'u.imei2',
        'u.status',
        'p.id as product_id',
        'p.code as product_code',
        'p.name as product_name',
        'p.warranty_months',
        'u.warranty_days',
        'o.id as order_id',
        'o.code as order_code',
        'o.created_at as sold_at',
        'o.delivery_type',
        'o.with_warranty',
        'o.finished_at',
        'c.id as customer_id',
        'c.name as customer_name',
        eb
          .selectFrom('order_status_history as h')
          .select((h) => h.fn.min('h.created_at').as('at'))
          .whereRef('h.order_id', '=', 'o.id')
          .where('h.status', '=', 5)
          .as('delivered_at'),
      ])
      .where('i.imei', '=', imei)
      .executeTakeFirst();
  },

  /**
   * What the ledger did to a unit, in the order it happened: each row that named it, when it named it (a unit
   * named at packing joins the checkout's earlier SALE row: its time is the packing's), who, for which order.
   */
  unitEvents(db: Executor, unitId: number) {
    return (
      db
        .selectFrom('stock_movement_units as mu')
        .innerJoin('stock_movements as m', 'm.id', 'mu.movement_id')
        .leftJoin('employees as e', 'e.id', 'm.employee_id')
        .leftJoin('orders as o', 'o.id', 'm.order_id')
        // An entry by XML names its supplier and note (issue 57 §8).
        .leftJoin('purchases as pu', 'pu.id', 'm.purchase_id')
        .leftJoin('suppliers as s', 's.id', 'pu.supplier_id')
        .select(['m.kind', 'mu.event', 'mu.created_at', 'e.name as employee_name', 'o.code as order_code'])
        .select(['pu.number as purchase_number', 'pu.series as purchase_series', 's.name as supplier_name'])
        .where('mu.unit_id', '=', unitId)
        .orderBy('mu.created_at')
        .orderBy('m.id')
        .execute()
    );
  },

  /** A page of the units in analysis (RETURNED), the longest waiting first, with when each came back. */
  unitsInAnalysis(db: Executor, limit: number, offset: number) {
    return sql<{
      imei: string;
      imei2: string | null;
      product_id: number;
      product_code: string;
      product_name: string;
      order_id: number | null;
      order_code: string | null;
      customer_id: number | null;
      customer_name: string | null;
      returned_at: Date;
      total: number;
    }>`select u.imei, u.imei2, p.id as product_id, p.code as product_code, p.name as product_name,
        o.id as order_id, o.code as order_code, c.id as customer_id, c.name as customer_name,
        coalesce((select max(m.created_at) from stock_movement_units mu join stock_movements m on m.id = mu.movement_id
                  where mu.unit_id = u.id and mu.event = 'RETURNED'), u.updated_at) as returned_at,
        count(*) over ()::int as total
      from product_units u join products p on p.id = u.product_id
      left join orders o on o.id = u.order_id left join customers c on c.id = o.customer_id
      where u.status = 'RETURNED'
      order by returned_at, u.id limit ${limit} offset ${offset}`
      .execute(db)
      .then((result) => result.rows);
  },

  /** The IMEIs of the units that went to these orders (first IMEI each), by order and product, in entry order. */
  imeisOfOrders(db: Executor, orderIds: readonly number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('product_units')
      .select(['order_id', 'product_id', 'imei'])
      .where('order_id', 'in', [...orderIds])
      .orderBy('id')
      .execute();
  },

  /** The units go to the order: sold. */
  async sellUnits(trx: Transaction<Database>, unitIds: number[], orderId: number, now: Date) {
    if (unitIds.length === 0) return;
    await trx
      .updateTable('product_units')
      .set({ status: 'SOLD', order_id: orderId, updated_at: now })
      .where('id', 'in', unitIds)
      .execute();
  },

  /** The order's units of a product that are sold (named when it was packed), locked. */
  soldUnitsOf(trx: Transaction<Database>, orderId: number, productId: number) {
    return trx
      .selectFrom('product_units')
      .select('id')
      .where('order_id', '=', orderId)
      .where('product_id', '=', productId)
      .where('status', '=', 'SOLD')
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  /** Units back in stock (an order cancelled after its units were named). */
  async returnUnitsToStock(trx: Transaction<Database>, unitIds: number[], now: Date) {
    if (unitIds.length === 0) return;
    await trx
      .updateTable('product_units')
      .set({ status: 'IN_STOCK', order_id: null, updated_at: now })
      .where('id', 'in', unitIds)
      .execute();
  },

  /** The SALE ledger row of an order's product (its checkout), which names the units once packed. */
  async saleMovementOf(trx: Transaction<Database>, orderId: number, productId: number): Promise<number | undefined> {
    const row = await trx
      .selectFrom('stock_movements')
      .select('id')
      .where('order_id', '=', orderId)
      .where('product_id', '=', productId)
      .where('kind', '=', 'SALE')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  },

  /** Serialized or not, by product id. */
  async serializedOf(trx: Transaction<Database>, productIds: number[]) {
    if (productIds.length === 0) return [];
    return trx.selectFrom('products').select(['id', 'name', 'serialized']).where('id', 'in', productIds).execute();
  },

  /** A serialized product's units in stock (the invariant: equals its stock). */
  async unitsInStock(db: Executor, productId: number): Promise<number> {
    const row = await db
      .selectFrom('product_units')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', productId)
      .where('status', '=', 'IN_STOCK')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The ledger's own figure of a product's stock: the sum of its movements (checks and tests). */
  async ledgerStock(db: Executor, productId: number): Promise<number> {
    const row = await db
      .selectFrom('stock_movements')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number>(eb('quantity_in', '-', eb.ref('quantity_out'))), eb.lit(0)).as('stock'),
      )
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return Number(row.stock);
  },
};

/** SQL of the shelf count of a serialized product (issue 17 §2), kept apart from the ledger's own. */
export const unitCountRepository = {
  /** The product's units in stock, locked (id order): a sale packed meanwhile waits for the count. */
  lockUnitsInStock(trx: Transaction<Database>, productId: number) {
    return trx
      .selectFrom('product_units')
      .select(['id', 'imei', 'imei2'])
      .where('product_id', '=', productId)
      .where('status', '=', 'IN_STOCK')
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  /** Units counted missing on the shelf: written off. */
  async writeOffUnits(trx: Transaction<Database>, unitIds: number[], now: Date) {
    if (unitIds.length === 0) return;
    await trx
      .updateTable('product_units')
      .set({ status: 'WRITTEN_OFF', updated_at: now })
      .where('id', 'in', unitIds)
      .execute();
  },
};
