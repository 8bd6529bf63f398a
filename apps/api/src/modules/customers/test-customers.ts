import { customerSearchText } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { CustomerStatus } from '../../db/schema';
import { bearer, createTestApp, DEMO, signIn, type TestApp, useWorld } from '../../test/helpers';

export interface NewCustomer {
  name: string;
  email: string;
  document: string;
  phone: string;
  status?: CustomerStatus;
  level?: number;
  approved?: boolean;
}

export async function insertCustomer(db: DB, c: NewCustomer): Promise<number> {
  const row = await db
    .insertInto('customers')
    .values({
      name: c.name,
      email: c.email,
      document: c.document,
      phone: c.phone,
      status: c.status ?? 'AWAITING',
      level: c.level ?? 0,
      approved_at: c.approved ? new Date() : null,
      shipping_cost_cents: 1250,
      street: 'Rua das Flores',
      number: '10',
      neighborhood: 'Centro',
      zip_code: '01001000',
      city: 'São Paulo',
      state: 'SP',
      search_text: customerSearchText(c),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One order with two items at the given time (created_at), for history and deletion tests. */
export async function insertOrder(
  db: DB,
  customerId: number,
  code: string,
  createdAt: string,
  status = 5,
): Promise<number> {
  const brand = await db
    .insertInto('brands')
    .values({ name: `Marca ${code}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await db
    .insertInto('products')
    .values({
      code: `P-${code}`,
      name: `Capinha ${code}`,
      brand_id: brand.id,
      cost_cents: 1000,
      sell_price_cents: 2550,
      tags: [],
      search_text: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      code,
      customer_id: customerId,
      status,
      delivery_type: 1,
      payment_method: 'CASH',
      items_total_cents: 2550 * 2 + 1000,
      shipping_cost_cents: 1250,
      total_cents: 2550 * 2 + 1000 + 1250,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values([
      {
        order_id: order.id,
        product_id: product.id,
        product_name: `Capinha ${code}`,
        product_code: `P-${code}`,
        quantity: 2,
        unit_price_cents: 2550,
        unit_cost_cents: 1000,
        total_cents: 5100,
      },
      {
        order_id: order.id,
        product_id: product.id,
        product_name: `Película ${code}`,
        product_code: `P-${code}`,
        quantity: 1,
        unit_price_cents: 1000,
        unit_cost_cents: 500,
        total_cents: 1000,
      },
    ])
    .execute();
  return order.id;
}

export async function auditOf(db: DB, id: number) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('entity', '=', 'customer')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();
}

export async function employeeId(db: DB, email: string): Promise<number> {
  const row = await db.selectFrom('employees').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** The four customers every customers' test file starts with. */
export interface CustomerIds {
  joao: number;
  awaiting: number;
  reproved: number;
  blocked: number;
}

/** What the customers' test files (customers.test.ts, customers.history.test.ts) share. */
export interface CustomersWorld {
  t: TestApp;
  attendant: string;
  admin: string;
  stocker: string;
  courier: string;
  manager: string;
  ids: CustomerIds;
}

/**
 * A fresh app and database, the demo's tokens, and João (approved, level 1), Maria (awaiting), Pedro (reproved), Bruna
 * (blocked).
 */
export async function openCustomersWorld(): Promise<CustomersWorld> {
  const t = await createTestApp();
  const ids = { joao: 0, awaiting: 0, reproved: 0, blocked: 0 };
  const [attendant, admin, stocker, courier, manager] = await Promise.all([
    signIn(t.app, DEMO.attendant),
    signIn(t.app, DEMO.admin),
    signIn(t.app, DEMO.stocker),
    signIn(t.app, DEMO.courier),
    signIn(t.app, DEMO.manager),
  ]);
  ids.joao = await insertCustomer(t.db, {
    name: 'João Conceição',
    email: 'joao@cliente.com.br',
    document: '52998224725',
    phone: '11987654321',
    status: 'APPROVED',
    level: 1,
    approved: true,
  });
  ids.awaiting = await insertCustomer(t.db, {
    name: 'Maria Aguardando',
    email: 'Maria@Cliente.com.br',
    document: '12ABC34501DE35',
    phone: '2133334444',
  });
  ids.reproved = await insertCustomer(t.db, {
    name: 'Pedro Reprovado',
    email: 'pedro@cliente.com.br',
    document: '11222333000181',
    phone: '31988887777',
    status: 'REPROVED',
  });
  ids.blocked = await insertCustomer(t.db, {
    name: 'Bruna Bloqueada',
    email: 'bruna@cliente.com.br',
    document: '39053344705',
    phone: '41977776666',
    status: 'BLOCKED',
    level: 2,
    approved: true,
  });
  return { t, attendant, admin, stocker, courier, manager, ids };
}

/** The requests of the customers' tests, on the world `world()` answers when called. */
/**
 * Opens the customers' world before the file's tests and closes it after them: answers the world (filled in by
 * beforeAll, an app and a database of the file's own) and its calls.
 */
export const useCustomersWorld = () => useWorld(openCustomersWorld, customerCalls);

export function customerCalls(world: () => CustomersWorld) {
  const get = (url: string, token = world().attendant) =>
    world().t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token = world().attendant) =>
    world().t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { get, send };
}
