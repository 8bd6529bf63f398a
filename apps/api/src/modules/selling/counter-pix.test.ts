import { randomUUID } from 'node:crypto';
import { COMPANY_ID, counterSaleStateSchema, ORDER_STATUS, orderPaymentsSchema } from '@backoffice/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, setUpPixStore, usePixWorld } from '../payments/test-payments';
import { createProduct } from './test-selling';

/**
 * 'Balcão' with Pix (issue 54 §1, decision 0074): the customer pays the Pix part from his phone at the counter; the
 * goods leave only once the bank confirms it. Figures by hand: one product of R$ 300,00 (stock 5), paid R$ 100,00 in
 * cash (into the seller's drawer of float R$ 50,00: 150,00) and R$ 200,00 by Pix (the order's second part: txid
 * its code without the dash + 'P2'). Before the bank: placed in 'Processando' ('Pix automático' on), stock 5 → 4,
 * the cash in the drawer, paid 100,00, pending 200,00. After the bank's Pix of 200,00: 'Finalizados', paid 300,00.
 */
const { w, call, webhook, e2e, setPixAuto, historyOf } = usePixWorld();
// The shop takes Pix: an active key, the receiver LOJA BALCAO of SAO PAULO, 'Pix automático' on.
beforeAll(() => setUpPixStore(w.t.db, 'LOJA BALCAO'));

let registers = 0;
/** A register of the test's own, opened by the attendant with R$ 50,00 of float. */
async function openDrawer() {
  const made = await call('POST', '/cash-registers', { name: `Caixa Pix ${++registers}` }, w.tokens.admin);
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json().data as { id: number };
  const opened = await call('POST', `/cash-registers/${id}/open`, { float: 50 });
  expect(opened.statusCode, opened.body).toBe(201);
  return id;
}

async function closeDrawer(registerId: number, counted: number) {
  const closed = await call('POST', `/cash-registers/${registerId}/close`, { counted });
  expect(closed.statusCode, closed.body).toBe(200);
  expect(closed.json().data.difference).toBe(0);
}

const drawerEntries = async (registerId: number) =>
  (
    await w.t.db
      .selectFrom('cash_entries as e')
      .innerJoin('cash_sessions as s', 's.id', 'e.session_id')
      .select(['e.kind', 'e.amount_cents'])
      .where('s.register_id', '=', registerId)
      .orderBy('e.id')
      .execute()
  ).map((entry) => [entry.kind, Number(entry.amount_cents)]);

const stockOf = async (id: number) =>
  (await w.t.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
const statusOf = async (id: number) =>
  (await w.t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const paymentsOf = async (orderId: number) =>
  orderPaymentsSchema.parse((await call('GET', `/orders/${orderId}/payments`)).json()).data;
const stateOf = async (orderId: number) =>
  counterSaleStateSchema.parse((await call('GET', `/counter/sales/${orderId}`)).json()).data;

let products = 0;
const product = (sellCents = 30_000) =>
  createProduct(w.t.db, { name: `Caixa de som Pix ${++products}`, costCents: 15_000, sellCents, stock: 5 });

const card = { kind: 'DEBIT', brand: 'Elo', instalments: 1, nsu: '778899', authorizationCode: 'ZX9' };
const now = () => new Date().toISOString();
const sell = (body: Record<string, unknown>) =>
  call('POST', '/counter/sales', { idempotencyKey: randomUUID(), ...body });

describe('a counter sale paid partly by Pix waits for the bank, then is handed over by the system', () => {
  it('R$ 100,00 in cash + R$ 200,00 by Pix: the stock and cash out at once, Finalizados on the bank’s Pix', async () => {
    const item = await product();
    const registerId = await openDrawer();
    const res = await sell({
      items: [{ productId: item.id, quantity: 1 }],
      payments: [
        { method: 'CASH', amount: 100, received: 100 },
        { method: 'PIX', amount: 200 },
      ],
      expectedTotal: 300,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json().data;
    const txid = `${sale.code.replace('-', '')}P2`;
    expect(sale).toMatchObject({ total: 300, change: 0, statusKey: ORDER_STATUS.PROCESSANDO, replayed: false });
    expect(sale.pix).toMatchObject({ amount: 200, txid, status: 'PENDING' });
    // The BR Code carries the amount (tag 54, '200.00') and the part's txid.
    expect(sale.pix.payload).toContain('5406200.00');
    expect(sale.pix.payload).toContain(txid);

    // Before the bank: not handed over, the unit held, the cash in the drawer, R$ 200,00 still waiting.
    expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.PROCESSANDO);
    expect(await stockOf(item.id)).toBe(4);
    expect(await drawerEntries(registerId)).toEqual([['SALE', 10_000]]);
    const before = await paymentsOf(sale.orderId);
    expect([before.paid, before.pending, before.paidInFull]).toEqual([100, 200, false]);
    expect((await stateOf(sale.orderId)).pix?.status).toBe('PENDING');

    // The bank's webhook: a Pix of exactly R$ 200,00 naming the part's txid.
    const paid = await webhook([{ endToEndId: e2e(), txid, valor: '200.00', horario: now() }]);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await stateOf(sale.orderId)).toEqual({
      orderId: sale.orderId,
      code: sale.code,
      statusKey: ORDER_STATUS.FINALIZADOS,
      pix: { amount: 200, txid, payload: null, status: 'CONFIRMED' },
    });
    const after = await paymentsOf(sale.orderId);
    expect([after.paid, after.pending, after.due, after.paidInFull]).toEqual([300, 0, 0, true]);
    expect(await stockOf(item.id)).toBe(4);
    const history = await historyOf(sale.orderId);
    // Placed; the bank's Pix of the part (a note in the same status); settled; on to the counter; finalized.
    expect(history.map((row) => row.status)).toEqual([
      ORDER_STATUS.PROCESSANDO,
      ORDER_STATUS.PROCESSANDO,
      ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
      ORDER_STATUS.AGUARDANDO_CLIENTE,
      ORDER_STATUS.FINALIZADOS,
    ]);
    // Settled by the bank ('Sistema'), handed over in the seller's name.
    const seller = await w.t.db
      .selectFrom('orders')
      .select('attendant_id')
      .where('id', '=', sale.orderId)
      .executeTakeFirstOrThrow();
    expect(history.map((row) => row.employee_id)).toEqual([
      seller.attendant_id,
      null,
      null,
      seller.attendant_id,
      seller.attendant_id,
    ]);
    expect(history[0]?.note).toContain('aguardando o Pix de R$ 200,00');
    expect(history[1]?.note).toContain('R$ 200,00');
    expect(history.at(-1)?.note).toBe('Venda no balcão: Pix confirmado, entregue ao cliente.');
    // The drawer took the R$ 100,00 once: 50,00 + 100,00.
    expect(await drawerEntries(registerId)).toEqual([['SALE', 10_000]]);
    await closeDrawer(registerId, 150);
  });

  it("with 'Pix automático' off the bank's Pix waits for the attendant's 'Confirmar Pix recebido', then is handed over", async () => {
    await setPixAuto(false);
    try {
      const item = await product(12_000);
      const res = await sell({
        items: [{ productId: item.id, quantity: 1 }],
        payments: [
          { method: 'CARD', amount: 20, card },
          { method: 'PIX', amount: 100 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const sale = res.json().data;
      expect(sale.statusKey).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
      await webhook([{ endToEndId: e2e(), txid: sale.pix.txid, valor: '100.00', horario: now() }]);
      expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
      expect((await paymentsOf(sale.orderId)).paidInFull).toBe(true);
      const confirmed = await call('PATCH', '/workflow/order/confirm-pix', { orderId: sale.orderId });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.FINALIZADOS);
    } finally {
      await setPixAuto(true);
    }
  });

  it('the same sale sent again answers the order and its Pix part, still waiting', async () => {
    const item = await product(5_000);
    const body = {
      idempotencyKey: randomUUID(),
      items: [{ productId: item.id, quantity: 1 }],
      payments: [{ method: 'PIX', amount: 50 }],
    };
    const first = await call('POST', '/counter/sales', body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('POST', '/counter/sales', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      orderId: first.json().data.orderId,
      statusKey: ORDER_STATUS.PROCESSANDO,
      pix: { amount: 50, txid: `${first.json().data.code.replace('-', '')}P1`, status: 'PENDING' },
      replayed: true,
    });
    expect(await stockOf(item.id)).toBe(4);
  });
});

describe("'Confirmar pagamento' by hand on a counter sale whose Pix has not come", () => {
  it('is refused: the goods stay, the sale waits in Processando with its Pix pending', async () => {
    const item = await product(5_000);
    const sold = await sell({
      items: [{ productId: item.id, quantity: 1 }],
      payments: [{ method: 'PIX', amount: 50 }],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const { orderId } = sold.json().data as { orderId: number };
    const refused = expectError(
      await call('PATCH', '/workflow/order/confirm-payment', { orderId }),
      400,
      'ORDER_REQUIREMENT_MISSING',
    );
    expect(refused.errors[0]).toBe(
      'Venda no balcão: o Pix dela ainda não foi recebido. A mercadoria só sai quando o banco confirmar o Pix (ou cancele a venda).',
    );
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.PROCESSANDO);
    expect(await paymentsOf(orderId)).toMatchObject({ paid: 0, pending: 50, paidInFull: false });
    expect(await stockOf(item.id)).toBe(4);
  });
});

describe('a counter sale cancelled while it waits for its Pix', () => {
  const IMEI = { a: '490154203237518', b: '352099081234565' };

  it("gives the phone's unit, the stock and the cash back; a Pix paid afterwards pays nothing", async () => {
    await call('POST', '/products/brand', { name: 'Marca Pix Balcão' }, w.tokens.admin);
    const made = await call(
      'POST',
      '/products',
      {
        name: 'Moto G Pix',
        brand: 'Marca Pix Balcão',
        cost: 800,
        sellPrice: 1200,
        discount: { silverPercentage: 0, goldPercentage: 0 },
        stock: 2,
        tags: [],
        serialized: true,
        units: [{ imei: IMEI.a }, { imei: IMEI.b }],
      },
      w.tokens.admin,
    );
    expect(made.statusCode, made.body).toBe(201);
    const phone = made.json().data as { id: number };
    const registerId = await openDrawer();
    // R$ 1.200,00: R$ 200,00 in cash (R$ 250,00 handed over: R$ 50,00 change) and R$ 1.000,00 by Pix.
    const res = await sell({
      items: [{ productId: phone.id, quantity: 1, imeis: [IMEI.a] }],
      payments: [
        { method: 'CASH', amount: 200, received: 250 },
        { method: 'PIX', amount: 1000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json().data;
    expect(sale.change).toBe(50);
    const unitOf = async (imei: string) =>
      w.t.db
        .selectFrom('product_units')
        .select(['status', 'order_id'])
        .where('imei', '=', imei)
        .executeTakeFirstOrThrow();
    // Named at the placing: nobody else sells that unit while the Pix waits.
    expect(await unitOf(IMEI.a)).toEqual({ status: 'SOLD', order_id: sale.orderId });
    const other = await sell({
      items: [{ productId: phone.id, quantity: 1, imeis: [IMEI.a] }],
      payments: [{ method: 'PIX', amount: 1200 }],
    });
    expectError(other, 409, 'CONFLICT');
    expect(await stockOf(phone.id)).toBe(1);

    const cancelled = await call('PATCH', '/workflow/order/cancel', {
      orderId: sale.orderId,
      comment: 'Cliente desistiu',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.CANCELADO);
    expect(await stockOf(phone.id)).toBe(2);
    expect(await unitOf(IMEI.a)).toMatchObject({ status: 'IN_STOCK' });
    const parts = await paymentsOf(sale.orderId);
    expect(parts.parts.map((part) => [part.method, part.amount, part.status])).toEqual([
      ['CASH', 200, 'REVERSED'],
      ['PIX', 1000, 'REFUSED'],
    ]);
    expect(parts.paid).toBe(0);
    // The R$ 200,00 went back to the customer from the drawer: 50,00 + 200,00 − 200,00 = 50,00.
    expect(await drawerEntries(registerId)).toEqual([
      ['SALE', 20_000],
      ['REFUND', 20_000],
    ]);
    await closeDrawer(registerId, 50);

    // The customer paid anyway: the Pix is kept as not identified (the attendants give it back), the order stays.
    const late = e2e();
    await webhook([{ endToEndId: late, txid: sale.pix.txid, valor: '1000.00', horario: now() }]);
    expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.CANCELADO);
    const row = await w.t.db
      .selectFrom('pix_received')
      .select(['order_id', 'unmatched_reason'])
      .where('end_to_end_id', '=', late)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ order_id: null, unmatched_reason: 'NOT_WAITING' });
  });

  it('reverses a card part too (the clerk reverses it at the machine)', async () => {
    const item = await product(10_000);
    const res = await sell({
      items: [{ productId: item.id, quantity: 1 }],
      payments: [
        { method: 'CARD', amount: 40, card },
        { method: 'PIX', amount: 60 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().data.orderId;
    const cancelled = await call('PATCH', '/workflow/order/cancel', { orderId, comment: 'Pix não caiu' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await paymentsOf(orderId)).parts.map((part) => part.status)).toEqual(['REVERSED', 'REFUSED']);
    expect(await stockOf(item.id)).toBe(5);
  });
});

describe('refusals of a counter Pix, nothing written', () => {
  it('two Pix payments in one sale: 400', async () => {
    const item = await product(10_000);
    const res = await sell({
      items: [{ productId: item.id, quantity: 1 }],
      payments: [
        { method: 'PIX', amount: 50 },
        { method: 'PIX', amount: 50 },
      ],
    });
    const body = expectError(res, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(body)).toContain('Um só pagamento em Pix por venda');
    expect(await stockOf(item.id)).toBe(5);
  });

  it('a shop without the receiver’s name and city cannot make the QR: 409 PIX_KEY_MISSING', async () => {
    await w.t.db
      .updateTable('company_settings')
      .set({ merchant_city: '' })
      .where('company_id', '=', COMPANY_ID)
      .execute();
    try {
      const item = await product(10_000);
      const res = await sell({
        items: [{ productId: item.id, quantity: 1 }],
        payments: [{ method: 'PIX', amount: 100 }],
      });
      const body = expectError(res, 409, 'PIX_KEY_MISSING');
      expect(JSON.stringify(body)).toContain('cadastre uma chave Pix ativa');
      expect(await stockOf(item.id)).toBe(5);
    } finally {
      await w.t.db
        .updateTable('company_settings')
        .set({ merchant_city: 'SAO PAULO' })
        .where('company_id', '=', COMPANY_ID)
        .execute();
    }
  });

  it('an order not sold at the counter has no counter state: 404', async () => {
    const res = await call('GET', '/counter/sales/999999');
    expectError(res, 404, 'NOT_FOUND');
  });
});
