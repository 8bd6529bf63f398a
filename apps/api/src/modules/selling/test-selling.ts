import { randomUUID } from 'node:crypto';
import { type CheckoutResponse, checkoutResponseSchema, PERMISSIONS, productSearchText } from '@backoffice/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DB } from '../../db/database';
import type { CustomerStatus } from '../../db/schema';
import { demoPasswordHash } from '../../db/seed/foundation';
import { bearer, signIn } from '../../test/helpers';
import { moveStock } from '../stock/stock.service';

let counter = 0;
const unique = () => `${++counter}-${randomUUID().slice(0, 8)}`;

export interface TestProductSpec {
  name: string;
  brand?: string;
  reference?: string;
  tags?: string[];
  costCents: number;
  sellCents: number;
  gold?: number;
  silver?: number;
  bronze?: number;
  stock?: number;
  archived?: boolean;
}

/** A product of the test's own (its own brand and reference unless named), with stock through the ledger. */
export async function createProduct(db: DB, spec: TestProductSpec): Promise<{ id: number; code: string }> {
  const n = unique();
  const brandName = spec.brand ?? `Marca Venda ${n}`;
  const brand =
    (await db
      .selectFrom('brands')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', brandName.toLowerCase()))
      .executeTakeFirst()) ??
    (await db.insertInto('brands').values({ name: brandName }).returning('id').executeTakeFirstOrThrow());
  const reference = spec.reference
    ? await db
        .insertInto('brand_references')
        .values({ brand_id: brand.id, name: spec.reference })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst()
    : undefined;
  const code = `VEN-${n}`;
  const tags = spec.tags ?? [];
  const { id } = await db
    .insertInto('products')
    .values({
      code,
      name: spec.name,
      brand_id: brand.id,
      reference_id: reference?.id ?? null,
      cost_cents: spec.costCents,
      sell_price_cents: spec.sellCents,
      gold_percentage: spec.gold ?? 0,
      silver_percentage: spec.silver ?? 0,
      bronze_percentage: spec.bronze ?? 0,
      tags,
      archived: spec.archived ?? false,
      search_text: productSearchText({
        name: spec.name,
        code,
        tags,
        brand: brandName,
        reference: spec.reference ?? null,
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (spec.stock) {
    await db
      .transaction()
      .execute((trx) =>
        moveStock(trx, { kind: 'PURCHASE', employeeId: null }, [{ productId: id, quantityIn: spec.stock as number }]),
      );
  }
  return { id, code };
}

export interface TestCustomerSpec {
  level?: number;
  status?: CustomerStatus;
  shippingCents?: number;
  warrantyPercentage?: number;
  fastTaxCents?: number;
  name?: string;
  delivererId?: number | null;
}

/** A customer of the test's own (approved unless told otherwise). */
export async function createCustomer(
  db: DB,
  spec: TestCustomerSpec = {},
): Promise<{ id: number; email: string; name: string }> {
  const n = unique();
  const name = spec.name ?? `Cliente Venda ${n}`;
  const email = `cliente.venda.${n}@example.com`;
  const { id } = await db
    .insertInto('customers')
    .values({
      name,
      email,
      phone: '11988887777',
      document: '52998224725',
      level: spec.level ?? 0,
      status: spec.status ?? 'APPROVED',
      shipping_cost_cents: spec.shippingCents ?? 0,
      warranty_percentage: spec.warrantyPercentage ?? 0,
      fast_delivery_tax_cents: spec.fastTaxCents ?? 0,
      neighborhood: 'Centro',
      deliverer_id: spec.delivererId ?? null,
      search_text: name.toLowerCase(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email, name };
}

/** Stock equals its ledger: the sum of in − out, and the last row's stock_after. */
export async function ledgerOf(db: DB, productId: number) {
  const product = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('stock_movements')
    .select(['kind', 'stock_before', 'quantity_in', 'quantity_out', 'stock_after', 'order_id'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
  const sum = rows.reduce((total, row) => total + row.quantity_in - row.quantity_out, 0);
  let chained = true;
  for (let i = 1; i < rows.length; i++) {
    if (rows[i]?.stock_before !== rows[i - 1]?.stock_after) chained = false;
  }
  return { stock: product.stock, sum, last: rows.at(-1)?.stock_after ?? 0, chained, rows };
}

/**
 * Sells through the API as the staff member of `token`: each line added to the customer's cart, then the
 * checkout (picked up, no warranty, no fast delivery) with `checkout` added to its body, by cash or, with `via`,
 * by Pix or card (`/orders/checkout/pix|card/{customerId}`); both answered 200.
 */
export async function sellThroughApi(
  app: FastifyInstance,
  token: string,
  customerId: number,
  lines: { productId: number; quantity: number }[],
  checkout: object = {},
  via?: 'pix' | 'card',
): Promise<CheckoutResponse> {
  const headers = bearer(token);
  for (const line of lines) {
    const added = await app.inject({
      method: 'POST',
      url: `/api/orders/cart/add/${customerId}`,
      headers,
      payload: line,
    });
    expect(added.statusCode).toBe(200);
  }
  const res = await app.inject({
    method: 'POST',
    url: `/api/orders/checkout/${via ? `${via}/` : ''}${customerId}`,
    headers,
    payload: {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
      ...checkout,
    },
  });
  expect(res.statusCode).toBe(200);
  return checkoutResponseSchema.parse(res.json());
}

/**
 * A seller whose own role `role` holds only 'Vendas internas' (`func` 1, an attendant, unless told), signed in with
 * the demo's password: answers his employee id and token.
 */
export async function signInInternalSeller(
  t: { app: FastifyInstance; db: DB },
  role: string,
  seller: { name: string; email: string; phone: string; func?: number },
): Promise<{ id: number; token: string }> {
  const { id: roleId } = await t.db
    .insertInto('roles')
    .values({ name: role, permissions: [PERMISSIONS.internalSales] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto('employees')
    .values({
      func: 1,
      ...seller,
      document: '39053344705',
      role_id: roleId,
      password_hash: await demoPasswordHash(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token: await signIn(t.app, seller.email) };
}
