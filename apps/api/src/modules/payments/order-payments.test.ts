import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  COMPANY_ID,
  cardSettingsEnvelopeSchema,
  DEFAULT_CARD_SETTINGS,
  ORDER_PAYMENT_TEXTS,
  ORDER_STATUS,
  orderPaymentAnswerSchema,
  orderPaymentsSchema,
  PAYMENT_TEXTS,
  pixWebhookInfoSchema,
} from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoRole, injectApi, signIn, signInAll, type TestApp } from '../../test/helpers';
import { insertCourierWithOrdersRole } from '../orders/test-orders';
import { createCustomer, createProduct } from '../selling/test-selling';
import { expectError, setPixAutoOf } from './test-payments';

/**
 * Card and split payments (issue 38 §2, decision 0042), through the API on a fresh database. Every figure
 * below is worked out by hand in the comments, never read from the code under test.
 */

type Role = DemoRole;
let t: TestApp;
const tokens = {} as Record<Role, string>;
let secret: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (
  method: Method,
  url: string,
  payload?: unknown,
  token: string | null = tokens.attendant,
  headers: Record<string, string> = {},
) => injectApi(t.app, method, url, token, payload, headers);
/** Defined in the PostgreSQL pass of .ci/run only (what it needs, two sessions, PGlite has not). */
const onPostgres = process.env.DATABASE_URL ? it : () => undefined;
const webhook = (body: unknown) => call('POST', `/payments/pix/webhook/${secret}/pix`, body, null);
const pay = (orderId: number, body: unknown, key?: string, token?: string) =>
  call('POST', `/orders/${orderId}/payments`, body, token ?? tokens.attendant, key ? { 'idempotency-key': key } : {});
const partsOf = async (orderId: number) => {
  const res = await call('GET', `/orders/${orderId}/payments`);
  expect(res.statusCode).toBe(200);
  return orderPaymentsSchema.parse(res.json()).data;
};
const statusOf = async (orderId: number) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

let e2eCounter = 0;
const e2e = () =>
  `E00000000202611251030${String(++e2eCounter).padStart(3, '0')}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

const setPixAuto = (on: boolean) => setPixAutoOf(t.db, on);

/** An order placed by its own Pix for one product of `cents`, picked up, no warranty: its total is exactly `cents`. */
async function pixOrder(cents: number): Promise<{ id: number; code: string; status: number }> {
  const customer = await createCustomer(t.db);
  const product = await createProduct(t.db, {
    name: `Celular ${randomUUID()}`,
    costCents: Math.floor(cents / 2),
    sellCents: cents,
    stock: 5,
  });
  expect(
    (await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 })).statusCode,
  ).toBe(200);
  const res = await call('POST', `/orders/checkout/pix/${customer.id}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { orderId: number; code: string; statusKey: number; total: number };
  expect(body.total).toBe(cents / 100);
  return { id: body.orderId, code: body.code, status: body.statusKey };
}

const card = (instalments: number, kind: 'DEBIT' | 'CREDIT' = 'CREDIT') => ({
  kind,
  brand: 'Visa',
  instalments,
  nsu: '004512',
  authorizationCode: 'a1b2c3',
});

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://loja.example.com.br' });
  Object.assign(tokens, await signInAll(t.app));
  const res = await call('GET', '/payments/pix/webhook', undefined, tokens.admin);
  secret = pixWebhookInfoSchema.parse(res.json()).data.secret;
  // The shop's Pix receiver, so a Pix part has its BR Code.
  await t.db
    .insertInto('bank_settings')
    .values({ name: 'Pix da loja', type: 'Pix', pix_type: 'EMAIL', pix_key: 'pix@loja.com.br' })
    .execute();
  await t.db
    .insertInto('company_settings')
    .values({ company_id: COMPANY_ID, name: 'Loja', merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' }))
    .execute();
  // The acquirer's fees: débito 1,99 %; crédito 1× 3,19 %, 2× to 12× 3,49 %; the shop sells in up to 10×.
  const fees = { ...DEFAULT_CARD_SETTINGS, maxInstalments: 10, debitFee: 1.99 };
  fees.creditFees = [3.19, ...Array.from({ length: 11 }, () => 3.49)];
  const saved = await call('PUT', '/settings/card-fees', fees, tokens.admin);
  expect(saved.statusCode).toBe(200);
  expect(cardSettingsEnvelopeSchema.parse(saved.json()).data.creditFees[2]).toBe(3.49);
}, 120_000);
afterAll(() => t.close());

describe('the card settings', () => {
  it('are read by whoever records payments, written only with the settings permission', async () => {
    const read = await call('GET', '/settings/card-fees');
    expect(read.statusCode).toBe(200);
    const data = cardSettingsEnvelopeSchema.parse(read.json()).data;
    expect(data.debitDays).toBe(1);
    expect(data.creditDays).toBe(30);
    expect(data.maxInstalments).toBe(10);
    expectError(await call('PUT', '/settings/card-fees', data), 403, 'FORBIDDEN');
    const bad = await call('PUT', '/settings/card-fees', { ...data, debitFee: 3.456 }, tokens.admin);
    expect(apiErrorSchema.parse(bad.json()).errors).toContain(ORDER_PAYMENT_TEXTS.feeInvalid);
  });

  it('saved before a setting existed: the fees typed stay, the new setting takes its default', async () => {
    const before = await t.db.selectFrom('company_settings').select('card_settings').executeTakeFirstOrThrow();
    // As a shop's row saved before 'maxInstalments' existed: débito 1,99 %, no maximum written.
    const older = { debitFee: 1.99, creditFees: Array.from({ length: 12 }, () => 3.49), debitDays: 2, creditDays: 30 };
    await t.db
      .updateTable('company_settings')
      .set({ card_settings: JSON.stringify(older) })
      .execute();
    try {
      const data = cardSettingsEnvelopeSchema.parse((await call('GET', '/settings/card-fees')).json()).data;
      expect(data).toMatchObject({ debitFee: 1.99, debitDays: 2, maxInstalments: 12 });
      expect(data.creditFees[2]).toBe(3.49);
    } finally {
      await t.db
        .updateTable('company_settings')
        .set({ card_settings: JSON.stringify(before.card_settings) })
        .execute();
    }
  });
});

describe('a split payment: R$ 10.147,41 = Pix R$ 5.000,00 + card 3× R$ 5.147,41', () => {
  it('is paid only when the confirmed parts reach the total, the card at 3,49 % nets R$ 4.967,77', async () => {
    await setPixAuto(true);
    const order = await pixOrder(1_014_741);
    expect(order.status).toBe(ORDER_STATUS.PROCESSANDO);

    const pix = await pay(order.id, { method: 'PIX', amount: 5000 });
    expect(pix.statusCode).toBe(200);
    const pixPart = orderPaymentAnswerSchema.parse(pix.json()).data;
    expect(pixPart.status).toBe('PENDING');
    // Its own txid: the order's code without the dash, 'P', the part's number.
    expect(pixPart.pix?.txid).toBe(`${order.code.replace('-', '')}P1`);
    // Its own BR Code, for R$ 5.000,00 (field 54 '5000.00', 7 characters) and its txid (field 62-05).
    expect(pixPart.pix?.payload).toContain('54075000.00');
    expect(pixPart.pix?.payload).toContain(`0508${order.code.replace('-', '')}P1`);

    const cardRes = await pay(order.id, { method: 'CARD', amount: 5147.41, card: card(3) });
    expect(cardRes.statusCode).toBe(200);
    const cardAnswer = orderPaymentAnswerSchema.parse(cardRes.json());
    // 514,741 cents × 3,49 % = 17,964.4609 → 17,964 cents (R$ 179,64); net 514,741 − 17,964 = 496,777.
    expect(cardAnswer.data.status).toBe('CONFIRMED');
    expect(cardAnswer.data.card).toMatchObject({
      kind: 'CREDIT',
      brand: 'Visa',
      instalments: 3,
      nsu: '004512',
      authorizationCode: 'A1B2C3',
      feePercent: 3.49,
      fee: 179.64,
      net: 4967.77,
    });
    // Three instalments of the net, D+30, D+60, D+90: 496,777 / 3 = 165,592 r 1 → 165,593 + 165,592 + 165,592.
    expect(cardAnswer.data.card?.settlements.map((s) => s.amount)).toEqual([1655.93, 1655.92, 1655.92]);
    // The order's 'Histórico de alterações' says it in words.
    const history = await call('GET', `/audit?entity=order&id=${order.code}`, undefined, tokens.admin);
    const entry = (
      history.json() as { data: { action: string; changes: { label: string; to: unknown }[] }[] }
    ).data.find((e) => e.action === 'Pagamento registrado' && JSON.stringify(e.changes).includes('Cartão'));
    expect(JSON.stringify(entry?.changes)).toContain(
      'Cartão R$ 5.147,41 (Crédito 3× Visa, comprovante 004512): Confirmado',
    );
    // Not paid yet: R$ 5.147,41 of R$ 10.147,41 confirmed, the Pix waits.
    expect(cardAnswer.orderStatusKey).toBe(ORDER_STATUS.PROCESSANDO);
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PROCESSANDO);

    const before = await partsOf(order.id);
    expect(before).toMatchObject({ total: 10147.41, paid: 5147.41, pending: 5000, due: 0, paidInFull: false });

    // The bank pays the Pix part, naming its txid: the part is confirmed and the order is paid.
    const endToEndId = e2e();
    const delivered = await webhook({
      pix: [
        {
          endToEndId,
          txid: pixPart.pix?.txid,
          valor: '5000.00',
          horario: new Date().toISOString(),
        },
      ],
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ received: 1 });
    const after = await partsOf(order.id);
    expect(after).toMatchObject({ paid: 10147.41, pending: 0, due: 0, paidInFull: true });
    // The orders list (and so relatorio.csv) carries every part in one line.
    const summary = (await call('GET', `/orders/by-id/${order.id}`)).json() as { data: { paymentParts?: string } };
    expect(summary.data.paymentParts).toBe(
      'Pix R$ 5.000,00 Confirmado; Cartão Crédito 3× Visa R$ 5.147,41 (taxa R$ 179,64) Confirmado',
    );
    expect(after.parts[0]).toMatchObject({ status: 'CONFIRMED', pix: { endToEndId } });
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    const received = await t.db
      .selectFrom('pix_received')
      .select(['order_id', 'confirmed_at'])
      .where('end_to_end_id', '=', endToEndId)
      .executeTakeFirstOrThrow();
    expect(received.order_id).toBe(order.id);
    expect(received.confirmed_at).not.toBeNull();
  });

  it("settles through the table's move for its status: Aguardando comprovante by the card that completes it", async () => {
    await setPixAuto(false);
    const order = await pixOrder(20_000);
    expect(order.status).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
    const first = await pay(order.id, { method: 'CASH', amount: 50 });
    expect(orderPaymentAnswerSchema.parse(first.json()).orderStatusKey).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
    // R$ 200,00 − R$ 50,00 = R$ 150,00 by debit: the sum is exact, the order moves (confirmPix, its requirement met by the parts).
    const last = await pay(order.id, { method: 'CARD', amount: 150, card: card(1, 'DEBIT') });
    expect(last.statusCode).toBe(200);
    const answer = orderPaymentAnswerSchema.parse(last.json());
    // 15,000 × 1,99 % = 298.5 → 299 cents (half up); net 14,701; one payment D+1.
    expect(answer.data.card).toMatchObject({ fee: 2.99, net: 147.01, instalments: 1 });
    expect(answer.data.card?.settlements).toHaveLength(1);
    expect(answer.orderStatusKey).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    const history = await t.db
      .selectFrom('order_status_history')
      .select(['status', 'employee_id'])
      .where('order_id', '=', order.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history.status).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
  });
});

describe("two Pix parts with 'Pix automático' off", () => {
  it("each paid by its own Pix; the one completing the total waits for the attendant's click", async () => {
    await setPixAuto(false);
    const order = await pixOrder(10_000);
    expect(order.status).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
    const first = orderPaymentAnswerSchema.parse((await pay(order.id, { method: 'PIX', amount: 60 })).json()).data;
    const second = orderPaymentAnswerSchema.parse((await pay(order.id, { method: 'PIX', amount: 40 })).json()).data;
    expect([first.pix?.txid, second.pix?.txid]).toEqual([
      `${order.code.replace('-', '')}P1`,
      `${order.code.replace('-', '')}P2`,
    ]);
    // Before the second Pix, the click is refused: R$ 60,00 of R$ 100,00 is not the total.
    const now = () => new Date().toISOString();
    await webhook([{ endToEndId: e2e(), txid: first.pix?.txid, valor: '60.00', horario: now() }]);
    const early = await call('PATCH', '/workflow/order/confirm-pix', { orderId: order.id });
    expectError(early, 400, 'ORDER_REQUIREMENT_MISSING');
    const last = e2e();
    await webhook([{ endToEndId: last, txid: second.pix?.txid, valor: '40.00', horario: now() }]);
    expect(await partsOf(order.id)).toMatchObject({ paid: 100, pending: 0, due: 0, paidInFull: true });
    // The details' Pix is the order's whole Pix: none here (each part's Pix is read with its part), not the R$ 60,00.
    const detail = await call('GET', `/orders/by-id/${order.id}`);
    expect(detail.json().data.pixReceived ?? null).toBeNull();
    // Paid in full by the bank, but 'Pix automático' is off: the order waits for one click, and the Pix says so.
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
    const waiting = await t.db
      .selectFrom('pix_received')
      .select('confirmed_at')
      .where('end_to_end_id', '=', last)
      .executeTakeFirstOrThrow();
    expect(waiting.confirmed_at).toBeNull();
    const click = await call('PATCH', '/workflow/order/confirm-pix', { orderId: order.id });
    expect(click.statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    const unconfirmed = await t.db
      .selectFrom('pix_received')
      .select('end_to_end_id')
      .where('order_id', '=', order.id)
      .where('confirmed_at', 'is', null)
      .execute();
    expect(unconfirmed).toHaveLength(0);
  });
});

describe('what a part may not be', () => {
  it('above the balance (409 PAYMENT_OVERPAID naming what is due), and nothing is recorded', async () => {
    await setPixAuto(true);
    const order = await pixOrder(10_000);
    expect((await pay(order.id, { method: 'CASH', amount: 60 })).statusCode).toBe(200);
    // R$ 100,00 − R$ 60,00 = R$ 40,00 due; R$ 40,01 is one cent too much.
    const over = expectError(await pay(order.id, { method: 'PIX', amount: 40.01 }), 409, 'PAYMENT_OVERPAID');
    expect(over.errors[0]).toBe(ORDER_PAYMENT_TEXTS.overpaid('R$ 40,00'));
    expect((await partsOf(order.id)).parts).toHaveLength(1);
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PROCESSANDO);
  });

  it("a courier whose role holds orders reads and pays only his own orders' parts (404 otherwise, as every order read)", async () => {
    await insertCourierWithOrdersRole(t.db, 'Entregas com pedidos (partes)', {
      name: 'Gil Motoboy',
      email: 'gil.motoboy@exemplo.com',
      phone: '11900000001',
    });
    const gil = await signIn(t.app, 'gil.motoboy@exemplo.com');
    // A Pix order waiting for its payment: no courier's yet, not his to read.
    const order = await pixOrder(10_000);
    const read = await call('GET', `/orders/${order.id}/payments`, undefined, gil);
    expect(read.statusCode).toBe(404);
    expect(apiErrorSchema.parse(read.json()).errors).toEqual([PAYMENT_TEXTS.orderNotFound]);
    expect((await pay(order.id, { method: 'CASH', amount: 10 }, undefined, gil)).statusCode).toBe(404);
    expect((await partsOf(order.id)).parts).toHaveLength(0);
  });

  it('a card number, or anything that looks like one, is refused and never stored', async () => {
    const order = await pixOrder(10_000);
    const asNsu = await pay(order.id, { method: 'CARD', amount: 10, card: { ...card(1), nsu: '4111 1111 1111 1111' } });
    expect(asNsu.statusCode).toBe(400);
    expect(apiErrorSchema.parse(asNsu.json()).errors).toContain(ORDER_PAYMENT_TEXTS.cardNumberRefused);
    const asField = await pay(order.id, { method: 'CARD', amount: 10, card: card(1), cardNumber: '5555' });
    expect(apiErrorSchema.parse(asField.json()).errors).toContain(ORDER_PAYMENT_TEXTS.cardNumberRefused);
    expect((await partsOf(order.id)).parts).toHaveLength(0);
    // Above the shop's 10×, and a debit in instalments.
    expect((await pay(order.id, { method: 'CARD', amount: 10, card: card(12) })).statusCode).toBe(400);
    expect((await pay(order.id, { method: 'CARD', amount: 10, card: card(2, 'DEBIT') })).statusCode).toBe(400);
    expect((await pay(order.id, { method: 'CARD', amount: 10 })).statusCode).toBe(400);
    expect((await partsOf(order.id)).parts).toHaveLength(0);
  });

  it('refused to a role without the orders permission', async () => {
    const order = await pixOrder(10_000);
    expectError(await pay(order.id, { method: 'CASH', amount: 10 }, undefined, tokens.stocker), 403, 'FORBIDDEN');
    expectError(await call('GET', `/orders/${order.id}/payments`, undefined, tokens.stocker), 403, 'FORBIDDEN');
    expect((await partsOf(order.id)).parts).toHaveLength(0);
  });
});

describe('a part sent again with its Idempotency-Key', () => {
  it('is recorded once; the key with another body is refused', async () => {
    const order = await pixOrder(10_000);
    const key = randomUUID();
    const first = await pay(order.id, { method: 'CARD', amount: 30, card: card(2) }, key);
    const again = await pay(order.id, { method: 'CARD', amount: 30, card: card(2) }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    const a = orderPaymentAnswerSchema.parse(first.json());
    const b = orderPaymentAnswerSchema.parse(again.json());
    expect(b.data.id).toBe(a.data.id);
    expect([a.replayed, b.replayed]).toEqual([false, true]);
    expect((await partsOf(order.id)).parts).toHaveLength(1);
    expectError(await pay(order.id, { method: 'CASH', amount: 30 }, key), 409, 'CONFLICT');
    expect((await partsOf(order.id)).paid).toBe(30);
  });
});

describe('two parts paying the last R$ 10,00 at once', () => {
  it('exactly one wins', async () => {
    await setPixAuto(true);
    const order = await pixOrder(10_000);
    expect((await pay(order.id, { method: 'CASH', amount: 90 })).statusCode).toBe(200);
    const answers = await Promise.all([
      pay(order.id, { method: 'CARD', amount: 10, card: card(1, 'DEBIT') }),
      pay(order.id, { method: 'CASH', amount: 10 }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((res) => res.statusCode === 409);
    expect(apiErrorSchema.parse(loser?.json()).code).toBe('PAYMENT_OVERPAID');
    const parts = await partsOf(order.id);
    expect(parts.parts).toHaveLength(2);
    expect(parts).toMatchObject({ paid: 100, due: 0, paidInFull: true });
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    // The order moved once.
    const moves = await t.db
      .selectFrom('order_status_history')
      .select('id')
      .where('order_id', '=', order.id)
      .where('status', '=', ORDER_STATUS.AGUARDANDO_ESTOQUISTA)
      .execute();
    expect(moves).toHaveLength(1);
  });
});

describe('a part refused or reversed', () => {
  it('reopens the balance', async () => {
    await setPixAuto(true);
    const order = await pixOrder(10_000);
    const pix = orderPaymentAnswerSchema.parse((await pay(order.id, { method: 'PIX', amount: 100 })).json()).data;
    expect((await partsOf(order.id)).due).toBe(0);
    const refused = await call('PATCH', `/orders/${order.id}/payments/${pix.id}`, {
      status: 'REFUSED',
      reason: 'Cliente vai pagar no cartão',
    });
    expect(refused.statusCode).toBe(200);
    expect((await partsOf(order.id)).due).toBe(100);
    // The bank pays the refused part's txid later: it pays nothing (not waiting), the order still waits.
    const late = await webhook([
      { endToEndId: e2e(), txid: pix.pix?.txid, valor: '100.00', horario: new Date().toISOString() },
    ]);
    expect(late.statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PROCESSANDO);

    const cardPart = orderPaymentAnswerSchema.parse(
      (await pay(order.id, { method: 'CARD', amount: 100, card: card(1) })).json(),
    );
    expect(cardPart.orderStatusKey).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    const reversed = await call('PATCH', `/orders/${order.id}/payments/${cardPart.data.id}`, {
      status: 'REVERSED',
      reason: 'Contestação da bandeira',
    });
    expect(reversed.statusCode).toBe(200);
    expect((await partsOf(order.id)).due).toBe(100);
    // The same reversal sent again (its answer lost on the way) answers the part, written once.
    const again = await call('PATCH', `/orders/${order.id}/payments/${cardPart.data.id}`, {
      status: 'REVERSED',
      reason: 'Contestação da bandeira',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('REVERSED');
    const notes = await t.db
      .selectFrom('order_status_history')
      .select('note')
      .where('order_id', '=', order.id)
      .where('note', 'like', '%Contestação da bandeira%')
      .execute();
    expect(notes).toHaveLength(1);
    // Reversing it again is refused; the order's status stays for the attendants to decide.
    expect(
      (
        await call('PATCH', `/orders/${order.id}/payments/${cardPart.data.id}`, {
          status: 'REVERSED',
          reason: 'de novo',
        })
      ).statusCode,
    ).toBe(409);
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
  });

  // PostgreSQL only: a transaction holding the order's lock while the webhook waits for it (PGlite is one session).
  onPostgres("refused while its Pix waited for the order's lock: stays refused, the Pix pays nothing", async () => {
    await setPixAuto(true);
    const order = await pixOrder(10_000);
    const pix = orderPaymentAnswerSchema.parse((await pay(order.id, { method: 'PIX', amount: 40 })).json()).data;
    const endToEndId = e2e();
    let late: ReturnType<typeof webhook> | undefined;
    await t.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const holder = rows[0]?.pid;
      await sql`select id from orders where id = ${order.id} for update`.execute(trx);
      late = webhook([{ endToEndId, txid: pix.pix?.txid, valor: '40.00', horario: new Date().toISOString() }]);
      // The webhook waits behind this transaction (as behind an attendant's refusal holding the lock).
      await expect
        .poll(async () => {
          const { rows: blocked } = await sql<{ n: number }>`
              select count(*)::int as n from pg_stat_activity where ${holder}::int = any(pg_blocking_pids(pid))`.execute(
            t.db,
          );
          return blocked[0]?.n ?? 0;
        })
        .toBeGreaterThan(0);
      await trx
        .updateTable('order_payments')
        .set({ status: 'REFUSED', closed_at: new Date(), close_reason: 'cliente desistiu' })
        .where('id', '=', pix.id)
        .execute();
    });
    expect((await late)?.statusCode).toBe(200);
    const part = await t.db
      .selectFrom('order_payments')
      .select('status')
      .where('id', '=', pix.id)
      .executeTakeFirstOrThrow();
    expect(part.status).toBe('REFUSED');
    const received = await t.db
      .selectFrom('pix_received')
      .select(['order_id', 'unmatched_reason'])
      .where('end_to_end_id', '=', endToEndId)
      .executeTakeFirstOrThrow();
    expect(received).toEqual({ order_id: null, unmatched_reason: 'NOT_WAITING' });
    expect((await partsOf(order.id)).due).toBe(100);
  });

  it('a whole-order Pix cannot pay an order paid in parts', async () => {
    await setPixAuto(true);
    const order = await pixOrder(10_000);
    expect((await pay(order.id, { method: 'CASH', amount: 20 })).statusCode).toBe(200);
    const endToEndId = e2e();
    await webhook([
      { endToEndId, txid: order.code.replace('-', ''), valor: '100.00', horario: new Date().toISOString() },
    ]);
    const row = await t.db
      .selectFrom('pix_received')
      .select(['order_id', 'unmatched_reason'])
      .where('end_to_end_id', '=', endToEndId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ order_id: null, unmatched_reason: 'ALREADY_PAID' });
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PROCESSANDO);
  });
});

describe('the card checkout', () => {
  async function cart(cents: number) {
    const customer = await createCustomer(t.db);
    const product = await createProduct(t.db, {
      name: `Fone ${randomUUID()}`,
      costCents: 1000,
      sellCents: cents,
      stock: 5,
    });
    await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
    return customer.id;
  }
  const choices = { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false };

  it('at the counter: paid with the sale, one confirmed card part for the total', async () => {
    const customerId = await cart(45_990);
    const res = await call('POST', `/orders/checkout/card/${customerId}`, { ...choices, card: card(2) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { orderId: number; statusKey: number; paymentMethod: string };
    expect(body).toMatchObject({ statusKey: ORDER_STATUS.AGUARDANDO_ESTOQUISTA, paymentMethod: 'CARD' });
    const parts = await partsOf(body.orderId);
    // 45,990 × 3,49 % (2×) = 1,605.051 → 1,605 cents; net 44,385.
    expect(parts).toMatchObject({ total: 459.9, paid: 459.9, due: 0, paidInFull: true });
    expect(parts.parts[0]?.card).toMatchObject({ instalments: 2, fee: 16.05, net: 443.85 });
  });

  it("on delivery ('Levar maquininha'): no part yet, the card is charged at the door", async () => {
    const customerId = await cart(10_000);
    const key = randomUUID();
    const res = await call('POST', `/orders/checkout/card/${customerId}`, choices, tokens.attendant, {
      'idempotency-key': key,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { orderId: number; statusKey: number; cardOnDelivery?: boolean };
    expect(body.cardOnDelivery).toBe(true);
    // Sent again with its key (the answer was lost): the same order, still said to be charged at the door.
    const again = await call('POST', `/orders/checkout/card/${customerId}`, choices, tokens.attendant, {
      'idempotency-key': key,
    });
    expect(again.json()).toMatchObject({ orderId: body.orderId, replayed: true, cardOnDelivery: true });
    expect(body.statusKey).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    expect(await partsOf(body.orderId)).toMatchObject({ paid: 0, due: 100, paidInFull: false });
    // The order says so to the courier's card and the run sheet ('Levar maquininha').
    const summary = await call('GET', `/orders/by-id/${body.orderId}`);
    expect((summary.json() as { data: { cardOnDelivery?: boolean } }).data.cardOnDelivery).toBe(true);
    // The courier's machine at the door: the part is recorded then.
    const atDoor = await pay(body.orderId, { method: 'CARD', amount: 100, card: card(1, 'DEBIT') });
    expect(atDoor.statusCode).toBe(200);
    expect(await partsOf(body.orderId)).toMatchObject({ paid: 100, due: 0, paidInFull: true });
  });

  it('refuses a card number and a change for a card', async () => {
    const customerId = await cart(10_000);
    const pan = await call('POST', `/orders/checkout/card/${customerId}`, {
      ...choices,
      card: { ...card(1), authorizationCode: '5555555555554444' },
    });
    expect(apiErrorSchema.parse(pan.json()).errors).toContain(ORDER_PAYMENT_TEXTS.cardNumberRefused);
    const change = await call('POST', `/orders/checkout/card/${customerId}`, { ...choices, changeFor: 200 });
    expect(change.statusCode).toBe(400);
    const orders = await t.db.selectFrom('orders').select('id').where('customer_id', '=', customerId).execute();
    expect(orders).toHaveLength(0);
  });
});
