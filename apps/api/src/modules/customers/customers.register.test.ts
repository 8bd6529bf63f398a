import { apiErrorSchema, customerSchema, formatDocument, withCpfCheckDigits } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * POST /api/customers (issue 38 §1): a customer registered by staff, approved at once and audited with who did
 * it; CPF and CNPJ (the alphanumeric one too) checked by their digits; duplicates by document or e-mail refused
 * with the existing customer named. Every document below is worked out by hand in its comment.
 */

/**
 * CPF 111.444.777-35. First digit: 1·10 + 1·9 + 1·8 + 4·7 + 4·6 + 4·5 + 7·4 + 7·3 + 7·2 = 162; 162·10 mod 11 =
 * 1620 − 11·147 = 3. Second: 1·11 + 1·10 + 1·9 + 4·8 + 4·7 + 4·6 + 7·5 + 7·4 + 7·3 + 3·2 = 204; 2040 mod 11 =
 * 2040 − 11·185 = 5. So -35; -36 is wrong.
 */
const CPF = '111.444.777-35';
const CPF_BAD = '111.444.777-36';
/**
 * CNPJ 11.222.333/0001-81. First: weights 5,4,3,2,9,8,7,6,5,4,3,2 over 1,1,2,2,2,3,3,3,0,0,0,1 = 5+4+6+4+18+24+
 * 21+18+0+0+0+2 = 102; 102 mod 11 = 3 → 11 − 3 = 8. Second: weights 6,5,4,3,2,9,8,7,6,5,4,3,2 over …,1,8 =
 * 6+5+8+6+4+27+24+21+0+0+0+3+16 = 120; 120 mod 11 = 10 → 11 − 10 = 1. So -81.
 */
const CNPJ = '11.222.333/0001-81';
/**
 * Alphanumeric CNPJ 12.ABC.345/01DE-35 (each character counts its ASCII code − 48: A 17, B 18, C 19, D 20, E 21).
 * First: 1·5 + 2·4 + 17·3 + 18·2 + 19·9 + 3·8 + 4·7 + 5·6 + 0·5 + 1·4 + 20·3 + 21·2 = 459; 459 mod 11 = 8 → 3.
 * Second: 1·6 + 2·5 + 17·4 + 18·3 + 19·2 + 3·9 + 4·8 + 5·7 + 0·6 + 1·5 + 20·4 + 21·3 + 3·2 = 424; 424 mod 11 = 6
 * → 5. So -35; -36 is wrong.
 */
const CNPJ_ALPHA = '12.ABC.345/01DE-35';
const CNPJ_ALPHA_BAD = '12.ABC.345/01DE-36';

let t: TestApp;
const tokens = {} as Record<'admin' | 'attendant' | 'stocker' | 'manager', string>;
let attendantId: number;

const register = (payload: object, token = tokens.attendant) =>
  t.app.inject({ method: 'POST', url: '/api/customers', payload, headers: bearer(token) });

let sequence = 0;
/**
 * A valid body; each call a fresh e-mail and a fresh CPF of its own (base 700 000 000 + n, completed by the
 * contract: background data only — the documents under test are the hand-worked ones above).
 */
function body(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Cliente Balcão ${sequence}`,
    email: `balcao.${sequence}@example.com`,
    phone: '(11) 98765-4321',
    document: withCpfCheckDigits(String(700_000_000 + sequence)),
    zipCode: '01001-000',
    street: 'Praça da Sé',
    number: '100',
    complement: 'Sala 2',
    neighborhood: 'Sé',
    city: 'São Paulo',
    state: 'sp',
    level: 2,
    shippingCost: 12.5,
    warrantyPercentage: 10,
    fastDeliveryTax: 25,
    ...overrides,
  };
}

const customerCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'attendant', 'stocker', 'manager'] as const)
    tokens[role] = await signIn(t.app, DEMO[role]);
  attendantId = (
    await t.db.selectFrom('employees').select('id').where('email', '=', DEMO.attendant).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/customers', () => {
  it('registers a customer approved at once, with the terms given, audited with who registered him', async () => {
    const res = await register(body({ name: 'Joana Prado', email: 'Joana.Prado@Example.com', document: CPF }));
    expect(res.statusCode).toBe(201);
    const customer = customerSchema.parse(res.json().data);
    expect(customer).toMatchObject({
      name: 'Joana Prado',
      email: 'joana.prado@example.com',
      phone: '11987654321',
      document: '11144477735',
      level: 2,
      levelName: 'Prata',
      status: 'Approved',
      approved: true,
      shippingCost: 12.5,
      warrantyPercentage: 10,
      fastDeliveryTax: 25,
      address: {
        street: 'Praça da Sé',
        number: '100',
        complement: 'Sala 2',
        neighborhood: 'Sé',
        zipCode: '01001000',
        city: 'São Paulo',
        state: 'SP',
        shippingCost: 12.5,
      },
    });
    const row = await t.db
      .selectFrom('customers')
      .select(['status', 'approved_by', 'approved_at', 'shipping_cost_cents', 'fast_delivery_tax_cents'])
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    // R$ 12,50 and R$ 25,00 kept as 1250 and 2500 cents.
    expect(row).toMatchObject({ status: 'APPROVED', approved_by: attendantId, shipping_cost_cents: 1250 });
    expect(row.fast_delivery_tax_cents).toBe(2500);
    expect(row.approved_at).not.toBeNull();

    const audit = await t.db
      .selectFrom('audit_events')
      .select(['employee_id', 'action', 'changes'])
      .where('entity', '=', 'customer')
      .where('entity_id', '=', String(customer.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ employee_id: attendantId, action: 'register' });
    expect(audit[0]?.changes).toMatchObject({ document: '11144477735', status: 'APPROVED', approvedBy: attendantId });

    // The active list shows him, and his details say who approved him.
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/administrator/customer/joana.prado%40example.com',
      headers: bearer(tokens.attendant),
    });
    expect(details.json().data.approvedBy).toEqual({ id: attendantId, name: 'Beatriz Atendente' });
    const active = await t.app.inject({
      method: 'GET',
      url: '/api/customers?search=joana%20prado',
      headers: bearer(tokens.attendant),
    });
    expect(active.json().customers.map((c: { id: number }) => c.id)).toEqual([customer.id]);
  });

  it('accepts a numeric and an alphanumeric CNPJ, kept without punctuation, letters upper case', async () => {
    const numeric = await register(body({ document: CNPJ }));
    expect(numeric.statusCode).toBe(201);
    expect(numeric.json().data.document).toBe('11222333000181');
    const alpha = await register(body({ name: 'Loja Alfa', document: '12.abc.345/01de-35' }));
    expect(alpha.statusCode).toBe(201);
    expect(alpha.json().data.document).toBe('12ABC34501DE35');
    // The same CNPJ typed as printed, upper case with punctuation: the same document.
    const again = await register(body({ document: CNPJ_ALPHA }));
    expect(again.statusCode).toBe(409);
    expect(again.json().details.customer).toEqual({
      id: alpha.json().data.id,
      name: 'Loja Alfa',
      email: alpha.json().data.email,
    });
  });

  it('refuses a CPF or CNPJ whose check digits are wrong, and changes nothing', async () => {
    const before = await customerCount();
    for (const document of [CPF_BAD, CNPJ_ALPHA_BAD, '11.222.333/0001-80', '000.000.000-00', '123']) {
      const res = await register(body({ document }));
      expect(res.statusCode, document).toBe(400);
      expect(apiErrorSchema.parse(res.json()).errors).toContain('CPF ou CNPJ inválido');
    }
    expect(await customerCount()).toBe(before);
  });

  it('refuses what the registration lacks: CEP, phone with DDD, e-mail, level', async () => {
    const before = await customerCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ zipCode: '0100-100' }, 'Informe o CEP com 8 dígitos'],
      [{ phone: '98765-4321' }, 'Informe um telefone válido com DDD'],
      [{ email: 'sem-arroba' }, 'Informe um e-mail válido'],
      [{ level: 4 }, 'Nível de cliente inválido.'],
      [{ street: ' ' }, 'Informe a rua do endereço'],
    ];
    for (const [override, message] of cases) {
      const res = await register(body(override));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors).toContain(message);
    }
    expect(await customerCount()).toBe(before);
  });

  it('refuses a duplicate by document or by e-mail (any case), naming the customer who has it', async () => {
    const first = (await register(body({ name: 'Rafael Duarte', email: 'rafael@example.com' }))).json().data;
    const before = await customerCount();

    // The same CPF typed with punctuation, another e-mail.
    const byDocument = await register(body({ document: formatDocument(first.document) }));
    expect(byDocument.statusCode).toBe(409);
    expect(byDocument.json()).toMatchObject({
      code: 'DUPLICATE',
      errors: ['Já existe um cliente com este CPF/CNPJ: Rafael Duarte.'],
      details: { customer: { id: first.id, name: 'Rafael Duarte', email: 'rafael@example.com' } },
    });

    const byEmail = await register(body({ email: 'RAFAEL@example.com' }));
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({
      code: 'DUPLICATE',
      errors: ['Já existe um cliente com este e-mail: Rafael Duarte.'],
      details: { customer: { id: first.id, name: 'Rafael Duarte' } },
    });
    expect(await customerCount()).toBe(before);
  });

  it('of two registrations of one document at once, one is made and the other refused naming it', async () => {
    const before = await customerCount();
    const same = body();
    const [a, b] = await Promise.all([register(same), register({ ...same, email: `outro.${same.email}` })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const made = (a.statusCode === 201 ? a : b).json().data;
    expect((a.statusCode === 409 ? a : b).json().details.customer.id).toBe(made.id);
    expect(await customerCount()).toBe(before + 1);
  });

  it('refuses a duplicate of a blocked customer too (the shop decides on him, not a new record)', async () => {
    const blocked = (await register(body({ name: 'Sérgio Bloqueado' }))).json().data;
    const block = await t.app.inject({
      method: 'PATCH',
      url: `/api/administrator/customer/${blocked.id}/status`,
      payload: { status: 'Blocked', note: 'Cheque devolvido' },
      headers: bearer(tokens.attendant),
    });
    expect(block.statusCode).toBe(200);
    const again = await register(body({ document: blocked.document }));
    expect(again.statusCode).toBe(409);
    expect(again.json().details.customer.id).toBe(blocked.id);
  });

  it('sets the courier when given an active motoboy, and refuses an employee who is not one', async () => {
    const courier = await t.db
      .selectFrom('employees')
      .select(['id', 'name'])
      .where('email', '=', DEMO.courier)
      .executeTakeFirstOrThrow();
    const stocker = await t.db
      .selectFrom('employees')
      .select('id')
      .where('email', '=', DEMO.stocker)
      .executeTakeFirstOrThrow();
    const before = await customerCount();
    const refused = await register(body({ delivererId: stocker.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['O funcionário informado não é um motoboy ativo.']);
    expect(await customerCount()).toBe(before);

    const res = await register(body({ delivererId: courier.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.deliverer).toEqual({ id: courier.id, name: courier.name });
  });

  it('is refused to a role without the customers permission (Estoque), and open to one with it (Gerência)', async () => {
    const before = await customerCount();
    const refused = await register(body(), tokens.stocker);
    expect(refused.statusCode).toBe(403);
    expect(await customerCount()).toBe(before);
    const manager = await register(body(), tokens.manager);
    expect(manager.statusCode).toBe(201);
    expect(await customerCount()).toBe(before + 1);
  });
});
