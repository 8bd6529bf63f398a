import { describe, expect, it } from 'vitest';
import {
  addLine,
  type CounterLineState,
  paymentsComplete,
  saleBody,
  saleFigures,
  withPayment,
  withQuantity,
} from './counter-sale';

const capa = { productId: 1, code: 'CAP-1', name: 'Capa', unitCents: 25_000, stock: 5, serialized: false };
const cabo = { productId: 2, code: 'CAB-1', name: 'Cabo', unitCents: 12_000, stock: 5, serialized: false };
const fone = { productId: 3, code: 'FON-1', name: 'Fone', unitCents: 8_990, stock: 5, serialized: false };
const phone = { productId: 4, code: 'GAL-1', name: 'Galaxy', unitCents: 199_990, stock: 2, serialized: true };
const card = {
  kind: 'CREDIT' as const,
  brand: 'Visa' as const,
  instalments: 3,
  nsu: '123456',
  authorizationCode: 'AB12C',
};

describe("'Balcão': the sale as the screen adds it up", () => {
  it("the issue's sale: 579,90 of goods, 9,90 off, 400,00 cash (500,00 received: 100,00 change) and 170,00 by card", () => {
    let lines = addLine([], capa);
    lines = addLine(lines, cabo);
    lines = addLine(lines, cabo);
    lines = addLine(lines, fone);
    expect(lines.map((line) => [line.code, line.quantity])).toEqual([
      ['CAP-1', 1],
      ['CAB-1', 2],
      ['FON-1', 1],
    ]);
    const payments = [
      { id: 1, method: 'CASH' as const, amount: '400,00', received: '500' },
      { id: 2, method: 'CARD' as const, amount: '170,00', card },
    ];
    expect(saleFigures(lines, 990, payments)).toMatchObject({
      goodsCents: 57_990,
      linesDiscountCents: 0,
      orderDiscountCents: 990,
      discountError: null,
      totalCents: 57_000,
      paidCents: 57_000,
      remainingCents: 0,
      changeCents: 10_000,
    });
    expect(saleBody(lines, 990, payments, '529.982.247-25', 57_000)).toEqual({
      items: [
        { productId: 1, quantity: 1 },
        { productId: 2, quantity: 2 },
        { productId: 3, quantity: 1 },
      ],
      discounts: { order: { kind: 'amount', value: 9.9 } },
      payments: [
        { method: 'CASH', amount: 400, received: 500 },
        { method: 'CARD', amount: 170, card },
      ],
      noteDocument: '52998224725',
      expectedTotal: 570,
    });
  });

  it("line discounts as the server rounds them: 7 % of 3 × 129,90 is 27,28, then the order's 9,90 over the rest", () => {
    const capas = withQuantity(addLine([], { ...capa, unitCents: 12_990 })[0] as CounterLineState, 3);
    const lines: CounterLineState[] = [
      { ...capas, discount: { kind: 'percent', value: 7 } },
      { ...withQuantity(addLine([], cabo)[0] as CounterLineState, 2), discount: { kind: 'amount', value: 10 } },
      addLine([], fone)[0] as CounterLineState,
    ];
    // 389,70 + 240,00 + 89,90 = 719,60; lines' own 27,28 + 10,00 = 37,28; the rest 682,32 less 9,90 = 672,42.
    const figures = saleFigures(lines, 990, []);
    expect(figures).toMatchObject({
      goodsCents: 71_960,
      linesDiscountCents: 3_728,
      orderDiscountCents: 990,
      totalCents: 67_242,
      remainingCents: 67_242,
    });
    expect([...figures.lineDiscounts]).toEqual([
      [1, 2_728],
      [2, 1_000],
      [3, 0],
    ]);
    expect(saleBody(lines, 990, [], '', 67_242).discounts).toEqual({
      order: { kind: 'amount', value: 9.9 },
      lines: [
        { productId: 1, kind: 'percent', value: 7 },
        { productId: 2, kind: 'amount', value: 10 },
      ],
    });
  });

  it('a line discount above its line takes nothing off and says why; no discount sends none', () => {
    const [line] = addLine([], cabo) as [CounterLineState];
    const figures = saleFigures([{ ...line, discount: { kind: 'amount', value: 130 } }], 0, []);
    expect(figures.totalCents).toBe(12_000);
    expect(figures.discountError).toMatch(/^O desconto do produto Cabo passa do valor da linha \(R\$\s120,00\)\.$/);
    expect(saleBody([line], 0, [], '', 12_000)).not.toHaveProperty('discounts');
  });

  it("a phone's line carries one IMEI field per unit", () => {
    const [line] = addLine([], phone);
    expect(line?.imeis).toEqual(['']);
    const two = withQuantity({ ...(line as NonNullable<typeof line>), imeis: ['490154203237518'] }, 2);
    expect(two.imeis).toEqual(['490154203237518', '']);
    expect(withQuantity(two, 1).imeis).toEqual(['490154203237518']);
  });

  it('Pix (F4) adds one Pix for what remains (a second press adds nothing) and sends it by its amount', () => {
    // R$ 300,00: R$ 100,00 in cash, then F4 for the R$ 200,00 left; F4 again changes nothing.
    const cash = withPayment([], { id: 1, method: 'CASH', amount: '100,00' }, card);
    const pix = withPayment(cash, { id: 2, method: 'PIX', amount: '200,00' }, card);
    expect(withPayment(pix, { id: 3, method: 'PIX', amount: '0,00' }, card)).toEqual(pix);
    expect(saleFigures([{ ...capa, unitCents: 30_000, quantity: 1, imeis: [] }], 0, pix).remainingCents).toBe(0);
    expect(saleBody([{ ...capa, unitCents: 30_000, quantity: 1, imeis: [] }], 0, pix, '', 30_000).payments).toEqual([
      { method: 'CASH', amount: 100 },
      { method: 'PIX', amount: 200 },
    ]);
  });

  it("'A prazo' (F6) takes what is left, once a sale and never beside a Pix, sent with the plan typed", () => {
    // R$ 300,00: R$ 100,00 by card first, then F6 for the R$ 200,00 left on 30/60; F6 again adds nothing.
    const paid = withPayment([], { id: 1, method: 'CARD', amount: '100,00' }, card);
    const credit = withPayment(paid, { id: 2, method: 'CREDIT', amount: '200,00' }, card);
    expect(credit[1]).toEqual({ id: 2, method: 'CREDIT', amount: '200,00', terms: '' });
    expect(withPayment(credit, { id: 3, method: 'CREDIT', amount: '0,00' }, card)).toEqual(credit);
    const pix = withPayment([], { id: 4, method: 'PIX', amount: '300,00' }, card);
    expect(withPayment(pix, { id: 5, method: 'CREDIT', amount: '0,00' }, card)).toEqual(pix);
    // No plan typed yet: the sale cannot be concluded.
    expect(paymentsComplete(credit)).toBe(false);
    const typed = credit.map((payment) => (payment.method === 'CREDIT' ? { ...payment, terms: ' 30/60 ' } : payment));
    expect(paymentsComplete(typed)).toBe(true);
    expect(saleBody([{ ...capa, unitCents: 30_000, quantity: 1, imeis: [] }], 0, typed, '', 30_000).payments).toEqual([
      { method: 'CARD', amount: 100, card },
      { method: 'CREDIT', amount: 200, terms: '30/60' },
    ]);
  });

  it('a used phone (F7) waits for its trade-in (its value the amount) and the seminovo it becomes', () => {
    const added = withPayment([], { id: 1, method: 'TRADE_IN', amount: '999,00' }, card);
    expect(added).toEqual([{ id: 1, method: 'TRADE_IN', amount: '', tradeInId: null, productId: null }]);
    // Not yet chosen: the sale cannot be concluded.
    expect(paymentsComplete(added)).toBe(false);
    const chosen = [{ id: 1, method: 'TRADE_IN' as const, amount: '1200,00', tradeInId: 42, productId: 7 }];
    const card800 = withPayment(chosen, { id: 2, method: 'CARD', amount: '800,00' }, card);
    expect(paymentsComplete(card800)).toBe(true);
    const lines = [{ ...capa, unitCents: 200_000, quantity: 1, imeis: [] }];
    expect(saleFigures(lines, 0, card800).remainingCents).toBe(0);
    expect(saleBody(lines, 0, card800, '', 200_000).payments).toEqual([
      { method: 'TRADE_IN', amount: 1200, tradeInId: 42, productId: 7 },
      { method: 'CARD', amount: 800, card },
    ]);
  });
});
