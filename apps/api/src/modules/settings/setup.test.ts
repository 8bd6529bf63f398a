import { randomUUID } from 'node:crypto';
import { type DeliveryChoices, EMPLOYEE_FUNCS, ORDER_STATUS } from '@backoffice/contract';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bootstrapDatabase } from '../../bootstrap';
import { loadConfig } from '../../config';
import type { Principal } from '../../plugins/auth';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createDispatchService } from '../dispatch/dispatch.service';
import { createOrder, createOrderWorld } from '../orders/test-orders';
import { createSellingService } from '../selling/selling.service';

/** Section 9's week, written out by hand (Sunday first): Monday to Friday 10:40 and 14:10, Saturday 12:00. */
const SECTION_9 = [
  [],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['12:00'],
];
/** A shop's own week: Monday to Friday 16:30 and 09:15 (typed out of order), Saturday none, Sunday 11:00. */
const SHOP_WEEK = [
  ['11:00'],
  ['16:30', '09:15'],
  ['09:15', '16:30'],
  ['09:15', '16:30'],
  ['09:15', '16:30'],
  ['09:15', '16:30'],
  [],
];
const SHOP_WEEK_SAVED = [
  ['11:00'],
  ['09:15', '16:30'],
  ['09:15', '16:30'],
  ['09:15', '16:30'],
  ['09:15', '16:30'],
  ['09:15', '16:30'],
  [],
];

/** 11.222.333/0001-81: the check digits worked out by hand (weights 5,4,3,2,9,8,7,6,5,4,3,2 → 8; then 6,5,… → 1). */
const CNPJ = '11.222.333/0001-81';

describe('first run on an empty database without demo data (issue 21 §1)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const body = (overrides: Record<string, unknown> = {}) => ({
    companyName: 'Loja do Centro Ltda',
    cnpj: CNPJ,
    merchantCity: 'São Paulo',
    pixKey: { pixType: 'CNPJ', pixKey: '11222333000181' },
    departures: SHOP_WEEK,
    ...overrides,
  });
  const nothingSaved = async () => {
    expect((await call('GET', '/setup')).json().data).toMatchObject({ required: true, companyName: '', cnpj: null });
    expect(await database.db.selectFrom('bank_settings').select('id').execute()).toEqual([]);
    expect(await database.db.selectFrom('company_settings').select('company_id').execute()).toEqual([]);
  };

  beforeAll(async () => {
    database = await emptyTestDatabase();
    const settings = {
      demoData: false,
      adminEmail: 'dona@loja.com.br',
      adminPassword: 'senha-segura-1',
      databaseUrl: database.databaseUrl,
    };
    await bootstrapDatabase(database.db, settings, { storage: database.storage, log: pino({ level: 'silent' }) });
    const config = loadConfig(
      {
        inMemory: true,
        dataDir: database.dataDir,
        jwtSecret: randomUUID(),
        webDistDir: undefined,
        databaseUrl: database.databaseUrl,
      },
      {},
    );
    app = await buildApp({ config, db: database.db, storage: database.storage, logger: false });
    admin = await signIn(app, 'dona@loja.com.br', 'senha-segura-1');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("says the setup is required, with nothing saved and section 9's departures as the defaults", async () => {
    const res = await call('GET', '/setup');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      required: true,
      completedAt: null,
      companyName: '',
      cnpj: null,
      merchantCity: '',
      hasPixKey: false,
      departures: SECTION_9,
      pixAuto: false,
    });
  });

  it('refuses an invalid CNPJ, a city too long for the Pix, a bad time or no Pix key, in Portuguese, saving nothing', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ cnpj: '11.222.333/0001-80' }, 'CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.'],
      [
        { merchantCity: 'São José dos Campos do Norte' },
        'Cidade do recebedor Pix: de 1 a 15 caracteres (sem acentos).',
      ],
      [
        { departures: [[], ['25:00'], [], [], [], [], []] },
        'Horário de saída inválido: 25:00. Use HH:MM, de 00:00 a 23:59 (ex.: 10:40).',
      ],
      [
        { pixKey: { pixType: 'CPF', pixKey: '123.456.789-00' } },
        'Chave CPF inválida: informe os 11 dígitos de um CPF válido.',
      ],
      [{ pixKey: undefined }, 'Cadastre a primeira chave Pix da empresa.'],
      [{ pixAuto: 'sim' }, 'Informe se o Pix automático está ligado.'],
    ];
    for (const [overrides, message] of refusals) {
      const res = await call('POST', '/setup', body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors).toEqual([message]);
      await nothingSaved();
    }
  });

  it("completes the setup in one call: company, CNPJ, Pix city and name, the first Pix key, 'Pix automático', the departures; then not again", async () => {
    const res = await call('POST', '/setup', body({ pixAuto: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      required: false,
      companyName: 'Loja do Centro Ltda',
      cnpj: CNPJ,
      merchantCity: 'SAO PAULO',
      hasPixKey: true,
      departures: SHOP_WEEK_SAVED,
      pixAuto: true,
    });
    expect((await call('GET', '/setup')).json().data.required).toBe(false);

    const company = (await call('GET', '/companies/settings/1')).json().data;
    expect(company).toMatchObject({
      name: 'Loja do Centro Ltda',
      cnpj: CNPJ,
      merchantName: 'LOJA DO CENTRO LTDA',
      merchantCity: 'SAO PAULO',
      pixAuto: true,
    });
    // The setup's audit row says 'Pix automático' was turned on, with the rest.
    const audit = await database.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'company_settings')
      .where('action', '=', 'setup')
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ pix_auto: { from: false, to: true } });
    const banks = (await call('GET', '/orders/bank-settings')).json().data;
    expect(banks).toMatchObject([
      { bankSettingsType: 'Pix', name: 'Pix CNPJ', pixType: 'CNPJ', pixKey: '11222333000181' },
    ]);
    expect((await call('GET', '/settings/departures')).json().data).toEqual({ departures: SHOP_WEEK_SAVED });

    const again = await call('POST', '/setup', body({ companyName: 'Outra' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['A configuração inicial já foi concluída: altere os dados em Configurações.']);
    expect((await call('GET', '/companies/settings/1')).json().data.name).toBe('Loja do Centro Ltda');
  });
});

describe("the couriers' departures are read from Configurações (issue 21 §1)", () => {
  let t: TestApp;
  let admin: string;
  let attendant: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, token = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
    attendant = await signIn(t.app, DEMO.attendant);
  });
  afterAll(() => t.close());

  it('only the settings permission completes the setup or changes the departures; any employee reads them', async () => {
    const setup = await call(
      'POST',
      '/setup',
      { companyName: 'X', cnpj: CNPJ, merchantCity: 'X', departures: SECTION_9 },
      attendant,
    );
    expect(setup.statusCode).toBe(403);
    expect((await call('PUT', '/settings/departures', { departures: SHOP_WEEK }, attendant)).statusCode).toBe(403);
    const read = await call('GET', '/settings/departures', undefined, await signIn(t.app, DEMO.courier));
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ departures: SECTION_9 });
  });

  it('refuses a week without departures and changes nothing', async () => {
    const res = await call('PUT', '/settings/departures', { departures: [[], [], [], [], [], [], []] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Informe ao menos um horário de saída na semana.']);
    expect((await call('GET', '/settings/departures')).json().data).toEqual({ departures: SECTION_9 });
  });

  it('once changed, the dispatch board, the runs and the selling follow the new times (a fake clock)', async () => {
    const saved = await call('PUT', '/settings/departures', { departures: SHOP_WEEK });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ departures: SHOP_WEEK_SAVED });

    // Monday 25/11/2030: 09:15 and 16:30 in São Paulo are 12:15 and 19:30 UTC (no more 10:40 and 14:10).
    const board = await call('GET', '/dispatch/departures?date=2030-11-25');
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().data.map((d: { departureAt: string | null }) => d.departureAt)).toEqual([
      null,
      '2030-11-25T12:15:00.000Z',
      '2030-11-25T19:30:00.000Z',
    ]);
    // Saturday 30/11/2030 has none now; Sunday 01/12/2030 has 11:00 (14:00 UTC).
    expect((await call('GET', '/dispatch/departures?date=2030-11-30')).json().data).toHaveLength(1);
    expect((await call('GET', '/dispatch/departures?date=2030-12-01')).json().data[1].departureAt).toBe(
      '2030-12-01T14:00:00.000Z',
    );

    // A run for the old 10:40 is refused; the new 16:30 is a departure.
    const world = await createOrderWorld(t.db);
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_MOTOBOY });
    const old = await call('POST', '/dispatch/runs', {
      departureAt: '2030-11-25T13:40:00.000Z',
      delivererId: world.staff.courier,
      orderIds: [order.id],
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().errors).toEqual(['Horário de saída inválido: escolha uma das saídas dos motoboys.']);

    // Packed on Monday 23/11/2026 at 09:00 (12:00 UTC); at 09:30 (12:30 UTC) the 09:15 has left: the order is
    // late and goes with the 16:30 (19:30 UTC). With section 9's week it would have made the 10:40 on time.
    await t.db
      .updateTable('order_status_history')
      .set({ created_at: new Date('2026-11-23T12:00:00.000Z') })
      .where('order_id', '=', order.id)
      .where('status', '=', ORDER_STATUS.AGUARDANDO_MOTOBOY)
      .execute();
    const principal: Principal = {
      employeeId: world.staff.admin,
      name: 'Admin',
      permissions: ['full:access'],
      func: EMPLOYEE_FUNCS.ATTENDANT,
      tokenVersion: 0,
    };
    const day = await createDispatchService(t.db).departures(
      principal,
      '2026-11-23',
      new Date('2026-11-23T12:30:00.000Z'),
    );
    const withOrder = day.find((d) => d.orders.some((o) => o.orderId === order.id));
    expect(withOrder?.departureAt).toBe('2026-11-23T19:30:00.000Z');
    expect(withOrder?.orders.find((o) => o.orderId === order.id)?.late).toBe(true);

    // The selling's planned departure: Monday 23/11/2026 at 10:00 (13:00 UTC) → 16:30 (19:30 UTC);
    // Friday 27/11/2026 at 17:00 (20:00 UTC) → Sunday 29/11/2026 at 11:00 (14:00 UTC).
    const selling = createSellingService(t.db, t.app.deps.storage);
    const motoboy: DeliveryChoices = { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false };
    const monday = await selling.preCheckout(world.customerId, motoboy, new Date('2026-11-23T13:00:00.000Z'));
    expect(monday.nextDeparture).toBe('2026-11-23T19:30:00.000Z');
    const friday = await selling.preCheckout(world.customerId, motoboy, new Date('2026-11-27T20:00:00.000Z'));
    expect(friday.nextDeparture).toBe('2026-11-29T14:00:00.000Z');
  });
});

describe("the company's name and CNPJ in Configurações (issue 21: optional fields of PATCH /companies/settings)", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(() => t.close());

  it('saves a valid CNPJ formatted and the name; refuses an invalid CNPJ and changes nothing', async () => {
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/companies/settings', headers: bearer(admin), payload });
    const ok = await patch({ companyId: 1, enablePixAuto: false, name: 'Loja do Centro Ltda', cnpj: '11222333000181' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Loja do Centro Ltda', cnpj: CNPJ });
    const bad = await patch({ companyId: 1, enablePixAuto: true, name: 'Outra', cnpj: '11222333000182' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.']);
    const now = await t.app.inject({ method: 'GET', url: '/api/companies/settings/1', headers: bearer(admin) });
    expect(now.json().data).toMatchObject({ name: 'Loja do Centro Ltda', cnpj: CNPJ, pixAuto: false });
  });

  it("keeps the shop's address for its documents: trimmed, kept when absent, cleared by blank, refused too long", async () => {
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/companies/settings', headers: bearer(admin), payload });
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/companies/settings/1', headers: bearer(admin) })).json().data;
    const saved = await patch({
      companyId: 1,
      enablePixAuto: false,
      address: '  Rua Augusta,   1500 - Consolação \n\n São Paulo/SP · 01304-001  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const address = 'Rua Augusta, 1500 - Consolação\nSão Paulo/SP · 01304-001';
    expect(saved.json().data.address).toBe(address);
    // A save without it (the Pix switch alone) keeps it.
    expect((await patch({ companyId: 1, enablePixAuto: false })).json().data.address).toBe(address);
    const long = await patch({ companyId: 1, enablePixAuto: false, address: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual(['O endereço da empresa pode ter no máximo 200 caracteres.']);
    expect((await read()).address).toBe(address);
    expect((await patch({ companyId: 1, enablePixAuto: false, address: '   ' })).json().data.address).toBeNull();
    expect((await read()).address).toBeNull();
  });
});
