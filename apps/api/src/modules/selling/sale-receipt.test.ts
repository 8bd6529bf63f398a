import { COMPANY_ID } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoRole, injectApi, signInAll, type TestApp } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { storeTestNfce } from '../fiscal/test-fiscal';
import { createCustomer, createProduct, signInInternalSeller } from './test-selling';

/**
 * 'Imprimir comprovante' after 'Concluir venda' at the counter (decision 0074): GET /api/orders/{id}/receipt.pdf,
 * 80 mm. The sale, figures by hand:
 *   capa 250,00 + cabo 2 × 120,00 = 240,00 with 5 % off (12,00) + fone 89,90 = 579,90 of goods;
 *   the order's R$ 4,90 over 250,00 + 228,00 + 89,90 = 567,90, pro rata rounded down (2,15 + 1,96 + 0,77 = 4,88),
 *   the 2 cents left on the largest line (the capa: 2,17); each line's discount is its own and its share:
 *   capa 2,17, cabo 13,96, fone 0,77; discounts 16,90; total 563,00;
 *   cash 400,00 (450,00 received: change 50,00) + credit card 163,00 in 3× Visa = 563,00.
 */

let t: TestApp;
let tokens: Record<DemoRole, string>;
const get = (url: string, token: string) => injectApi(t.app, 'GET', url, token);
const post = (url: string, token: string, body: object) => injectApi(t.app, 'POST', url, token, body);
const card = { kind: 'CREDIT', brand: 'Visa', instalments: 3, nsu: '123456', authorizationCode: 'AB12C' };

/** The three products of the sale, the test's own. */
async function products() {
  const capa = await createProduct(t.db, { name: 'Capa Recibo', costCents: 10_000, sellCents: 25_000, stock: 5 });
  const cabo = await createProduct(t.db, { name: 'Cabo Recibo', costCents: 4_000, sellCents: 12_000, stock: 5 });
  const fone = await createProduct(t.db, { name: 'Fone Recibo', costCents: 3_000, sellCents: 8_990, stock: 5 });
  return { capa, cabo, fone };
}

/** The sale above, sold by `token` (to `customerId`, else his 'Consumidor final'): the order's id. */
async function sell(token: string, extra: Record<string, unknown> = {}) {
  const p = await products();
  const res = await post('/counter/sales', token, {
    items: [
      { productId: p.capa.id, quantity: 1 },
      { productId: p.cabo.id, quantity: 2 },
      { productId: p.fone.id, quantity: 1 },
    ],
    discounts: { order: { kind: 'amount', value: 4.9 }, lines: [{ productId: p.cabo.id, kind: 'percent', value: 5 }] },
    payments: [
      { method: 'CASH', amount: 400, received: 450 },
      { method: 'CARD', amount: 163, card },
    ],
    expectedTotal: 563,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { orderId: res.json().data.orderId as number, code: res.json().data.code as string, p };
}

/** The PDF's text, one run a line, spaces as plain spaces. */
const textOf = (body: Buffer) => pdfText(body).replace(/\u00a0/g, ' ');

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInAll(t.app);
  // The attendants may give up to 5 % off (the sale's 16,90 of 579,90 is 2,9 %; the cabo's 5 % is at the limit).
  await sql`update roles set max_discount_hundredths = 500 where name = 'Atendimento'`.execute(t.db);
  await t.db
    .insertInto('company_settings')
    .values({ company_id: COMPANY_ID, name: 'Loja Centro', cnpj: '11222333000181', address: 'Rua Direita, 10 - Sé' })
    .onConflict((oc) =>
      oc
        .column('company_id')
        .doUpdateSet({ name: 'Loja Centro', cnpj: '11222333000181', address: 'Rua Direita, 10 - Sé' }),
    )
    .execute();
  // Cash at the counter lands in the seller's open drawer.
  const made = await post('/cash-registers', tokens.admin, { name: 'Caixa recibo' });
  expect(made.statusCode, made.body).toBe(201);
  const opened = await post(`/cash-registers/${made.json().data.id}/open`, tokens.attendant, { float: 50 });
  expect(opened.statusCode, opened.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("GET /api/orders/{id}/receipt.pdf: the counter's receipt (80 mm)", () => {
  it("without an NFC-e: the 'Comprovante de venda', its items, discounts, total, payments, change and no fiscal value", async () => {
    const { orderId, code, p } = await sell(tokens.attendant, { noteDocument: '529.982.247-25' });
    const res = await get(`/orders/${orderId}/receipt.pdf`, tokens.attendant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-receipt-kind']).toBe('receipt');
    // 80 mm wide: 226.77 pt.
    const box = res.rawPayload.toString('latin1').match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
    expect(Math.round(Number(box?.[1]) * 100) / 100).toBe(226.77);
    // One run a line ('1 × ' and its price are two runs, as '- ' and a discount).
    const lines = textOf(res.rawPayload).split('\n');
    expect(lines[5]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect([...lines.slice(0, 5), ...lines.slice(6)]).toEqual([
      'Loja Centro',
      'CNPJ 11.222.333/0001-81',
      'Rua Direita, 10 - Sé',
      'Comprovante de venda',
      `Pedido ${code}`,
      'Vendedor',
      'Beatriz Atendente',
      'CPF/CNPJ: 529.982.247-25',
      `${p.capa.code} Capa Recibo`,
      '1 × ',
      'R$ 250,00',
      'R$ 250,00',
      'Desconto',
      '- ',
      'R$ 2,17',
      `${p.cabo.code} Cabo Recibo`,
      '2 × ',
      'R$ 120,00',
      'R$ 240,00',
      'Desconto',
      '- ',
      'R$ 13,96',
      `${p.fone.code} Fone Recibo`,
      '1 × ',
      'R$ 89,90',
      'R$ 89,90',
      'Desconto',
      '- ',
      'R$ 0,77',
      'Subtotal',
      'R$ 579,90',
      'Descontos',
      '- ',
      'R$ 16,90',
      'Total',
      'R$ 563,00',
      'Pagamentos',
      'Dinheiro',
      'R$ 400,00',
      'Valor recebido',
      'R$ 450,00',
      'Troco',
      'R$ 50,00',
      'Cartão Crédito 3× Visa',
      'R$ 163,00',
      'Documento sem valor fiscal',
      'Obrigado pela preferência!',
    ]);
    // A walk-in: no customer's line (above, none).
  });

  it("a registered customer's sale names him; her NFC-e, once authorised, is printed instead (a rejected one is not)", async () => {
    const customer = await createCustomer(t.db, { name: 'Joana Recibo' });
    const { orderId } = await sell(tokens.attendant, { customerId: customer.id });
    const receipt = textOf((await get(`/orders/${orderId}/receipt.pdf`, tokens.attendant)).rawPayload);
    expect(receipt).toContain('Cliente: Joana Recibo · 529.982.247-25');

    // A rejected note is no note to print: still the receipt.
    await storeTestNfce(t.db, orderId, 'REJECTED', 9101);
    expect((await get(`/orders/${orderId}/receipt.pdf`, tokens.attendant)).headers['x-receipt-kind']).toBe('receipt');
    const accessKey = await storeTestNfce(t.db, orderId, 'AUTHORIZED', 9102);
    const res = await get(`/orders/${orderId}/receipt.pdf`, tokens.attendant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-receipt-kind']).toBe('nfce');
    const danfe = textOf(res.rawPayload);
    expect(danfe).toContain(accessKey.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(danfe).not.toContain('Comprovante de venda');
  });

  it('a seller with only internal_sales prints the sales he made (404 for the others); no permission: 403', async () => {
    const { token: seller } = await signInInternalSeller(t, 'Só balcão recibo', {
      name: 'Vendedor Recibo',
      email: 'vendedor.recibo@demo.com.br',
      phone: '11977775555',
    });
    const theirs = await sell(tokens.attendant);
    const p = await products();
    const mine = await post('/counter/sales', seller, {
      items: [{ productId: p.fone.id, quantity: 1 }],
      payments: [{ method: 'CARD', amount: 89.9, card }],
    });
    expect(mine.statusCode, mine.body).toBe(200);

    const own = await get(`/orders/${mine.json().data.orderId}/receipt.pdf`, seller);
    expect(own.statusCode, own.body).toBe(200);
    expect(textOf(own.rawPayload)).toContain('Vendedor Recibo');
    const other = await get(`/orders/${theirs.orderId}/receipt.pdf`, seller);
    expect([other.statusCode, other.json().errors]).toEqual([404, ['Pedido não encontrado.']]);
    expect((await get(`/orders/${theirs.orderId}/receipt.pdf`, tokens.courier)).statusCode).toBe(403);
    // Who reads orders reads any: the manager.
    expect((await get(`/orders/${theirs.orderId}/receipt.pdf`, tokens.manager)).statusCode).toBe(200);
  });
});
