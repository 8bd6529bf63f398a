import { type Insertable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { folded, isStorableId, searchWords } from '../../lib/sql-input';

export type NewPurchaseRow = Omit<Insertable<Database['purchases']>, 'id' | 'created_at'>;
export type NewPurchaseItemRow = Omit<Insertable<Database['purchase_items']>, 'id' | 'purchase_id'>;

/** A product as an item of a note is matched to it. */
export interface MatchableProduct {
  id: number;
  code: string;
  name: string;
  serialized: boolean;
  stock: number;
  cost_cents: number;
  gold_percentage: number;
  silver_percentage: number;
  bronze_percentage: number;
  archived: boolean;
}

const PRODUCT_COLUMNS = [
  'p.id',
  'p.code',
  'p.name',
  'p.serialized',
  'p.stock',
  'p.cost_cents',
  'p.gold_percentage',
  'p.silver_percentage',
  'p.bronze_percentage',
  'p.archived',
] as const;

/** SQL of the entries by XML. Every function takes `db` or a transaction. */
/** The product source ('Operação') every entry by a supplier's note comes in under. */
export const SUPPLIER_PURCHASE_SOURCE = 'SUPPLIER_PURCHASE';

export const purchasesRepository = {
  /** The entry of this access key, with who entered it. */
  byAccessKey(db: Executor, accessKey: string) {
    return db
      .selectFrom('purchases as u')
      .innerJoin('employees as e', 'e.id', 'u.created_by')
      .select(['u.id', 'u.created_at', 'u.idempotency_key', 'e.name as employee_name'])
      .where('u.access_key', '=', accessKey)
      .executeTakeFirst();
  },

  byIdempotencyKey(db: Executor, key: string) {
    return db
      .selectFrom('purchases')
      .select(['id', 'access_key'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  /** Serialises the confirms of one note (two at once: the second waits and then finds the first's entry). */
  async lockAccessKey(trx: Transaction<Database>, accessKey: string) {
    await sql`select pg_advisory_xact_lock(hashtext(${`backoffice:purchase:${accessKey}`}))`.execute(trx);
  },

  /** The ledger's source of a purchase from a supplier ('Compra de fornecedor'). */
  async purchaseSourceId(db: Executor): Promise<number | null> {
    const row = await db
      .selectFrom('product_sources')
      .select('id')
      .where('key', '=', SUPPLIER_PURCHASE_SOURCE)
      .executeTakeFirst();
    return row?.id ?? null;
  },

  /** Active products by GTIN (compared in GTIN-14 form, as the catalogue stores and compares barcodes). */
  async productsByGtin(db: Executor, gtins: readonly string[]): Promise<(MatchableProduct & { gtin14: string })[]> {
    if (gtins.length === 0) return [];
    return db
      .selectFrom('products as p')
      .select([...PRODUCT_COLUMNS, sql<string>`lpad(p.barcode, 14, '0')`.as('gtin14')])
      .where('p.barcode', 'is not', null)
      .where('p.archived', '=', false)
      .where(
        sql`lpad(p.barcode, 14, '0')`,
        'in',
        gtins.map((gtin) => gtin.padStart(14, '0')),
      )
      .execute();
  },

  async productsByIds(db: Executor, ids: readonly number[]): Promise<MatchableProduct[]> {
    const storable = ids.filter(isStorableId);
    if (storable.length === 0) return [];
    return db.selectFrom('products as p').select(PRODUCT_COLUMNS).where('p.id', 'in', storable).execute();
  },

  /** The supplier's codes remembered for its products, with their units and factors, the latest learnt first. */
  async rememberedCodes(db: Executor, supplierId: number, codes: readonly string[]) {
    if (codes.length === 0) return [];
    return db
      .selectFrom('supplier_product_codes as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.supplier_code', 's.factor', 's.unit', ...PRODUCT_COLUMNS])
      .where('s.supplier_id', '=', supplierId)
      .where('s.supplier_code', 'in', [...codes])
      .where('p.archived', '=', false)
      .orderBy('s.updated_at', 'desc')
      .orderBy('s.unit')
      .execute();
  },

  async rememberCodes(
    trx: Transaction<Database>,
    rows: { supplier_id: number; supplier_code: string; product_id: number; factor: number; unit: string }[],
    employeeId: number,
  ) {
    if (rows.length === 0) return;
    await trx
      .insertInto('supplier_product_codes')
      .values(rows.map((row) => ({ ...row, updated_by: employeeId })))
      .onConflict((oc) =>
        oc.columns(['supplier_id', 'supplier_code', 'unit']).doUpdateSet((eb) => ({
          product_id: eb.ref('excluded.product_id'),
          factor: eb.ref('excluded.factor'),
          updated_by: eb.ref('excluded.updated_by'),
          updated_at: sql`now()`,
        })),
      )
      .execute();
  },

  async insert(trx: Transaction<Database>, row: NewPurchaseRow): Promise<number> {
    const { id } = await trx.insertInto('purchases').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async insertItems(trx: Transaction<Database>, purchaseId: number, items: NewPurchaseItemRow[]) {
    // Chunks keep a 500-item note under the drivers' parameter limits.
    for (let start = 0; start < items.length; start += 200) {
      await trx
        .insertInto('purchase_items')
        .values(items.slice(start, start + 200).map((item) => ({ ...item, purchase_id: purchaseId })))
        .execute();
    }
  },

  find(db: Executor, id: number) {
    if (!isStorableId(id)) return Promise.resolve(undefined);
    return summaryQuery(db).where('u.id', '=', id).executeTakeFirst();
  },

  items(db: Executor, purchaseId: number) {
    return db
      .selectFrom('purchase_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .selectAll('i')
      .select(['p.code as product_code', 'p.name as product_name'])
      .where('i.purchase_id', '=', purchaseId)
      .orderBy('i.line')
      .execute();
  },

  /** The IMEIs of the phones that came in by the entry, by the ledger row of their item. */
  imeis(db: Executor, purchaseId: number) {
    return db
      .selectFrom('stock_movement_units as mu')
      .innerJoin('product_units as u', 'u.id', 'mu.unit_id')
      .select(['mu.movement_id', 'u.imei'])
      .where((eb) =>
        eb.or([
          eb(
            'mu.movement_id',
            'in',
            eb.selectFrom('purchase_items').select('movement_id').where('purchase_id', '=', purchaseId),
          ),
          // The units at one cent more or less of the rounding (decision 0089) have a ledger row of their own.
          eb(
            'mu.movement_id',
            'in',
            eb.selectFrom('purchase_items').select('cent_movement_id').where('purchase_id', '=', purchaseId),
          ),
        ]),
      )
      .orderBy('u.id')
      .execute();
  },

  /** The entry's bonus rule and credits' totals (decision 0089). */
  costs(db: Executor, purchaseId: number) {
    return db
      .selectFrom('purchases')
      .select([
        'bonus_cost',
        'bonus_cents',
        'icms_credit_cents',
        'pis_credit_cents',
        'cofins_credit_cents',
        'signature_chain',
      ])
      .where('id', '=', purchaseId)
      .executeTakeFirst();
  },

  page(db: Executor, options: { offset: number; limit: number; search?: string }) {
    return summaryQuery(db, options.search)
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
  },

  async count(db: Executor, search?: string): Promise<number> {
    // Without a search every entry counts: its supplier and employee are required keys, so the joins add nothing
    // but their cost (16 ms at 25,000 entries, against 2 ms for the entries' index alone).
    if (searchWords(search).length === 0) {
      const all = await db
        .selectFrom('purchases')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(all.n);
    }
    const row = await joined(db, search)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The entry (note and supplier) each of these units came in by; a unit entered by hand has none. */
  unitsEntries(db: Executor, unitIds: readonly number[]) {
    if (unitIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('product_units as u')
      .innerJoin('purchases as p', 'p.id', 'u.purchase_id')
      .innerJoin('suppliers as s', 's.id', 'p.supplier_id')
      .select([
        'u.id as unit_id',
        'p.id as purchase_id',
        'p.access_key',
        'p.number',
        'p.series',
        's.id as supplier_id',
        's.name as supplier_name',
      ])
      .where('u.id', 'in', [...unitIds])
      .execute();
  },
};

/** Entries with their supplier and who entered them, filtered by the list's search (every word must match). */
function joined(db: Executor, search: string | undefined) {
  let query = db
    .selectFrom('purchases as u')
    .innerJoin('suppliers as s', 's.id', 'u.supplier_id')
    .innerJoin('employees as e', 'e.id', 'u.created_by');
  for (const word of searchWords(search)) {
    const like = `%${word}%`;
    const upper = `%${word.toUpperCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(folded(sql`s.name`), 'like', like),
        eb(folded(sql`coalesce(s.trade_name, '')`), 'like', like),
        eb('s.document', 'like', upper),
        eb('u.number', '=', word),
        eb('u.access_key', 'like', upper),
      ]),
    );
  }
  return query;
}

function summaryQuery(db: Executor, search?: string) {
  return joined(db, search)
    .selectAll('u')
    .select(['s.name as supplier_name', 's.document as supplier_document', 'e.name as employee_name']);
}

export type PurchaseSummaryRow = NonNullable<Awaited<ReturnType<typeof purchasesRepository.find>>>;
export type PurchaseItemRow = Awaited<ReturnType<typeof purchasesRepository.items>>[number];
