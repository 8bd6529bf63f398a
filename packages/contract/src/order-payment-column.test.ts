import { describe, expect, it } from 'vitest';
import { orderPaymentText } from './order-payment-column';

describe("the orders list's payment text (issue 54)", () => {
  it("names a used phone and a card that pay R$ 1.000,00 (600 + 400), not the order's 'Dinheiro'", () => {
    const parts = [
      { method: 'TRADE_IN' as const, status: 'CONFIRMED' as const, amount: 60_000 },
      { method: 'CARD' as const, status: 'CONFIRMED' as const, amount: 40_000 },
    ];
    expect(orderPaymentText('CASH', 100_000, parts)).toBe('Múltiplos: Aparelho usado, Cartão');
  });

  it("adds the order's method while some is left for it: R$ 1.000,00 − R$ 300,00 of card = R$ 700,00 in cash", () => {
    expect(orderPaymentText('CASH', 100_000, [{ method: 'CARD', status: 'CONFIRMED', amount: 30_000 }])).toBe(
      'Múltiplos: Cartão, Dinheiro',
    );
  });

  it('says one method by its name; a refused part pays nothing; no parts is the order method', () => {
    expect(orderPaymentText('PIX', 5_000, [])).toBe('Pix');
    expect(orderPaymentText('CARD', 5_000, [{ method: 'CARD', status: 'CONFIRMED', amount: 5_000 }])).toBe('Cartão');
    expect(
      orderPaymentText('CASH', 5_000, [
        { method: 'PIX', status: 'REFUSED', amount: 5_000 },
        { method: 'CARD', status: 'CONFIRMED', amount: 5_000 },
      ]),
    ).toBe('Cartão');
  });
});
