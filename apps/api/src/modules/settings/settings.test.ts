import { buildPixPayload, crc16CcittFalse, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { initialOrderStatusFor } from './settings.service';

const PIX_CPF = { bankSettingsType: 'Pix', name: 'Pix CPF do sócio', pixType: 'CPF', pixKey: '529.982.247-25' };
const TRANSFER = {
  bankSettingsType: 'Transfer',
  name: 'Conta PJ Itaú',
  bank: '341 - Itaú Unibanco',
  agency: '0912',
  account: '458732',
  cnpj: '11222333000181',
};

async function insertOrder(db: DB, code: string, totalCents: number): Promise<number> {
  const customer = await db
    .insertInto('customers')
    .values({
      name: 'Cliente Pix',
      email: `${code}@exemplo.com`,
      phone: '11987654321',
      document: '52998224725',
      search_text: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      code,
      customer_id: customer.id,
      status: ORDER_STATUS.AGUARDANDO_COMPROVANTE,
      delivery_type: 2,
      payment_method: 'PIX',
      items_total_cents: totalCents,
      total_cents: totalCents,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return order.id;
}

describe('settings API', () => {
  let t: TestApp;
  let admin: string;
  let attendant: string;
  let stocker: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, attendant, stocker] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.attendant),
      signIn(t.app, DEMO.stocker),
    ]);
  });
  afterAll(() => t.close());

  const put = (token: string, settings: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/orders/bank-settings', headers: bearer(token), payload: { settings } });
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/orders/bank-settings', headers: bearer(admin) })).json().data;

  it('creates a Pix key and a transfer account, normalised as a bank stores them, and lists both', async () => {
    const pix = await put(admin, PIX_CPF);
    expect(pix.statusCode).toBe(201);
    expect(pix.json().data).toEqual({
      id: expect.any(Number),
      bankSettingsType: 'Pix',
      name: 'Pix CPF do sócio',
      bank: null,
      account: null,
      agency: null,
      cnpj: null,
      pixType: 'CPF',
      pixKey: '52998224725',
      disabled: false,
    });
    const transfer = await put(admin, TRANSFER);
    expect(transfer.statusCode).toBe(201);
    expect(transfer.json().data).toMatchObject({
      bank: 'Itaú Unibanco (341)',
      agency: '0912',
      account: '45873-2',
      cnpj: '11.222.333/0001-81',
      pixType: null,
      pixKey: null,
    });
    expect((await list()).map((s: { name: string }) => s.name)).toEqual(['Pix CPF do sócio', 'Conta PJ Itaú']);
  });

  it('refuses a second active key of the same type with a coded 409, accepts it disabled, keeps it listed', async () => {
    const second = await put(admin, { ...PIX_CPF, name: 'Outro CPF', pixKey: '111.444.777-35' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      errors: ['Já existe uma chave Pix do tipo CPF ativa. Desative-a antes de ativar outra.'],
      code: 'PIX_KEY_TYPE_ACTIVE',
      details: { pixType: 'CPF' },
    });
    const disabled = await put(admin, { ...PIX_CPF, name: 'Outro CPF', pixKey: '111.444.777-35', disabled: true });
    expect(disabled.statusCode).toBe(201);
    // Switching it on while the first is active is refused too; nothing changed.
    const enable = await put(admin, {
      ...PIX_CPF,
      id: disabled.json().data.id,
      name: 'Outro CPF',
      pixKey: '11144477735',
    });
    expect(enable.statusCode).toBe(409);
    const rows = await list();
    expect(
      rows.filter((s: { pixType: string }) => s.pixType === 'CPF').map((s: { disabled: boolean }) => s.disabled),
    ).toEqual([false, true]);
    // Another type is fine.
    const phone = await put(admin, {
      bankSettingsType: 'Pix',
      name: 'Pix celular',
      pixType: 'PHONE',
      pixKey: '(11) 98765-4321',
    });
    expect(phone.statusCode).toBe(201);
    expect(phone.json().data.pixKey).toBe('+5511987654321');
  });

  it('answers 400 in Portuguese for keys a bank would refuse, and writes nothing', async () => {
    const before = (await list()).length;
    const cases = [
      [{ ...PIX_CPF, pixKey: '529.982.247-24' }, 'Chave CPF inválida: informe os 11 dígitos de um CPF válido.'],
      [
        { ...PIX_CPF, pixType: 'CNPJ', pixKey: '11.222.333/0001-80' },
        'Chave CNPJ inválida: informe os 14 caracteres de um CNPJ válido.',
      ],
      [
        { ...PIX_CPF, pixType: 'PHONE', pixKey: '+1 415 555 0100' },
        'Celular inválido: informe +55, DDD e número, com 10 ou 11 dígitos.',
      ],
      [{ ...PIX_CPF, pixType: 'EMAIL', pixKey: 'financeiro@' }, 'E-mail inválido para chave Pix.'],
      [
        { ...PIX_CPF, pixType: 'EVP', pixKey: '1234' },
        'Chave aleatória inválida: deve ser um UUID como 123e4567-e89b-12d3-a456-426614174000.',
      ],
      [
        { ...TRANSFER, agency: '91' },
        'Agência inválida: 4 dígitos, com dígito verificador opcional (ex.: 0912 ou 0912-3).',
      ],
      [{ ...TRANSFER, account: '12-34' }, 'Conta inválida: números e o dígito verificador (ex.: 45873-2).'],
      [{ ...TRANSFER, bank: 'Itaú' }, 'Informe o banco com o código de 3 dígitos, ex.: Itaú Unibanco (341).'],
      [{ ...TRANSFER, cnpj: '11.222.333/0001-80' }, 'CNPJ do titular inválido.'],
      [{ ...PIX_CPF, name: '' }, 'Informe o nome.'],
      [{ ...PIX_CPF, bankSettingsType: 'Boleto' }, 'Informe o tipo: Pix ou Transfer.'],
    ] as const;
    for (const [settings, message] of cases) {
      const res = await put(admin, settings);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors).toContain(message);
    }
    expect((await put(admin, { ...PIX_CPF, extra: 1 })).statusCode).toBe(400);
    expect((await list()).length).toBe(before);
  });

  it('updates by id (type kept), refuses a duplicate account and an unknown id, deletes, and audits each change', async () => {
    const rows = await list();
    const account = rows.find((s: { bankSettingsType: string }) => s.bankSettingsType === 'Transfer');
    const edited = await put(admin, {
      ...TRANSFER,
      id: account.id,
      name: 'Conta PJ Itaú (principal)',
      agency: '0912-3',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ id: account.id, name: 'Conta PJ Itaú (principal)', agency: '0912-3' });

    const typeChange = await put(admin, {
      ...PIX_CPF,
      id: account.id,
      pixType: 'EVP',
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
    });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().errors).toEqual(['O tipo de uma informação bancária não pode ser alterado.']);

    const copy = await put(admin, { ...TRANSFER, name: 'Cópia', agency: '0912-3' });
    expect(copy.statusCode).toBe(409);
    expect(copy.json().code).toBe('DUPLICATE');

    expect((await put(admin, { ...TRANSFER, id: 999_999 })).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/bank-settings/${account.id}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect((await list()).some((s: { id: number }) => s.id === account.id)).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/bank-settings/${account.id}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);

    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'bank_setting')
      .where('entity_id', '=', String(account.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit[1]?.changes).toEqual({
      name: { from: 'Conta PJ Itaú', to: 'Conta PJ Itaú (principal)' },
      agency: { from: '0912', to: '0912-3' },
    });
  });

  it('reads and switches the company settings; merchant name and city in upper-case ASCII within 25 and 15', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/companies/settings/1', headers: bearer(admin) });
    expect(start.json()).toEqual({
      data: { companyId: 1, name: '', pixAuto: false, merchantName: '', merchantCity: '', cnpj: null, address: null },
    });
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/companies/settings', headers: bearer(admin), payload });
    const on = await patch({
      companyId: 1,
      enablePixAuto: true,
      merchantName: 'Conecta Cell',
      merchantCity: 'São Paulo',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ pixAuto: true, merchantName: 'CONECTA CELL', merchantCity: 'SAO PAULO' });

    const long = await patch({ companyId: 1, enablePixAuto: false, merchantName: 'Conecta Cell Distribuidora' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual(['Nome do recebedor Pix: de 1 a 25 caracteres (sem acentos).']);

    // Without merchant fields only the switch changes.
    const off = await patch({ companyId: 1, enablePixAuto: false });
    expect(off.json().data).toMatchObject({ pixAuto: false, merchantName: 'CONECTA CELL', merchantCity: 'SAO PAULO' });
    expect((await patch({ companyId: 2, enablePixAuto: true })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/companies/settings/2', headers: bearer(admin) })).statusCode,
    ).toBe(404);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity', '=', 'company_settings')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('starts a Pix order in PROCESSANDO with automatic Pix on, AGUARDANDO_COMPROVANTE with it off', async () => {
    const patch = (enablePixAuto: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/companies/settings',
        headers: bearer(admin),
        payload: { companyId: 1, enablePixAuto },
      });
    await patch(true);
    expect(await initialOrderStatusFor(t.db, 'PIX')).toBe(ORDER_STATUS.PROCESSANDO);
    expect(await initialOrderStatusFor(t.db, 'CASH')).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    await patch(false);
    expect(await initialOrderStatusFor(t.db, 'PIX')).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
    expect(await initialOrderStatusFor(t.db, 'BANK_TRANSFER')).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
  });

  it('serves the BR Code of an order: total, first active key, merchant, order code as txid', async () => {
    const orderId = await insertOrder(t.db, 'K7M-4QP', 123_450);
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/pix/${orderId}`, headers: bearer(attendant) });
    expect(res.statusCode).toBe(200);
    // The first active Pix setting is the CPF key 52998224725 (11 characters).
    const body =
      '000201' +
      '26330014br.gov.bcb.pix011152998224725' +
      '52040000' +
      '5303986' +
      '54071234.50' +
      '5802BR' +
      '5912CONECTA CELL' +
      '6009SAO PAULO' +
      '62100506K7M4QP' +
      '6304';
    expect(res.json()).toEqual({ data: { payload: body + crc16CcittFalse(body) } });
    expect(res.json().data.payload).toBe(
      buildPixPayload({
        key: '52998224725',
        merchantName: 'CONECTA CELL',
        merchantCity: 'SAO PAULO',
        amountCents: 123_450,
        txid: 'K7M4QP',
      }),
    );
    const missing = await t.app.inject({ method: 'GET', url: '/api/orders/pix/999999', headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['Pedido não encontrado.']);
    const denied = await t.app.inject({ method: 'GET', url: `/api/orders/pix/${orderId}`, headers: bearer(stocker) });
    expect(denied.statusCode).toBe(403);
  });

  it('answers a coded 409 when no Pix key is active', async () => {
    const orderId = await insertOrder(t.db, 'SEM-PIX', 5_000);
    await t.db.updateTable('bank_settings').set({ disabled: true }).where('type', '=', 'Pix').execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/pix/${orderId}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      errors: ['Nenhuma chave Pix ativa. Cadastre uma chave em Configurações.'],
      code: 'PIX_KEY_MISSING',
    });
  });

  it('two saves of the same key type at once: one is created, the other gets the coded 409, never a 500', async () => {
    const evp = (name: string, pixKey: string) => put(admin, { bankSettingsType: 'Pix', name, pixType: 'EVP', pixKey });
    const answers = await Promise.all([
      evp('Aleatória A', '123e4567-e12b-12d1-a456-426655440000'),
      evp('Aleatória B', '9b2c6f4e-1d3a-4c5b-8e7f-0a1b2c3d4e5f'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('PIX_KEY_TYPE_ACTIVE');
    const active = (await list()).filter(
      (s: { pixType: string; disabled: boolean }) => s.pixType === 'EVP' && !s.disabled,
    );
    expect(active).toHaveLength(1);
  });

  it('needs the orders permission (or full access) to read the settings', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/orders/bank-settings', headers: bearer(stocker) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/companies/settings/1', headers: bearer(stocker) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/bank-settings' })).statusCode).toBe(401);
  });
});
