import { describe, expect, it } from 'vitest';
import { canFinish, DEFAULT_CHOICES, discountsFor, initialSellingState, sellingReducer } from './selling-state';

const JOANA = { id: 7, name: 'Joana Ouro', email: 'joana@cliente.com.br' };
const PROOF = { base64: 'AAAA', dataUrl: 'data:image/png;base64,AAAA', name: 'comprovante.png' };

describe('selling steps and choices (section 4)', () => {
  it('starts at the customer search with the defaults: motoboy, no warranty, no fast delivery, cash', () => {
    expect(initialSellingState.step).toBe('clientSearch');
    expect(DEFAULT_CHOICES).toEqual({ shippingOption: 1, withWarranty: false, isFastDelivery: false, payment: 'cash' });
  });

  it('selecting a customer goes to products; the cart opens and returns to products; success completes', () => {
    let state = sellingReducer(initialSellingState, { type: 'selectCustomer', customer: JOANA });
    expect(state.step).toBe('productSearch');
    state = sellingReducer(state, { type: 'openCart' });
    expect(state.step).toBe('cart');
    state = sellingReducer(state, { type: 'backToProducts' });
    expect(state.step).toBe('productSearch');
    state = sellingReducer(sellingReducer(state, { type: 'openCart' }), { type: 'orderCompleted', code: 'K7M-4QP' });
    expect(state).toMatchObject({ step: 'orderCompleted', orderCode: 'K7M-4QP', customer: JOANA });
  });

  it("a walk-in ('Consumidor final', decision 0040) takes the goods at the store: pickup, whatever is chosen", () => {
    const walkIn = { id: 9, name: 'Consumidor final', email: 'consumidor-final-2@balcao.invalid', walkIn: true };
    let state = sellingReducer(initialSellingState, { type: 'selectCustomer', customer: walkIn });
    expect(state.choices.shippingOption).toBe(2);
    state = sellingReducer(state, { type: 'choose', choices: { shippingOption: 1, noteDocument: '111.444.777-35' } });
    expect(state.choices).toMatchObject({ shippingOption: 2, isFastDelivery: false, noteDocument: '111.444.777-35' });
    // Another customer afterwards starts from the defaults again (motoboy, no note).
    state = sellingReducer(state, { type: 'selectCustomer', customer: JOANA });
    expect(state.choices).toEqual(DEFAULT_CHOICES);
  });

  it('store pickup turns fast delivery off; leaving Depósito drops the proof', () => {
    let state = sellingReducer(initialSellingState, { type: 'selectCustomer', customer: JOANA });
    state = sellingReducer(state, { type: 'choose', choices: { isFastDelivery: true, payment: 'bankTransfer' } });
    state = sellingReducer(state, { type: 'setProof', proof: PROOF });
    state = sellingReducer(state, { type: 'choose', choices: { shippingOption: 2 } });
    expect(state.choices).toEqual({
      shippingOption: 2,
      withWarranty: false,
      isFastDelivery: false,
      payment: 'bankTransfer',
    });
    expect(state.proof).toEqual(PROOF);
    state = sellingReducer(state, { type: 'choose', choices: { isFastDelivery: true } });
    expect(state.choices.isFastDelivery).toBe(false);
    state = sellingReducer(state, { type: 'choose', choices: { payment: 'cash' } });
    expect(state.proof).toBeNull();
  });

  it("'Finalizar Pedido' needs items, and for Depósito the proof", () => {
    const cash = { choices: DEFAULT_CHOICES, proof: null };
    const deposit = { choices: { ...DEFAULT_CHOICES, payment: 'bankTransfer' as const }, proof: null };
    expect(canFinish(cash, 2)).toBe(true);
    expect(canFinish(cash, 0)).toBe(false);
    expect(canFinish(deposit, 2)).toBe(false);
    expect(canFinish({ ...deposit, proof: PROOF }, 2)).toBe(true);
  });
});

describe('the discounts sent (issue 38)', () => {
  it("keeps a line's discount only while its product is in the cart, and only discounts above 0", () => {
    const typed = {
      lines: [
        { productId: 1, kind: 'percent' as const, value: 7 },
        { productId: 2, kind: 'amount' as const, value: 5 },
        { productId: 3, kind: 'amount' as const, value: 0 },
      ],
      order: { kind: 'amount' as const, value: 0 },
    };
    expect(discountsFor(typed, [1, 3])).toEqual({ lines: [{ productId: 1, kind: 'percent', value: 7 }] });
    expect(discountsFor(typed, [4])).toBeUndefined();
    expect(discountsFor({ order: { kind: 'percent', value: 5 } }, [])).toEqual({
      order: { kind: 'percent', value: 5 },
    });
    expect(discountsFor(undefined, [1])).toBeUndefined();
  });

  it("a line's discount and the order's typed within the same pause both stay (each merged as it lands)", () => {
    let state = sellingReducer(initialSellingState, { type: 'selectCustomer', customer: JOANA });
    // 7 % on product 1 lands first, then R$ 10,00 on the order, then product 2's R$ 5,00; then 1's is cleared.
    state = sellingReducer(state, {
      type: 'discount',
      productId: 1,
      discount: { kind: 'percent', value: 7 },
      productIds: [1, 2],
    });
    state = sellingReducer(state, { type: 'discount', discount: { kind: 'amount', value: 10 }, productIds: [1, 2] });
    state = sellingReducer(state, {
      type: 'discount',
      productId: 2,
      discount: { kind: 'amount', value: 5 },
      productIds: [1, 2],
    });
    expect(state.choices.discounts).toEqual({
      lines: [
        { productId: 1, kind: 'percent', value: 7 },
        { productId: 2, kind: 'amount', value: 5 },
      ],
      order: { kind: 'amount', value: 10 },
    });
    state = sellingReducer(state, { type: 'discount', productId: 1, discount: undefined, productIds: [1, 2] });
    expect(state.choices.discounts).toEqual({
      lines: [{ productId: 2, kind: 'amount', value: 5 }],
      order: { kind: 'amount', value: 10 },
    });
  });
});

describe("'Cartão' at the checkout (issue 38)", () => {
  const receipt = {
    kind: 'CREDIT',
    brand: 'Visa',
    instalments: 3,
    nsu: '004512',
    authorizationCode: 'A1B2C3',
  } as const;
  it('is charged now by default and needs the receipt to finish; on delivery needs nothing', () => {
    const withCustomer = sellingReducer(initialSellingState, { type: 'selectCustomer', customer: JOANA });
    const card = sellingReducer(withCustomer, { type: 'choose', choices: { payment: 'card' } });
    expect(card.choices).toMatchObject({ payment: 'card', cardCharge: 'now', card: null });
    expect(canFinish(card, 1)).toBe(false);
    const typed = sellingReducer(card, { type: 'choose', choices: { card: receipt } });
    expect(canFinish(typed, 1)).toBe(true);
    const onDelivery = sellingReducer(card, { type: 'choose', choices: { cardCharge: 'onDelivery' } });
    expect(canFinish(onDelivery, 1)).toBe(true);
    // Back to cash: the card's choices are dropped.
    const cash = sellingReducer(typed, { type: 'choose', choices: { payment: 'cash' } });
    expect(cash.choices).toEqual({ ...DEFAULT_CHOICES, payment: 'cash' });
  });
});

describe("'A prazo' at the checkout (issue 40 §1)", () => {
  it("needs one of the customer's plans to finish; the plan belongs to 'A prazo' only", () => {
    const withCustomer = sellingReducer(initialSellingState, { type: 'selectCustomer', customer: JOANA });
    const credit = sellingReducer(withCustomer, { type: 'choose', choices: { payment: 'credit' } });
    expect(canFinish(credit, 1)).toBe(false);
    const planned = sellingReducer(credit, { type: 'choose', choices: { creditTerms: '30/60/90' } });
    expect(planned.choices).toMatchObject({ payment: 'credit', creditTerms: '30/60/90' });
    expect(canFinish(planned, 1)).toBe(true);
    const cash = sellingReducer(planned, { type: 'choose', choices: { payment: 'cash' } });
    expect(cash.choices).toEqual(DEFAULT_CHOICES);
  });
});
