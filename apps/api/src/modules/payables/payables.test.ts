import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  businessDay,
  payableDetailsSchema,
  payablePageSchema,
  payablesDueSchema,
  shiftDay,
  supplierPageSchema,
  supplierSchema,
  withCnpjCheckDigits,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectApiError, signIn, type TestApp } from '../../test/helpers';
import { recordSupplierCredit } from './payables.service';

/** Suppliers and bills to pay through the API (issue 39 §1, §3; decision 0047), every figure by hand. */
let t: TestApp;
let admin: string;
let stocker: string;
let attendant: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });

const expectError = expectApiError;

const today = () => businessDay(new Date());
let serial = 0;
/** A supplier of its own for each test (a fresh valid CNPJ). */
async function supplier(name: string) {
  serial += 1;
  const document = withCnpjCheckDigits(`7${String(serial).padStart(7, '0')}0001`);
  const res = await call('POST', '/suppliers', stocker, { name, document });
  expect(res.statusCode).toBe(201);
  return supplierSchema.parse(res.json().data);
}
async function bill(supplierId: number | null, dueDate: string, amount: number, description = 'Conta de teste') {
  const res = await call('POST', '/payables', stocker, {
    supplierId,
    category: 'ALUGUEL',
    description,
    dueDate,
    amount,
  });
  expect(res.statusCode).toBe(201);
  return payableDetailsSchema.parse(res.json().data);
}
const pay = (id: number, amount: number, key?: string, token = stocker) =>
  call(
    'POST',
    `/payables/${id}/payments`,
    token,
    { paidOn: today(), method: 'PIX', account: 'Itaú 1234-5', amount },
    key,
  );
const list = async (query: string) => {
  const res = await call('GET', `/payables?${query}`, stocker);
  expect(res.statusCode).toBe(200);
  return payablePageSchema.parse(res.json().data);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
  stocker = await signIn(t.app, DEMO.stocker);
  attendant = await signIn(t.app, DEMO.attendant);
}, 120_000);
afterAll(() => t.close());

describe('suppliers', () => {
  it('registers a supplier with a punctuated CNPJ (kept normalised), finds it by name or CNPJ, edits it, audited', async () => {
    const document = withCnpjCheckDigits('334445550001');
    const typed = `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`;
    const res = await call('POST', '/suppliers', stocker, {
      name: 'Távola Distribuidora de Acessórios',
      document: typed,
      stateRegistration: '110.042.490.114',
      contactName: 'Marta',
      phone: '(11) 3456-7890',
      email: 'Compras@Tavola.com.br',
      address: { street: 'Rua 25 de Março', number: '100', city: 'São Paulo', state: 'sp', postalCode: '01021-000' },
    });
    expect(res.statusCode).toBe(201);
    const created = supplierSchema.parse(res.json().data);
    expect(created).toMatchObject({
      document,
      documentType: 'CNPJ',
      phone: '1134567890',
      email: 'compras@tavola.com.br',
      address: { state: 'SP', postalCode: '01021000', district: null },
    });

    const byName = supplierPageSchema.parse(
      (await call('GET', '/suppliers?search=tavola%20acess', stocker)).json().data,
    );
    expect(byName.items.map((s) => s.id)).toEqual([created.id]);
    const byDocument = supplierPageSchema.parse(
      (await call('GET', `/suppliers?search=${encodeURIComponent(typed.slice(0, 10))}`, stocker)).json().data,
    );
    expect(byDocument.items.map((s) => s.id)).toEqual([created.id]);

    const edited = await call('PATCH', `/suppliers/${created.id}`, stocker, {
      contactName: 'Marta Souza',
      address: { city: 'Guarulhos' },
    });
    expect(edited.statusCode).toBe(200);
    expect(supplierSchema.parse(edited.json().data)).toMatchObject({
      contactName: 'Marta Souza',
      address: { city: 'Guarulhos', street: 'Rua 25 de Março', state: 'SP' },
    });
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'supplier')
      .where('entity_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['created', 'updated']);
    expect(audit[1]?.changes).toEqual({
      contactName: { from: 'Marta', to: 'Marta Souza' },
      city: { from: 'São Paulo', to: 'Guarulhos' },
    });
  });

  it('refuses wrong check digits, a CNPJ already registered (naming who has it), and answers 404 for an unknown id', async () => {
    const bad = expectError(
      await call('POST', '/suppliers', stocker, { name: 'X', document: '11.222.333/0001-80' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(bad.errors).toContain('CNPJ ou CPF inválido: confira os dígitos verificadores.');
    const first = await supplier('Primeira Distribuidora');
    const taken = expectError(
      await call('POST', '/suppliers', stocker, { name: 'Outra', document: first.document }),
      409,
      'CONFLICT',
    );
    expect(taken.errors).toEqual(['Já existe um fornecedor com este CNPJ/CPF: Primeira Distribuidora.']);
    expectError(await call('GET', '/suppliers/999999', stocker), 404, 'NOT_FOUND');
    // A CPF (an individual supplier) is accepted; an alphanumeric CNPJ too.
    expect(
      (await call('POST', '/suppliers', stocker, { name: 'João Fornecedor', document: '529.982.247-25' })).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/suppliers', stocker, { name: 'Alfa', document: withCnpjCheckDigits('AB1CD2EF0001') }))
        .statusCode,
    ).toBe(201);
  });

  it('exports the search as CSV', async () => {
    const s = await supplier('Exportadora Zeta Celulares');
    const res = await call('GET', '/suppliers/export.csv?search=zeta', stocker);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'Nome;Nome fantasia;CNPJ/CPF;Inscrição estadual;Contato;Telefone;E-mail;Endereço;Cidade;UF;CEP;Cadastrado em',
    );
    expect(lines[1]?.startsWith(`Exportadora Zeta Celulares;;${s.document.slice(0, 2)}.`)).toBe(true);
  });

  it('is closed to a role without bo:manage:purchases (Atendimento)', async () => {
    expectError(await call('GET', '/suppliers', attendant), 403, 'FORBIDDEN');
    expectError(await call('GET', '/payables', attendant), 403, 'FORBIDDEN');
  });
});

describe('bills to pay', () => {
  it('a bill of R$ 1.500,00 paid R$ 600,00 then R$ 900,00; a payment undone reopens R$ 900,00', async () => {
    const s = await supplier('Imobiliária Centro');
    const created = await bill(s.id, shiftDay(today(), 3), 1500, 'Aluguel de dezembro');
    expect(created).toMatchObject({ amount: 1500, paid: 0, open: 1500, status: 'OPEN', isCredit: false, payments: [] });

    const partial = await pay(created.id, 600);
    expect(partial.statusCode).toBe(200);
    expect(payableDetailsSchema.parse(partial.json().data)).toMatchObject({ paid: 600, open: 900, status: 'OPEN' });

    const over = expectError(await pay(created.id, 900.01), 409, 'PAYMENT_OVERPAID');
    expect(over.errors).toEqual(['O valor passa do que está em aberto nesta conta (R$ 900,00).']);

    const rest = payableDetailsSchema.parse((await pay(created.id, 900)).json().data);
    expect(rest).toMatchObject({ paid: 1500, open: 0, status: 'PAID' });
    expect(rest.payments.map((p) => [p.amount, p.method, p.account])).toEqual([
      [600, 'PIX', 'Itaú 1234-5'],
      [900, 'PIX', 'Itaú 1234-5'],
    ]);
    expectError(await pay(created.id, 1), 409, 'TRANSITION_REFUSED');

    const second = rest.payments[1]?.id as number;
    const undone = await call('POST', `/payables/${created.id}/payments/${second}/undo`, stocker, {
      reason: 'Pix devolvido pelo banco',
    });
    expect(undone.statusCode).toBe(200);
    const after = payableDetailsSchema.parse(undone.json().data);
    expect(after).toMatchObject({ paid: 600, open: 900, status: 'OPEN' });
    expect(after.payments[1]).toMatchObject({
      undoReason: 'Pix devolvido pelo banco',
      undoneBy: { name: 'Carlos Estoquista' },
    });
    expectError(
      await call('POST', `/payables/${created.id}/payments/${second}/undo`, stocker, { reason: 'de novo' }),
      409,
      'TRANSITION_REFUSED',
    );
    expectError(
      await call('POST', `/payables/${created.id}/payments/${second}/undo`, stocker, { reason: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity', '=', 'payable')
      .where('entity_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['created', 'paid', 'paid', 'payment_undone']);
  });

  it('refuses bad input with Portuguese messages and writes nothing', async () => {
    const s = await supplier('Posto Avenida');
    const invalid = [
      { category: 'LAZER', description: 'x', dueDate: today(), amount: 10 },
      { category: 'COMBUSTIVEL', description: '', dueDate: today(), amount: 10 },
      { category: 'COMBUSTIVEL', description: 'Gasolina', dueDate: '2026-02-30', amount: 10 },
      { category: 'COMBUSTIVEL', description: 'Gasolina', dueDate: today(), amount: 10.005 },
      { category: 'COMBUSTIVEL', description: 'Gasolina', dueDate: today(), amount: -10 },
      { category: 'DEVOLUCAO', description: 'Crédito digitado', dueDate: today(), amount: 10 },
    ];
    for (const body of invalid) {
      expectError(await call('POST', '/payables', stocker, { supplierId: s.id, ...body }), 400, 'VALIDATION_FAILED');
    }
    expectError(
      await call('POST', '/payables', stocker, {
        supplierId: 999_999,
        category: 'OUTROS',
        description: 'x',
        dueDate: today(),
        amount: 1,
      }),
      404,
      'NOT_FOUND',
    );
    expect((await list(`supplierId=${s.id}`)).total).toBe(0);
    const b = await bill(s.id, today(), 100);
    const future = await call('POST', `/payables/${b.id}/payments`, stocker, {
      paidOn: shiftDay(today(), 1),
      method: 'PIX',
      amount: 10,
    });
    expect(expectError(future, 400, 'BAD_REQUEST').errors).toEqual([
      'A data do pagamento não pode ser depois de hoje.',
    ]);
    const method = await call('POST', `/payables/${b.id}/payments`, stocker, {
      paidOn: today(),
      method: 'BITCOIN',
      amount: 10,
    });
    expect(expectError(method, 400, 'VALIDATION_FAILED').errors).toContain('Forma de pagamento inválida.');
    expectError(await call('GET', '/payables?status=late', stocker), 400, 'VALIDATION_FAILED');
    expect(
      expectError(await call('GET', '/payables?supplierId=abc', stocker), 400, 'VALIDATION_FAILED').errors,
    ).toEqual(['Fornecedor inválido.']);
    expectError(
      await call('GET', `/payables?from=${today()}&to=${shiftDay(today(), -1)}`, stocker),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('filters by situation in the business day: overdue, due today, this week (today to today + 6), open, paid; with totals', async () => {
    const s = await supplier('Fornecedor Filtros');
    const overdue = await bill(s.id, shiftDay(today(), -2), 100);
    const dueToday = await bill(s.id, today(), 200);
    const day6 = await bill(s.id, shiftDay(today(), 6), 300);
    const day7 = await bill(s.id, shiftDay(today(), 7), 400);
    const paid = await bill(s.id, shiftDay(today(), 1), 50);
    expect((await pay(paid.id, 50)).statusCode).toBe(200);
    expect((await pay(day6.id, 120)).statusCode).toBe(200);

    const ids = async (status: string) => (await list(`supplierId=${s.id}&status=${status}`)).items.map((p) => p.id);
    expect(await ids('overdue')).toEqual([overdue.id]);
    expect(await ids('dueToday')).toEqual([dueToday.id]);
    expect(await ids('dueThisWeek')).toEqual([dueToday.id, day6.id]);
    expect(await ids('open')).toEqual([overdue.id, dueToday.id, day6.id, day7.id]);
    expect(await ids('paid')).toEqual([paid.id]);

    const all = await list(`supplierId=${s.id}`);
    // 100 + 200 + 300 + 400 + 50 = 1.050,00; paid 50 + 120 = 170,00; open 1.050 − 170 = 880,00.
    expect(all.totals).toEqual({ amount: 1050, paid: 170, open: 880 });
    expect(all.items.find((p) => p.id === overdue.id)?.status).toBe('OVERDUE');
    const week = await list(`supplierId=${s.id}&status=dueThisWeek`);
    // 200 + (300 − 120) = 380,00 open this week.
    expect(week.totals.open).toBe(380);
    // The period filter (due days) and the paging.
    const period = await list(`supplierId=${s.id}&from=${today()}&to=${shiftDay(today(), 6)}&pageSize=1&page=1`);
    expect(period.total).toBe(3);
    expect(period.items.map((p) => p.id)).toEqual([paid.id]);
    expect((await list(`supplierId=${s.id}&category=COMPRA`)).total).toBe(0);
  });

  it('exports the filtered list as CSV', async () => {
    const s = await supplier('Fornecedor CSV');
    const b = await bill(s.id, '2027-03-10', 1234.56, 'Conta de luz');
    expect((await pay(b.id, 234.56)).statusCode).toBe(200);
    const res = await call('GET', `/payables/export.csv?supplierId=${s.id}`, stocker);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Nº;Fornecedor;Categoria;Descrição;Documento;Vencimento;Valor;Pago;Em aberto;Situação',
      `${b.id};Fornecedor CSV;Aluguel;Conta de luz;;10/03/2027;1234,56;234,56;1000,00;Em aberto`,
    ]);
  });

  it('the same Idempotency-Key pays once; cancelling needs no payment left', async () => {
    const s = await supplier('Fornecedor Chave');
    const b = await bill(s.id, today(), 300);
    const key = randomUUID();
    const first = payableDetailsSchema.parse((await pay(b.id, 100, key)).json().data);
    const again = await pay(b.id, 100, key);
    expect(again.statusCode).toBe(200);
    expect(payableDetailsSchema.parse(again.json().data)).toMatchObject({ paid: 100, open: 200 });
    expect(first.payments).toHaveLength(1);
    expectError(
      await call('POST', `/payables/${b.id}/cancel`, stocker, { reason: 'Lançada em dobro' }),
      409,
      'TRANSITION_REFUSED',
    );
    const paymentId = first.payments[0]?.id as number;
    expect(
      (await call('POST', `/payables/${b.id}/payments/${paymentId}/undo`, stocker, { reason: 'Errado' })).statusCode,
    ).toBe(200);
    const canceled = await call('POST', `/payables/${b.id}/cancel`, stocker, { reason: 'Lançada em dobro' });
    expect(canceled.statusCode).toBe(200);
    expect(payableDetailsSchema.parse(canceled.json().data)).toMatchObject({
      status: 'CANCELED',
      open: 0,
      cancelReason: 'Lançada em dobro',
    });
    expectError(await pay(b.id, 10), 409, 'TRANSITION_REFUSED');
    expect((await list(`supplierId=${s.id}&status=open`)).total).toBe(0);
    expect((await list(`supplierId=${s.id}&status=canceled`)).total).toBe(1);
  });

  it('two payments of the last R$ 250,00 at once: exactly one wins', async () => {
    const s = await supplier('Fornecedor Corrida');
    const b = await bill(s.id, today(), 1000);
    expect((await pay(b.id, 750)).statusCode).toBe(200);
    const answers = await Promise.all([pay(b.id, 250), pay(b.id, 250, undefined, admin)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((res) => res.statusCode === 409);
    expect(apiErrorSchema.parse(loser?.json()).errors).toEqual(['Esta conta já está paga.']);
    const details = payableDetailsSchema.parse((await call('GET', `/payables/${b.id}`, stocker)).json().data);
    expect(details).toMatchObject({ paid: 1000, open: 0, status: 'PAID' });
    expect(details.payments).toHaveLength(2);
  });
});

describe("'A pagar nos próximos 7 dias'", () => {
  it('counts the open debts due today to today + 6 (what is open of them), the overdue apart, credits left out', async () => {
    const read = async (token: string) => {
      const res = await call('GET', '/dashboard/today', token);
      expect(res.statusCode).toBe(200);
      return res.json().data.payablesDue;
    };
    const before = payablesDueSchema.parse(await read(admin));
    expect(before).toMatchObject({ from: today(), to: shiftDay(today(), 6) });
    const s = await supplier('Fornecedor Painel');
    await bill(s.id, today(), 100);
    const partly = await bill(s.id, shiftDay(today(), 6), 300);
    expect((await pay(partly.id, 100)).statusCode).toBe(200);
    await bill(s.id, shiftDay(today(), 7), 999);
    await bill(s.id, shiftDay(today(), -1), 40);
    const adminId = (
      await t.db.selectFrom('employees').select('id').where('email', '=', DEMO.admin).executeTakeFirstOrThrow()
    ).id;
    await t.db
      .transaction()
      .execute((trx) =>
        recordSupplierCredit(
          trx,
          { supplierId: s.id, amountCents: 5000, description: 'Devolução', reference: null },
          adminId,
        ),
      );
    const after = payablesDueSchema.parse(await read(stocker));
    // Next 7 days: 100,00 + (300,00 − 100,00) = 300,00 in 2 bills; overdue: 40,00 in 1.
    expect(after.next7Days.count - before.next7Days.count).toBe(2);
    expect(Math.round((after.next7Days.amount - before.next7Days.amount) * 100)).toBe(30_000);
    expect(after.overdue.count - before.overdue.count).toBe(1);
    expect(Math.round((after.overdue.amount - before.overdue.amount) * 100)).toBe(4_000);
    expect(payablesDueSchema.parse((await call('GET', '/payables/due', stocker)).json().data)).toEqual(after);
    // The attendant's role sees the dashboard but not the bills: no figure.
    expect(await read(attendant)).toBeUndefined();
  });
});
