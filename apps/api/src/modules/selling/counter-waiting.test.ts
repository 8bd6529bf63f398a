import { randomUUID } from 'node:crypto';
import { counterWaitingPageSchema, ORDER_STATUS } from '@backoffice/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpPixStore, usePixWorld } from '../payments/test-payments';
import { createProduct, signInInternalSeller } from './test-selling';

/**
 * 'Vendas aguardando Pix' (decision 0078): GET /api/counter/sales/waiting-pix lists today's counter sales still
 * waiting for their Pix, newest first, paged, so the 'Balcão' reopens the QR after leaving the screen. The sales:
 * a seller's (only 'Vendas internas') three Pix sales of R$ 80,00 (one paid by the bank: handed over, out of the list;
 * one placed yesterday: out) and one of R$ 45,00 paid R$ 15,00 by card + R$ 30,00 by Pix; the attendant's one of
 * R$ 80,00 (she reads orders: she sees everyone's).
 */
const { w, call, webhook, e2e } = usePixWorld();
beforeAll(() => setUpPixStore(w.t.db, 'LOJA ESPERA'));

let products = 0;
const product = (sellCents: number) =>
  createProduct(w.t.db, { name: `Película espera ${++products}`, costCents: 1_000, sellCents, stock: 5 });
const card = { kind: 'DEBIT', brand: 'Elo', instalments: 1, nsu: '445566', authorizationCode: 'KL3' };

let seller = '';
async function sell(payments: object[], sellCents: number, token = seller) {
  const item = await product(sellCents);
  const res = await call(
    'POST',
    '/counter/sales',
    { idempotencyKey: randomUUID(), items: [{ productId: item.id, quantity: 1 }], payments },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { orderId: number; code: string; pix: { txid: string } };
}

const waiting = async (token: string, query = '') => {
  const res = await call('GET', `/counter/sales/waiting-pix${query}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return counterWaitingPageSchema.parse(res.json()).data;
};

describe("GET /api/counter/sales/waiting-pix: 'Vendas aguardando Pix'", () => {
  it("lists today's waiting counter sales, newest first, paged: the seller his own, who reads orders everyone's", async () => {
    ({ token: seller } = await signInInternalSeller(w.t, 'Só balcão espera', {
      name: 'Vendedor Espera',
      email: 'vendedor.espera@demo.com.br',
      phone: '11977776666',
    }));
    const yesterday = await sell([{ method: 'PIX', amount: 80 }], 8_000);
    await sql`update orders set created_at = now() - interval '1 day' where id = ${yesterday.orderId}`.execute(w.t.db);
    const paid = await sell([{ method: 'PIX', amount: 80 }], 8_000);
    const first = await sell([{ method: 'PIX', amount: 80 }], 8_000);
    const split = await sell(
      [
        { method: 'CARD', amount: 15, card },
        { method: 'PIX', amount: 30 },
      ],
      4_500,
    );
    const others = await sell([{ method: 'PIX', amount: 80 }], 8_000, w.tokens.attendant);
    // The bank pays one: handed over, no longer waiting.
    const bank = await webhook([
      { endToEndId: e2e(), txid: paid.pix.txid, valor: '80.00', horario: new Date().toISOString() },
    ]);
    expect(bank.statusCode, bank.body).toBe(200);

    const mine = await waiting(seller);
    expect(mine.total).toBe(2);
    expect(mine.items.map((sale) => sale.code)).toEqual([split.code, first.code]);
    expect(mine.items[0]).toMatchObject({
      orderId: split.orderId,
      statusKey: ORDER_STATUS.PROCESSANDO,
      total: 45,
      cash: 0,
      card: 15,
      customer: 'Consumidor final',
      seller: 'Vendedor Espera',
      pix: { amount: 30, txid: split.pix.txid, status: 'PENDING' },
    });
    // Its QR again: the BR Code of R$ 30,00 (tag 54) naming its txid.
    expect(mine.items[0]?.pix.payload).toContain('540530.00');
    expect(mine.items[0]?.pix.payload).toContain(split.pix.txid);

    const page1 = await waiting(seller, '?pageSize=1&page=1');
    expect([page1.total, page1.page, page1.items.map((sale) => sale.code)]).toEqual([2, 1, [first.code]]);

    // The attendant reads orders: everyone's, hers first (the newest).
    const all = await waiting(w.tokens.attendant);
    expect(all.items.map((sale) => sale.code)).toEqual([others.code, split.code, first.code]);
    expect(all.total).toBe(3);
  });
});
