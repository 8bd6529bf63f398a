import type { DB } from '../../db/database';
import { DEMO } from '../../test/helpers';

/**
 * A small hand-made business in April 2026 (São Paulo time, UTC−03:00), its figures worked out by hand in the
 * comments below: reports.test.ts checks every report and chart against them, on PGlite and on PostgreSQL.
 */
const sp = (local: string) => new Date(`${local}-03:00`);
export const APRIL = { s: '2026-04-01T00:00:00', e: '2026-04-30T23:59:59' };

export interface Business {
  staff: { beatriz: number; diego: number; eduardo: number; carlos: number };
  customers: Record<'alice' | 'bruno' | 'carla' | 'davi' | 'elisa' | 'fabio', number>;
  products: Record<'capa' | 'cabo' | 'fone' | 'pelicula' | 'galaxy', number>;
  orders: Record<string, { id: number; code: string }>;
}

type Staff = Business['staff'];
type Customers = Business['customers'];
type Products = Business['products'];
type Orders = Business['orders'];

/** The business, inserted in this order (the rows' ids follow it). */
export async function buildBusiness(db: DB): Promise<Business> {
  const staff = await staffOf(db);
  const customers = await insertCustomers(db, staff);
  const products = await insertProducts(db);
  const orders = await insertOrders(db, staff, customers, products);
  await insertAdjustments(db, staff, orders, products);
  await insertAnalytics(db, customers, products);
  await insertLastSevenDays(db, customers, products);
  return { staff, customers, products, orders };
}

/** The demo's attendant, couriers and stocker. */
async function staffOf(db: DB): Promise<Staff> {
  const staffRows = await db.selectFrom('employees').select(['id', 'email']).execute();
  const staffId = (email: string) => staffRows.find((r) => r.email === email)?.id as number;
  return {
    beatriz: staffId(DEMO.attendant),
    diego: staffId(DEMO.courier),
    eduardo: staffId(DEMO.courier2),
    carlos: staffId(DEMO.stocker),
  };
}

const insertCustomer = async (
  db: DB,
  name: string,
  level: number,
  status: 'APPROVED' | 'AWAITING',
  deliverer: number | null,
  fastTax = 0,
) =>
  (
    await db
      .insertInto('customers')
      .values({
        name,
        email: `${name.split(' ')[0]?.toLowerCase()}@cliente.com.br`,
        phone: '11988887777',
        document: '52998224725',
        level,
        status,
        deliverer_id: deliverer,
        shipping_cost_cents: 1000,
        fast_delivery_tax_cents: fastTax,
        neighborhood: 'Tatuapé',
        search_text: name.toLowerCase(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

async function insertCustomers(db: DB, staff: Staff): Promise<Customers> {
  return {
    alice: await insertCustomer(db, 'Alice Ouro', 1, 'APPROVED', staff.diego, 1500),
    bruno: await insertCustomer(db, 'Bruno Prata', 2, 'APPROVED', staff.diego, 2000),
    carla: await insertCustomer(db, 'Carla Bronze', 3, 'APPROVED', staff.eduardo, 1500),
    davi: await insertCustomer(db, 'Davi Varejo', 0, 'APPROVED', null),
    elisa: await insertCustomer(db, 'Elisa Espera', 0, 'AWAITING', staff.diego),
    fabio: await insertCustomer(db, 'Fabio Espera', 0, 'AWAITING', null),
  };
}

const insertProduct = async (
  db: DB,
  code: string,
  name: string,
  brand: number,
  reference: number,
  cost: number,
  sell: number,
  [gold, silver, bronze]: [number, number, number],
  stock: number,
  alert: number,
  archived = false,
) =>
  (
    await db
      .insertInto('products')
      .values({
        code,
        name,
        brand_id: brand,
        reference_id: reference,
        cost_cents: cost,
        sell_price_cents: sell,
        gold_percentage: gold,
        silver_percentage: silver,
        bronze_percentage: bronze,
        stock,
        stock_alert: alert,
        tags: [],
        archived,
        search_text: name.toLowerCase(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

async function insertProducts(db: DB): Promise<Products> {
  const samsung = (await db.insertInto('brands').values({ name: 'Samsung' }).returning('id').executeTakeFirstOrThrow())
    .id;
  const apple = (await db.insertInto('brands').values({ name: 'Apple' }).returning('id').executeTakeFirstOrThrow()).id;
  const galaxyA = (
    await db
      .insertInto('brand_references')
      .values({ brand_id: samsung, name: 'Galaxy A' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const iphone = (
    await db
      .insertInto('brand_references')
      .values({ brand_id: apple, name: 'iPhone 15' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // Tier prices = cost + % of cost: Capa 12,00 / 13,00 / 14,00; Cabo 5,50 / 6,00 / 7,50; Galaxy 880 / 920 / 960.
  return {
    capa: await insertProduct(db, 'P1', 'Capa Azul', apple, iphone, 1000, 2500, [20, 30, 40], 10, 5),
    cabo: await insertProduct(db, 'P2', 'Cabo USB', apple, iphone, 500, 1500, [10, 20, 50], 3, 5),
    fone: await insertProduct(db, 'P3', 'Fone Sem Fio', apple, iphone, 2000, 5000, [15, 25, 35], 0, 2),
    pelicula: await insertProduct(db, 'P4', 'Pelicula', samsung, galaxyA, 300, 900, [10, 20, 30], 4, 10, true),
    galaxy: await insertProduct(db, 'P5', 'Galaxy A15', samsung, galaxyA, 80000, 120000, [10, 15, 20], 2, 1),
  };
}

interface OrderSpec {
  customer: number;
  at: string;
  status: number;
  payment: 'CASH' | 'BANK_TRANSFER' | 'PIX';
  items: [number, number, number][];
  shipping?: number;
  fastTax?: number;
  warranty?: number;
  deliverer?: number | null;
  attendant?: number | null;
  updatedAt?: string;
  shippedAt?: string;
}

/** An order `T-<key>` with its items and its history, recorded in `orders` under `key`. */
async function insertOrder(db: DB, staff: Staff, orders: Orders, key: string, o: OrderSpec) {
  const itemsTotal = o.items.reduce((sum, [, quantity, price]) => sum + quantity * price, 0);
  const shipping = o.shipping ?? 0;
  const fastTax = o.fastTax ?? 0;
  const warranty = o.warranty ?? 0;
  const row = await db
    .insertInto('orders')
    .values({
      code: `T-${key}`,
      customer_id: o.customer,
      status: o.status,
      delivery_type: 1,
      fast_delivery: fastTax > 0,
      with_warranty: warranty > 0,
      payment_method: o.payment,
      items_total_cents: itemsTotal,
      shipping_cost_cents: shipping,
      fast_delivery_tax_cents: fastTax,
      warranty_cents: warranty,
      total_cents: itemsTotal + shipping + fastTax + warranty,
      neighborhood: 'Tatuapé',
      attendant_id: o.attendant === undefined ? staff.beatriz : o.attendant,
      deliverer_id: o.deliverer ?? null,
      created_at: sp(o.at),
      updated_at: sp(o.updatedAt ?? o.at),
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(
      o.items.map(([productId, quantity, price]) => ({
        order_id: row.id,
        product_id: productId,
        product_name: 'snapshot',
        product_code: 'snapshot',
        quantity,
        unit_price_cents: price,
        unit_cost_cents: 0,
        total_cents: quantity * price,
      })),
    )
    .execute();
  await db
    .insertInto('order_status_history')
    .values({ order_id: row.id, status: 1, created_at: sp(o.at) })
    .execute();
  if (o.shippedAt) {
    await db
      .insertInto('order_status_history')
      .values({ order_id: row.id, status: 4, created_at: sp(o.shippedAt) })
      .execute();
  }
  orders[key] = row;
  return row;
}

async function insertOrders(db: DB, staff: Staff, customers: Customers, products: Products): Promise<Orders> {
  const orders: Orders = {};
  const order = (key: string, o: OrderSpec) => insertOrder(db, staff, orders, key, o);
  const { capa, cabo, galaxy } = products;
  const { alice, bruno, carla, davi } = customers;
  // O1: 2 × 12,00 + 1 × 5,50 = 29,50 items + 10,00 shipping = 39,50. The period's first second.
  await order('O1', {
    customer: alice,
    at: '2026-04-01T00:00:00',
    status: 13,
    payment: 'CASH',
    items: [
      [capa, 2, 1200],
      [cabo, 1, 550],
    ],
    shipping: 1000,
    deliverer: staff.diego,
    shippedAt: '2026-04-01T10:40:00',
  });
  // O2: 13,00 + 920,00 = 933,00 + 20,00 fast tax + 93,30 warranty (10 %) = 1 046,30, by transfer, fast delivery.
  await order('O2', {
    customer: bruno,
    at: '2026-04-15T12:00:00',
    status: 5,
    payment: 'BANK_TRANSFER',
    items: [
      [capa, 1, 1300],
      [galaxy, 1, 92000],
    ],
    fastTax: 2000,
    warranty: 9330,
    deliverer: staff.diego,
  });
  // O3: 4 × 7,50 = 30,00 + 8,00 = 38,00 by Pix, at the period's last second (in).
  await order('O3', {
    customer: carla,
    at: '2026-04-30T23:59:59',
    status: 1,
    payment: 'PIX',
    items: [[cabo, 4, 750]],
    shipping: 800,
    deliverer: staff.eduardo,
  });
  // O4: the first second after April (out): 5 × 25,00 = 125,00.
  await order('O4', {
    customer: davi,
    at: '2026-05-01T00:00:00',
    status: 1,
    payment: 'CASH',
    items: [[capa, 5, 2500]],
    deliverer: staff.diego,
  });
  // O5 cancelled and O6 refused: no sale.
  await order('O5', {
    customer: alice,
    at: '2026-04-10T09:00:00',
    status: 7,
    payment: 'PIX',
    items: [[capa, 3, 1200]],
    fastTax: 1500,
    deliverer: staff.diego,
  });
  await order('O6', {
    customer: bruno,
    at: '2026-04-20T15:00:00',
    status: 12,
    payment: 'BANK_TRANSFER',
    items: [[galaxy, 1, 92000]],
  });
  // O7: the last second of March (out): 2 × 15,00 = 30,00.
  await order('O7', {
    customer: davi,
    at: '2026-03-31T23:59:59',
    status: 13,
    payment: 'CASH',
    items: [[cabo, 2, 1500]],
    deliverer: staff.diego,
  });
  // O8: waiting for Diego since 14:00: 880,00 + 10,00 = 890,00.
  await order('O8', {
    customer: alice,
    at: '2026-04-22T10:00:00',
    updatedAt: '2026-04-22T14:00:00',
    status: 3,
    payment: 'CASH',
    items: [[galaxy, 1, 88000]],
    shipping: 1000,
    deliverer: staff.diego,
  });
  // O9: fast delivery waiting for Diego: 14,00 + 15,00 = 29,00.
  await order('O9', {
    customer: carla,
    at: '2026-04-25T08:00:00',
    updatedAt: '2026-04-25T09:00:00',
    status: 15,
    payment: 'CASH',
    items: [[capa, 1, 1400]],
    fastTax: 1500,
    deliverer: staff.diego,
  });
  return orders;
}

async function insertAdjustments(db: DB, staff: Staff, orders: Orders, products: Products) {
  const { capa, cabo } = products;
  const adjust = (
    kind: 'EXCHANGE' | 'RETURN',
    original: string,
    productId: number,
    quantity: number,
    price: number,
    at: string,
    deliverer: number | null,
    carriedBy: string | null,
    comments: string,
  ) =>
    db
      .insertInto('order_adjustments')
      .values({
        kind,
        original_order_id: orders[original]?.id as number,
        adjustment_order_id: carriedBy ? (orders[carriedBy]?.id as number) : null,
        product_id: productId,
        quantity,
        unit_price_cents: price,
        employee_id: staff.beatriz,
        deliverer_id: deliverer,
        comments,
        created_at: sp(at),
      })
      .execute();
  await adjust('EXCHANGE', 'O1', capa, 1, 1200, '2026-04-05T10:00:00', null, null, 'Defeito');
  await adjust('RETURN', 'O1', cabo, 1, 550, '2026-04-22T16:00:00', staff.diego, 'O8', 'Não quis');
  await adjust('EXCHANGE', 'O7', cabo, 2, 1500, '2026-04-30T23:59:59', staff.eduardo, null, 'Troca de cor');
  await adjust('RETURN', 'O2', capa, 1, 1300, '2026-05-01T00:00:00', null, null, 'Maio');
}

async function insertAnalytics(db: DB, customers: Customers, products: Products) {
  const { capa, cabo, galaxy } = products;
  const { alice, bruno, carla, davi } = customers;
  // Analytics of April (and one row each side).
  const signin = (customerId: number, at: string) =>
    db
      .insertInto('customer_signins')
      .values({ customer_id: customerId, created_at: sp(at) })
      .execute();
  for (const at of ['2026-04-02T08:00:00', '2026-04-10T20:00:00', '2026-04-30T23:59:59']) await signin(alice, at);
  for (const at of ['2026-04-03T08:00:00', '2026-04-03T09:00:00', '2026-04-15T12:30:00']) await signin(bruno, at);
  await signin(carla, '2026-04-20T10:00:00');
  await signin(davi, '2026-05-01T00:00:00');
  await signin(davi, '2026-03-31T23:59:59');
  const view = (productId: number, at: string) =>
    db
      .insertInto('product_views')
      .values({ product_id: productId, customer_id: null, created_at: sp(at) })
      .execute();
  for (const day of ['02', '09', '16', '23']) await view(galaxy, `2026-04-${day}T19:00:00`);
  for (const day of ['05', '06']) await view(capa, `2026-04-${day}T19:00:00`);
  for (const day of ['07', '08']) await view(cabo, `2026-04-${day}T19:00:00`);
  await view(products.fone, '2026-03-31T23:59:59');
  const search = (term: string, results: number, at: string) =>
    db
      .insertInto('search_terms')
      .values({ term, normalized_term: term, result_count: results, customer_id: null, created_at: sp(at) })
      .execute();
  for (const at of ['2026-04-02T10:00:00', '2026-04-12T10:00:00', '2026-04-29T10:00:00'])
    await search('capinha', 5, at);
  for (const at of ['2026-04-04T10:00:00', '2026-04-14T10:00:00']) await search('galaxy', 2, at);
  for (const at of ['2026-04-04T11:00:00', '2026-04-24T11:00:00']) await search('iphone 99', 0, at);
  await search('xyz', 0, '2026-04-30T23:59:59');
  await search('xyz', 0, '2026-05-01T00:00:00');
  for (let i = 1; i <= 12; i++) await search(`termo ${String(i).padStart(2, '0')}`, 1, '2026-04-18T10:00:00');
}

async function insertLastSevenDays(db: DB, customers: Customers, products: Products) {
  const { capa, cabo } = products;
  const { alice, davi } = customers;
  // The last 7 days, for the dashboard's default charts: one hour ago (in) and eight days ago (out).
  const hourAgo = new Date(Date.now() - 3_600_000);
  const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
  await db
    .insertInto('customer_signins')
    .values([
      { customer_id: davi, created_at: hourAgo },
      { customer_id: davi, created_at: hourAgo },
      { customer_id: alice, created_at: eightDaysAgo },
    ])
    .execute();
  await db.insertInto('product_views').values({ product_id: capa, created_at: hourAgo }).execute();
  await db
    .insertInto('search_terms')
    .values([
      { term: 'novidade', normalized_term: 'novidade', result_count: 3, created_at: hourAgo },
      { term: 'zzz', normalized_term: 'zzz', result_count: 0, created_at: hourAgo },
      { term: 'antigo', normalized_term: 'antigo', result_count: 3, created_at: eightDaysAgo },
    ])
    .execute();
  const recent = await db
    .insertInto('orders')
    .values({
      code: 'T-NOW',
      customer_id: davi,
      status: 1,
      delivery_type: 2,
      payment_method: 'CASH',
      items_total_cents: 1500,
      total_cents: 1500,
      created_at: hourAgo,
      updated_at: hourAgo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({
      order_id: recent.id,
      product_id: cabo,
      product_name: 'Cabo USB',
      product_code: 'P2',
      quantity: 1,
      unit_price_cents: 1500,
      unit_cost_cents: 500,
      total_cents: 1500,
    })
    .execute();
}
