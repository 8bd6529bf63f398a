import { CSV_INJECTION_PAYLOADS, parseCsv } from '@backoffice/contract/csv-injection-payloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

describe('products/export.csv', () => {
  let t: TestApp;
  let stocker: string;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(stocker), ...(payload ? { payload } : {}) });

  async function createProduct(name: string, prices: { cost: number; sellPrice: number }, reference?: string) {
    const res = await call('POST', '/products', {
      name,
      description: '',
      brand: 'Marca CSV',
      ...(reference ? { reference } : {}),
      ...prices,
      discount: { silverPercentage: 0, goldPercentage: 0 },
      stock: 3,
      tags: [],
      stockAlert: 0,
      images: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { code: string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    stocker = await signIn(t.app, DEMO.stocker);
    expect((await call('POST', '/products/brand', { name: 'Marca CSV' })).statusCode).toBe(201);
    expect((await call('PATCH', '/products/brand', { name: 'Marca CSV', reference: '@SUM(1+9)' })).statusCode).toBe(
      200,
    );
  });
  afterAll(() => t.close());

  const exported = async (search?: string) => {
    const res = await call('GET', `/products/export.csv${search ? `?search=${encodeURIComponent(search)}` : ''}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    return parseCsv(res.body);
  };

  it('a product named like a formula comes out inert in products/export.csv (every OWASP payload)', async () => {
    const codes = new Map<string, string>();
    for (const payload of CSV_INJECTION_PAYLOADS)
      codes.set((await createProduct(payload, { cost: 1, sellPrice: 2 }, '@SUM(1+9)')).code, payload);

    const [head, ...rows] = await exported();
    expect(head).toEqual([
      'Nome',
      'Código',
      'Referência',
      'Preço de compra',
      'Preço de venda',
      'Estoque',
      'NCM',
      'CEST',
      'Unidade comercial',
      'Origem (ICMS)',
    ]);
    expect(rows).toHaveLength(CSV_INJECTION_PAYLOADS.length);
    for (const row of rows) {
      const payload = codes.get(row[1] as string);
      expect(payload, row.join(' | ')).toBeDefined();
      // the API trims a name, so a payload led by a tab or a CR is stored from its '=' on
      expect(row, JSON.stringify(payload)).toEqual([
        `'${payload?.trim()}`,
        row[1],
        "'@SUM(1+9)",
        '1,00',
        '2,00',
        '3',
        '',
        '',
        '',
        '',
      ]);
    }
  });

  it('writes money as a number Excel in pt-BR sums: 1299,90 and 12345,67, no R$ and no thousands dot', async () => {
    const { code } = await createProduct('Smartphone Preço Alto', { cost: 12345.67, sellPrice: 1299.9 });
    const rows = await exported('Preço Alto');
    expect(rows.map((row) => row.slice(0, 6))).toEqual([
      ['Nome', 'Código', 'Referência', 'Preço de compra', 'Preço de venda', 'Estoque'],
      ['Smartphone Preço Alto', code, '', '12345,67', '1299,90', '3'],
    ]);
  });

  it('writes the fiscal fields: NCM and CEST with their dots (a leading zero survives a spreadsheet), unit, origin code', async () => {
    const { code } = await createProduct('Cabo Fiscal', { cost: 1, sellPrice: 2 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${code}`,
      headers: bearer(stocker),
      payload: {
        name: 'Cabo Fiscal',
        description: '',
        brand: 'Marca CSV',
        cost: 1,
        sellPrice: 2,
        discount: { silverPercentage: 0, goldPercentage: 0 },
        stock: 3,
        tags: [],
        stockAlert: 0,
        // Leite em pó (0402.10.10) and its CEST of segment 17: a CEST that goes with its NCM (issue 55).
        ncm: '04021010',
        cest: '1701700',
        unit: 'cx',
        origin: 2,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await exported('Cabo Fiscal');
    expect(rows[1]?.slice(6)).toEqual(['0402.10.10', '17.017.00', 'CX', '2']);
  });
});
