import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { NfseSettings, ServiceInvoices } from '../../../db/schema.generated';

export type NfseSettingsRow = Selectable<NfseSettings>;
export type ServiceInvoiceRow = Selectable<ServiceInvoices>;

/** The statuses that hold a repair's labour: one of them per repair (service_invoices_live_repair). */
export const LIVE_STATUSES = ['PENDING', 'AUTHORIZED', 'TO_INVOICE'] as const;

/** The NFS-e's SQL (nfse_settings, service_invoices: migration 0103-nfse); it reads repairs, orders, customers. */
export const nfseRepository = {
  settings: (db: Executor) => db.selectFrom('nfse_settings').selectAll().executeTakeFirstOrThrow(),

  async saveSettings(db: Executor, values: Updateable<NfseSettings>): Promise<void> {
    await db.updateTable('nfse_settings').set(values).execute();
  },

  /** The next DPS number of the series, taken for good (the caller's transaction): never given twice. */
  async takeDpsNumber(trx: Executor): Promise<{ series: string; number: number }> {
    const row = await trx
      .updateTable('nfse_settings')
      .set({ next_dps_number: sql<number>`next_dps_number + 1` })
      .returning(['dps_series', 'next_dps_number'])
      .executeTakeFirstOrThrow();
    return { series: row.dps_series, number: Number(row.next_dps_number) - 1 };
  },

  /** The repair's labour as its bill charged it: the repair, its latest order, its customer; undefined without one. */
  repairBill: (db: Executor, repairId: number) =>
    db
      .selectFrom('repairs as r')
      .innerJoin('customers as c', 'c.id', 'r.customer_id')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('orders')
            .select(['id', 'repair_id', 'labour_cents'])
            .where('repair_id', '=', repairId)
            .orderBy('id', 'desc')
            .limit(1)
            .as('o'),
        (join) => join.onRef('o.repair_id', '=', 'r.id'),
      )
      .select([
        'r.id',
        'r.model',
        'r.warranty_source',
        'r.delivered_at',
        'o.id as order_id',
        'o.labour_cents',
        'c.document',
        'c.name',
      ])
      .where('r.id', '=', repairId)
      .executeTakeFirst(),

  /** Delivered repairs whose billed labour never had an invoice (a rejected or cancelled one waits for the button). */
  async deliveredWithoutInvoice(db: Executor, limit = 20): Promise<number[]> {
    const rows = await db
      .selectFrom('repairs as r')
      .innerJoin('orders as o', 'o.repair_id', 'r.id')
      .select('r.id')
      .where('r.delivered_at', 'is not', null)
      .where('r.warranty_source', 'is', null)
      .where('o.labour_cents', '>', 0)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('service_invoices as s').select('s.id').whereRef('s.repair_id', '=', 'r.id'))),
      )
      .orderBy('r.id')
      .limit(limit)
      .execute();
    return [...new Set(rows.map((row) => row.id))];
  },

  liveInvoice: (db: Executor, repairId: number) =>
    db
      .selectFrom('service_invoices')
      .selectAll()
      .where('repair_id', '=', repairId)
      .where('status', 'in', [...LIVE_STATUSES])
      .executeTakeFirst(),

  insert: (db: Executor, values: Insertable<ServiceInvoices>) =>
    db.insertInto('service_invoices').values(values).returningAll().executeTakeFirstOrThrow(),

  update: (db: Executor, id: number, values: Updateable<ServiceInvoices>) =>
    db.updateTable('service_invoices').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  byId: (db: Executor, id: number) =>
    db.selectFrom('service_invoices').selectAll().where('id', '=', id).executeTakeFirst(),

  lock: (db: Executor, id: number) =>
    db.selectFrom('service_invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

  list: (db: Executor, filter: { status?: string; repairId?: number }) => {
    let query = db.selectFrom('service_invoices').selectAll().orderBy('id', 'desc').limit(500);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.repairId) query = query.where('repair_id', '=', filter.repairId);
    return query.execute();
  },
};
