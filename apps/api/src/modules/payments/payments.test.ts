import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  COMPANY_ID,
  ORDER_STATUS,
  pixReceivedListSchema,
  pixWebhookInfoSchema,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from '../selling/test-selling';

type Role = keyof typeof DEMO;
let t: TestApp;
const tokens = {} as Record<Role, string>;
let secret: string;
const logLines: string[] = [];

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: unknown, token: string | null = tokens.attendant) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? bearer(token) : {},
  });
const webhook = (body: unknown, key = secret) => call('POST', `/payments/pix/webhook/${key}/pix`, body, null);

/** 32 letters and digits, as an E2E id: 'E', an ISPB, yyyyMMddHHmm, 11 more (unique per call). */
let e2eCounter = 0;
const e2e = () =>
  `E00000000202611221030${String(++e2eCounter).padStart(3, '0')}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

async function setPixAuto(on: boolean) {
  await t.db
    .insertInto('company_settings')
    .values({ company_id: COMPANY_ID, name: 'Loja', pix_auto: on })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ pix_auto: on }))
    .execute();
}

/**
 * An order paid by its own Pix: one product of R$ 123,45 (cost R$ 100,00), picked up at the store, no
 * warranty, so its total is exactly R$ 123,45.
 */
async function pixOrder(): Promise<{ id: number; code: string; txid: string; status: number }> {
  const customer = await createCustomer(t.db);
  const product = await createProduct(t.db, {
    name: `Capinha Pix ${randomUUID()}`,
    costCents: 10_000,
    sellCents: 12_345,
    stock: 5,
  });
  expect(
    (await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 })).statusCode,
  ).toBe(200);
  const res = await call('POST', `/orders/checkout/pix/${customer.id}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { orderId: number; code: string; statusKey: number; total: number };
  expect(body.total).toBe(123.45);
  return { id: body.orderId, code: body.code, txid: body.code.replace('-', ''), status: body.statusKey };
}

const orderRow = (id: number) =>
  t.db.selectFrom('orders').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
const historyOf = (orderId: number) =>
  t.db
    .selectFrom('order_status_history')
    .select(['status', 'employee_id', 'note'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
const pixRow = (endToEndId: string) =>
  t.db.selectFrom('pix_received').selectAll().where('end_to_end_id', '=', endToEndId).executeTakeFirst();
const pixCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('pix_received')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

beforeAll(async () => {
  t = await createTestApp({
    publicUrl: 'https://loja.example.com.br',
    logLevel: 'info',
    logger: { stream: { write: (line: string) => logLines.push(line) } },
  });
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
  const res = await call('GET', '/payments/pix/webhook', undefined, tokens.admin);
  secret = pixWebhookInfoSchema.parse(res.json()).data.secret;
}, 120_000);
afterAll(() => t.close());

describe('the Pix webhook URL', () => {
  it('is made once, shown to whoever holds the settings permission, and renewed on request', async () => {
    const first = pixWebhookInfoSchema.parse(
      (await call('GET', '/payments/pix/webhook', undefined, tokens.admin)).json(),
    );
    expect(first.data.secret).toBe(secret);
    expect(first.data.url).toBe(`https://loja.example.com.br/api/payments/pix/webhook/${secret}`);
    // 32 random bytes in base64url: 43 characters.
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectError(await call('GET', '/payments/pix/webhook', undefined, tokens.attendant), 403, 'FORBIDDEN');
    expectError(await call('POST', '/payments/pix/webhook', undefined, tokens.attendant), 403, 'FORBIDDEN');

    const renewed = pixWebhookInfoSchema.parse(
      (await call('POST', '/payments/pix/webhook', undefined, tokens.admin)).json(),
    );
    expect(renewed.data.secret).not.toBe(secret);
    // The old URL stops at once; the new one answers.
    expectError(await webhook({ pix: [] }, secret), 404, 'NOT_FOUND');
    expect((await webhook({ pix: [] }, renewed.data.secret)).statusCode).toBe(200);
    secret = renewed.data.secret;
  });

  it('keeps the secret out of the log', async () => {
    logLines.length = 0;
    expect((await webhook({ pix: [] })).statusCode).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('/api/payments/pix/webhook/[redacted]/pix');
    expect(log).not.toContain(secret);
  });

  it('answers 404 to a wrong secret and records nothing, whatever the body', async () => {
    const before = await pixCount();
    const entry = { endToEndId: e2e(), txid: 'ABC123', valor: '10.00', horario: '2026-11-22T10:30:00.000Z' };
    expectError(await webhook({ pix: [entry] }, 'not-the-secret'), 404, 'NOT_FOUND');
    expectError(await webhook({ pix: 'not a list' }, 'not-the-secret'), 404, 'NOT_FOUND');
    expect(await pixCount()).toBe(before);
    expect(await pixRow(entry.endToEndId)).toBeUndefined();
  });
});

describe('a Pix sale confirmed by the bank', () => {
  it("with 'Pix automático' on: the order waits in Processando, the webhook's Pix of exactly its total confirms it, a replay changes nothing", async () => {
    await setPixAuto(true);
    const order = await pixOrder();
    expect(order.status).toBe(ORDER_STATUS.PROCESSANDO);

    const id = e2e();
    const body = {
      pix: [
        {
          endToEndId: id,
          txid: order.txid,
          valor: '123.45',
          horario: '2026-11-22T13:03:33.902Z',
          infoPagador: 'Pedido',
        },
      ],
    };
    const res = await webhook(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 0 });

    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    const history = await historyOf(order.id);
    expect(history).toHaveLength(2);
    expect(history[1]).toEqual({
      status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
      employee_id: null,
      note: `Pix automático: pagamento recebido pelo banco (E2E ${id}).`,
    });
    const stored = await pixRow(id);
    expect(stored?.order_id).toBe(order.id);
    expect(stored?.amount_cents).toBe(12_345);
    expect(stored?.confirmed_at).not.toBeNull();

    // The bank delivers it again (and once more with its bare-array form): nothing moves, nothing is added.
    const updatedAt = (await orderRow(order.id)).updated_at.getTime();
    expect((await webhook(body)).json()).toEqual({ received: 0, repeated: 1, ignored: 0, refunded: 0 });
    expect((await webhook(body.pix)).json()).toEqual({ received: 0, repeated: 1, ignored: 0, refunded: 0 });
    expect(await historyOf(order.id)).toHaveLength(2);
    expect((await orderRow(order.id)).updated_at.getTime()).toBe(updatedAt);
  });

  it('confirms once when the same Pix is delivered five times at once', async () => {
    await setPixAuto(true);
    const order = await pixOrder();
    const body = [{ endToEndId: e2e(), txid: order.txid, valor: '123.45', horario: '2026-11-22T13:03:33.902Z' }];
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => webhook(body)));
    const counts = answers.map((res) => res.json() as { received: number; repeated: number });
    expect(counts.reduce((sum, c) => sum + c.received, 0)).toBe(1);
    expect(counts.reduce((sum, c) => sum + c.repeated, 0)).toBe(4);
    const history = await historyOf(order.id);
    expect(history.map((h) => h.status)).toEqual([ORDER_STATUS.PROCESSANDO, ORDER_STATUS.AGUARDANDO_ESTOQUISTA]);
  });

  it('never moves an order on a different amount, an unknown txid, no txid, or an order no longer waiting', async () => {
    await setPixAuto(true);
    const order = await pixOrder();
    const cancelled = await pixOrder();
    const cancel = await call('PATCH', '/workflow/order/cancel', {
      orderId: cancelled.id,
      comment: 'Cliente desistiu',
    });
    expect(cancel.statusCode).toBe(200);

    const wrongAmount = e2e();
    const unknown = e2e();
    const noTxid = e2e();
    const notWaiting = e2e();
    const at = '2026-11-22T13:03:33.902Z';
    const res = await webhook({
      pix: [
        { endToEndId: wrongAmount, txid: order.txid, valor: '123.44', horario: at },
        { endToEndId: unknown, txid: 'NAOEXISTE1', valor: '123.45', horario: at },
        { endToEndId: noTxid, valor: '123.45', horario: at },
        { endToEndId: notWaiting, txid: cancelled.txid, valor: '123.45', horario: at },
      ],
    });
    expect(res.json()).toEqual({ received: 4, repeated: 0, ignored: 0, refunded: 0 });
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.PROCESSANDO);
    expect((await orderRow(cancelled.id)).status).toBe(ORDER_STATUS.CANCELADO);
    expect((await pixRow(wrongAmount))?.unmatched_reason).toBe('AMOUNT_MISMATCH');
    expect((await pixRow(unknown))?.unmatched_reason).toBe('UNKNOWN_TXID');
    expect((await pixRow(noTxid))?.unmatched_reason).toBe('NO_TXID');
    expect((await pixRow(notWaiting))?.unmatched_reason).toBe('NOT_WAITING');

    // A second Pix of the right amount for an order already paid is not identified either.
    const first = e2e();
    const second = e2e();
    await webhook({ pix: [{ endToEndId: first, txid: order.txid, valor: '123.45', horario: at }] });
    await webhook({ pix: [{ endToEndId: second, txid: order.txid, valor: '123.45', horario: at }] });
    expect((await pixRow(first))?.order_id).toBe(order.id);
    expect((await pixRow(second))?.unmatched_reason).toBe('NOT_WAITING');

    const list = pixReceivedListSchema.parse(
      (await call('GET', '/payments/pix/received?state=unmatched&items=100')).json(),
    );
    const listed = new Map(list.data.map((pix) => [pix.endToEndId, pix]));
    expect(listed.get(wrongAmount)).toMatchObject({
      state: 'unmatched',
      amount: 123.44,
      order: null,
      reason: 'AMOUNT_MISMATCH',
    });
    expect(listed.get(noTxid)).toMatchObject({ txid: null, reason: 'NO_TXID' });
    expect(listed.has(first)).toBe(false);
    const matched = pixReceivedListSchema.parse(
      (await call('GET', '/payments/pix/received?state=matched&items=100')).json(),
    );
    expect(matched.data.find((pix) => pix.endToEndId === first)).toMatchObject({
      state: 'matched',
      amount: 123.45,
      order: { id: order.id, code: order.code },
      reason: null,
    });
  });

  it("with 'Pix automático' off: the Pix is matched, the order waits for an attendant's one click", async () => {
    await setPixAuto(false);
    const order = await pixOrder();
    expect(order.status).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
    const other = await pixOrder();

    // No Pix received for it yet: the click is refused and changes nothing.
    expectError(
      await call('PATCH', '/workflow/order/confirm-pix', { orderId: other.id }),
      400,
      'ORDER_REQUIREMENT_MISSING',
    );

    const id = e2e();
    await webhook({
      pix: [{ endToEndId: id, txid: order.txid, valor: '123.45', horario: '2026-11-22T13:03:33.902Z' }],
    });
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
    expect((await pixRow(id))?.confirmed_at).toBeNull();
    // The customer paid twice: the second Pix is not identified (one Pix pays one order).
    const twice = e2e();
    await webhook({
      pix: [{ endToEndId: twice, txid: order.txid, valor: '123.45', horario: '2026-11-22T13:04:00.000Z' }],
    });
    expect((await pixRow(twice))?.unmatched_reason).toBe('ALREADY_PAID');

    // A stocker may not confirm a payment; the attendant does.
    expectError(
      await call('PATCH', '/workflow/order/confirm-pix', { orderId: order.id }, tokens.stocker),
      403,
      'FORBIDDEN',
    );
    const res = await call('PATCH', '/workflow/order/confirm-pix', { orderId: order.id });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    expect((await pixRow(id))?.confirmed_at).not.toBeNull();
    const history = await historyOf(order.id);
    expect(history.at(-1)?.employee_id).not.toBeNull();
    expect((await orderRow(other.id)).status).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
  });

  it('takes the Banco Central examples (extra fields included), and skips an entry the standard does not allow', async () => {
    // 'Exemplo de Webhook Pix 1' and '2' of the Pix API's OpenAPI document (bacen/pix-api), as given there.
    const res = await webhook({
      pix: [
        {
          endToEndId: 'E12345678202009091221kkkkkkkkkkk',
          txid: 'c3e0e7a4e7f1469a9f782d3d4999343c',
          valor: '110.00',
          horario: '2020-09-09T20:15:00.358Z',
          infoPagador: '0123456789',
          devolucoes: {
            id: '123ABC',
            rtrId: 'D12345678202009091221abcdf098765',
            valor: '10.00',
            horario: { solicitacao: '2020-09-09T20:15:00.358Z' },
            status: 'EM_PROCESSAMENTO',
          },
        },
        {
          endToEndId: 'E87654321202009091221dfghi123456',
          txid: '971122d8f37211eaadc10242ac120002',
          valor: '110.00',
          horario: '2020-09-09T20:15:00.358Z',
          infoPagador: '0123456789',
        },
        // A comma for the decimals: not the standard's amount.
        { endToEndId: e2e(), txid: 'ABC', valor: '110,00', horario: '2020-09-09T20:15:00.358Z' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 2, repeated: 0, ignored: 1, refunded: 0 });
    expect(await pixRow('E12345678202009091221KKKKKKKKKKK')).toMatchObject({
      txid: 'c3e0e7a4e7f1469a9f782d3d4999343c',
      amount_cents: 11_000,
      payer: '0123456789',
      order_id: null,
      unmatched_reason: 'UNKNOWN_TXID',
    });
    expect((await pixRow('E12345678202009091221KKKKKKKKKKK'))?.paid_at.toISOString()).toBe('2020-09-09T20:15:00.358Z');
    expectError(await webhook({ payments: [] }), 400, 'VALIDATION_FAILED');
  });
});

describe('matching a Pix by hand', () => {
  it('pays the order an attendant names when it waits for exactly that amount, once', async () => {
    await setPixAuto(false);
    const order = await pixOrder();
    const other = await pixOrder();
    const at = '2026-11-22T13:03:33.902Z';
    const exact = e2e();
    const wrong = e2e();
    await webhook({
      pix: [
        { endToEndId: exact, valor: '123.45', horario: at, infoPagador: 'Maria' },
        { endToEndId: wrong, valor: '23.45', horario: at },
      ],
    });

    const refused = expectError(
      await call('PATCH', `/payments/pix/received/${wrong}`, { orderId: other.id }),
      409,
      'PIX_NOT_MATCHED',
    );
    expect(refused.errors[0]).toBe('O valor do Pix (R$ 23,45) é diferente do total do pedido (R$ 123,45).');
    expect((await orderRow(other.id)).status).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);

    expectError(
      await call('PATCH', `/payments/pix/received/${exact}`, { orderId: order.id }, tokens.stocker),
      403,
      'FORBIDDEN',
    );
    const res = await call('PATCH', `/payments/pix/received/${exact}`, { orderId: order.id });
    expect(res.statusCode).toBe(204);
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    const stored = await pixRow(exact);
    expect(stored?.order_id).toBe(order.id);
    expect(stored?.confirmed_at).not.toBeNull();
    expect(stored?.matched_by).not.toBeNull();
    expect((await historyOf(order.id)).at(-1)?.note).toBe(`Pix recebido identificado manualmente (E2E ${exact}).`);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', order.code)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('confirmPix');

    // The same match sent again (its answer was lost): 204, and no second history row.
    const historyBefore = (await historyOf(order.id)).length;
    expect((await call('PATCH', `/payments/pix/received/${exact}`, { orderId: order.id })).statusCode).toBe(204);
    expect((await historyOf(order.id)).length).toBe(historyBefore);
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);

    expectError(
      await call('PATCH', `/payments/pix/received/${exact}`, { orderId: other.id }),
      409,
      'PIX_ALREADY_MATCHED',
    );
    expectError(await call('PATCH', `/payments/pix/received/${e2e()}`, { orderId: other.id }), 404, 'NOT_FOUND');
  });
});

/** A delivery sent as the bank's bytes are (so a broken one can be sent), as JSON. */
const webhookBytes = (body: Buffer | string, key = secret) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/pix/webhook/${key}/pix`,
    payload: body,
    headers: { 'content-type': 'application/json' },
  });

describe('a delivery with one bad entry (issue 34 §3)', () => {
  it('stores and confirms the good Pix beside entries with half an emoji, a number above 2³¹ or an odd field, and answers 200 with the counts', async () => {
    await setPixAuto(true);
    const order = await pixOrder();
    const good = e2e();
    const [surrogate, halfEmoji, bigNumber, numericValor] = [e2e(), e2e(), e2e(), e2e()];
    const at = '2026-11-22T13:03:33.902Z';
    const entry = (endToEndId: string, extra: string) =>
      `{"endToEndId":"${endToEndId}","txid":"NOORDER1","valor":"10.00","horario":"${at}"${extra}}`;
    const body = Buffer.concat([
      Buffer.from(
        `{"pix":[${[
          // The good one, with fields of its own the standard allows (kept out, not refused).
          `{"endToEndId":"${good}","txid":"${order.txid}","valor":"123.45","horario":"${at}","infoPagador":"Pedido 😀","chave":"loja@example.com","componentesValor":{"original":{"valor":"123.45"}}}`,
          // A lone high surrogate, escaped: half an emoji.
          entry(surrogate, ',"infoPagador":"Obrigado \\ud83d"'),
          // A number no integer column holds, in a field of its own.
          entry(bigNumber, ',"componentesValor":{"original":{"centavos":2147483648}}'),
          // The amount as a number instead of the standard's '10.00'.
          `{"endToEndId":"${numericValor}","valor":10,"horario":"${at}"}`,
        ].join(',')},`,
      ),
      // Half an emoji as the bytes come: the first three of the four of U+1F600, then the string goes on.
      Buffer.from(`{"endToEndId":"${halfEmoji}","valor":"10.00","horario":"${at}","infoPagador":"Oi `),
      Buffer.from([0xf0, 0x9f, 0x98]),
      Buffer.from(' tchau"}]}'),
    ]);

    const res = await webhookBytes(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1, repeated: 0, ignored: 4, refunded: 0 });
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    expect(await pixRow(good)).toMatchObject({ order_id: order.id, amount_cents: 12_345, payer: 'Pedido 😀' });
    for (const bad of [surrogate, halfEmoji, bigNumber, numericValor]) expect(await pixRow(bad), bad).toBeUndefined();
  });

  it('skips a Pix whose horario is in year 0000 or 9999, and stores the one beside it', async () => {
    const good = e2e();
    const [year0, year9999] = [e2e(), e2e()];
    const res = await webhook({
      pix: [
        { endToEndId: year0, valor: '10.00', horario: '0000-01-01T00:00:00Z' },
        { endToEndId: year9999, valor: '10.00', horario: '9999-12-31T23:59:59Z' },
        { endToEndId: good, valor: '10.00', horario: '2026-11-22T10:00:00-03:00' },
      ],
    });
    expect(res.json()).toEqual({ received: 1, repeated: 0, ignored: 2, refunded: 0 });
    expect(await pixRow(year0)).toBeUndefined();
    expect(await pixRow(year9999)).toBeUndefined();
    expect((await pixRow(good))?.paid_at.toISOString()).toBe('2026-11-22T13:00:00.000Z');
  });
});

describe('hostile keys and a txid in another case (issue 53, finding 11)', () => {
  it('skips only the entry holding a __proto__ key or a constructor.prototype, and pays the Pix beside them', async () => {
    await setPixAuto(true);
    const order = await pixOrder();
    const [good, proto, ctor, nested] = [e2e(), e2e(), e2e(), e2e()];
    const at = '2026-11-22T13:03:33.902Z';
    // As the bytes come: a JS object literal would make `__proto__` its prototype, not a key.
    const body = `{"pix":[${[
      `{"endToEndId":"${proto}","txid":"NOORDER1","valor":"10.00","horario":"${at}","__proto__":{"txid":"${order.txid}"}}`,
      `{"endToEndId":"${ctor}","valor":"10.00","horario":"${at}","constructor":{"prototype":{"valor":"123.45"}}}`,
      `{"endToEndId":"${nested}","valor":"10.00","horario":"${at}","componentesValor":{"__proto__":{"x":1}}}`,
      `{"endToEndId":"${good}","txid":"${order.txid}","valor":"123.45","horario":"${at}"}`,
    ].join(',')}],"__proto__":{"pix":[]}}`;
    const res = await webhookBytes(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1, repeated: 0, ignored: 3, refunded: 0 });
    expect(await pixRow(good)).toMatchObject({ order_id: order.id, amount_cents: 12_345 });
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    for (const bad of [proto, ctor, nested]) expect(await pixRow(bad), bad).toBeUndefined();
    // Nothing leaked into every object's prototype.
    expect(({} as { txid?: unknown }).txid).toBeUndefined();
    // Any other route still refuses such a body whole.
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/receivables/1/payments',
        payload: '{"method":"CASH","amount":1,"__proto__":{"x":1}}',
        headers: { ...bearer(tokens.attendant), 'content-type': 'application/json' },
      }),
      400,
      'INVALID_JSON',
    );
  });

  it("a txid in lower case pays no order (BACEN's txid is case-sensitive): kept as not identified", async () => {
    await setPixAuto(true);
    const order = await pixOrder();
    const lower = e2e();
    const at = '2026-11-22T13:03:33.902Z';
    // The order's txid is its code without the dash, in upper case (K7M4QP); k7m4qp is another txid.
    expect(order.txid).toMatch(/[A-Z]/);
    const res = await webhook({
      pix: [{ endToEndId: lower, txid: order.txid.toLowerCase(), valor: '123.45', horario: at }],
    });
    expect(res.json()).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 0 });
    expect(await pixRow(lower)).toMatchObject({ order_id: null, unmatched_reason: 'UNKNOWN_TXID' });
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.PROCESSANDO);
    const list = pixReceivedListSchema.parse(
      (await call('GET', '/payments/pix/received?state=unmatched&items=100')).json(),
    );
    expect(list.data.find((pix) => pix.endToEndId === lower)).toMatchObject({
      txid: order.txid.toLowerCase(),
      order: null,
      reason: 'UNKNOWN_TXID',
    });
    // The same Pix with the txid as it was given pays the order.
    const exact = e2e();
    await webhook({ pix: [{ endToEndId: exact, txid: order.txid, valor: '123.45', horario: at }] });
    expect((await pixRow(exact))?.order_id).toBe(order.id);
  });
});

describe('a wrong secret (issue 34 §3)', () => {
  it('is 404 before the body is read: an unparsable, a broken or a too large body is never parsed', async () => {
    const wrong = 'not-the-secret';
    const before = await pixCount();
    // Each of these is refused by the parser when the secret is right (400, 400, 413): with a wrong secret
    // the answer is 404, so the parser never ran.
    const unparsable = '{"pix": [';
    const broken = Buffer.from([0x7b, 0x22, 0xf0, 0x9f, 0x22, 0x7d]);
    const huge = `{"pix":[],"x":"${'a'.repeat(13 * 1024 * 1024)}"}`;
    expectError(await webhookBytes(unparsable, wrong), 404, 'NOT_FOUND');
    expectError(await webhookBytes(broken, wrong), 404, 'NOT_FOUND');
    expectError(await webhookBytes(huge, wrong), 404, 'NOT_FOUND');
    expectError(await webhookBytes(unparsable), 400, 'INVALID_JSON');
    expect((await webhookBytes(huge)).statusCode).toBe(413);
    expect(await pixCount()).toBe(before);
  });
});

describe('a refund of a Pix (devolucoes, issue 34 §3)', () => {
  it("marks the order's payment refunded, writes it in the order's history and rings the attendants' bell, once", async () => {
    await setPixAuto(true);
    const order = await pixOrder();
    const id = e2e();
    const pix = { endToEndId: id, txid: order.txid, valor: '123.45', horario: '2026-11-22T13:03:33.902Z' };
    expect((await webhook({ pix: [pix] })).json()).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 0 });
    const statusPaid = (await orderRow(order.id)).status;
    expect(statusPaid).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);

    // A refund still being processed has given nothing back: the delivery is a replay.
    const pending = {
      id: 'D1',
      rtrId: `D${id.slice(1)}`,
      valor: '123.45',
      horario: { solicitacao: '2026-11-23T12:00:00Z' },
      status: 'EM_PROCESSAMENTO',
    };
    expect((await webhook({ pix: [{ ...pix, devolucoes: [pending] }] })).json()).toEqual({
      received: 0,
      repeated: 1,
      ignored: 0,
      refunded: 0,
    });
    expect((await pixRow(id))?.refunded_cents).toBe(0);

    const done = {
      ...pending,
      status: 'DEVOLVIDO',
      horario: { ...pending.horario, liquidacao: '2026-11-23T12:00:05Z' },
    };
    const res = await webhook({ pix: [{ ...pix, devolucoes: [done] }] });
    expect(res.json()).toEqual({ received: 0, repeated: 0, ignored: 0, refunded: 1 });

    // The order: its status stays (the attendants decide), its Pix shows the refund, its history says it.
    const detail = (await call('GET', `/orders/by-id/${order.id}`)).json() as {
      data: { statusKey: number; pixReceived: Record<string, unknown> };
    };
    expect(detail.data.statusKey).toBe(statusPaid);
    expect(detail.data.pixReceived).toMatchObject({
      endToEndId: id,
      amount: 123.45,
      refunded: 123.45,
      refundedAt: '2026-11-23T12:00:05.000Z',
    });
    const history = await historyOf(order.id);
    expect(history.at(-1)).toEqual({
      status: statusPaid,
      employee_id: null,
      note: `Pix devolvido ao pagador pelo banco: R$ 123,45 de R$ 123,45 (E2E ${id}).`,
    });
    const received = pixReceivedListSchema.parse(
      (await call('GET', '/payments/pix/received?state=matched&items=100')).json(),
    );
    expect(received.data.find((p) => p.endToEndId === id)).toMatchObject({ refunded: 123.45 });

    // The bell: the attendants (orders) are told, the stocker is not.
    const bell = async (token: string) =>
      (
        (await call('GET', '/notifications?limit=100', undefined, token)).json() as {
          data: Array<{ id: string; kind: string; title: string; body: string; link: string }>;
        }
      ).data.filter((n) => n.kind === 'pix_refunded' && n.id.includes(id));
    expect(await bell(tokens.attendant)).toEqual([
      expect.objectContaining({
        id: `pix-refund:${id}:12345`,
        title: 'Pix devolvido',
        body: `R$ 123,45 de R$ 123,45 devolvidos ao pagador do pedido ${order.code}: o pagamento foi estornado.`,
        link: `/admin/orders?order=${order.id}`,
      }),
    ]);
    expect(await bell(tokens.stocker)).toEqual([]);

    // The same refund delivered again changes nothing.
    expect((await webhook({ pix: [{ ...pix, devolucoes: [done] }] })).json()).toEqual({
      received: 0,
      repeated: 1,
      ignored: 0,
      refunded: 0,
    });
    expect(await historyOf(order.id)).toHaveLength(history.length);
  });

  it("a Pix first heard of already given back whole is matched and recorded, but 'Pix automático' does not confirm the order", async () => {
    await setPixAuto(true);
    const order = await pixOrder();
    const id = e2e();
    const refund = { id: 'D3', valor: '123.45', status: 'DEVOLVIDO', horario: { liquidacao: '2026-11-23T09:00:00Z' } };
    const res = await webhook({
      pix: [{ endToEndId: id, txid: order.txid, valor: '123.45', horario: '2026-11-22T10:00:00Z', devolucoes: refund }],
    });
    expect(res.json()).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 1 });
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.PROCESSANDO);
    expect(await pixRow(id)).toMatchObject({ order_id: order.id, refunded_cents: 12_345, confirmed_at: null });
  });

  it('a Pix that paid no order and was given back cannot be matched by hand', async () => {
    await setPixAuto(false);
    const order = await pixOrder();
    const id = e2e();
    const refund = { id: 'D4', valor: '123.45', status: 'DEVOLVIDO' };
    const res = await webhook({
      pix: [{ endToEndId: id, valor: '123.45', horario: '2026-11-22T10:00:00Z', devolucoes: [refund] }],
    });
    expect(res.json()).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 1 });
    const refused = expectError(
      await call('PATCH', `/payments/pix/received/${id}`, { orderId: order.id }),
      409,
      'PIX_NOT_MATCHED',
    );
    expect(refused.errors).toEqual(['Este Pix foi devolvido ao pagador: não paga nenhum pedido.']);
    expect((await orderRow(order.id)).status).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
    expect((await pixRow(id))?.order_id).toBeNull();
  });

  it('skips an entry whose refunds add up to more than the Pix', async () => {
    const id = e2e();
    const refund = { id: 'D2', valor: '10.01', status: 'DEVOLVIDO' };
    const res = await webhook({
      pix: [{ endToEndId: id, valor: '10.00', horario: '2026-11-22T10:00:00Z', devolucoes: [refund] }],
    });
    expect(res.json()).toEqual({ received: 0, repeated: 0, ignored: 1, refunded: 0 });
    expect(await pixRow(id)).toBeUndefined();
  });
});
