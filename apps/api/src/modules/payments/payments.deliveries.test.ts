import { ORDER_STATUS, pixReceivedListSchema } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/helpers';
import { expectError, usePixWorld } from './test-payments';

/**
 * The Pix webhook's deliveries: bad entries, hostile keys, a wrong secret, refunds (createTestApp through ./test-
 * payments: an app and a database of this file's own).
 */

const { w, call, webhook, e2e, setPixAuto, pixOrder, orderRow, historyOf, pixRow, pixCount } = usePixWorld();

/** A delivery sent as the bank's bytes are (so a broken one can be sent), as JSON. */
const webhookBytes = (body: Buffer | string, key = w.secret) =>
  w.t.app.inject({
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
      await w.t.app.inject({
        method: 'POST',
        url: '/api/receivables/1/payments',
        payload: '{"method":"CASH","amount":1,"__proto__":{"x":1}}',
        headers: { ...bearer(w.tokens.attendant), 'content-type': 'application/json' },
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
    expect(await bell(w.tokens.attendant)).toEqual([
      expect.objectContaining({
        id: `pix-refund:${id}:12345`,
        title: 'Pix devolvido',
        body: `R$ 123,45 de R$ 123,45 devolvidos ao pagador do pedido ${order.code}: o pagamento foi estornado.`,
        link: `/admin/orders?order=${order.id}`,
      }),
    ]);
    expect(await bell(w.tokens.stocker)).toEqual([]);

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
