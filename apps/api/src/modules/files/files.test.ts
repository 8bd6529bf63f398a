import { ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld, picture } from '../orders/test-orders';
import { onePictureProductBody } from '../products/test-products';

const S = ORDER_STATUS;
let t: TestApp;
let world: OrderWorld;
let admin: string;
let stocker: string;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Packs a new order with one photo (as the stocker) and answers the photo's URL as `token`'s employee gets it. */
async function packagingUrl(token: string, background = 40): Promise<string> {
  const order = await createOrder(t.db, world, { status: S.EM_PREPARACAO, stockerId: world.staff.stocker });
  const packed = await t.app.inject({
    method: 'PATCH',
    url: '/api/workflow/order/pack',
    headers: bearer(stocker),
    payload: { orderId: order.id, images: [await picture('jpeg', 30 + background, 20)] },
  });
  expect(packed.statusCode, packed.body).toBe(200);
  const images = await get(`/api/orders/stocking/images/${order.id}`, bearer(token));
  return images.json().data[0].url as string;
}

/** A product with one picture, created through the API; answers the picture's URL. */
async function productPictureUrl(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(stocker),
    payload: onePictureProductBody(
      { name: 'Película de vidro', description: 'Vidro temperado', brand: 'Marca Arquivos', cost: 5, sellPrice: 19.9 },
      await picture('png', 64, 48),
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.imagesUrl[0] as string;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  await t.db.insertInto('brands').values({ name: 'Marca Arquivos' }).execute();
  admin = await signIn(t.app, DEMO.admin);
  stocker = await signIn(t.app, DEMO.stocker);
});
afterAll(() => t.close());

describe('product pictures stay public', () => {
  it('a product picture answers without a session, cached public and immutable, with its hash as ETag (304 when unchanged)', async () => {
    const url = await productPictureUrl();
    expect(url).toMatch(/^\/api\/files\/products\/[0-9a-f]{64}\.jpg$/);
    const hash = url.slice(url.lastIndexOf('/') + 1, -'.jpg'.length);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${hash}"`);
    const again = await get(url, { 'if-none-match': `"${hash}"` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('order pictures only for who may see the order', () => {
  it('an order picture needs its signed link: without it 404, with it the picture, cached private until it expires', async () => {
    const url = await packagingUrl(admin);
    const [path, query] = url.split('?') as [string, string];
    expect(path).toMatch(/^\/api\/files\/orders\/[0-9a-f]{64}\.jpg$/);
    expect((await get(path)).statusCode).toBe(404);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const cache = String(res.headers['cache-control']);
    expect(cache).toMatch(/^private, max-age=\d+$/);
    // Links live 10 minutes, their expiry rounded up to the next 5 minutes: 10 to 15 minutes from now.
    const expires = Number(new URLSearchParams(query).get('expires'));
    const left = expires - Date.now() / 1000;
    expect(left).toBeGreaterThan(599);
    expect(left).toBeLessThanOrEqual(900);
    expect(Number(cache.split('=')[1])).toBeLessThanOrEqual(900);
  });

  it('the picture of an order is not public under the products folder (its hash is no product picture)', async () => {
    const url = await packagingUrl(admin, 60);
    const hash = url.split('?')[0]?.split('/').pop() as string;
    expect((await get(`/api/files/products/${hash}`)).statusCode).toBe(404);
    expect((await get(`/api/files/products/${hash}?${url.split('?')[1]}`)).statusCode).toBe(403);
  });

  it('an expired link is refused (403), also with a valid signature', async () => {
    const url = await packagingUrl(admin, 70);
    const path = url.split('?')[0] as string;
    const key = path.slice('/api/files/'.length);
    const me = await t.db
      .selectFrom('employees')
      .select(['id', 'token_version'])
      .where('email', '=', DEMO.admin)
      .executeTakeFirstOrThrow();
    // Signed 20 minutes ago with the server's own key: it expired 5 to 10 minutes ago.
    const old = t.app.deps.fileLinks.sign(
      path,
      key,
      { employeeId: me.id, tokenVersion: me.token_version },
      Date.now() - 20 * 60_000,
    );
    const res = await get(old);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([
      'Link da imagem inválido ou expirado. Abra a imagem de novo pela tela do pedido.',
    ]);
  });

  it('a tampered link is refused: another signature, expiry, employee or file', async () => {
    const url = await packagingUrl(admin, 80);
    const other = await packagingUrl(admin, 90);
    const [path, query] = url.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const signature = params.get('signature') as string;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      { ...Object.fromEntries(params), signature: flipped },
      { ...Object.fromEntries(params), expires: String(Number(params.get('expires')) + 300) },
      { ...Object.fromEntries(params), by: String(world.staff.attendant) },
    ];
    for (const values of tampered) {
      expect((await get(`${path}?${new URLSearchParams(values)}`)).statusCode).toBe(403);
    }
    // The signature of one picture does not open another.
    expect((await get(`${other.split('?')[0]}?${query}`)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(200);
  });

  it("a blocked employee's links stop working at once, and a sign-out ends them too", async () => {
    const attendant = await signIn(t.app, DEMO.attendant);
    const url = await packagingUrl(attendant, 100);
    expect((await get(url)).statusCode).toBe(200);
    await t.db.updateTable('employees').set({ blocked: true }).where('email', '=', DEMO.attendant).execute();
    try {
      expect((await get(url)).statusCode).toBe(403);
    } finally {
      await t.db.updateTable('employees').set({ blocked: false }).where('email', '=', DEMO.attendant).execute();
    }
    const again = await signIn(t.app, DEMO.attendant);
    const fresh = await packagingUrl(again, 110);
    expect((await get(fresh)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/accounts/signout', headers: bearer(again) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await get(fresh)).statusCode).toBe(403);
  });

  it('a malformed key or link is a clear refusal, never a 500', async () => {
    expect((await get('/api/files/orders/../../etc/passwd')).statusCode).toBe(404);
    expect((await get('/api/files/orders/nao-existe.jpg')).statusCode).toBe(404);
    expect((await get(`/api/files/orders/${'a'.repeat(64)}.jpg?by=x&expires=1&signature=a`)).statusCode).toBe(400);
    expect((await get(`/api/files/orders/${'a'.repeat(64)}.jpg?by=1&expires=1&signature=a`)).statusCode).toBe(403);
  });
});
