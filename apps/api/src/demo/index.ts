import { formatDocument } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { seedFoundation } from '../db/seed/foundation';
import type { Storage } from '../lib/storage';
import { refreshMarginSummary } from '../modules/reports/margin-summary';
import { seedAnalytics } from './analytics';
import { columnTypes, insertColumns, insertMany, nextId, Sink, syncIdentity } from './bulk';
import { seedCash } from './cash';
import { DAY, localDayStart } from './clock';
import { staffRegisteredCustomers, walkInCustomers } from './counter';
import { seedCredit } from './credit';
import { generateCustomers } from './customers';
import { seedFiscal } from './fiscal';
import { packagingPicture, receiptPicture, signaturePicture } from './images';
import { placeOutOfState } from './out-of-state';
import { seedPayables } from './payables';
import { seedCashParts, seedPayments } from './payments';
import { seedCatalogue } from './products';
import { seedPurchases, seedYearPurchases } from './purchases';
import { seedQuotes } from './quotes';
import { stream } from './random';
import { seedRepairs } from './repairs';
import { COMPANY, seedCarts, seedSettings } from './settings';
import { loadStaff, type Staff } from './staff';
import { demoSuppliers, distributorPicker, SUPPLIERS_SINCE_DAYS, seedSuppliers } from './suppliers';
import { seedTradeIns } from './trade-ins';
import { simulateYear, type UnitPlan, type YearStats } from './year';

/** The part of a logger the seed uses (Fastify's and pino's loggers fit). */
export interface SeedLogger {
  info(object: object, message?: string): void;
}

export interface SeedOptions {
  storage: Storage;
  log?: SeedLogger;
  /** Multiplies the business (issue 3's --scale): 1 ≈ 300 customers, 400 products, 3,000 orders. */
  scale?: number;
  /** The demo's "today" (tests pin it); the year of history ends the day before. Defaults to now. */
  now?: Date;
  /** The server's secret the service orders' device passwords are sealed with (a stand-in when not given). */
  serverSecret?: string;
}

export interface SeedSummary {
  scale: number;
  ms: number;
  rows: Record<string, number>;
  ordersByStatus: Record<number, number>;
}

/** Base sizes at scale 1. */
export const DEMO_SIZE = { customers: 300, products: 400, orders: 3_000 } as const;

/**
 * Runs `seed` with the shop's active registers set aside, then back: what it hands over in cash at a moment before the
 * drawers' month is recorded as paid without a drawer taking it (a shop without drawers, decision 0075), whether or
 * not the payments' move handlers are registered (the server's seeding has them, the tests' may not).
 */
async function withDrawersAside<T>(db: DB | Transaction<Database>, seed: () => Promise<T>): Promise<T> {
  const registers = await db
    .updateTable('cash_registers')
    .set({ active: false })
    .where('active', '=', true)
    .returning('id')
    .execute();
  const result = await seed();
  if (registers.length > 0) {
    await db
      .updateTable('cash_registers')
      .set({ active: true })
      .where(
        'id',
        'in',
        registers.map((r) => r.id),
      )
      .execute();
  }
  return result;
}

/**
 * The demo business: the demo roles and employees, then a year of a phone and accessories shop in
 * São Paulo, generated from a fixed seed (the same every run, relative to today's date).
 */
export async function seedDemo(db: DB, options: SeedOptions): Promise<SeedSummary> {
  await seedFoundation(db);
  const summary = await seedBusiness(db, options);
  // The business is committed: the repairs' services plan over its real sizes.
  await sql`analyze`.execute(db);
  // The repair counter (issue 42 §2): a year of service orders, then its day, through the repairs service at their
  // moments (its own transactions, after the year's).
  // The year's repair bills were paid before the drawers' month: the registers stay aside while they are handed
  // over (as for a shop without drawers, decision 0075: the part is recorded, no drawer takes it).
  const { repairs, billParts } = await withDrawersAside(db, async () => {
    const repairs = await seedRepairs(db, options);
    // Their bills handed over in cash get their paid part (where the payments' move handlers were not registered).
    return { repairs, billParts: await db.transaction().execute((trx) => seedCashParts(trx)) };
  });
  options.log?.info(repairs, 'demo: the repair counter');
  // Reports 19 and 21 read the year from their summary at once (the scheduled task would sum it in its first rounds).
  const summarised = await refreshMarginSummary(db);
  options.log?.info({ days: summarised }, 'demo: the margin summary');
  const order_payments = (summary.rows.order_payments ?? 0) + billParts;
  return { ...summary, rows: { ...summary.rows, ...repairs, order_payments } };
}

/**
 * The phones of the year (issue 17): each unit with its IMEIs (both registered in `unit_imeis`), and the
 * ledger rows that moved it (with what a row did to a unit that stays out of stock: returned, released,
 * written off). Written after the year, when each unit's state today is known.
 */
async function seedUnits(trx: Transaction<Database>, units: UnitPlan[], links: YearStats['unitLinks']) {
  const types = (table: 'product_units' | 'unit_imeis' | 'stock_movement_units') => columnTypes(trx, table);
  await insertColumns(
    trx,
    'product_units',
    units.map((u) => ({
      id: u.id,
      product_id: u.productId,
      imei: u.imei,
      imei2: u.imei2,
      status: u.status,
      cost_cents: u.costCents,
      order_id: u.orderId,
      entered_at: new Date(u.enteredAt),
      updated_at: new Date(u.updatedAt),
    })),
    await types('product_units'),
  );
  await insertColumns(
    trx,
    'unit_imeis',
    units.flatMap((u) => [{ imei: u.imei, unit_id: u.id }, ...(u.imei2 ? [{ imei: u.imei2, unit_id: u.id }] : [])]),
    await types('unit_imeis'),
  );
  await insertColumns(trx, 'stock_movement_units', links, await types('stock_movement_units'));
  const phones = [...new Set(units.map((u) => u.productId))];
  if (phones.length > 0)
    await trx.updateTable('products').set({ serialized: true }).where('id', 'in', phones).execute();
}

/** Order pictures: a few of each kind, shared by the orders, drawn from their own stream. */
async function drawOrderPictures(): Promise<{ receipt: Buffer; packaging: Buffer; signature: Buffer }[]> {
  const pictureRng = stream('order-pictures');
  const company = { name: COMPANY.name, cnpj: formatDocument(COMPANY.cnpj) };
  const drawn: { receipt: Buffer; packaging: Buffer; signature: Buffer }[] = [];
  for (let i = 0; i < 6; i++) {
    drawn.push({
      receipt: await receiptPicture(i, pictureRng, company),
      packaging: await packagingPicture(pictureRng),
      signature: await signaturePicture(pictureRng),
    });
  }
  return drawn;
}

/** The drawn pictures stored in the transaction: their keys by kind. */
async function storeOrderPictures(
  trx: Transaction<Database>,
  storage: Storage,
  drawn: { receipt: Buffer; packaging: Buffer; signature: Buffer }[],
) {
  const receipts: string[] = [];
  const signatures: string[] = [];
  const packaging: string[] = [];
  for (const picture of drawn) {
    receipts.push(await storage.put(trx, 'orders', picture.receipt, 'jpg'));
    packaging.push(await storage.put(trx, 'orders', picture.packaging, 'jpg'));
    signatures.push(await storage.put(trx, 'orders', picture.signature, 'jpg'));
  }
  return { receipts, signatures, packaging };
}

/**
 * The customers: the generated ones (a few of them in other states or 'ISENTO': out-of-state.ts), then the counter's (issue 38 §1): each attendant's 'Consumidor final', and a
 * few customers registered by hand (with their audit rows).
 */
async function seedCustomers(
  trx: Transaction<Database>,
  ctx: { staff: Staff; anchor: number; windowStart: number },
  howMany: number,
) {
  const { staff, anchor, windowStart } = ctx;
  const customers = placeOutOfState(
    generateCustomers(
      { rng: stream('customers'), staff, anchor, windowStart },
      howMany,
      await nextId(trx, 'customers'),
    ),
  );
  await insertMany(
    trx,
    'customers',
    customers.map((c) => c.row),
  );
  const walkIns = walkInCustomers({ rng: stream('counter'), staff, anchor }, await nextId(trx, 'customers'));
  await insertMany(
    trx,
    'customers',
    walkIns.map((c) => c.row),
  );
  const registered = staffRegisteredCustomers(
    { rng: stream('counter-registrations'), staff, anchor },
    await nextId(trx, 'customers'),
    {
      emails: new Set(customers.map((c) => String(c.row.email))),
      documents: new Set(customers.map((c) => String(c.row.document))),
    },
  );
  await insertMany(trx, 'customers', registered.customers);
  await insertMany(trx, 'audit_events', registered.audits);
  return { customers, walkIns, registered: registered.customers.length };
}

/** Each product's stock and cost are where its ledger left them. */
async function settleStock(trx: Transaction<Database>, products: { id: number; stock: number; cost: number }[]) {
  for (let i = 0; i < products.length; i += 5_000) {
    const chunk = products.slice(i, i + 5_000);
    await sql`update products set stock = v.stock, cost_cents = v.cost
      from (select unnest(${chunk.map((p) => p.id)}::int[]) as id,
                   unnest(${chunk.map((p) => p.stock)}::int[]) as stock,
                   unnest(${chunk.map((p) => p.cost)}::int[]) as cost) as v
      where products.id = v.id`.execute(trx);
  }
}

/** Everything after the foundation, in one transaction. */
export async function seedBusiness(db: DB, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error('scale must be a positive number');
  const now = (options.now ?? new Date()).getTime();
  const anchor = localDayStart(now);
  const windowStart = anchor - 365 * DAY;
  const count = (base: number, min: number) => Math.max(min, Math.round(base * scale));
  const { storage } = options;

  // Order pictures: a few of each kind, shared by the orders (drawn before the transaction, stored in it).
  const drawn = await drawOrderPictures();

  const rows: Record<string, number> = {};
  let ordersByStatus: Record<number, number> = {};
  await db.transaction().execute(async (trx) => {
    const { receipts, signatures, packaging } = await storeOrderPictures(trx, storage, drawn);
    const staff = await loadStaff(trx, stream('staff'), scale);

    const { customers, walkIns, registered } = await seedCustomers(
      trx,
      { staff, anchor, windowStart },
      count(DEMO_SIZE.customers, 20),
    );
    rows.customers = customers.length + registered;
    rows.walk_in_customers = walkIns.length;
    options.log?.info({ customers: rows.customers, walkIns: walkIns.length }, 'demo: customers');

    const products = await seedCatalogue(
      trx,
      { rng: stream('catalogue'), anchor, windowStart },
      count(DEMO_SIZE.products, 30),
      storage,
    );
    rows.products = products.length;
    options.log?.info({ products: products.length }, 'demo: catalogue and pictures');

    const sources = Object.fromEntries(
      (await trx.selectFrom('product_sources').select(['id', 'key']).execute()).map((s) => [s.key, s.id]),
    );
    const sink = new Sink(trx, [
      'orders',
      'pix_received',
      'order_items',
      'order_status_history',
      'order_images',
      'stock_movements',
      'customer_signins',
      'product_views',
      'search_terms',
      'audit_events',
    ]);
    // The suppliers (issue 39): the year's arrivals since they were registered came by their notes.
    const suppliers = demoSuppliers(scale);
    const year = await simulateYear({
      sink,
      staff,
      customers,
      walkIns: new Map(walkIns.map((c) => [c.row.walk_in_employee_id as number, c])),
      products,
      anchor,
      windowStart,
      orders: count(DEMO_SIZE.orders, 60),
      firstOrderId: await nextId(trx, 'orders'),
      firstMovementId: await nextId(trx, 'stock_movements'),
      firstUnitId: await nextId(trx, 'product_units'),
      sources,
      pictures: { receipts, signatures, packaging },
      purchases: {
        from: anchor - SUPPLIERS_SINCE_DAYS * DAY,
        distributorOf: distributorPicker(suppliers.distributors),
      },
    });
    await sink.flush();
    await seedUnits(trx, year.units, year.unitLinks);
    rows.product_units = year.units.length;
    // The exchanges and returns name the units: written after them.
    await insertMany(trx, 'order_adjustments', year.adjustments);
    rows.order_adjustments = year.adjustments.length;
    ordersByStatus = year.byStatus;
    options.log?.info({ orders: year.orders, items: year.items }, 'demo: a year of orders');

    await seedAnalytics({ sink, customers, products, anchor, windowStart, scale });

    // The year and its analytics are written (with the bell's items their triggers keep): the planner learns their
    // sizes before the per-row triggers of the stock's update plan their lookups (at scale 100 a product's row took
    // 3 ms over a bell it planned as empty: two minutes for the catalogue).
    await sql`analyze`.execute(trx);
    await settleStock(trx, products);

    rows.cart_items = await seedCarts(trx, stream('carts'), customers, products, anchor, scale);
    await seedSettings(trx, anchor);
    // Issue 41: the issuer and the fiscal profiles (no certificate: the shop's own).
    Object.assign(rows, await seedFiscal(trx, anchor));
    // Card and split payments (issue 38): some finished orders, and two being paid in parts now.
    rows.order_payments = await seedPayments(trx);
    // The year's rows are written: the planner learns their sizes, or the later steps' joins over them (the
    // credit sales, the drawer's month) are planned as over empty tables — hours at scale 100.
    await sql`analyze orders, order_items, order_status_history, order_payments, customers, products`.execute(trx);

    // Sales on credit (issue 40): the wholesale customers' credit, their cash sales made 'A prazo', a year of
    // instalments. Before the drawer, which reads the cash sales left.
    Object.assign(rows, await seedCredit(trx, { anchor }));
    options.log?.info({ receivables: rows.receivables }, 'demo: sales on credit');
    // Cash always lands (decision 0075): the cash orders handed over get their paid cash part, before the drawer.
    rows.order_payments += await seedCashParts(trx);
    // The cash drawer (issue 40 §3): a month of the counter's registers, fed by that month's cash at the counter.
    Object.assign(rows, await seedCash(trx, { anchor, scale }));
    options.log?.info({ sessions: rows.cash_sessions }, "demo: the counter's registers");
    // Quotes (issue 38 §4): converted into counter sales, open, expired.
    rows.quotes = await seedQuotes(trx, anchor, scale);
    // Suppliers and bills to pay (issue 39): a few months of bills typed by hand, paid and open, and of the
    // distributors' notes entered with their bills.
    const supplierIds = await seedSuppliers(trx, anchor, suppliers.rows);
    rows.suppliers = suppliers.rows.length;
    Object.assign(rows, await seedPayables(trx, anchor, supplierIds));
    const yearPurchases = await seedYearPurchases(trx, { lines: year.purchaseLines, supplierIds, products, anchor });
    rows.payables = (rows.payables ?? 0) + (yearPurchases.payables ?? 0);
    rows.payable_payments = (rows.payable_payments ?? 0) + (yearPurchases.payable_payments ?? 0);
    await syncIdentity(trx, [
      'customers',
      'products',
      'orders',
      'stock_movements',
      'product_units',
      'purchases',
      'purchase_items',
      'payables',
      'payable_payments',
    ]);
    // Entries by the suppliers' NF-e XML (issue 39 §2), through the purchases service: after the identities are
    // synced, its rows take the next ids.
    const today = await seedPurchases(trx, { products, distributors: suppliers.distributors, anchor, now });
    rows.purchases = (yearPurchases.purchases ?? 0) + today.purchases;
    rows.purchase_items = (yearPurchases.purchase_items ?? 0) + today.purchase_items;
    // The ledger, its units and the entries are written: the planner learns their sizes before the services' one-row
    // statements, and the triggers' cached plans made for the bulk statements before (a transition table of
    // thousands of rows: hash joins over the whole ledger) are made again for one row — at scale 100 each unit's
    // update took 0.5–2 s.
    await sql`analyze product_units, unit_imeis, stock_movements, stock_movement_units, order_adjustments, purchases,
      purchase_items, payables, payable_payments`.execute(trx);
    options.log?.info({ purchases: rows.purchases, payables: rows.payables }, 'demo: suppliers, bills and entries');
    // Used phones taken in over the year (issue 42 §1), through the stock module: after the entries, the next ids.
    // Their sales are handed over before the drawers' month: the registers stay aside meanwhile (decision 0075).
    Object.assign(
      rows,
      await withDrawersAside(trx, () => seedTradeIns(trx, { anchor, scale, storage: options.storage })),
    );
    options.log?.info({ tradeIns: rows.trade_ins }, 'demo: used phones taken in');
    // The cash orders handed over by the later steps (quotes converted, exchanges): their paid part too.
    rows.order_payments += await seedCashParts(trx);
    Object.assign(rows, sink.counts());
  });
  const summary = { scale, ms: Date.now() - started, rows, ordersByStatus };
  options.log?.info({ ms: summary.ms, rows }, 'demo: summary');
  return summary;
}
