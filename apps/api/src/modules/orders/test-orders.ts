import {
  DELIVERY_TYPES,
  isPackingAction,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  type OrderStatusKey,
  PERMISSIONS,
  packingAction,
  STOCK_RELEASED_ON,
} from '@backoffice/contract';
import sharp from 'sharp';
import type { DB } from '../../db/database';
import type { PaymentMethodColumn } from '../../db/schema';
import { demoPasswordHash } from '../../db/seed/foundation';
import { DEMO } from '../../test/helpers';
import { moveStock } from '../stock/stock.service';

const S = ORDER_STATUS;

/** The test's own business: a brand, two products with stock, a customer, the demo staff's ids. */
export interface OrderWorld {
  customerId: number;
  products: number[];
  staff: Record<keyof typeof DEMO, number>;
}

export interface OrderSpec {
  status: OrderStatusKey;
  /** 1 Motoboy (default), 2 Retirada na loja. */
  deliveryType?: 1 | 2;
  fast?: boolean;
  delivererId?: number | null;
  stockerId?: number | null;
  /** Units of each of the world's products (default [2, 1]). */
  quantities?: number[];
  code?: string;
}

let counter = 0;

/** Creates the test's own products (stock 100,000 each, through the stock module) and customer. */
export async function createOrderWorld(db: DB): Promise<OrderWorld> {
  const n = ++counter;
  const staffRows = await db.selectFrom('employees').select(['id', 'email']).execute();
  const staff = Object.fromEntries(
    Object.entries(DEMO).map(([key, email]) => [key, staffRows.find((row) => row.email === email)?.id as number]),
  ) as Record<keyof typeof DEMO, number>;
  const brand = await db
    .insertInto('brands')
    .values({ name: `Marca Pedidos ${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const products: number[] = [];
  for (const [i, price] of [1990, 5000].entries()) {
    const { id } = await db
      .insertInto('products')
      .values({
        code: `PED-${n}-${i}`,
        name: `Produto ${n}-${i}`,
        brand_id: brand.id,
        cost_cents: 1000,
        sell_price_cents: price,
        tags: [],
        search_text: `produto ${n}-${i}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .transaction()
      .execute((trx) =>
        moveStock(trx, { kind: 'PURCHASE', employeeId: null }, [{ productId: id, quantityIn: 100_000 }]),
      );
    products.push(id);
  }
  const customer = await db
    .insertInto('customers')
    .values({
      name: `Cliente Pedidos ${n}`,
      email: `cliente.pedidos.${n}.${Date.now()}@example.com`,
      phone: '11999990000',
      document: '52998224725',
      status: 'APPROVED',
      shipping_cost_cents: 1500,
      neighborhood: 'Centro',
      search_text: `cliente pedidos ${n}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { customerId: customer.id, products, staff };
}

/** The statuses an order starts in, by payment. */
function startFor(status: OrderStatusKey): { initial: OrderStatusKey; payment: PaymentMethodColumn } {
  if (status === S.PROCESSANDO || status === S.ERRO) return { initial: S.PROCESSANDO, payment: 'PIX' };
  if (status === S.AGUARDANDO_COMPROVANTE || status === S.AGUARDANDO_APROVACAO || status === S.REPROVADOS)
    return { initial: S.AGUARDANDO_COMPROVANTE, payment: 'BANK_TRANSFER' };
  // A sale on credit held for approval (issue 40 §1) is placed in that status.
  if (status === S.AGUARDANDO_APROVACAO_CREDITO) return { initial: status, payment: 'CREDIT' };
  return { initial: S.AGUARDANDO_ESTOQUISTA, payment: 'CASH' };
}

/** The shortest list of statuses from `from` to `to` through the table (packing as the delivery says). */
function pathTo(from: OrderStatusKey, to: OrderStatusKey, deliveryType: number, fast: boolean): OrderStatusKey[] {
  const packing = packingAction({ deliveryType, fastDelivery: fast });
  const previous = new Map<number, number>([[from, from]]);
  const queue: number[] = [from];
  while (queue.length) {
    const at = queue.shift() as number;
    if (at === to) break;
    for (const t of ORDER_TRANSITIONS) {
      if (t.from !== at || previous.has(t.to)) continue;
      if (isPackingAction(t.action) && t.action !== packing) continue;
      previous.set(t.to, at);
      queue.push(t.to);
    }
  }
  if (!previous.has(to)) throw new Error(`test order: no path from ${from} to ${to}`);
  const path: OrderStatusKey[] = [to];
  while (path[0] !== from) path.unshift(previous.get(path[0] as number) as OrderStatusKey);
  return path;
}

const FAST_STATUSES: readonly number[] = [S.ENTREGA_IMEDIATA, S.EM_ENTREGA_IMEDIATA];

/**
 * An order in `spec.status` with a valid history (each consecutive pair allowed by the table), its
 * goods taken out of stock (SALE rows), and back when the status is CANCELADO or REPROVADOS.
 */
export async function createOrder(db: DB, world: OrderWorld, spec: OrderSpec): Promise<{ id: number; code: string }> {
  const n = ++counter;
  const deliveryType = spec.deliveryType ?? DELIVERY_TYPES.MOTOBOY;
  const fast = spec.fast ?? FAST_STATUSES.includes(spec.status);
  const { initial, payment } = startFor(spec.status);
  const statuses = pathTo(initial, spec.status, deliveryType, fast);
  const quantities = spec.quantities ?? [2, 1];
  const prices = [1990, 5000];
  const items = world.products
    .map((productId, i) => ({ productId, quantity: quantities[i] ?? 0, price: prices[i] as number }))
    .filter((item) => item.quantity > 0);
  const itemsTotal = items.reduce((sum, item) => sum + item.quantity * item.price, 0);
  const shipping = deliveryType === DELIVERY_TYPES.MOTOBOY ? 1500 : 0;
  const t0 = Date.now() - 3 * 24 * 3600_000 + n * 1000;
  const at = (i: number) => new Date(t0 + i * 60_000);
  const code = spec.code ?? `T${String(n).padStart(3, '0')}-${String(n).padStart(3, '0')}`;
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .insertInto('orders')
      .values({
        code,
        customer_id: world.customerId,
        status: spec.status,
        delivery_type: deliveryType,
        fast_delivery: fast,
        payment_method: payment,
        credit_terms: payment === 'CREDIT' ? JSON.stringify([28]) : null,
        items_total_cents: itemsTotal,
        shipping_cost_cents: shipping,
        total_cents: itemsTotal + shipping,
        neighborhood: 'Centro',
        comments: 'Portão azul',
        attendant_id: world.staff.attendant,
        stocker_id: spec.stockerId ?? null,
        deliverer_id: spec.delivererId ?? null,
        created_at: at(0),
        updated_at: at(statuses.length - 1),
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values(
        items.map((item, i) => ({
          order_id: order.id,
          product_id: item.productId,
          product_name: `Produto ${i}`,
          product_code: `PED-${i}`,
          quantity: item.quantity,
          unit_price_cents: item.price,
          unit_cost_cents: 1000,
          total_cents: item.quantity * item.price,
        })),
      )
      .execute();
    await trx
      .insertInto('order_status_history')
      .values(
        statuses.map((status, i) => ({
          order_id: order.id,
          status,
          employee_id: world.staff.attendant,
          note: status === S.CANCELADO ? 'Desistiu' : null,
          created_at: at(i),
        })),
      )
      .execute();
    await moveStock(
      trx,
      { kind: 'SALE', employeeId: world.staff.attendant, orderId: order.id },
      items.map((item) => ({ productId: item.productId, quantityOut: item.quantity, unitPriceCents: item.price })),
    );
    if ((STOCK_RELEASED_ON as readonly number[]).includes(spec.status)) {
      await moveStock(
        trx,
        { kind: 'CANCELLATION', employeeId: world.staff.attendant, orderId: order.id },
        items.map((item) => ({ productId: item.productId, quantityIn: item.quantity, unitPriceCents: item.price })),
      );
    }
    return order;
  });
}

/** A small picture as the client sends it: base64 without prefix. */
export async function picture(format: 'png' | 'jpeg' = 'jpeg', width = 40, height = 30): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  const buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  return buffer.toString('base64');
}

/**
 * A courier (function 2) of his own role `role` holding the orders' permission, who signs in with the demo's
 * password: no document, on `phone`.
 */
export async function insertCourierWithOrdersRole(
  db: DB,
  role: string,
  courier: { name: string; email: string; phone: string },
): Promise<void> {
  const { id } = await db
    .insertInto('roles')
    .values({ name: role, permissions: [PERMISSIONS.orders] })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('employees')
    .values({ ...courier, func: 2, document: '', role_id: id, password_hash: await demoPasswordHash() })
    .execute();
}
