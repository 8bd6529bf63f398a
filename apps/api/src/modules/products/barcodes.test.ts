import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * 'Código de barras' (issue 17 §6): a product's GTIN/EAN, GS1 check digit verified, one product per code,
 * found by a scan. Vectors worked out by hand (weights 3,1,3,1… from the right of the body):
 * - 7891000315507 (EAN-13 of a real box): 0+5+15+1+9+0+0+0+3+9+24+7 = 73 → 7 (so …508 is refused)
 * - 96385074 (EAN-8): 21+0+15+8+9+6+27 = 86 → 4
 * - 7898357410015: 3+0+0+1+12+7+15+3+24+9+24+7 = 105 → 5
 * - 10012345678902 (GTIN-14): 0+9+24+7+18+5+12+3+6+1+0+0+3 = 88 → 2
 * - 036000291452 (UPC-A): 15+4+3+9+6+0+0+0+18+3+0 = 58 → 2; typed as EAN-13 it is 0036000291452
 */
describe('product barcodes (GTIN/EAN)', () => {
  let t: TestApp;
  let stocker: string;
  let attendant: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    token: string = stocker,
  ) => t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  function accessory(overrides: Record<string, unknown> = {}) {
    return {
      name: 'Capa Galaxy A55',
      brand: 'Marca Barras',
      cost: 10,
      sellPrice: 29.9,
      discount: { silverPercentage: 10, goldPercentage: 5 },
      stock: 4,
      tags: [],
      ...overrides,
    };
  }

  async function create(overrides: Record<string, unknown> = {}) {
    const res = await call('POST', '/products', accessory(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string; name: string; barcode: string | null };
  }

  beforeAll(async () => {
    t = await createTestApp();
    stocker = await signIn(t.app, DEMO.stocker);
    attendant = await signIn(t.app, DEMO.attendant);
    expect((await call('POST', '/products/brand', { name: 'Marca Barras' })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('keeps the barcode given on create, shows it, and finds the product by it (lookup and list search)', async () => {
    const capa = await create({ barcode: ' 7891000315507 ' });
    expect(capa.barcode).toBe('7891000315507');

    // The seller's scan in 'Vendas' finds it.
    const found = await call('GET', '/products/barcode/7891000315507', undefined, attendant);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ code: capa.code, name: 'Capa Galaxy A55', barcode: '7891000315507' });

    const listed = await call('GET', '/products?search=7891000315507');
    expect(listed.statusCode).toBe(200);
    const page = listed.json();
    expect(page.items.map((p: { code: string }) => p.code)).toEqual([capa.code]);

    // A product without a barcode says null.
    const plain = await create({ name: 'Película A55' });
    expect(plain.barcode).toBeNull();
  });

  it('refuses a wrong check digit or length with a Portuguese message (400) and creates nothing', async () => {
    const bad = await call('POST', '/products', accessory({ name: 'Carregador Ruim', barcode: '7891000315508' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Código de barras inválido: 7891000315508 (dígito verificador não confere).']);
    const short = await call('POST', '/products', accessory({ name: 'Carregador Ruim', barcode: '12345' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual(['O código de barras deve ter 8, 12, 13 ou 14 dígitos (GTIN/EAN).']);
    const search = await call('GET', '/products?search=Carregador%20Ruim');
    expect(search.json().total).toBe(0);
  });

  it('refuses a barcode another product has (409 naming it), also as UPC-A vs EAN-13, on create and edit', async () => {
    const fone = await create({ name: 'Fone Bluetooth', barcode: '036000291452' });
    const sameAsEan13 = await call('POST', '/products', accessory({ name: 'Fone Cópia', barcode: '0036000291452' }));
    expect(sameAsEan13.statusCode).toBe(409);
    expect(sameAsEan13.json()).toMatchObject({
      code: 'DUPLICATE',
      errors: ['O código de barras 0036000291452 já está no produto Fone Bluetooth.'],
    });

    const cabo = await create({ name: 'Cabo USB-C', barcode: '96385074' });
    const edit = await call(
      'PUT',
      `/products/${cabo.code}`,
      accessory({ name: 'Cabo USB-C', barcode: '036000291452' }),
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errors).toEqual(['O código de barras 036000291452 já está no produto Fone Bluetooth.']);
    // Nothing changed: the cable keeps its code.
    const cable = await call('GET', '/products/barcode/96385074');
    expect(cable.json().data).toMatchObject({ code: cabo.code, barcode: '96385074' });

    // The UPC-A box scanned as 13 digits finds the same product.
    const upc = await call('GET', '/products/barcode/0036000291452');
    expect(upc.json().data).toMatchObject({ code: fone.code });
  });

  it('edit: absent keeps the barcode, null removes it, a product may keep its own', async () => {
    const kit = await create({ name: 'Kit Limpeza', barcode: '10012345678902' });
    const kept = await call('PUT', `/products/${kit.code}`, accessory({ name: 'Kit Limpeza Tela' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.barcode).toBe('10012345678902');
    const same = await call(
      'PUT',
      `/products/${kit.code}`,
      accessory({ name: 'Kit Limpeza', barcode: '10012345678902' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    const removed = await call('PUT', `/products/${kit.code}`, accessory({ name: 'Kit Limpeza', barcode: null }));
    expect(removed.json().data.barcode).toBeNull();
    const gone = await call('GET', '/products/barcode/10012345678902');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors).toEqual(['Nenhum produto com o código de barras 10012345678902.']);
    // Now free, another product may take it.
    await create({ name: 'Kit Limpeza Novo', barcode: '10012345678902' });
  });

  it('the lookup leaves archived products out and needs a signed-in seller', async () => {
    const suporte = await create({ name: 'Suporte Veicular', barcode: '7898357410015' });
    const archive = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/archive?codes=${suporte.code}`,
      headers: bearer(stocker),
    });
    expect(archive.statusCode).toBe(200);
    expect((await call('GET', '/products/barcode/7898357410015')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/products/barcode/7891000315507' });
    expect(anonymous.statusCode).toBe(401);
    const shape = await call('GET', '/products/barcode/abc');
    expect(shape.statusCode).toBe(400);
  });
});
