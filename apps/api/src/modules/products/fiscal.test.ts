import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * A product's fiscal fields (issue 21 §2): NCM 8 digits, CEST 7 digits (optional), commercial unit 1–6
 * letters, ICMS origin 0–8. Optional: a product without them says null; an edit that leaves them out keeps
 * them; null removes them. A malformed one is refused in Portuguese and nothing changes.
 */
describe('product fiscal fields (NCM, CEST, unit, origin)', () => {
  let t: TestApp;
  let stocker: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(stocker), ...(payload ? { payload } : {}) });

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Carregador USB-C 20W',
    brand: 'Marca Fiscal',
    cost: 20,
    sellPrice: 59.9,
    discount: { silverPercentage: 10, goldPercentage: 5 },
    stock: 2,
    tags: [],
    ...overrides,
  });

  const product = async (code: string) => {
    const res = await call('GET', `/products?search=${code}`);
    expect(res.statusCode).toBe(200);
    return res.json().items.find((p: { code: string }) => p.code === code);
  };

  beforeAll(async () => {
    t = await createTestApp();
    stocker = await signIn(t.app, DEMO.stocker);
    expect((await call('POST', '/products/brand', { name: 'Marca Fiscal' })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('saves valid fields as typed (dots dropped, unit uppercased), shows them, and a product without them says null', async () => {
    const created = await call(
      'POST',
      '/products',
      // A charger: NCM 8504.40.10, CEST 21.037.00 'Carregadores de acumuladores' (Convênio ICMS 142/2018, Anexo XX).
      body({ ncm: '8504.40.10', cest: '21.037.00', unit: 'un', origin: 1 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({ ncm: '85044010', cest: '2103700', unit: 'UN', origin: 1 });
    expect(await product(data.code)).toMatchObject({ ncm: '85044010', cest: '2103700', unit: 'UN', origin: 1 });

    const plain = await call('POST', '/products', body({ name: 'Película sem fiscal' }));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data).toMatchObject({ ncm: null, cest: null, unit: null, origin: null });
  });

  it("refuses NCM '1234' with the Portuguese message (400) and creates nothing", async () => {
    const bad = await call('POST', '/products', body({ name: 'Capa NCM Curto', ncm: '1234' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['O NCM deve ter 8 dígitos (ex.: 8517.13.00).']);
    expect((await call('GET', '/products?search=NCM%20Curto')).json().total).toBe(0);
  });

  it('refuses each malformed field on an edit and changes nothing; absent keeps, null removes', async () => {
    const created = await call('POST', '/products', body({ name: 'Fone Bluetooth', ncm: '85183000', origin: 2 }));
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().data.code as string;

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ ncm: '1234' }, 'O NCM deve ter 8 dígitos (ex.: 8517.13.00).'],
      [{ ncm: '8518300A' }, 'O NCM deve ter 8 dígitos (ex.: 8517.13.00).'],
      [{ cest: '210530' }, 'O CEST deve ter 7 dígitos (ex.: 21.053.00).'],
      [{ unit: 'UNIDADE' }, 'A unidade comercial deve ter de 1 a 6 letras (ex.: UN, CX, PC, KG).'],
      [{ unit: 'U1' }, 'A unidade comercial deve ter de 1 a 6 letras (ex.: UN, CX, PC, KG).'],
      [{ origin: 9 }, 'Informe a origem da mercadoria: um código de 0 a 8.'],
      [{ origin: 1.5 }, 'Informe a origem da mercadoria: um código de 0 a 8.'],
    ];
    for (const [fields, message] of refusals) {
      const res = await call('PUT', `/products/${code}`, body({ name: 'Fone Bluetooth Editado', ...fields }));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().errors).toEqual([message]);
    }
    expect(await product(code)).toMatchObject({
      name: 'Fone Bluetooth',
      ncm: '85183000',
      cest: null,
      unit: null,
      origin: 2,
    });

    // Left out: kept (an older client's edit does not wipe them).
    const kept = await call('PUT', `/products/${code}`, body({ name: 'Fone Bluetooth' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ ncm: '85183000', origin: 2 });

    // Origin 0 is a code, not "none"; null and blank remove.
    const changed = await call(
      'PUT',
      `/products/${code}`,
      body({ name: 'Fone Bluetooth', ncm: null, cest: ' ', origin: 0 }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ ncm: null, cest: null, unit: null, origin: 0 });
  });

  it("checks the CEST against the NCM (Convênio ICMS 142/2018): a phone takes 21.053.00, not a SIM card's 21.064.00", async () => {
    const wrong = await call(
      'POST',
      '/products',
      body({ name: 'Galaxy CEST errado', ncm: '85171300', cest: '2106400' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      'O CEST 21.064.00 não corresponde ao NCM 8517.13.00 no Convênio ICMS 142/2018 (para este NCM: 21.053.00, 21.053.01, 21.110.00).',
    ]);
    // 12.001.00 (transformers) leaves the chargers of 8504.40.10 out: refused.
    const charger = await call(
      'POST',
      '/products',
      body({ name: 'Carregador CEST errado', ncm: '85044010', cest: '1200100' }),
    );
    expect(charger.statusCode).toBe(400);
    const noNcm = await call('POST', '/products', body({ name: 'CEST sem NCM', cest: '2105300' }));
    expect(noNcm.json().errors).toEqual([
      'Informe o NCM junto com o CEST: o CEST é conferido com o NCM (Convênio ICMS 142/2018).',
    ]);
    const right = await call(
      'POST',
      '/products',
      body({ name: 'Galaxy CEST certo', ncm: '8517.13.00', cest: '21.053.00' }),
    );
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().data).toMatchObject({ ncm: '85171300', cest: '2105300', cestRequired: false });
  });
});
