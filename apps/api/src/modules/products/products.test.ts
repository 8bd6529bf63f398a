import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { END, openProductsWorld, picture, productBody, productCalls, START } from './test-products';

/**
 * Brands and references; a product created, refused, edited, its stock entries (createTestApp through ./test-products:
 * an app and a database of this file's own).
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

  describe('brands and references', () => {
    it('creates brands and references, refusing duplicates in any case with the spec messages', async () => {
      const created = await call(stocker, 'POST', '/products/brand', { name: '  Samsung ' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ data: { name: 'Samsung', references: [] } });

      const duplicate = await call(stocker, 'POST', '/products/brand', { name: 'SAMSUNG' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({ errors: ['Já existe uma marca com este nome.'] });

      // "reference" would be shadowed by DELETE /products/brand/reference and could never be removed.
      const reserved = await call(stocker, 'POST', '/products/brand', { name: 'Reference' });
      expect(reserved.statusCode).toBe(400);
      expect(reserved.json()).toMatchObject({ errors: ['Este nome é reservado pelo sistema, escolha outro.'] });

      const reference = await call(stocker, 'PATCH', '/products/brand', { name: 'samsung', reference: 'Galaxy S24' });
      expect(reference.statusCode).toBe(200);
      expect(reference.json().data).toEqual({ name: 'Samsung', references: ['Galaxy S24'] });

      const dupReference = await call(stocker, 'PATCH', '/products/brand', {
        name: 'Samsung',
        reference: 'galaxy s24',
      });
      expect(dupReference.statusCode).toBe(409);
      expect(dupReference.json()).toMatchObject({ errors: ['Já existe uma referencia com este nome.'] });

      // the same reference name under another brand is fine
      const other = await call(stocker, 'PATCH', '/products/brand', { name: 'Apple', reference: 'Galaxy S24' });
      expect(other.statusCode).toBe(200);
      await call(stocker, 'DELETE', '/products/brand/reference', { brand: 'Apple', reference: 'Galaxy S24' });

      const brands = await call(stocker, 'GET', '/products/brands');
      expect(brands.statusCode).toBe(200);
      expect(brands.json().data).toEqual(
        expect.arrayContaining([
          { name: 'Apple', references: ['iPhone 15'] },
          { name: 'Samsung', references: ['Galaxy S24'] },
        ]),
      );
      const references = await call(stocker, 'GET', '/products/references');
      expect(references.json().data).toEqual(
        expect.arrayContaining([
          { brand: 'Apple', name: 'iPhone 15' },
          { brand: 'Samsung', name: 'Galaxy S24' },
        ]),
      );
      const audit = await t.db
        .selectFrom('audit_events')
        .select(['entity', 'action'])
        .where('entity', 'like', 'brand%')
        .execute();
      expect(audit.length).toBeGreaterThanOrEqual(3);
    });

    it('validates names with the spec messages', async () => {
      const empty = await call(stocker, 'POST', '/products/brand', { name: ' ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toContain('Informe a marca que deseja criar');
      const noReference = await call(stocker, 'PATCH', '/products/brand', { name: 'Apple', reference: '' });
      expect(noReference.statusCode).toBe(400);
      expect(noReference.json().errors).toContain('Informe a referência que deseja criar');
      const unknownBrand = await call(stocker, 'PATCH', '/products/brand', { name: 'Nokia', reference: '3310' });
      expect(unknownBrand.statusCode).toBe(404);
      expect(unknownBrand.json()).toMatchObject({ errors: ['Marca não encontrada.'] });
      const extra = await call(stocker, 'POST', '/products/brand', { name: 'Xiaomi', id: 3 });
      expect(extra.statusCode).toBe(400);
    });

    it('removes a brand or reference only when no product uses it', async () => {
      await call(stocker, 'POST', '/products/brand', { name: 'Motorola' });
      await call(stocker, 'PATCH', '/products/brand', { name: 'Motorola', reference: 'Moto G84' });
      await call(stocker, 'PATCH', '/products/brand', { name: 'Motorola', reference: 'Edge 40' });
      await createProduct({ brand: 'Motorola', reference: 'Moto G84', name: 'Película Moto G84' });

      const brandInUse = await call(stocker, 'DELETE', '/products/brand/Motorola');
      expect(brandInUse.statusCode).toBe(409);
      expect(brandInUse.json()).toMatchObject({
        errors: ['Não é possível remover a marca: existem produtos cadastrados com ela.'],
      });
      const referenceInUse = await call(stocker, 'DELETE', '/products/brand/reference', {
        brand: 'Motorola',
        reference: 'Moto G84',
      });
      expect(referenceInUse.statusCode).toBe(409);
      expect(referenceInUse.json().errors[0]).toBe(
        'Não é possível remover a referência: existem produtos cadastrados com ela.',
      );

      const removed = await call(stocker, 'DELETE', '/products/brand/reference', {
        brand: 'motorola',
        reference: 'edge 40',
      });
      expect(removed.statusCode).toBe(200);
      const missing = await call(stocker, 'DELETE', '/products/brand/reference', {
        brand: 'Motorola',
        reference: 'Edge 40',
      });
      expect(missing.statusCode).toBe(404);

      await call(stocker, 'POST', '/products/brand', { name: 'Marca Vazia' });
      await call(stocker, 'PATCH', '/products/brand', { name: 'Marca Vazia', reference: 'Ref 1' });
      const deleted = await call(stocker, 'DELETE', `/products/brand/${encodeURIComponent('Marca Vazia')}`);
      expect(deleted.statusCode).toBe(200);
      expect((await call(stocker, 'DELETE', '/products/brand/Nenhuma')).statusCode).toBe(404);
    });
  });

  describe('products', () => {
    it('creates a product with a server code, derived prices, search text and a picture', async () => {
      const res = await call(stocker, 'POST', '/products', productBody({ images: [await picture(800, 600)] }));
      expect(res.statusCode, res.body).toBe(201);
      const product = res.json().data;
      expect(product).toMatchObject({
        code: expect.stringMatching(/^P\d{6,}$/),
        name: 'Capa Silicone iPhone 15',
        brand: 'Apple',
        reference: 'iPhone 15',
        cost: 10,
        sellPrice: 25.9,
        stock: 5,
        stockAlert: 2,
        tags: ['capa', 'Silicone'],
        discount: { silverPercentage: 30, goldPercentage: 20, bronzePercentage: 0 },
        archived: false,
        goldPrice: 12,
        silverPrice: 13,
      });
      expect(product.images).toHaveLength(1);
      expect(product.images[0].name).toBe(`${product.code}-1.jpg`);
      expect(product.imagesUrl).toEqual([product.images[0].url]);

      const file = await t.app.inject({ method: 'GET', url: product.imagesUrl[0] });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['cache-control']).toContain('max-age');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(300);
      expect(meta.height).toBe(225);

      const row = await t.db
        .selectFrom('products')
        .select('search_text')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(row.search_text).toBe(
        `capa silicone iphone 15 ${product.code.toLowerCase()} capa silicone apple iphone 15`,
      );
      await expectLedgerConsistent(product.id);
      const ledger = await t.db
        .selectFrom('stock_movements')
        .selectAll()
        .where('product_id', '=', product.id)
        .execute();
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ kind: 'ADJUSTMENT', stock_before: 0, quantity_in: 5, stock_after: 5 });
      expect(ledger[0]?.employee_id).not.toBeNull();

      const second = await createProduct({ stock: 0 });
      expect(second.code).not.toBe(product.code);
      const audit = await t.db
        .selectFrom('audit_events')
        .select('action')
        .where('entity', '=', 'product')
        .where('entity_id', '=', product.code)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['create']);
    });

    it('refuses invalid products with the spec messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, 'Informe o nome do produto'],
        [{ brand: '' }, 'Informe a marca do produto'],
        [{ sellPrice: -1 }, 'O preço não pode ser negativo.'],
        [{ cost: -0.01 }, 'O preço não pode ser negativo.'],
        [{ sellPrice: undefined }, 'Informe o preço de venda'],
        [{ cost: 'abc' }, 'Informe o preço do produto'],
        [{ cost: 10.123 }, 'Informe um valor com no máximo duas casas decimais.'],
        [{ discount: { silverPercentage: 101, goldPercentage: 10 } }, 'Informe o percentual de 0 a 100'],
        [{ discount: { silverPercentage: 10, goldPercentage: -1 } }, 'Informe o percentual de 0 a 100'],
        [{ stockAlert: 10001 }, 'O alerta de estoque deve estar entre 0 e 10000.'],
        [{ stock: -1 }, 'A quantidade não pode ser negativa.'],
        [{ stock: 1.5 }, 'Informe a quantidade em unidades inteiras.'],
      ];
      for (const [overrides, message] of cases) {
        const res = await call(stocker, 'POST', '/products', productBody(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().errors).toContain(message);
      }
      // A negative price says only that (not 'Informe…', as if nothing had been typed: issue 35 §10).
      const negative = await call(stocker, 'POST', '/products', productBody({ sellPrice: -10 }));
      expect(negative.json().errors).toEqual(['O preço não pode ser negativo.']);
      const unknownBrand = await call(stocker, 'POST', '/products', productBody({ brand: 'Nokia' }));
      expect(unknownBrand.statusCode).toBe(400);
      expect(unknownBrand.json()).toMatchObject({ errors: ['Marca não encontrada.'] });
      const unknownReference = await call(stocker, 'POST', '/products', productBody({ reference: 'iPhone 3G' }));
      expect(unknownReference.json()).toMatchObject({ errors: ['Referência não encontrada para esta marca.'] });
      const privileged = await call(stocker, 'POST', '/products', productBody({ code: 'P1', archived: true }));
      expect(privileged.statusCode).toBe(400);
    });

    it('refuses what is not an image, and images over 2 MB, with clear messages and nothing stored', async () => {
      const before = await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const text = Buffer.from('isto não é uma imagem, é um texto qualquer').toString('base64');
      const notImage = await call(stocker, 'POST', '/products', productBody({ images: [text] }));
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json()).toMatchObject({ errors: ['O arquivo enviado não é uma imagem válida.'] });
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').toString('base64');
      expect((await call(stocker, 'POST', '/products', productBody({ images: [svg] }))).statusCode).toBe(400);
      const garbage = await call(stocker, 'POST', '/products', productBody({ images: ['@@@###'] }));
      expect(garbage.json()).toMatchObject({ errors: ['O arquivo enviado não é uma imagem válida.'] });
      const huge = Buffer.alloc(2 * 1024 * 1024 + 10, 1).toString('base64');
      const tooLarge = await call(stocker, 'POST', '/products', productBody({ images: [huge] }));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({ errors: ['A imagem deve ter no máximo 2 MB.'] });
      const after = await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('edits a product: prices, brand, tags and stock through the ledger', async () => {
      const product = await createProduct({ stock: 3 });
      const res = await call(stocker, 'PUT', `/products/${product.code}`, {
        ...productBody({ images: undefined }),
        images: undefined,
        code: product.code,
        name: 'Capa Couro iPhone 15',
        cost: 20,
        sellPrice: 49.9,
        discount: { silverPercentage: 25.5, goldPercentage: 10, bronzePercentage: 40 },
        stock: 8,
        tags: ['couro'],
        reference: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'Capa Couro iPhone 15',
        cost: 20,
        sellPrice: 49.9,
        stock: 8,
        reference: null,
        tags: ['couro'],
        goldPrice: 22,
        silverPrice: 25.1,
        discount: { silverPercentage: 25.5, goldPercentage: 10, bronzePercentage: 40 },
      });
      const { rows } = await expectLedgerConsistent(product.id);
      expect(rows.at(-1)).toMatchObject({ kind: 'ADJUSTMENT', stock_before: 3, quantity_in: 5, stock_after: 8 });
      const row = await t.db
        .selectFrom('products')
        .select('search_text')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(row.search_text).toBe(`capa couro iphone 15 ${product.code.toLowerCase()} couro apple`);

      // an edit that keeps the stock writes no ledger row
      const same = await call(stocker, 'PUT', `/products/${product.code}`, {
        ...productBody(),
        images: undefined,
        stock: 8,
      });
      expect(same.statusCode).toBe(200);
      expect((await expectLedgerConsistent(product.id)).rows).toHaveLength(rows.length);

      const mismatch = await call(stocker, 'PUT', `/products/${product.code}`, {
        ...productBody(),
        images: undefined,
        code: 'P999',
      });
      expect(mismatch.statusCode).toBe(400);
      const missing = await call(stocker, 'PUT', '/products/P0', { ...productBody(), images: undefined });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ errors: ['Produto não encontrado.'] });
      const audit = await t.db
        .selectFrom('audit_events')
        .select(['action', 'changes'])
        .where('entity_id', '=', product.code)
        .where('action', '=', 'update')
        .execute();
      expect(audit).toHaveLength(2);
    });

    it('records stock entries in one transaction: quantity in, the average cost, source and who', async () => {
      const a = await createProduct({ stock: 2, cost: 10 });
      const b = await createProduct({ stock: 0, cost: 5 });
      const sources = await call(stocker, 'GET', '/products/sources');
      expect(sources.statusCode).toBe(200);
      expect(sources.json().data).toHaveLength(5);
      const source = sources.json().data[0].key;

      const res = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [
          { productId: a.id, cost: 12.5, stock: 10, source },
          { productId: b.id, cost: 6, stock: 4, source },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json().data;
      // The cost averages (decision 0046): 2 at R$ 10,00 + 10 at R$ 12,50 = 20,00 + 125,00 = 145,00; ÷ 12 =
      // 12,0833… → R$ 12,08. Gold (+20 %) 14,496 → R$ 14,50; silver (+30 %) 15,704 → R$ 15,70.
      expect(updated.find((p: { id: number }) => p.id === a.id)).toMatchObject({
        stock: 12,
        cost: 12.08,
        goldPrice: 14.5,
        silverPrice: 15.7,
      });
      // Nothing in stock before: the entry's cost.
      expect(updated.find((p: { id: number }) => p.id === b.id)).toMatchObject({ stock: 4, cost: 6 });
      await expectLedgerConsistent(a.id);
      await expectLedgerConsistent(b.id);

      // one bad line: nothing changes
      const bad = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [
          { productId: a.id, cost: 1, stock: 1, source },
          { productId: 999999, cost: 1, stock: 1, source },
        ],
      });
      expect(bad.statusCode).toBe(404);
      expect((await expectLedgerConsistent(a.id)).stock).toBe(12);
      const badSource = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [{ productId: a.id, cost: 1, stock: 1, source: 'ROUBO' }],
      });
      expect(badSource.statusCode).toBe(400);
      expect(badSource.json()).toMatchObject({ errors: ['Operação desconhecida.'] });
      const missingFields = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [{ productId: a.id }],
      });
      expect(missingFields.statusCode).toBe(400);
      expect(missingFields.json().errors).toEqual(
        expect.arrayContaining([
          'Informe o preço do produto',
          'Informe a quantidade do produto em estoque',
          'Informe a operação',
        ]),
      );
      const zero = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
        products: [{ productId: a.id, cost: 1, stock: 0, source }],
      });
      expect(zero.statusCode).toBe(400);
      const empty = await call(stocker, 'PATCH', '/products/menu/purchase/batch', { products: [] });
      expect(empty.json().errors).toContain('Informe ao menos um produto.');

      const history = await call(
        stocker,
        'GET',
        `/reports/product/purchased/histories/start/${START}/end/${END}/${a.id}`,
      );
      expect(history.statusCode).toBe(200);
      expect(history.json().data).toEqual([
        {
          costBefore: 10,
          costAfter: 12.08,
          // The entry's own unit cost beside the average it made (issue 54): R$ 12,50 typed, R$ 12,08 the average.
          entryUnitCost: 12.5,
          quantity: 10,
          quantityBefore: 2,
          actualQuantity: 12,
          source: 'Compra de fornecedor',
          who: 'Carlos Estoquista',
          when: expect.any(String),
        },
      ]);
    });
  });
});
