import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  COMPANY_ID,
  formatBusinessDate,
  ORDER_STATUS,
  orderPaymentsSchema,
  pixWebhookInfoSchema,
  TRADE_IN_TEXTS,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImei } from '../../lib/nfe/test-imei';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { picture } from '../orders/test-orders';
import { createCustomer, createProduct, ledgerOf } from '../selling/test-selling';

/**
 * Used phones taken in (issue 42 §1, decision 0058), through the API on a fresh database of each engine.
 * Valid IMEIs (Luhn check digit of the first 14), worked out by hand:
 * - 356938035643809: kept 3+6+3+0+5+4+8 = 29, doubled 5,9,8,3,6,3,0 → 10,18,16,6,12,6,0 → 1+9+7+6+3+6+0 = 32; 61 → 9
 * - 490154203237518: kept 22, doubled 30; 52 → 8
 * - 220000000000004: kept 2, doubled 2 → 4; 6 → 4
 * - 330000000000001: kept 3, doubled 3 → 6; 9 → 1
 * - 990000000000002: kept 9, doubled 9 → 18 → 9; 18 → 2
 * - 356938035643808: the first one with a wrong check digit
 * CPF 529.982.247-25: a valid check pair (the example of the Receita's documents).
 */

let t: TestApp;
let admin: string;
let attendant: string;
let stocker: string;
let manager: string;
let secret: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: unknown, key?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
  });
const webhook = (body: unknown) => call(null, 'POST', `/payments/pix/webhook/${secret}/pix`, body);
function expectError(res: { statusCode: number; json(): unknown; body: string }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

const CHECKLIST = {
  screen: 'SCRATCHED',
  body: 'OK',
  batteryHealth: 78,
  biometrics: true,
  camera: true,
  charging: true,
  accountRemoved: true,
} as const;

let photo: string;
let signature: string;

/** A seminovo product of the test's own: serialized, used, grade B, no stock. */
async function seminovo(name: string) {
  const product = await createProduct(t.db, { name, costCents: 0, sellCents: 190_000, stock: 0 });
  await t.db
    .updateTable('products')
    .set({ serialized: true, used: true, grade: 'B' })
    .where('id', '=', product.id)
    .execute();
  return product;
}

/** A trade-in of an iPhone 12 128 GB with a scratched screen and a 78 % battery, by the attendant. */
async function tradeIn(imei: string, extra: object = {}) {
  const res = await call(attendant, 'POST', '/trade-ins', {
    sellerName: 'João Vendedor',
    sellerCpf: '529.982.247-25',
    brand: 'Apple',
    model: 'iPhone 12',
    storage: 128,
    colour: 'Azul',
    imei,
    checklist: CHECKLIST,
    photos: [photo],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string; offer: number | null; value: number | null };
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://loja.example.com.br' });
  [admin, attendant, stocker, manager] = await Promise.all([
    signIn(t.app, DEMO.admin),
    signIn(t.app, DEMO.attendant),
    signIn(t.app, DEMO.stocker),
    signIn(t.app, DEMO.manager),
  ]);
  photo = await picture('jpeg');
  signature = await picture('png', 300, 100);
  secret = pixWebhookInfoSchema.parse((await call(admin, 'GET', '/payments/pix/webhook')).json()).data.secret;
  await t.db
    .insertInto('bank_settings')
    .values({ name: 'Pix da loja', type: 'Pix', pix_type: 'EMAIL', pix_key: 'pix@loja.com.br' })
    .execute();
  await t.db
    .insertInto('company_settings')
    .values({
      company_id: COMPANY_ID,
      name: 'Loja Usados',
      merchant_name: 'LOJA',
      merchant_city: 'SAO PAULO',
      pix_auto: true,
    })
    .onConflict((oc) =>
      oc
        .column('company_id')
        .doUpdateSet({ name: 'Loja Usados', merchant_name: 'LOJA', merchant_city: 'SAO PAULO', pix_auto: true }),
    )
    .execute();
  // The manager's price table: an iPhone 12 128 GB is worth R$ 1.500,00 used.
  const price = await call(manager, 'POST', '/trade-ins/prices', {
    brand: 'Apple',
    model: 'iPhone 12',
    storage: 128,
    price: 1500,
  });
  expect(price.statusCode, price.body).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('a used phone as part of the payment (the worked example)', () => {
  it('R$ 1.500,00 − 150,00 − 150,00 = R$ 1.200,00 offered; the customer pays R$ 1.800,00 by Pix; the phone waits in preparation, then sells with 90 days of warranty', async () => {
    // The evaluation alone: nothing saved.
    const evaluated = await call(attendant, 'POST', '/trade-ins/evaluate', {
      brand: 'apple',
      model: 'IPHONE 12',
      storage: 128,
      checklist: CHECKLIST,
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    expect(evaluated.json().data).toEqual({
      tablePrice: 1500,
      deductions: [
        { defect: 'SCREEN_SCRATCHED', label: 'Tela riscada', amount: 150 },
        { defect: 'BATTERY_LOW', label: 'Bateria abaixo de 80 %', amount: 150 },
      ],
      offer: 1200,
    });

    // The new phone: R$ 3.000,00, sold by the order's own Pix, picked up.
    const customer = await createCustomer(t.db);
    const phone = await createProduct(t.db, {
      name: `iPhone 15 ${randomUUID()}`,
      costCents: 250_000,
      sellCents: 300_000,
      stock: 3,
    });
    expect(
      (await call(attendant, 'POST', `/orders/cart/add/${customer.id}`, { productId: phone.id, quantity: 1 }))
        .statusCode,
    ).toBe(200);
    const checkout = await call(attendant, 'POST', `/orders/checkout/pix/${customer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const order = checkout.json() as { orderId: number; code: string; total: number };
    expect(order.total).toBe(3000);

    const created = await tradeIn('356938035643809', { customerId: customer.id });
    expect(created).toMatchObject({ status: 'OPEN', offer: 1200, value: 1200, phone: 'Apple iPhone 12 128 GB' });
    expect(created.code).toBe(`AV-${String(created.id).padStart(5, '0')}`);
    const details = (await call(attendant, 'GET', `/trade-ins/${created.id}`)).json().data;
    expect(details.photos).toHaveLength(1);
    expect(details.missing).toEqual([
      'Consulte o IMEI na lista de aparelhos impedidos antes de continuar: sem consulta, sem compra.',
      'Colha a assinatura do vendedor no termo de compra antes de aceitar o aparelho.',
    ]);

    // The attendant may lower the value, not raise it above the offer; the manager may.
    const raised = expectError(
      await call(attendant, 'PUT', `/trade-ins/${created.id}/value`, { value: 1300 }),
      403,
      'FORBIDDEN',
    );
    expect(raised.errors[0]).toBe(
      'Valor acima da oferta (R$ 1.200,00): só quem gerencia a avaliação de usados pode aumentá-lo.',
    );

    // No check, no trade-in.
    const early = await call(attendant, 'POST', `/trade-ins/${created.id}/accept`, {
      productId: 1,
      settlement: 'ORDER',
      orderId: order.orderId,
    });
    expectError(early, 409, 'TRANSITION_REFUSED');
    const checked = await call(attendant, 'POST', `/trade-ins/${created.id}/check`, {
      result: 'REGULAR',
      screenshot: photo,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data.check).toMatchObject({ result: 'REGULAR', by: 'Beatriz Atendente' });
    const signed = await call(attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.missing).toEqual([]);

    // The term names both parties, the phone, its IMEI, the check and the price.
    const term = await call(attendant, 'GET', `/trade-ins/${created.id}/term.pdf`);
    expect(term.statusCode).toBe(200);
    expect(term.headers['content-type']).toBe('application/pdf');
    const text = pdfText(term.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Termo de compra de aparelho usado');
    expect(text).toContain('Loja Usados');
    expect(text).toContain('João Vendedor');
    expect(text).toContain('529.982.247-25');
    expect(text).toContain('356938035643809');
    expect(text).toContain('Regular');
    expect(text).toContain('R$ 1.200,00');
    expect(text).toContain('declaro ser o legítimo proprietário do aparelho Apple iPhone 12 128 GB');

    // Accepted as part of the order's payment: R$ 1.200,00 paid, R$ 1.800,00 due.
    const product = await seminovo(`iPhone 12 128 GB seminovo ${randomUUID()}`);
    const accepted = await call(attendant, 'POST', `/trade-ins/${created.id}/accept`, {
      productId: product.id,
      settlement: 'ORDER',
      orderId: order.orderId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({
      status: 'ACCEPTED',
      settlement: 'ORDER',
      order: { id: order.orderId, code: order.code },
      unitStatus: 'PREPARING',
    });
    const parts = orderPaymentsSchema.parse(
      (await call(attendant, 'GET', `/orders/${order.orderId}/payments`)).json(),
    ).data;
    expect(parts).toMatchObject({ total: 3000, paid: 1200, due: 1800, paidInFull: false });
    expect(parts.parts.map((p) => [p.method, p.amount, p.status])).toEqual([['TRADE_IN', 1200, 'CONFIRMED']]);

    // The rest by Pix: R$ 1.800,00, paid by the bank; the order is paid in full and goes to the stocker.
    const pix = await call(attendant, 'POST', `/orders/${order.orderId}/payments`, { method: 'PIX', amount: 1800 });
    expect(pix.statusCode, pix.body).toBe(200);
    const txid = pix.json().data.pix.txid as string;
    const paid = await webhook([
      {
        endToEndId: `E0000000020261126${randomUUID().replace(/-/g, '').slice(0, 15)}`,
        txid,
        valor: '1800.00',
        horario: new Date().toISOString(),
      },
    ]);
    expect(paid.statusCode, paid.body).toBe(200);
    const after = orderPaymentsSchema.parse(
      (await call(attendant, 'GET', `/orders/${order.orderId}/payments`)).json(),
    ).data;
    expect(after).toMatchObject({ paid: 3000, due: 0, paidInFull: true });
    const status = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);

    // The used phone: a unit of the seminovo at cost R$ 1.200,00, in preparation, not in stock.
    const unit = await t.db
      .selectFrom('product_units')
      .select(['status', 'cost_cents', 'warranty_days', 'product_id'])
      .where('imei', '=', '356938035643809')
      .executeTakeFirstOrThrow();
    expect(unit).toEqual({ status: 'PREPARING', cost_cents: 120_000, warranty_days: 90, product_id: product.id });
    expect((await ledgerOf(t.db, product.id)).stock).toBe(0);
    const preparing = (await call(stocker, 'GET', '/units/356938035643809')).json().data;
    expect(preparing.status).toBe('PREPARING');
    expect(preparing.history.map((h: { event: string }) => h.event)).toEqual(['Recebido como usado (em preparação)']);

    // Checked and released: one unit in stock at R$ 1.200,00, by a TRADE_IN ledger row.
    const released = await call(stocker, 'POST', `/trade-ins/${created.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    const ledger = await ledgerOf(t.db, product.id);
    expect(ledger).toMatchObject({ stock: 1, sum: 1, last: 1, chained: true });
    expect(ledger.rows.map((r) => [r.kind, r.quantity_in])).toEqual([
      ['TRADE_IN', 0],
      ['TRADE_IN', 1],
    ]);
    const cost = await t.db
      .selectFrom('products')
      .select('cost_cents')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(cost.cost_cents).toBe(120_000);
    expectError(await call(stocker, 'POST', `/trade-ins/${created.id}/release`), 409, 'TRANSITION_REFUSED');

    // Resold at the counter and picked up on 01/12/2026 15:00 UTC: 90 days of warranty end on 01/03/2027
    // (30 days of December after the 1st, 31 of January, 28 of February, 1 of March).
    const buyer = await createCustomer(t.db);
    expect(
      (await call(attendant, 'POST', `/orders/cart/add/${buyer.id}`, { productId: product.id, quantity: 1 }))
        .statusCode,
    ).toBe(200);
    const resale = await call(attendant, 'POST', `/orders/checkout/${buyer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
    });
    expect(resale.statusCode, resale.body).toBe(200);
    const resold = resale.json() as { orderId: number };
    expect((await call(stocker, 'PATCH', '/workflow/order/prepare', { orderId: resold.orderId })).statusCode).toBe(200);
    const packed = await call(stocker, 'PATCH', '/workflow/order/pack', {
      orderId: resold.orderId,
      images: [photo],
      units: [{ productId: product.id, imei: '356938035643809' }],
    });
    expect(packed.statusCode, packed.body).toBe(200);
    expect((await call(attendant, 'POST', '/workflow/order/finalize', { orderId: resold.orderId })).statusCode).toBe(
      200,
    );
    await t.db
      .updateTable('orders')
      .set({ finished_at: new Date('2026-12-01T15:00:00.000Z') })
      .where('id', '=', resold.orderId)
      .execute();
    const sold = (await call(attendant, 'GET', '/units/356938035643809')).json().data;
    expect(sold).toMatchObject({
      status: 'SOLD',
      deliveredAt: '2026-12-01T15:00:00.000Z',
      warrantyEndsAt: '2027-03-01T15:00:00.000Z',
    });

    // The report: one trade-in this month, R$ 1.200,00 paid, resold for R$ 1.900,00: R$ 700,00 of margin.
    const day = new Date().toISOString().slice(0, 10);
    const report = await call(manager, 'GET', `/trade-ins/report?from=${day.slice(0, 8)}01&to=${day}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data).toEqual([
      { month: day.slice(0, 7), count: 1, paid: 1200, resold: 1, resoldRevenue: 1900, resoldMargin: 700 },
    ]);
  });
});

describe('what stops a trade-in', () => {
  it("an 'impedido' check ends it: no signature, no acceptance, nothing enters the stock", async () => {
    const created = await tradeIn('490154203237518');
    const blocked = await call(attendant, 'POST', `/trade-ins/${created.id}/check`, {
      result: 'IMPEDIDO',
      screenshot: photo,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data).toMatchObject({ status: 'BLOCKED', check: { result: 'IMPEDIDO' }, missing: [] });
    const product = await seminovo(`Seminovo impedido ${randomUUID()}`);
    const sign = expectError(
      await call(attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature }),
      409,
      'TRANSITION_REFUSED',
    );
    expect(sign.errors[0]).toBe(`A avaliação ${created.code} não está em aberto (Impedido).`);
    expectError(
      await call(attendant, 'POST', `/trade-ins/${created.id}/accept`, { productId: product.id, settlement: 'CASH' }),
      409,
      'TRANSITION_REFUSED',
    );
    const units = await t.db.selectFrom('product_units').select('id').where('imei', '=', '490154203237518').execute();
    expect(units).toEqual([]);
  });

  it('refuses a bad IMEI, a bad CPF and a model outside the table priced by the attendant, writing nothing', async () => {
    const before = await t.db
      .selectFrom('trade_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const badImei = await call(attendant, 'POST', '/trade-ins', {
      sellerName: 'Maria',
      sellerCpf: '52998224725',
      brand: 'Apple',
      model: 'iPhone 12',
      storage: 128,
      imei: '356938035643808',
      checklist: CHECKLIST,
    });
    expect(expectError(badImei, 400, 'INVALID_IMEI').errors[0]).toBe(
      'IMEI inválido: 356938035643808 (dígito verificador não confere).',
    );
    const badCpf = await call(attendant, 'POST', '/trade-ins', {
      sellerName: 'Maria',
      sellerCpf: '529.982.247-26',
      brand: 'Apple',
      model: 'iPhone 12',
      storage: 128,
      imei: '220000000000004',
      checklist: CHECKLIST,
    });
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.body).toContain('CPF do vendedor inválido.');
    // A model the table does not price: only the manager sets its value.
    const unpriced = await call(attendant, 'POST', '/trade-ins', {
      sellerName: 'Maria',
      sellerCpf: '52998224725',
      brand: 'Motorola',
      model: 'Moto G54',
      storage: 256,
      imei: '220000000000004',
      checklist: CHECKLIST,
      value: 400,
    });
    expect(expectError(unpriced, 403, 'FORBIDDEN').errors[0]).toBe(
      'Este modelo não está na tabela de preços: o valor é definido por quem gerencia a avaliação de usados.',
    );
    const after = await t.db
      .selectFrom('trade_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const byManager = await call(manager, 'POST', '/trade-ins', {
      sellerName: 'Maria',
      sellerCpf: '52998224725',
      brand: 'Motorola',
      model: 'Moto G54',
      storage: 256,
      imei: '220000000000004',
      checklist: CHECKLIST,
      value: 400,
    });
    expect(byManager.statusCode, byManager.body).toBe(201);
    expect(byManager.json().data).toMatchObject({ offer: null, value: 400, valueSetBy: 'Fernanda Gerente' });
  });

  it('a phone still tied to its iCloud account is not accepted', async () => {
    const linked = await tradeIn('330000000000001', { checklist: { ...CHECKLIST, accountRemoved: false } });
    await call(attendant, 'POST', `/trade-ins/${linked.id}/check`, { result: 'REGULAR', screenshot: photo });
    await call(attendant, 'POST', `/trade-ins/${linked.id}/sign`, { signature });
    const product = await seminovo(`Seminovo conta ${randomUUID()}`);
    const refused = await call(attendant, 'POST', `/trade-ins/${linked.id}/accept`, {
      productId: product.id,
      settlement: 'CASH',
    });
    expect(expectError(refused, 409, 'TRANSITION_REFUSED').errors[0]).toBe(
      'A conta iCloud/Google ainda está no aparelho: peça ao vendedor que a remova antes da compra.',
    );
  });
});

describe('one IMEI in two trade-ins at once', () => {
  it('two evaluations of the same phone accepted at the same moment: one enters the stock, the other 409 in words', async () => {
    const imei = testImei(53_005);
    const name = `Seminovo duas avaliações ${randomUUID()}`;
    const product = await seminovo(name);
    const ready = [];
    for (let i = 0; i < 2; i++) {
      const created = await tradeIn(imei);
      await call(attendant, 'POST', `/trade-ins/${created.id}/check`, { result: 'REGULAR', screenshot: photo });
      const signed = await call(attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature });
      expect(signed.statusCode, signed.body).toBe(200);
      ready.push(created);
    }
    const answers = await Promise.all(
      ready.map((created) =>
        call(attendant, 'POST', `/trade-ins/${created.id}/accept`, { productId: product.id, settlement: 'PIX' }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    const body = expectError(refused as (typeof answers)[number], 409, 'IMEI_DUPLICATE');
    // Whether the later one waited and then met the unit (its own words) or met the unique index: never a 500.
    expect([
      TRADE_IN_TEXTS.imeiInAnotherTradeIn(imei),
      TRADE_IN_TEXTS.unitInStock(imei, `${name}, Em preparação`),
    ]).toContain(body.errors[0]);
    const units = await t.db.selectFrom('product_units').select('id').where('imei', '=', imei).execute();
    expect(units).toHaveLength(1);
    const statuses = await t.db
      .selectFrom('trade_ins')
      .select('status')
      .where('imei', '=', imei)
      .orderBy('status')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['ACCEPTED', 'OPEN']);
  });
});

describe('a lost answer', () => {
  it('the same Idempotency-Key creates one evaluation, with its photo once; another key, another', async () => {
    const body = {
      sellerName: 'Otávio Repetido',
      sellerCpf: '529.982.247-25',
      brand: 'Apple',
      model: 'iPhone 12',
      storage: 128,
      imei: '990000000000002',
      checklist: CHECKLIST,
      photos: [photo],
    };
    const key = randomUUID();
    const first = await call(attendant, 'POST', '/trade-ins', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(attendant, 'POST', '/trade-ins', body, key);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    const rows = await t.db.selectFrom('trade_ins').select('id').where('seller_name', '=', 'Otávio Repetido').execute();
    expect(rows).toHaveLength(1);
    expect(second.json().data.photos).toHaveLength(1);
    const other = await call(attendant, 'POST', '/trade-ins', body, randomUUID());
    expect(other.json().data.id).not.toBe(first.json().data.id);
  });
});

describe('the list on the server', () => {
  it("exports the list's trade-ins as aparelhos-usados.csv, filtered as the list", async () => {
    const created = await tradeIn('490154203237518', { sellerName: 'Zuléica Exportada' });
    // Searched as typed without the accent, in lower case: every word found.
    const res = await call(attendant, 'GET', '/trade-ins/export.csv?search=zuleica%20exportada');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The offer and the value: R$ 1.500,00 − 150,00 − 150,00 = 1.200,00; open, not paid yet.
    expect(lines).toEqual([
      'Código;Data;Vendedor;Aparelho;IMEI;Oferta;Valor;Pagamento;Situação',
      `${created.code};${formatBusinessDate(new Date())};Zuléica Exportada;Apple iPhone 12 128 GB;490154203237518;1200,00;1200,00;;Em avaliação`,
    ]);
  });
});

describe('a used phone bought outright', () => {
  it('in cash: out of the attendant’s open register, R$ 1.200,00 as a trade-in entry', async () => {
    const registers = await call(admin, 'POST', '/cash-registers', {
      name: `Caixa usados ${randomUUID().slice(0, 6)}`,
    });
    expect(registers.statusCode, registers.body).toBe(201);
    const register = registers.json().data as { id: number };
    const opened = await call(attendant, 'POST', `/cash-registers/${register.id}/open`, { float: 2000 });
    expect(opened.statusCode, opened.body).toBe(201);
    const sessionId = opened.json().data.id as number;
    const created = await tradeIn('220000000000004');
    await call(attendant, 'POST', `/trade-ins/${created.id}/check`, { result: 'REGULAR', screenshot: photo });
    await call(attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature });
    const product = await seminovo(`Seminovo dinheiro ${randomUUID()}`);
    const accepted = await call(attendant, 'POST', `/trade-ins/${created.id}/accept`, {
      productId: product.id,
      settlement: 'CASH',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The same acceptance sent again (its answer lost): the trade-in as it is, the seller paid once.
    const again = await call(attendant, 'POST', `/trade-ins/${created.id}/accept`, {
      productId: product.id,
      settlement: 'CASH',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'ACCEPTED', settlement: 'CASH' });
    const entries = await t.db
      .selectFrom('cash_entries')
      .select(['kind', 'amount_cents', 'reason'])
      .where('kind', '=', 'TRADE_IN')
      .execute();
    expect(entries.map((e) => [e.kind, Number(e.amount_cents), e.reason])).toEqual([
      ['TRADE_IN', 120_000, `Compra de aparelho usado ${created.code}`],
    ]);
    // The drawer expects R$ 2.000,00 − R$ 1.200,00 = R$ 800,00.
    const session = await call(attendant, 'GET', `/cash-registers/sessions/${sessionId}`);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().data.totals).toMatchObject({ float: 2000, out: 1200, expected: 800 });
  });

  it('in cash above what the drawer holds: refused, nothing paid nor taken in (issue 53, finding 4)', async () => {
    // The administrator's own register (the attendant's may be open from another test), with R$ 10,00 in it.
    const registers = await call(admin, 'POST', '/cash-registers', {
      name: `Caixa curto ${randomUUID().slice(0, 6)}`,
    });
    expect(registers.statusCode, registers.body).toBe(201);
    const register = registers.json().data as { id: number };
    const opened = await call(admin, 'POST', `/cash-registers/${register.id}/open`, { float: 10 });
    expect(opened.statusCode, opened.body).toBe(201);
    const sessionId = opened.json().data.id as number;
    const created = await tradeIn('330000000000001');
    // The value lowered to R$ 500,00 (below the offer of R$ 1.200,00: the attendant may).
    expect((await call(attendant, 'PUT', `/trade-ins/${created.id}/value`, { value: 500 })).statusCode).toBe(200);
    await call(attendant, 'POST', `/trade-ins/${created.id}/check`, { result: 'REGULAR', screenshot: photo });
    await call(attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature });
    const product = await seminovo(`Seminovo caixa curto ${randomUUID()}`);
    const body = { productId: product.id, settlement: 'CASH' };
    // R$ 500,00 out of a drawer holding R$ 10,00 would leave it at 10,00 − 500,00 = −490,00.
    const refused = expectError(
      await call(admin, 'POST', `/trade-ins/${created.id}/accept`, body),
      409,
      'TRANSITION_REFUSED',
    );
    expect(refused.errors[0]).toBe('O pagamento do aparelho usado passa do dinheiro esperado no caixa (R$ 10,00).');
    // Nothing changed: still open, no unit, no cash out, the drawer at R$ 10,00.
    const row = await t.db
      .selectFrom('trade_ins')
      .select(['status', 'unit_id'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'OPEN', unit_id: null });
    const units = await t.db.selectFrom('product_units').select('id').where('trade_in_id', '=', created.id).execute();
    expect(units).toEqual([]);
    const session = await call(admin, 'GET', `/cash-registers/sessions/${sessionId}`);
    expect(session.json().data).toMatchObject({ totals: { out: 0, expected: 10 }, entries: [] });
    // A top-up of R$ 490,00 makes 10,00 + 490,00 = 500,00: exactly what it pays, leaving 0,00.
    const topUp = await call(admin, 'POST', `/cash-registers/${register.id}/entries`, { kind: 'TOP_UP', amount: 490 });
    expect(topUp.statusCode, topUp.body).toBe(201);
    const accepted = await call(admin, 'POST', `/trade-ins/${created.id}/accept`, body);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await call(admin, 'GET', `/cash-registers/sessions/${sessionId}`);
    expect(after.json().data.totals).toMatchObject({ in: 490, out: 500, expected: 0 });
  });
});
