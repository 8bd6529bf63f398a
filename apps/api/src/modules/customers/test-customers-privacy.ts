import { customerSearchText } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { createTestApp, DEMO, signIn } from '../../test/helpers';

/**
 * What the LGPD requests' test files (customers.privacy*.test.ts) share: an app on a fresh database, the demo's
 * tokens, and a person with everything the shop holds about her.
 */
export async function openPrivacyWorld() {
  const t = await createTestApp();
  const admin = await signIn(t.app, DEMO.admin);
  const attendant = await signIn(t.app, DEMO.attendant);
  const manager = await signIn(t.app, DEMO.manager);
  return { t, admin, attendant, manager };
}

/** The number of the last `person` made: her name, e-mail, order and product carry it. */
export let seq = 0;

/** A customer with a finished order (R$ 63,50), two sign-ins, a search, a product view, a cart item and a block note in his audit. */
export async function person(db: DB, { orderStatus = 13 } = {}) {
  seq++;
  const identity = {
    name: `Joana Privada ${seq}`,
    email: `joana.privada.${seq}@example.com`,
    phone: '11987654321',
    document: '52998224725',
  };
  const { id } = await db
    .insertInto('customers')
    .values({
      ...identity,
      status: 'APPROVED',
      approved_at: new Date('2026-01-05T13:00:00Z'),
      shipping_cost_cents: 1250,
      // A rural producer's 'Inscrição estadual' (SP): a person's number, personal data as her CPF is.
      state_registration: '110042490114',
      street: 'Rua das Acácias',
      number: '77',
      complement: 'apto 12',
      neighborhood: 'Moema',
      zip_code: '04077000',
      city: 'São Paulo',
      state: 'SP',
      notes: 'Portão azul, falar com a vizinha Marta',
      search_text: customerSearchText(identity),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const brand = await db
    .insertInto('brands')
    .values({ name: `Marca Privada ${seq}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await db
    .insertInto('products')
    .values({
      code: `PRIV-${seq}`,
      name: `Capinha Privada ${seq}`,
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
      code: `PRV-${seq}`,
      customer_id: id,
      status: orderStatus,
      delivery_type: 1,
      payment_method: 'PIX',
      neighborhood: 'Moema',
      comments: 'Ligar para Joana no 11 98765-4321',
      items_total_cents: 5100,
      shipping_cost_cents: 1250,
      total_cents: 6350,
      created_at: new Date('2026-02-10T15:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({
      order_id: order.id,
      product_id: product.id,
      product_name: `Capinha Privada ${seq}`,
      product_code: `PRIV-${seq}`,
      quantity: 2,
      unit_price_cents: 2550,
      unit_cost_cents: 1000,
      total_cents: 5100,
    })
    .execute();
  await db
    .insertInto('customer_signins')
    .values([
      { customer_id: id, created_at: new Date('2026-03-01T12:00:00Z') },
      { customer_id: id, created_at: new Date('2026-03-02T12:00:00Z') },
    ])
    .execute();
  const term = `capinha joana ${seq}`;
  await db
    .insertInto('search_terms')
    .values({
      customer_id: id,
      term,
      normalized_term: term,
      result_count: 1,
      created_at: new Date('2026-03-01T12:05:00Z'),
    })
    .execute();
  await db
    .insertInto('product_views')
    .values({ customer_id: id, product_id: product.id, created_at: new Date('2026-03-01T12:06:00Z') })
    .execute();
  await db.insertInto('cart_items').values({ customer_id: id, product_id: product.id, quantity: 3 }).execute();
  await db
    .insertInto('audit_events')
    .values({
      employee_id: null,
      entity: 'customer',
      entity_id: String(id),
      action: 'block',
      changes: JSON.stringify({
        status: { from: 'APPROVED', to: 'BLOCKED' },
        statusNote: { from: null, to: 'Joana pediu por telefone 11 98765-4321' },
        level: { from: 0, to: 1 },
      }),
    })
    .execute();
  return { id, orderId: order.id, productId: product.id, term, ...identity };
}

export const count = async (db: DB, table: 'customer_signins' | 'cart_items', customerId: number) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const salesOf = async (db: DB, customerId: number) =>
  db
    .selectFrom('report_customer_sales')
    .select(['grain', 'orders', 'total_cents'])
    .where('customer_id', '=', customerId)
    .orderBy('grain')
    .execute();
