import sharp from 'sharp';
import { expect } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/** A picture of `width`×`height` as base64 without prefix, in the given format. */
export async function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } });
  const buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  return buffer.toString('base64');
}

export const START = '2000-01-01T00:00:00';
export const END = '2100-01-01T00:00:00';

export function productBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Capa Silicone iPhone 15',
    description: 'Capa macia',
    brand: 'Apple',
    reference: 'iPhone 15',
    cost: 10,
    sellPrice: 25.9,
    discount: { silverPercentage: 30, goldPercentage: 20 },
    stock: 5,
    tags: ['capa', null, 'Silicone', 'capa'],
    stockAlert: 2,
    images: [],
    ...overrides,
  };
}

/** A product with one picture `image`, none in stock (alert at 1), no tags, 10 % off for silver and 5 % for gold. */
export const onePictureProductBody = (
  product: { name: string; description: string; brand: string; cost: number; sellPrice: number },
  image: string,
) => ({
  ...product,
  discount: { silverPercentage: 10, goldPercentage: 5 },
  stock: 0,
  tags: [],
  stockAlert: 1,
  images: [image],
});

/** What the products' test files (products*.test.ts) share: an app on a fresh database, the demo's tokens. */
export interface ProductsWorld {
  t: TestApp;
  stocker: string;
  attendant: string;
  manager: string;
}

/** The requests and checks of the products' tests, on the world `world()` answers when called. */
export function productCalls(world: () => ProductsWorld) {
  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => world().t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  /** stock = Σ(in − out) of the ledger = last stock_after, and each row starts where the previous ended. */
  async function expectLedgerConsistent(productId: number) {
    const { t } = world();
    const product = await t.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const rows = await t.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();
    const net = rows.reduce((sum, row) => sum + row.quantity_in - row.quantity_out, 0);
    expect(net).toBe(product.stock);
    expect(rows.at(-1)?.stock_after ?? 0).toBe(product.stock);
    let previous = 0;
    for (const row of rows) {
      expect(row.stock_before).toBe(previous);
      expect(row.stock_after).toBe(row.stock_before + row.quantity_in - row.quantity_out);
      previous = row.stock_after;
    }
    return { stock: product.stock, rows };
  }

  async function createProduct(overrides: Record<string, unknown> = {}) {
    const res = await call(world().stocker, 'POST', '/products', productBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string; stock: number; name: string };
  }

  return { call, expectLedgerConsistent, createProduct };
}

/** A fresh app and database, the demo's stocker, attendant and manager, and the brand Apple with its iPhone 15. */
export async function openProductsWorld(): Promise<ProductsWorld> {
  const world = { t: await createTestApp() } as ProductsWorld;
  const { t } = world;
  const { call } = productCalls(() => world);
  [world.stocker, world.attendant, world.manager] = await Promise.all([
    signIn(t.app, DEMO.stocker),
    signIn(t.app, DEMO.attendant),
    signIn(t.app, DEMO.manager),
  ]);
  expect((await call(world.stocker, 'POST', '/products/brand', { name: 'Apple' })).statusCode).toBe(201);
  expect(
    (await call(world.stocker, 'PATCH', '/products/brand', { name: 'Apple', reference: 'iPhone 15' })).statusCode,
  ).toBe(200);
  return world;
}
