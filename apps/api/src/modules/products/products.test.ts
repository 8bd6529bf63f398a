import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/** A picture of `width`×`height` as base64 without prefix, in the given format. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } });
  const buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  return buffer.toString('base64');
}

const START = '2000-01-01T00:00:00';
const END = '2100-01-01T00:00:00';

function productBody(overrides: Record<string, unknown> = {}) {
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

describe('products API', () => {
  let t: TestApp;
  let stocker: string;
  let attendant: string;
  let manager: string;

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  /** stock = Σ(in − out) of the ledger = last stock_after, and each row starts where the previous ended. */
  async function expectLedgerConsistent(productId: number) {
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
    const res = await call(stocker, 'POST', '/products', productBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string; stock: number; name: string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    [stocker, attendant, manager] = await Promise.all([
      signIn(t.app, DEMO.stocker),
      signIn(t.app, DEMO.attendant),
      signIn(t.app, DEMO.manager),
    ]);
    expect((await call(stocker, 'POST', '/products/brand', { name: 'Apple' })).statusCode).toBe(201);
    expect(
      (await call(stocker, 'PATCH', '/products/brand', { name: 'Apple', reference: 'iPhone 15' })).statusCode,
    ).toBe(200);
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
