import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { isStorableId, searchWords } from '../../lib/sql-input';

/** How a brand or reference row is held until the end of the transaction. */
type RowLock = 'keyShare' | 'update';

type ProductEB = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;

/** Products per INSERT statement: about 20 parameters each, far under PostgreSQL's 65,535. */
const INSERT_BATCH = 1000;

/** A product row with its brand and reference names. */
export interface ProductRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  brand_id: number;
  brand: string;
  reference_id: number | null;
  reference: string | null;
  cost_cents: number;
  sell_price_cents: number;
  gold_percentage: number;
  silver_percentage: number;
  bronze_percentage: number;
  stock: number;
  stock_alert: number;
  tags: string[];
  archived: boolean;
  serialized: boolean;
  warranty_months: number;
  used: boolean;
  grade: string | null;
  barcode: string | null;
  /** Fiscal fields (issue 21): NCM (8 digits), CEST (7), commercial unit, ICMS origin 0–8; null when none. */
  ncm: string | null;
  cest: string | null;
  unit: string | null;
  origin: number | null;
  /**
   * The ICMS code (CSOSN or CST) the product is invoiced with: its fiscal profile's, else the default profile's; null
   * without either (issue 55 §2: a code of ICMS-ST asks for the CEST).
   */
  icms_code?: string | null;
}

export interface ImageRow {
  product_id: number;
  path: string;
  name: string;
}

export interface ProductValues {
  name: string;
  description: string | null;
  brand_id: number;
  reference_id: number | null;
  cost_cents: number;
  sell_price_cents: number;
  gold_percentage: number;
  silver_percentage: number;
  bronze_percentage: number;
  stock_alert: number;
  tags: string[];
  search_text: string;
  serialized?: boolean;
  warranty_months?: number;
  used?: boolean;
  grade?: 'A' | 'B' | 'C' | null;
  barcode?: string | null;
  ncm?: string | null;
  cest?: string | null;
  unit?: string | null;
  origin?: number | null;
}

/** Every word must appear in search_text (name, code, tags, brand, reference; accent- and case-free). */
function matchesAll(words: string[]) {
  return (eb: ProductEB) => eb.and(words.map((word) => eb('p.search_text', 'like', `%${word}%`)));
}

function productQuery(db: Executor) {
  return db
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('brand_references as r', 'r.id', 'p.reference_id')
    .select([
      'p.id',
      'p.code',
      'p.name',
      'p.description',
      'p.brand_id',
      'b.name as brand',
      'p.reference_id',
      'r.name as reference',
      'p.cost_cents',
      'p.sell_price_cents',
      'p.gold_percentage',
      'p.silver_percentage',
      'p.bronze_percentage',
      'p.stock',
      'p.stock_alert',
      'p.tags',
      'p.archived',
      'p.serialized',
      'p.warranty_months',
      'p.used',
      'p.grade',
      'p.barcode',
      'p.ncm',
      'p.cest',
      'p.unit',
      'p.origin',
      icmsCodeOf,
    ]);
}

/** The ICMS code a product is invoiced with (its profile's, else the default's), read with it: ProductRow.icms_code. */
const icmsCodeOf = sql<string | null>`coalesce(
  (select coalesce(fp.icms_csosn, fp.icms_cst) from fiscal_profiles fp where fp.id = p.fiscal_profile_id),
  (select coalesce(d.icms_csosn, d.icms_cst) from fiscal_profiles d where d.is_default limit 1)
)`.as('icms_code');

/** SQL of the catalogue. Every function takes `db` or a transaction. */
export const productsRepository = {
  async findById(db: Executor, id: number): Promise<ProductRow | undefined> {
    if (!isStorableId(id)) return undefined;
    return productQuery(db).where('p.id', '=', id).executeTakeFirst();
  },
  /** The products of these ids, in one query, ordered by name. */
  findByIds(db: Executor, ids: readonly number[]): Promise<ProductRow[]> {
    const storable = ids.filter(isStorableId);
    if (storable.length === 0) return Promise.resolve([]);
    return productQuery(db).where('p.id', 'in', storable).orderBy('p.name').orderBy('p.id').execute();
  },
  /**
   * The product whose barcode is this GTIN, compared in GTIN-14 form (the unique index of migration 0029
   * serves it); `activeOnly` leaves archived products out.
   */
  findByBarcode(db: Executor, gtin: string, activeOnly = false): Promise<ProductRow | undefined> {
    let query = productQuery(db)
      .where('p.barcode', 'is not', null)
      .where(sql`lpad(p.barcode, 14, '0')`, '=', gtin.padStart(14, '0'));
    if (activeOnly) query = query.where('p.archived', '=', false);
    return query.executeTakeFirst();
  },
  /** The default fiscal profile's ICMS code (CSOSN or CST): what a new product is invoiced with; null without one. */
  async defaultIcmsCode(db: Executor): Promise<string | null> {
    const row = await db
      .selectFrom('fiscal_profiles')
      .select(sql<string | null>`coalesce(icms_csosn, icms_cst)`.as('code'))
      .where('is_default', '=', true)
      .executeTakeFirst();
    return row?.code ?? null;
  },
  findByCode(db: Executor, code: string): Promise<ProductRow | undefined> {
    return productQuery(db).where('p.code', '=', code).executeTakeFirst();
  },
  /** Locks the product row for the rest of the transaction. */
  async lockByCode(trx: Transaction<Database>, code: string) {
    return trx
      .selectFrom('products')
      .select(['id', 'code', 'stock'])
      .where('code', '=', code)
      .forUpdate()
      .executeTakeFirst();
  },
  findIdsByCodes(db: Executor, codes: string[]) {
    return db.selectFrom('products').select(['id', 'code', 'archived']).where('code', 'in', codes).execute();
  },

  /**
   * One page of active products ordered by name. The page's ids are chosen first (the (archived, name, id)
   * index, no joins), then only those rows are joined with brand, reference: a deep offset stays cheap.
   */
  page(db: Executor, options: { offset: number; limit: number; search?: string }): Promise<ProductRow[]> {
    const words = searchWords(options.search);
    let ids = db.selectFrom('products as p').select('p.id').where('p.archived', '=', false);
    if (words.length) ids = ids.where(matchesAll(words));
    const pageIds = ids.orderBy('p.name').orderBy('p.id').limit(options.limit).offset(options.offset).as('page');
    return productQuery(db).innerJoin(pageIds, 'page.id', 'p.id').orderBy('p.name').orderBy('p.id').execute();
  },
  /** Every active product id that matches, in the list's order (name, id): an export reads them in batches. */
  async allIds(db: Executor, search?: string): Promise<number[]> {
    const words = searchWords(search);
    let ids = db.selectFrom('products as p').select('p.id').where('p.archived', '=', false);
    if (words.length) ids = ids.where(matchesAll(words));
    return (await ids.orderBy('p.name').orderBy('p.id').execute()).map((row) => row.id);
  },
  /**
   * How many active products match: without a search, the counter of migration 0052 (one row, not 40,000
   * index entries per page at scale 100, issue 36); else a count of the matching rows, stopped after
   * `upTo + 1` of them when `upTo` is given, `capped` then saying more than `upTo` match (the trigram index's
   * matches are rechecked in the table: 'galaxy' at scale 100 is 10,968 rows in 2,108 table pages to count
   * whole, 12.9 ms; a count to 1,001 reads a tenth of them).
   */
  async count(db: Executor, search?: string, upTo?: number): Promise<{ total: number; capped: boolean }> {
    const words = searchWords(search);
    if (!words.length) {
      const counted = await db
        .selectFrom('product_counts')
        .select((eb) => eb.cast<string>('products', 'bigint').as('total'))
        .where('status', '=', false)
        .executeTakeFirst();
      return { total: Number(counted?.total ?? 0), capped: false };
    }
    let matches = db
      .selectFrom('products as p')
      .select('p.id')
      .where('p.archived', '=', false)
      .where(matchesAll(words));
    if (upTo !== undefined) matches = matches.limit(upTo + 1);
    const row = await db
      .selectFrom(matches.as('m'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    return upTo !== undefined && total > upTo ? { total: upTo, capped: true } : { total, capped: false };
  },
  archived(db: Executor): Promise<ProductRow[]> {
    return productQuery(db).where('p.archived', '=', true).orderBy('p.name').orderBy('p.id').execute();
  },
  byBrandAndReference(db: Executor, brandId: number, referenceId: number): Promise<ProductRow[]> {
    return productQuery(db)
      .where('p.brand_id', '=', brandId)
      .where('p.reference_id', '=', referenceId)
      .orderBy('p.name')
      .orderBy('p.id')
      .execute();
  },

  imagesOf(db: Executor, productIds: number[]): Promise<ImageRow[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('product_images')
      .select(['product_id', 'path', 'name'])
      .where('product_id', 'in', productIds)
      .orderBy('product_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  },
  async countImages(db: Executor, productId: number): Promise<number> {
    const row = await db
      .selectFrom('product_images')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async insertImage(db: Executor, image: { product_id: number; path: string; name: string; position: number }) {
    await db.insertInto('product_images').values(image).execute();
  },

  /** New products, a thousand per statement (a column some rows leave out takes its default in them). */
  async insertMany(db: Executor, rows: readonly (ProductValues & { code: string })[]) {
    const inserted: { id: number; code: string }[] = [];
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      inserted.push(
        ...(await db
          .insertInto('products')
          .values(rows.slice(start, start + INSERT_BATCH))
          .returning(['id', 'code'])
          .execute()),
      );
    }
    return inserted;
  },
  async update(db: Executor, id: number, values: ProductValues) {
    await db
      .updateTable('products')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  },
  async setArchived(db: Executor, ids: number[], archived: boolean) {
    if (ids.length === 0) return;
    await db.updateTable('products').set({ archived, updated_at: new Date() }).where('id', 'in', ids).execute();
  },

  // ---------- brands and references ----------
  brands(db: Executor) {
    return db.selectFrom('brands').select(['id', 'name']).orderBy(sql`lower(name)`).execute();
  },
  references(db: Executor) {
    return db
      .selectFrom('brand_references as r')
      .innerJoin('brands as b', 'b.id', 'r.brand_id')
      .select(['r.id', 'r.brand_id', 'r.name', 'b.name as brand'])
      .orderBy(sql`lower(b.name)`)
      .orderBy(sql`lower(r.name)`)
      .execute();
  },
  findBrand(db: Executor, name: string, lock?: RowLock) {
    const query = db
      .selectFrom('brands')
      .select(['id', 'name'])
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (lock === 'update') return query.forUpdate().executeTakeFirst();
    if (lock === 'keyShare') return query.forKeyShare().executeTakeFirst();
    return query.executeTakeFirst();
  },
  insertBrand(db: Executor, name: string) {
    return db.insertInto('brands').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
  },
  async deleteBrand(db: Executor, id: number) {
    await db.deleteFrom('brands').where('id', '=', id).execute();
  },
  findReference(db: Executor, brandId: number, name: string, lock?: RowLock) {
    const query = db
      .selectFrom('brand_references')
      .select(['id', 'name'])
      .where('brand_id', '=', brandId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (lock === 'update') return query.forUpdate().executeTakeFirst();
    if (lock === 'keyShare') return query.forKeyShare().executeTakeFirst();
    return query.executeTakeFirst();
  },
  referencesOf(db: Executor, brandId: number) {
    return db
      .selectFrom('brand_references')
      .select('name')
      .where('brand_id', '=', brandId)
      .orderBy(sql`lower(name)`)
      .execute();
  },
  insertReference(db: Executor, brandId: number, name: string) {
    return db
      .insertInto('brand_references')
      .values({ brand_id: brandId, name })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
  },
  async deleteReference(db: Executor, id: number) {
    await db.deleteFrom('brand_references').where('id', '=', id).execute();
  },
  async countProductsWhere(db: Executor, column: 'brand_id' | 'reference_id', id: number): Promise<number> {
    const row = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  /** Product ids and codes of a brand or reference (to refresh their search text). */
  productsWhere(db: Executor, column: 'brand_id' | 'reference_id', id: number) {
    return db.selectFrom('products').select('id').where(column, '=', id).execute();
  },

  // ---------- spreadsheet import (issue 21 §2) ----------
  /** The products of these codes, locked (`for update`) when `lock`, read in slices of 5,000 codes. */
  async byCodes(db: Executor, codes: readonly string[], lock: boolean): Promise<ProductRow[]> {
    const rows: ProductRow[] = [];
    for (let start = 0; start < codes.length; start += 5000) {
      const slice = codes.slice(start, start + 5000);
      let query = productQuery(db).where('p.code', 'in', slice).orderBy('p.id');
      if (lock) query = query.forUpdate('p');
      rows.push(...(await query.execute()));
    }
    return rows;
  },
  /** `count` new product codes from the sequence, in one query, in the order issued. */
  async nextCodes(db: Executor, count: number): Promise<string[]> {
    if (count === 0) return [];
    const { rows } = await sql<{
      code: string;
    }>`select 'P' || n as code from (select nextval('product_code_seq') as n from generate_series(1, ${count})) s
       order by n`.execute(db);
    return rows.map((row) => row.code);
  },
  /** After codes like "P123456" came in from a file: the sequence moves past the highest, so none is issued twice. */
  async codeSequenceAtLeast(db: Executor, value: number) {
    await sql`select setval('product_code_seq', greatest((select last_value from product_code_seq), ${value}::bigint))`.execute(
      db,
    );
  },
  insertBrands(db: Executor, names: readonly string[]) {
    if (names.length === 0) return Promise.resolve([]);
    return db
      .insertInto('brands')
      .values(names.map((name) => ({ name })))
      .returning(['id', 'name'])
      .execute();
  },
  insertReferences(db: Executor, references: readonly { brand_id: number; name: string }[]) {
    if (references.length === 0) return Promise.resolve([]);
    return db
      .insertInto('brand_references')
      .values([...references])
      .returning(['id', 'brand_id', 'name'])
      .execute();
  },
  /** The products holding these barcodes, compared in GTIN-14 form (as `findByBarcode`). */
  async byBarcodes(db: Executor, gtins: readonly string[]) {
    if (gtins.length === 0) return [];
    return db
      .selectFrom('products as p')
      .select(['p.id', 'p.code', 'p.name', sql<string>`lpad(p.barcode, 14, '0')`.as('gtin14')])
      .where('p.barcode', 'is not', null)
      .where(
        sql`lpad(p.barcode, 14, '0')`,
        'in',
        gtins.map((gtin) => gtin.padStart(14, '0')),
      )
      .execute();
  },
  /**
   * Writes products by code in one statement: a new code is inserted (stock 0: the import's ledger rows
   * bring it), an existing one updated (its stock, pictures and flags untouched; its barcode as the line
   * gives it, the product's own when the line has none). Answers id and code.
   */
  upsertByCode(db: Executor, rows: readonly (ProductValues & { code: string })[]) {
    if (rows.length === 0) return Promise.resolve([]);
    return db
      .insertInto('products')
      .values([...rows])
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          brand_id: eb.ref('excluded.brand_id'),
          reference_id: eb.ref('excluded.reference_id'),
          cost_cents: eb.ref('excluded.cost_cents'),
          sell_price_cents: eb.ref('excluded.sell_price_cents'),
          gold_percentage: eb.ref('excluded.gold_percentage'),
          silver_percentage: eb.ref('excluded.silver_percentage'),
          bronze_percentage: eb.ref('excluded.bronze_percentage'),
          stock_alert: eb.ref('excluded.stock_alert'),
          tags: eb.ref('excluded.tags'),
          ncm: eb.ref('excluded.ncm'),
          cest: eb.ref('excluded.cest'),
          unit: eb.ref('excluded.unit'),
          origin: eb.ref('excluded.origin'),
          barcode: eb.ref('excluded.barcode'),
          search_text: eb.ref('excluded.search_text'),
          updated_at: sql`now()`,
        })),
      )
      .returning(['id', 'code'])
      .execute();
  },

  // ---------- sources ----------
  sources(db: Executor) {
    return db.selectFrom('product_sources').select(['id', 'key', 'name']).orderBy('id').execute();
  },

  // ---------- histories ----------
  sales(db: Executor, productId: number, start: Date, until: Date, excludedStatuses: readonly number[]) {
    return db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select([
        'o.id as order_id',
        'o.code',
        'c.name as customer_name',
        'c.email as customer_email',
        'o.created_at',
        'i.quantity',
        'i.unit_price_cents',
        'i.total_cents',
      ])
      .where('i.product_id', '=', productId)
      .where('o.created_at', '>=', start)
      .where('o.created_at', '<', until)
      .where('o.status', 'not in', [...excludedStatuses])
      .orderBy('o.created_at')
      .orderBy('i.id')
      .execute();
  },
  movements(db: Executor, productId: number, start: Date, until: Date, kind?: 'PURCHASE' | 'INVENTORY') {
    let query = db
      .selectFrom('stock_movements as m')
      .leftJoin('employees as e', 'e.id', 'm.employee_id')
      .leftJoin('product_sources as s', 's.id', 'm.source_id')
      .select([
        'm.kind',
        'm.stock_before',
        'm.quantity_in',
        'm.quantity_out',
        'm.stock_after',
        'm.cost_before_cents',
        'm.cost_after_cents',
        'm.entry_unit_cost_cents',
        'm.note',
        'm.created_at',
        'e.name as who',
        's.name as source',
      ])
      .where('m.product_id', '=', productId)
      .where('m.created_at', '>=', start)
      .where('m.created_at', '<', until);
    if (kind) query = query.where('m.kind', '=', kind);
    return query.orderBy('m.created_at').orderBy('m.id').execute();
  },
};
