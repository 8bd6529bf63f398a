import {
  type CardData,
  type CheckoutResponse,
  DELIVERY_TYPES,
  type DeliveryType,
  type Discount,
  type SaleDiscounts,
  type SellingPaymentOption,
} from '@backoffice/contract';

/**
 * The selling screen's steps and choices (spec section 4, Selling): customer search → product search → cart →
 * order completed. Request statuses (loading, notFound, cartError, …) live in the queries and mutations that
 * make the calls; this reducer holds what the attendant chose.
 */

export type SellingStep = 'clientSearch' | 'productSearch' | 'cart' | 'orderCompleted';

/** Section 9: 1 Motoboy (shipping charged), 2 Retirada na loja. */
export type ShippingOption = DeliveryType;
/**
 * Section 9: cash (Dinheiro, default) and bank transfer (Depósito); the order's own Pix (issue 18), the card
 * (issue 38); and on credit ('A prazo', issue 40 §1), offered only to a customer with a limit and plans.
 */
export type PaymentOption = SellingPaymentOption | 'credit';

export interface SelectedCustomer {
  id: number;
  name: string;
  email: string;
  /** 'Ouro', 'Prata', 'Bronze' or '' (the prices shown are this level's). */
  levelName?: string;
  /** The attendant's 'Consumidor final' (decision 0040): pickup only, an optional CPF on the note. */
  walkIn?: boolean;
}

export interface CartChoices {
  shippingOption: ShippingOption;
  withWarranty: boolean;
  isFastDelivery: boolean;
  payment: PaymentOption;
  /** 'Troco para' (cash only): the note the customer will pay with, in reais; null when not given. */
  changeFor?: number | null;
  /** A walk-in's 'CPF/CNPJ na nota' as typed ('' or absent: none). */
  noteDocument?: string;
  /** Issue 38: the discounts typed (per line and on the order); absent when none. */
  discounts?: SaleDiscounts;
  /**
   * A card (issue 38): charged now at the shop's machine ('now', its receipt's fields in `card`, null until they
   * are complete) or at the door or the counter ('onDelivery': 'Levar maquininha').
   */
  cardCharge?: 'now' | 'onDelivery';
  card?: CardData | null;
  /**
   * A Pix split at the sale (decision 0042's amendment): this much (reais) by card at the door or the counter, the
   * rest by the Pix now; null while the split is on but its amount is not valid; absent without a split.
   */
  cardOnDeliveryAmount?: number | null;
  /** On credit ('A prazo', issue 40 §1): one of the customer's plans as the server reads it ('30/60/90'); absent until chosen. */
  creditTerms?: string;
}

/**
 * The discounts worth sending for the cart's products: a line's only while its product is in the cart, and
 * only discounts above 0; undefined when nothing is left.
 */
export function discountsFor(
  discounts: SaleDiscounts | undefined,
  productIds: readonly number[],
): SaleDiscounts | undefined {
  if (!discounts) return undefined;
  const lines = (discounts.lines ?? []).filter((line) => line.value > 0 && productIds.includes(line.productId));
  const order = discounts.order && discounts.order.value > 0 ? discounts.order : undefined;
  if (lines.length === 0 && !order) return undefined;
  return { ...(lines.length > 0 ? { lines } : {}), ...(order ? { order } : {}) };
}

/** The payment proof picked for 'Depósito': base64 without the data-URL prefix, plus a preview. */
export interface PaymentProof {
  base64: string;
  dataUrl: string;
  name: string;
}

export interface SellingState {
  step: SellingStep;
  customer: SelectedCustomer | null;
  choices: CartChoices;
  proof: PaymentProof | null;
  orderCode: string | null;
  /** The order placed, when it is paid by its own Pix (its QR code is shown). */
  pixOrderId: number | null;
  /** How the order placed is paid, as the server answered: the confirmation says what is still due. */
  placed: PlacedPayment | null;
}

/** The checkout's answer the confirmation reads (what is still due and how). */
export type PlacedPayment = Pick<
  CheckoutResponse,
  'statusKey' | 'total' | 'paymentMethod' | 'deliveryType' | 'cardOnDelivery' | 'pixPart'
> & {
  /** A sale on credit: the plan it was made on, as days ([30, 60, 90]); the checkout's answer does not say it. */
  creditTerms?: number[];
};

/** Section 4 defaults: shipping option 1 (motoboy), no warranty, no fast delivery, payment cash. */
export const DEFAULT_CHOICES: CartChoices = {
  shippingOption: DELIVERY_TYPES.MOTOBOY,
  withWarranty: false,
  isFastDelivery: false,
  payment: 'cash',
};

export const initialSellingState: SellingState = {
  step: 'clientSearch',
  customer: null,
  choices: DEFAULT_CHOICES,
  proof: null,
  orderCode: null,
  pixOrderId: null,
  placed: null,
};

export type SellingAction =
  | { type: 'selectCustomer'; customer: SelectedCustomer }
  | { type: 'changeCustomer' }
  | { type: 'openCart' }
  | { type: 'backToProducts' }
  | { type: 'choose'; choices: Partial<CartChoices> }
  /**
   * A line's discount (`productId`) or the order's, merged into the discounts as they are now: two fields typed
   * within the same pause each keep theirs (a choice made from the earlier render would drop the other's).
   */
  | { type: 'discount'; productId?: number; discount: Discount | undefined; productIds: readonly number[] }
  | { type: 'setProof'; proof: PaymentProof | null }
  | { type: 'orderCompleted'; code: string; pixOrderId?: number | null; placed?: PlacedPayment | null }
  | { type: 'newSale' };

export function sellingReducer(state: SellingState, action: SellingAction): SellingState {
  switch (action.type) {
    case 'selectCustomer':
      // A walk-in takes the goods at the counter: pickup, the only delivery the server accepts for him.
      return {
        ...initialSellingState,
        step: 'productSearch',
        customer: action.customer,
        choices: action.customer.walkIn
          ? { ...DEFAULT_CHOICES, shippingOption: DELIVERY_TYPES.PICKUP }
          : DEFAULT_CHOICES,
      };
    case 'changeCustomer':
    case 'newSale':
      return initialSellingState;
    case 'openCart':
      return state.customer ? { ...state, step: 'cart' } : state;
    case 'backToProducts':
      return state.customer ? { ...state, step: 'productSearch' } : state;
    case 'choose': {
      // 'Troco para' belongs to cash only (and is left out of the choices when not given).
      const { changeFor, cardCharge, card, cardOnDeliveryAmount, creditTerms, ...chosen } = {
        ...state.choices,
        ...action.choices,
      };
      const choices: CartChoices = chosen.payment === 'cash' && changeFor != null ? { ...chosen, changeFor } : chosen;
      if (state.customer?.walkIn) choices.shippingOption = DELIVERY_TYPES.PICKUP;
      // The card's charge and receipt belong to 'Cartão' only (charged now by default).
      if (chosen.payment === 'card') Object.assign(choices, { cardCharge: cardCharge ?? 'now', card: card ?? null });
      // The split's card part belongs to 'Pix' only.
      if (chosen.payment === 'pix' && cardOnDeliveryAmount !== undefined)
        choices.cardOnDeliveryAmount = cardOnDeliveryAmount;
      // The plan belongs to 'A prazo' only.
      if (chosen.payment === 'credit' && creditTerms) choices.creditTerms = creditTerms;
      // Fast delivery goes by motoboy: picking up at the store turns it off.
      if (choices.shippingOption === DELIVERY_TYPES.PICKUP) choices.isFastDelivery = false;
      // The proof belongs to 'Depósito' only.
      const proof = choices.payment === 'bankTransfer' ? state.proof : null;
      return { ...state, choices, proof };
    }
    case 'discount': {
      const current = state.choices.discounts;
      const others = (current?.lines ?? []).filter((line) => line.productId !== action.productId);
      const next: SaleDiscounts =
        action.productId === undefined
          ? { ...current, order: action.discount }
          : {
              ...current,
              lines: action.discount ? [...others, { productId: action.productId, ...action.discount }] : others,
            };
      return { ...state, choices: { ...state.choices, discounts: discountsFor(next, action.productIds) } };
    }
    case 'setProof':
      return { ...state, proof: action.proof };
    case 'orderCompleted':
      return {
        ...state,
        step: 'orderCompleted',
        orderCode: action.code,
        pixOrderId: action.pixOrderId ?? null,
        placed: action.placed ?? null,
        proof: null,
      };
  }
}

/** 'Finalizar Pedido' is disabled for 'Depósito' until the proof image is chosen (section 5). */
export function canFinish(state: Pick<SellingState, 'choices' | 'proof'>, cartItems: number): boolean {
  if (cartItems === 0) return false;
  // A card charged now needs its receipt's fields (kind, brand, instalments, NSU, authorisation code).
  if (state.choices.payment === 'card') return state.choices.cardCharge === 'onDelivery' || Boolean(state.choices.card);
  // A Pix split needs a valid card part (more than 0, less than the total).
  if (state.choices.payment === 'pix') return state.choices.cardOnDeliveryAmount !== null;
  // On credit, one of the customer's plans.
  if (state.choices.payment === 'credit') return Boolean(state.choices.creditTerms);
  return state.choices.payment !== 'bankTransfer' || state.proof !== null;
}
