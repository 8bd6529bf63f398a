import { ORDER_STATUS, pixReceivedListSchema, pixWebhookInfoSchema } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { expectError, usePixWorld } from './test-payments';

/**
 * The Pix webhook: its URL, a Pix sale confirmed by the bank, a Pix matched by hand (createTestApp through ./test-
 * payments: an app and a database of this file's own).
 */

const { w, call, webhook, e2e, setPixAuto, pixOrder, orderRow, historyOf, pixRow, pixCount } = usePixWorld();

describe('the Pix webhook URL', () => {
  it('is made once, shown to whoever holds the settings permission, and renewed on request', async () => {
    const first = pixWebhookInfoSchema.parse(
      (await call('GET', '/payments/pix/webhook', undefined, w.tokens.admin)).json(),
    );
    expect(first.data.secret).toBe(w.secret);
    expect(first.data.url).toBe(`https://loja.example.com.br/api/payments/pix/webhook/${w.secret}`);
    // 32 random bytes in base64url: 43 characters.
    expect(w.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectError(await call('GET', '/payments/pix/webhook', undefined, w.tokens.attendant), 403, 'FORBIDDEN');
    expectError(await call('POST', '/payments/pix/webhook', undefined, w.tokens.attendant), 403, 'FORBIDDEN');

    const renewed = pixWebhookInfoSchema.parse(
      (await call('POST', '/payments/pix/webhook', undefined, w.tokens.admin)).json(),
    );
    expect(renewed.data.secret).not.toBe(w.secret);
    // The old URL stops at once; the new one answers.
    expectError(await webhook({ pix: [] }, w.secret), 404, 'NOT_FOUND');
    expect((await webhook({ pix: [] }, renewed.data.secret)).statusCode).toBe(200);
    w.secret = renewed.data.secret;
  });

  it('keeps the secret out of the log', async () => {
    w.logLines.length = 0;
    expect((await webhook({ pix: [] })).statusCode).toBe(200);
    const log = w.logLines.join('');
    expect(log).toContain('/api/payments/pix/webhook/[redacted]/pix');
    expect(log).not.toContain(w.secret);
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
      await call('PATCH', '/workflow/order/confirm-pix', { orderId: order.id }, w.tokens.stocker),
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
      await call('PATCH', `/payments/pix/received/${exact}`, { orderId: order.id }, w.tokens.stocker),
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
    const audit = await w.t.db
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
