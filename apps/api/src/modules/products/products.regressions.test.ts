import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp } from '../../test/helpers';
import { END, openProductsWorld, picture, productBody, productCalls, START } from './test-products';

/**
 * Regressions of the products' API (createTestApp through ./test-products: an app and a database of this file's own).
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

  describe('regressions', () => {
    const productRow = (id: number) =>
      t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const sourceKey = async () => (await call(stocker, 'GET', '/products/sources')).json().data[0].key as string;

    it('gold and silver prices are exact to the cent (R$ 3,30 + 15 % is R$ 3,80, not R$ 3,79)', async () => {
      const product = await createProduct({
        cost: 3.3,
        sellPrice: 5,
        discount: { goldPercentage: 15, silverPercentage: 15 },
      });
      const res = await call(stocker, 'GET', `/products/full/search/${product.code}`);
      expect(res.json().data[0]).toMatchObject({ cost: 3.3, goldPrice: 3.8, silverPrice: 3.8 });
      const cheap = await createProduct({
        cost: 0.5,
        sellPrice: 1,
        discount: { goldPercentage: 15, silverPercentage: 7 },
      });
      expect(cheap).toMatchObject({ goldPrice: 0.58, silverPrice: 0.54 });
    });

    it('a zero cost or sell price is refused, and a stock entry cannot set the cost to zero', async () => {
      const zeroCost = await call(stocker, 'POST', '/products', productBody({ cost: 0 }));
      expect(zeroCost.statusCode).toBe(400);
      expect(zeroCost.json()).toMatchObject({ errors: ['Informe o preço do produto'] });
      const zeroPrice = await call(stocker, 'POST', '/products', productBody({ sellPrice: 0 }));
      expect(zeroPrice.statusCode).toBe(400);
      expect(zeroPrice.json()).toMatchObject({ errors: ['Informe o preço de venda'] });

      const product = await createProduct({ cost: 10, stock: 1 });
      const before = await productRow(product.id);
      const entry = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [{ productId: product.id, cost: 0, stock: 5, source: await sourceKey() }],
      });
      expect(entry.statusCode).toBe(400);
      expect(entry.json()).toMatchObject({ errors: ['Informe o preço do produto'] });
      const edit = await call(stocker, 'PUT', `/products/${product.code}`, {
        ...productBody(),
        images: undefined,
        cost: 0,
      });
      expect(edit.statusCode).toBe(400);
      expect(await productRow(product.id)).toEqual(before);
      expect((await expectLedgerConsistent(product.id)).rows).toHaveLength(1);
    });

    it('ids beyond the integer column are refused up front with INVALID_INPUT (400), not 500', async () => {
      // The input guard (plugins/input-guard.ts) refuses them in the path and the body alike.
      const huge = 99_999_999_999;
      const refused = { errors: ['Um número informado está fora do intervalo aceito.'], code: 'INVALID_INPUT' };
      for (const url of [
        `/reports/product/sold/histories/${huge}/start/${START}/end/${END}`,
        `/reports/product/purchased/histories/start/${START}/end/${END}/${huge}`,
        `/reports/product/inventory/updated/histories/start/${START}/end/${END}/${huge}`,
        `/reports/product/stock/changed/${huge}/start/${START}/end/${END}`,
      ]) {
        const res = await call(stocker, 'GET', url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject(refused);
      }
      const product = await createProduct({ stock: 2 });
      const entry = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [
          { productId: product.id, cost: 10, stock: 1, source: await sourceKey() },
          { productId: huge, cost: 10, stock: 1, source: await sourceKey() },
        ],
      });
      expect(entry.statusCode).toBe(400);
      expect(entry.json()).toMatchObject(refused);
      expect((await expectLedgerConsistent(product.id)).stock).toBe(2);
    });

    it('odd product ids and codes in the path: a clear 400 for a non-id, 404 for an unknown code, never 500', async () => {
      for (const id of ['abc', '1.5', '-1', '0']) {
        const res = await call(stocker, 'GET', `/reports/product/stock/changed/${id}/start/${START}/end/${END}`);
        expect(res.statusCode, id).toBe(400);
        expect(res.json()).toMatchObject({ errors: ['Identificador de produto inválido.'] });
      }
      for (const code of ['P%20100001', 'Pã%2F1', 'x'.repeat(60), '%25_%5C']) {
        const res = await call(stocker, 'PATCH', `/products/unarchive/${code}`);
        expect(res.statusCode, code).toBe(404);
        expect(res.json()).toMatchObject({ errors: ['Produto não encontrado.'] });
      }
    });

    it('an impossible date is refused, not rolled over, and periods reaching year 0000 or 9999 answer', async () => {
      const product = await createProduct({ stock: 1 });
      const rolled = await call(
        stocker,
        'GET',
        `/reports/product/stock/changed/${product.id}/start/2026-02-30T00:00:00/end/2026-03-01T00:00:00`,
      );
      expect(rolled.statusCode).toBe(400);
      expect(rolled.json()).toMatchObject({ errors: ['Data inválida: use o formato AAAA-MM-DDTHH:mm:ss.'] });
      const hour = await call(
        stocker,
        'GET',
        `/reports/product/stock/changed/${product.id}/start/2026-01-01T24:00:00/end/2026-03-01T00:00:00`,
      );
      expect(hour.statusCode).toBe(400);
      for (const url of [
        `/reports/product/stock/changed/${product.id}/start/0000-01-01T00:00:00/end/9999-12-31T23:59:59`,
        `/reports/product/sold/histories/${product.id}/start/0000-01-01T00:00:00/end/9999-12-31T23:59:59`,
      ]) {
        const res = await call(stocker, 'GET', url);
        expect(res.statusCode, res.body).toBe(200);
      }
      const far = await call(
        stocker,
        'GET',
        `/reports/product/stock/changed/${product.id}/start/0000-01-01T00:00:00/end/9999-12-31T23:59:59`,
      );
      expect(far.json().data).toHaveLength(1);
    });

    it('a quantity or price that is wrong says what is wrong, not "Informe…" as if empty (issue 15)', async () => {
      const product = await createProduct({ stock: 5 });
      const source = await sourceKey();
      const cases: [string, string, Record<string, unknown>, string][] = [
        ['POST', '/products', productBody({ stock: -3 }), 'A quantidade não pode ser negativa.'],
        ['POST', '/products', productBody({ stock: 2_000_000 }), 'A quantidade máxima é de 1.000.000 unidades.'],
        ['POST', '/products', productBody({ stock: 2.5 }), 'Informe a quantidade em unidades inteiras.'],
        ['POST', '/products', productBody({ sellPrice: 1_000_000.01 }), 'O valor máximo é R$ 1.000.000,00.'],
        ['PATCH', `/products/inventory/${product.code}`, { newStock: -3 }, 'A quantidade não pode ser negativa.'],
        [
          'PATCH',
          '/products/menu/purchase/batch',
          { products: [{ productId: product.id, cost: 10, stock: 2_000_000, source }] },
          'A quantidade máxima é de 1.000.000 unidades.',
        ],
        [
          'PATCH',
          '/products/menu/purchase/batch',
          { products: [{ productId: product.id, cost: 10, stock: -3, source }] },
          'A quantidade de entrada deve ser maior que zero.',
        ],
      ];
      for (const [method, url, body, message] of cases) {
        const res = await call(stocker, method as 'POST', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(res.json().errors).toEqual([message]);
      }
      expect((await expectLedgerConsistent(product.id)).stock).toBe(5);
    });

    it('stock cannot grow past 1,000,000 units (the integer column would overflow into a 500)', async () => {
      const product = await createProduct({ stock: 999_999 });
      const source = await sourceKey();
      const over = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [{ productId: product.id, cost: 10, stock: 2, source }],
      });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ errors: ['O estoque de um produto não pode passar de 1.000.000 unidades.'] });
      // Two lines of one product that together pass the limit: nothing is written.
      const lines = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [
          { productId: product.id, cost: 10, stock: 1, source },
          { productId: product.id, cost: 10, stock: 1, source },
        ],
      });
      expect(lines.statusCode).toBe(409);
      expect((await expectLedgerConsistent(product.id)).stock).toBe(999_999);
      const exact = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [{ productId: product.id, cost: 10, stock: 1, source }],
      });
      expect(exact.statusCode).toBe(200);
      expect((await expectLedgerConsistent(product.id)).stock).toBe(1_000_000);
    });

    it('stock entries and inventory counts write audit rows (who, what changed)', async () => {
      const product = await createProduct({ stock: 2, cost: 10 });
      const source = await sourceKey();
      await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [{ productId: product.id, cost: 12.5, stock: 3, source }],
      });
      await call(manager, 'PATCH', `/products/inventory/${product.code}`, { newStock: 4 });
      const audit = await t.db
        .selectFrom('audit_events as a')
        .innerJoin('employees as e', 'e.id', 'a.employee_id')
        .select(['a.action', 'a.changes', 'e.email'])
        .where('a.entity', '=', 'product')
        .where('a.entity_id', '=', product.code)
        .orderBy('a.id')
        .execute();
      expect(audit.map((a) => [a.action, a.email])).toEqual([
        ['create', DEMO.stocker],
        ['stock-entry', DEMO.stocker],
        ['inventory', DEMO.manager],
      ]);
      const changes = (a: { changes: unknown }) => (typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes);
      // The cost is the average (decision 0046): 2 × 10,00 + 3 × 12,50 = 57,50; ÷ 5 = R$ 11,50; the entry's own
      // unit cost is recorded beside it.
      expect(changes(audit[1] as { changes: unknown })).toMatchObject({
        stock: { from: 2, to: 5 },
        cost: { from: 10, to: 11.5 },
        quantity: 3,
        entryUnitCost: 12.5,
        source,
      });
      expect(changes(audit[2] as { changes: unknown })).toMatchObject({ stock: { from: 5, to: 4 } });
    });

    it('a product refused after its pictures were read stores no picture (the files are written in its transaction)', async () => {
      const files = async () =>
        Number(
          (
            await t.db
              .selectFrom('files')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await files();
      const image = await picture(41, 39);
      const unknownBrand = await call(stocker, 'POST', '/products', productBody({ brand: 'Nokia', images: [image] }));
      expect(unknownBrand.statusCode).toBe(400);
      const unknownProduct = await call(stocker, 'PATCH', '/products/image/P0', { image });
      expect(unknownProduct.statusCode).toBe(404);
      expect(await files()).toBe(before);
      // The same picture twice on one product is one file.
      const twice = await call(stocker, 'POST', '/products', productBody({ images: [image, image] }));
      expect(twice.statusCode).toBe(201);
      const urls = twice.json().data.imagesUrl as string[];
      expect(urls).toHaveLength(2);
      expect(urls[0]).toBe(urls[1]);
      expect(await files()).toBe(before + 1);
    });

    it('an edit from a form opened before a stock entry does not undo the entry (previousStock, previousCost)', async () => {
      const product = await createProduct({ stock: 5, cost: 10 });
      // The form is opened (stock 5, cost R$ 10,00); meanwhile 3 units come in at R$ 12,50.
      await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [{ productId: product.id, cost: 12.5, stock: 3, source: await sourceKey() }],
      });
      const form = { ...productBody(), images: undefined, stock: 5, cost: 10, previousStock: 5, previousCost: 10 };
      const renamed = await call(stocker, 'PUT', `/products/${product.code}`, { ...form, name: 'Capa Renomeada' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      // The entry averaged the cost: 5 × 10,00 + 3 × 12,50 = 87,50; ÷ 8 = 10,9375 → R$ 10,94 (decision 0046).
      expect(renamed.json().data).toMatchObject({ name: 'Capa Renomeada', stock: 8, cost: 10.94 });
      expect((await expectLedgerConsistent(product.id)).rows.map((r) => r.kind)).toEqual(['ADJUSTMENT', 'PURCHASE']);

      // The form changed the stock or the cost too: refused with the current value, nothing written.
      const before = await productRow(product.id);
      const stock = await call(stocker, 'PUT', `/products/${product.code}`, { ...form, stock: 6 });
      expect(stock.statusCode).toBe(409);
      expect(stock.json()).toMatchObject({
        errors: ['O estoque do produto mudou enquanto você editava (agora 8). Confira e salve de novo.'],
      });
      const cost = await call(stocker, 'PUT', `/products/${product.code}`, { ...form, cost: 11 });
      expect(cost.statusCode).toBe(409);
      expect(cost.json()).toMatchObject({
        errors: ['O preço de compra do produto mudou enquanto você editava (agora R$ 10,94). Confira e salve de novo.'],
      });
      expect(await productRow(product.id)).toEqual(before);

      // A form opened after the entry saves its own stock and cost.
      const fresh = await call(stocker, 'PUT', `/products/${product.code}`, {
        ...form,
        stock: 9,
        cost: 13,
        previousStock: 8,
        previousCost: 10.94,
      });
      expect(fresh.json().data).toMatchObject({ stock: 9, cost: 13 });
      await expectLedgerConsistent(product.id);
    });

    it('a search longer than 200 characters is refused with its own message', async () => {
      const list = await call(stocker, 'GET', `/products?search=${'a'.repeat(201)}`);
      expect(list.statusCode).toBe(400);
      expect(list.json()).toMatchObject({ errors: ['A pesquisa deve ter no máximo 200 caracteres.'] });
      // (A path segment over 100 characters is cut short by Fastify's maxParamLength before the route.)
      expect((await call(stocker, 'GET', `/products/full/search/${'a'.repeat(100)}`)).statusCode).toBe(200);
      const backslash = await call(stocker, 'GET', `/products?search=${encodeURIComponent('\\')}`);
      expect(backslash.json().total).toBe(0);
    });

    it('removing a brand or reference while products are written with it never answers 500', async () => {
      for (let round = 0; round < 3; round++) {
        const brand = `Corrida ${round}`;
        await call(stocker, 'POST', '/products/brand', { name: brand });
        await call(stocker, 'PATCH', '/products/brand', { name: brand, reference: 'Modelo' });
        const [removeReference, removeBrand, ...creates] = await Promise.all([
          call(stocker, 'DELETE', '/products/brand/reference', { brand, reference: 'Modelo' }),
          call(stocker, 'DELETE', `/products/brand/${encodeURIComponent(brand)}`),
          ...[1, 2, 3].map((n) =>
            call(
              stocker,
              'POST',
              '/products',
              productBody({ name: `Produto ${round}.${n}`, brand, reference: 'Modelo' }),
            ),
          ),
        ]);
        const all = [removeReference, removeBrand, ...creates];
        for (const res of all) expect(res?.statusCode, res?.body).toBeLessThan(500);
        expect([200, 404, 409]).toContain(removeBrand?.statusCode);
        expect([200, 404, 409]).toContain(removeReference?.statusCode);
        const created = creates.filter((res) => res.statusCode === 201).length;
        const inDb = await t.db
          .selectFrom('products as p')
          .innerJoin('brands as b', 'b.id', 'p.brand_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('b.name', '=', brand)
          .executeTakeFirstOrThrow();
        expect(Number(inDb.n)).toBe(created);
        if (removeBrand?.statusCode === 200) expect(created).toBe(0);
      }
    });
  });
});
