import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { END, openProductsWorld, picture, productBody, productCalls, START } from './test-products';

/**
 * A product's counts, sales, pages, archive and images; permissions; the ledger under concurrency (createTestApp
 * through ./test-products: an app and a database of this file's own).
 */
describe('products API', () => {
  let t: TestApp;
  let stocker: string;
  let attendant: string;
  let manager: string;

  const { call, expectLedgerConsistent, createProduct } = productCalls(() => ({ t, stocker, attendant, manager }));

  beforeAll(async () => {
    ({ t, stocker, attendant, manager } = await openProductsWorld());
  });
  afterAll(() => t.close());

  describe('products', () => {
    it('records inventory counts and lists them in the inventory and stock-change histories', async () => {
      const product = await createProduct({ stock: 7 });
      const res = await call(stocker, 'PATCH', `/products/inventory/${product.code}`, {
        code: product.code,
        newStock: 4,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.stock).toBe(4);
      await call(stocker, 'PATCH', `/products/inventory/${product.code}`, { newStock: 4 });
      await expectLedgerConsistent(product.id);

      const refused = await call(stocker, 'PATCH', `/products/inventory/${product.code}`, { newStock: -2 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toContain('A quantidade não pode ser negativa.');
      const mismatch = await call(stocker, 'PATCH', `/products/inventory/${product.code}`, { code: 'X', newStock: 1 });
      expect(mismatch.statusCode).toBe(400);
      expect((await call(stocker, 'PATCH', '/products/inventory/P0', { newStock: 1 })).statusCode).toBe(404);

      const inventory = await call(
        stocker,
        'GET',
        `/reports/product/inventory/updated/histories/start/${START}/end/${END}/${product.id}`,
      );
      expect(inventory.statusCode).toBe(200);
      expect(inventory.json().data).toEqual([
        { stockBefore: 7, stockAfter: 4, who: 'Carlos Estoquista', when: expect.any(String) },
        { stockBefore: 4, stockAfter: 4, who: 'Carlos Estoquista', when: expect.any(String) },
      ]);
      const changes = await call(
        stocker,
        'GET',
        `/reports/product/stock/changed/${product.id}/start/${START}/end/${END}`,
      );
      expect(changes.statusCode).toBe(200);
      expect(changes.json().data).toEqual([
        {
          stockBefore: 0,
          input: 7,
          output: 0,
          stockAfter: 7,
          eventType: 'Ajuste de estoque',
          note: 'Estoque inicial no cadastro',
          who: 'Carlos Estoquista',
          when: expect.any(String),
        },
        expect.objectContaining({ stockBefore: 7, input: 0, output: 3, stockAfter: 4, eventType: 'Inventário' }),
        expect.objectContaining({ stockBefore: 4, input: 0, output: 0, stockAfter: 4, eventType: 'Inventário' }),
      ]);
      // a window that ends before everything happened is empty
      const empty = await call(
        stocker,
        'GET',
        `/reports/product/stock/changed/${product.id}/start/2001-01-01T00:00:00/end/2001-01-02T00:00:00`,
      );
      expect(empty.json().data).toEqual([]);
      const badDate = await call(stocker, 'GET', `/reports/product/stock/changed/${product.id}/start/ontem/end/${END}`);
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json()).toMatchObject({ errors: ['Data inválida: use o formato AAAA-MM-DDTHH:mm:ss.'] });
      const reversed = await call(
        stocker,
        'GET',
        `/reports/product/stock/changed/${product.id}/start/${END}/end/${START}`,
      );
      expect(reversed.statusCode).toBe(400);
      const unknown = await call(stocker, 'GET', `/reports/product/stock/changed/999999/start/${START}/end/${END}`);
      expect(unknown.statusCode).toBe(404);
    });

    it('lists the sales of a product from orders, without cancelled or refused ones', async () => {
      const product = await createProduct({ stock: 10 });
      const customer = await t.db
        .insertInto('customers')
        .values({
          name: 'Loja do Zé',
          email: 'ze@loja.com.br',
          phone: '11999990000',
          document: '52998224725',
          search_text: 'loja do ze',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const order = async (code: string, status: number, quantity: number) => {
        const o = await t.db
          .insertInto('orders')
          .values({
            code,
            customer_id: customer.id,
            status,
            delivery_type: 2,
            payment_method: 'CASH',
            items_total_cents: quantity * 2590,
            total_cents: quantity * 2590,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.db
          .insertInto('order_items')
          .values({
            order_id: o.id,
            product_id: product.id,
            product_name: product.name,
            product_code: product.code,
            quantity,
            unit_price_cents: 2590,
            unit_cost_cents: 1000,
            total_cents: quantity * 2590,
          })
          .execute();
      };
      await order('AAA-111', 13, 2);
      await order('BBB-222', 7, 5);
      await order('CCC-333', 12, 1);
      const res = await call(manager, 'GET', `/reports/product/sold/histories/${product.id}/start/${START}/end/${END}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        {
          orderCode: 'AAA-111',
          customerName: 'Loja do Zé',
          customerEmail: 'ze@loja.com.br',
          salesDate: expect.any(String),
          quantity: 2,
          unitPrice: 25.9,
          totalSold: 51.8,
        },
      ]);
    });

    it('pages active products by name, searching name, code, tag, brand or reference without accents or case', async () => {
      await call(stocker, 'POST', '/products/brand', { name: 'Xiáomi' });
      await call(stocker, 'PATCH', '/products/brand', { name: 'Xiáomi', reference: 'Redmi Note 13' });
      const made = [];
      for (let i = 0; i < 5; i++) {
        made.push(
          await createProduct({
            name: `Carregador Turbo ${i}`,
            brand: 'Xiáomi',
            reference: 'Redmi Note 13',
            tags: ['tomada', 'Elétrico'],
            stock: 0,
          }),
        );
      }
      const first = await call(stocker, 'GET', '/products?offset=0&limit=2&search=CARREGADOR%20turbo');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ page: 0, total: 5 });
      expect(first.json().items.map((p: { name: string }) => p.name)).toEqual([
        'Carregador Turbo 0',
        'Carregador Turbo 1',
      ]);
      const third = await call(stocker, 'GET', '/products?offset=4&limit=2&search=carregador');
      expect(third.json()).toMatchObject({ page: 2, total: 5 });
      expect(third.json().items).toHaveLength(1);

      for (const term of ['xiaomi', 'XIÁOMI', 'redmi note', 'eletrico', made[2]?.code.toLowerCase(), 'turbo 3']) {
        const res = await call(stocker, 'GET', `/products?search=${encodeURIComponent(term ?? '')}`);
        expect(res.json().total, term).toBeGreaterThan(0);
        expect(
          res.json().items.every((p: { brand: string }) => p.brand === 'Xiáomi'),
          term,
        ).toBe(true);
      }
      const likeChars = await call(stocker, 'GET', `/products?search=${encodeURIComponent('%_')}`);
      expect(likeChars.json().total).toBe(0);

      const all = await call(stocker, 'GET', '/products');
      expect(all.json().page).toBe(0);
      const names = all.json().items.map((p: { name: string }) => p.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(all.json().items.length).toBeLessThanOrEqual(100);

      const search = await call(attendant, 'GET', '/products/full/search/Turbo');
      expect(search.statusCode).toBe(200);
      expect(search.json().data).toHaveLength(5);

      const byReference = await call(stocker, 'GET', `/products/${encodeURIComponent('xiáomi')}/Redmi%20Note%2013`);
      expect(byReference.statusCode).toBe(200);
      expect(byReference.json().data).toHaveLength(5);
      expect((await call(stocker, 'GET', '/products/Xiáomi/Nada')).statusCode).toBe(404);

      const tooMany = await call(stocker, 'GET', '/products?limit=1000');
      expect(tooMany.statusCode).toBe(400);
    });

    it('archives by a list of codes and unarchives one code', async () => {
      const a = await createProduct({ name: 'Arquivável A', stock: 0 });
      const b = await createProduct({ name: 'Arquivável B', stock: 0 });
      const res = await call(stocker, 'PATCH', `/products/archive?codes=${a.code},${b.code}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.every((p: { archived: boolean }) => p.archived)).toBe(true);

      const archived = await call(stocker, 'GET', '/products/archiveds');
      expect(archived.json().data.map((p: { code: string }) => p.code)).toEqual(
        expect.arrayContaining([a.code, b.code]),
      );
      const list = await call(stocker, 'GET', '/products?search=arquivavel');
      expect(list.json().total).toBe(0);

      const unknown = await call(stocker, 'PATCH', `/products/archive?codes=${a.code},P0`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().errors[0]).toBe('Produto(s) não encontrado(s): P0');
      expect((await call(stocker, 'PATCH', '/products/archive?codes=')).statusCode).toBe(400);

      const unarchived = await call(stocker, 'PATCH', `/products/unarchive/${a.code}`);
      expect(unarchived.statusCode).toBe(200);
      expect(unarchived.json().data.archived).toBe(false);
      expect((await call(stocker, 'GET', '/products?search=arquivavel')).json().total).toBe(1);
      expect((await call(stocker, 'PATCH', '/products/unarchive/P0')).statusCode).toBe(404);
    });

    it('adds images one at a time, refusing non-images and more than ten', async () => {
      const product = await createProduct({ stock: 0 });
      const res = await call(stocker, 'PATCH', `/products/image/${product.code}`, {
        image: await picture(120, 400, 'jpeg'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.images).toEqual([
        { url: expect.stringMatching(/^\/api\/files\/products\//), name: `${product.code}-1.jpg` },
      ]);
      const file = await t.app.inject({ method: 'GET', url: res.json().data.imagesUrl[0] });
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([90, 300]);

      const invalid = await call(stocker, 'PATCH', `/products/image/${product.code}`, { image: 'bm90IGFuIGltYWdl' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ errors: ['O arquivo enviado não é uma imagem válida.'] });
      expect((await call(stocker, 'PATCH', `/products/image/${product.code}`, {})).statusCode).toBe(400);
      expect((await call(stocker, 'PATCH', '/products/image/P0', { image: await picture(10, 10) })).statusCode).toBe(
        404,
      );

      const small = await picture(20, 20);
      for (let i = 2; i <= 10; i++) {
        expect((await call(stocker, 'PATCH', `/products/image/${product.code}`, { image: small })).statusCode).toBe(
          200,
        );
      }
      const eleventh = await call(stocker, 'PATCH', `/products/image/${product.code}`, { image: small });
      expect(eleventh.statusCode).toBe(409);
      expect(eleventh.json()).toMatchObject({ errors: ['Um produto pode ter no máximo 10 imagens.'] });
    });
  });

  describe('permissions', () => {
    it('answers 401 without a token', async () => {
      for (const [method, url] of [
        ['GET', '/products'],
        ['POST', '/products'],
        ['GET', '/products/brands'],
        ['GET', `/reports/product/stock/changed/1/start/${START}/end/${END}`],
      ] as const) {
        expect((await t.app.inject({ method, url: `/api${url}` })).statusCode, url).toBe(401);
      }
    });

    it('lets an attendant read the catalogue but refuses every write and the histories (403)', async () => {
      const product = await createProduct({ stock: 1 });
      expect((await call(attendant, 'GET', '/products')).statusCode).toBe(200);
      expect((await call(attendant, 'GET', '/products/brands')).statusCode).toBe(200);
      const writes: [Parameters<typeof call>[1], string, Record<string, unknown>?][] = [
        ['POST', '/products', productBody()],
        ['PUT', `/products/${product.code}`, productBody()],
        ['PATCH', '/products/menu/purchase/batch', { products: [] }],
        ['PATCH', `/products/archive?codes=${product.code}`],
        ['PATCH', `/products/unarchive/${product.code}`],
        ['PATCH', `/products/image/${product.code}`, { image: 'x' }],
        ['PATCH', `/products/inventory/${product.code}`, { newStock: 1 }],
        ['POST', '/products/brand', { name: 'Proibida' }],
        ['PATCH', '/products/brand', { name: 'Apple', reference: 'X' }],
        ['DELETE', '/products/brand/Apple'],
        ['DELETE', '/products/brand/reference', { brand: 'Apple', reference: 'iPhone 15' }],
        ['GET', '/products/archiveds'],
        ['GET', '/products/sources'],
        ['GET', `/reports/product/stock/changed/${product.id}/start/${START}/end/${END}`],
        ['GET', `/reports/product/sold/histories/${product.id}/start/${START}/end/${END}`],
      ];
      for (const [method, url, payload] of writes) {
        const res = await call(attendant, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await expectLedgerConsistent(product.id)).stock).toBe(1);
    });

    it('lets a manager (products and reports) edit and read histories', async () => {
      const product = await createProduct({ stock: 1 });
      expect((await call(manager, 'PATCH', `/products/inventory/${product.code}`, { newStock: 3 })).statusCode).toBe(
        200,
      );
      const history = await call(
        manager,
        'GET',
        `/reports/product/inventory/updated/histories/start/${START}/end/${END}/${product.id}`,
      );
      expect(history.json().data[0]).toMatchObject({ stockBefore: 1, stockAfter: 3, who: 'Fernanda Gerente' });
    });
  });

  describe('stock ledger under concurrency', () => {
    it('keeps stock equal to its ledger when ~20 stock changes race', async () => {
      const product = await createProduct({ stock: 10 });
      const source = (await call(stocker, 'GET', '/products/sources')).json().data[1].key;
      const requests = Array.from({ length: 21 }, (_, i) => {
        if (i % 3 === 0) {
          return call(stocker, 'PATCH', '/products/menu/purchase/batch', {
            products: [{ productId: product.id, cost: 10 + i, stock: i + 1, source }],
          });
        }
        if (i % 3 === 1) return call(manager, 'PATCH', `/products/inventory/${product.code}`, { newStock: 50 + i });
        return call(stocker, 'PUT', `/products/${product.code}`, { ...productBody(), images: undefined, stock: i });
      });
      const responses = await Promise.all(requests);
      for (const res of responses) expect(res.statusCode, res.body).toBe(200);
      const { rows } = await expectLedgerConsistent(product.id);
      // the creation row, one per purchase and inventory, and one per edit that changed the stock
      expect(rows.filter((r) => r.kind === 'PURCHASE')).toHaveLength(7);
      expect(rows.filter((r) => r.kind === 'INVENTORY')).toHaveLength(7);
      const total = await t.db
        .selectFrom('stock_movements')
        .select(sql<number>`coalesce(sum(quantity_in - quantity_out), 0)::int`.as('net'))
        .where('product_id', '=', product.id)
        .executeTakeFirstOrThrow();
      const stock = (await call(stocker, 'GET', `/products/full/search/${product.code}`)).json().data[0].stock;
      expect(total.net).toBe(stock);
    });

    it('keeps every product consistent when batches over several products race', async () => {
      const products = await Promise.all([1, 2, 3].map((n) => createProduct({ name: `Corrida ${n}`, stock: n })));
      const source = (await call(stocker, 'GET', '/products/sources')).json().data[0].key;
      const requests = Array.from({ length: 20 }, (_, i) => {
        const lines = (i % 2 === 0 ? products : [...products].reverse()).map((p) => ({
          productId: p.id,
          cost: 3,
          stock: 1,
          source,
        }));
        return call(stocker, 'PATCH', '/products/menu/purchase/batch', { products: lines });
      });
      const responses = await Promise.all(requests);
      for (const res of responses) expect(res.statusCode, res.body).toBe(200);
      for (const [index, p] of products.entries()) {
        const { stock } = await expectLedgerConsistent(p.id);
        expect(stock).toBe(index + 1 + 20);
      }
    });
  });
});
