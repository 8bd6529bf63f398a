import {
  type CartAddBody,
  type CartChangeBody,
  type CartItem,
  type CartResponse,
  type CheckoutCashBody,
  type CheckoutCreditBody,
  type CheckoutResponse,
  type CheckoutTransferBody,
  type CustomerCredit,
  centsToReais,
  DISCOUNT_APPROVAL_TEXTS,
  type DiscountApproval,
  type PreCheckoutQuery,
  type PreCheckoutResponse,
  type Product,
  type Quote,
  type QuoteCreateBody,
  reaisToCents,
  type SaleDiscounts,
  type SellingProduct,
  type SellingProductSearchResponse,
  type WalkInCustomer,
} from '@backoffice/contract';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../../components/use-api-mutation';
import { ApiError, api, refusalMessage } from '../../../lib/api-client';
import type { CartChoices, SelectedCustomer } from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';
import { sellingKeys } from './keys';

/** A refusal the attendant can act on (4xx with a message) shows the server's text, no answer the connection text, else the spec's. */
export const refusalText = refusalMessage;

/** GET /shop/products/full/search/{param}/email/{email}: products at the customer's level price. */
export async function searchProducts(
  customer: SelectedCustomer,
  search: string,
  signal?: AbortSignal,
): Promise<SellingProduct[]> {
  const path = `/shop/products/full/search/${encodeURIComponent(search)}/email/${encodeURIComponent(customer.email)}`;
  return (await api<SellingProductSearchResponse>(path, { signal })).products;
}

/** Step 2's results; nothing is asked for a blank search. */
export function useProductSearch(customer: SelectedCustomer, search: string | null) {
  const term = search?.trim() ?? '';
  return useQuery({
    queryKey: sellingKeys.other('products', { customerId: customer.id, search: term }),
    queryFn: ({ signal }) => searchProducts(customer, term, signal),
    enabled: term !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * GET /customers/{id}/credit (issue 40 §1): the customer's limit and plans, read to offer 'A prazo' (a customer
 * without a limit or without plans buys only in cash). Fresh each time the cart opens: a manager may have just
 * given it.
 */
export function useCustomerCredit(customerId: number, enabled = true) {
  return useQuery({
    queryKey: sellingKeys.other('credit', customerId),
    queryFn: async ({ signal }) =>
      (await api<{ data: CustomerCredit }>(`/customers/${customerId}/credit`, { signal })).data,
    enabled,
    staleTime: 0,
  });
}

/** Whether 'A prazo' is offered: a limit and at least one plan. */
export const offersCredit = (credit: Pick<CustomerCredit, 'limit' | 'terms'> | undefined): credit is CustomerCredit =>
  credit !== undefined && credit.limit !== null && credit.terms.length > 0;

/** Every cached cart of the customer (one per combination of choices). */
const customerCarts = (customerId: number) => ({
  queryKey: sellingKeys.other('cart'),
  predicate: (query: { queryKey: readonly unknown[] }) =>
    (query.queryKey[2] as { customerId?: number } | undefined)?.customerId === customerId,
});

/** The query of the pre-checkout (the contract's PreCheckoutQuery; the discounts as JSON, issue 38). */
const preCheckoutQuery = (choices: CartChoices) =>
  ({
    typeOfDelivery: choices.shippingOption === 2 ? '2' : '1',
    withWarranty: choices.withWarranty ? 'true' : 'false',
    isFastDelivery: choices.isFastDelivery ? 'true' : 'false',
    ...(choices.discounts ? { discounts: JSON.stringify(choices.discounts) } : {}),
  }) satisfies PreCheckoutQuery;

/** GET /orders/pre/checkout/{id}: the cart and its totals for the delivery choices (the server prices). */
export async function fetchPreCheckout(
  customerId: number,
  choices: CartChoices,
  signal?: AbortSignal,
): Promise<PreCheckoutResponse> {
  return api<PreCheckoutResponse>(`/orders/pre/checkout/${customerId}`, { query: preCheckoutQuery(choices), signal });
}

/**
 * The cart and totals for the current choices. The payment does not change the figures, so it is not part
 * of the key: switching to 'Depósito' asks nothing new.
 */
export function usePreCheckout(customerId: number, choices: CartChoices, enabled = true) {
  const { shippingOption, withWarranty, isFastDelivery } = choices;
  const discounts = choices.discounts ? JSON.stringify(choices.discounts) : null;
  return useQuery({
    queryKey: sellingKeys.other('cart', { customerId, shippingOption, withWarranty, isFastDelivery, discounts }),
    queryFn: ({ signal }) => fetchPreCheckout(customerId, choices, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A discount approval asked for this very sale and still pending (decision 0045): asked again until decided.
    refetchInterval: (query) => {
      const approval = query.state.data?.discounts?.approval;
      return approval?.status === 'PENDING' && approval.matches ? APPROVAL_POLL_MS : false;
    },
  });
}

/** How often Vendas asks whether a pending discount approval was decided. */
export const APPROVAL_POLL_MS = 5_000;

/**
 * POST /discount-approvals (decision 0045): a manager's approval asked for the cart as it is with these
 * discounts (above the seller's maximum); the cart is read again (its pre-checkout says the request's status).
 */
export function useAskDiscountApproval(customerId: number) {
  const queryClient = useQueryClient();
  return useApiMutation<DiscountApproval, SaleDiscounts>({
    mutationFn: async (discounts) =>
      (
        await api<{ data: DiscountApproval }>('/discount-approvals', {
          method: 'POST',
          body: { customerId, discounts },
        })
      ).data,
    success: DISCOUNT_APPROVAL_TEXTS.asked,
    failure: T.approvalFailed,
    onSuccess: () => void reloadCarts(queryClient, customerId),
  });
}

/** Reads the customer's carts again (a line added or removed, a refused checkout). */
const reloadCarts = (queryClient: QueryClient, customerId: number) =>
  queryClient.invalidateQueries(customerCarts(customerId));

export function useAddToCart(customerId: number, options: { closeDialog?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useApiMutation<CartResponse, CartAddBody>({
    // The quantity dialog: closed by a success only (decision 0004).
    closeDialog: options.closeDialog,
    mutationFn: (body) => api<CartResponse>(`/orders/cart/add/${customerId}`, { method: 'POST', body }),
    success: T.added,
    failure: T.addFailed,
    // The carts of this customer only (the key's filter is a predicate, not a prefix): not awaited, the
    // quantity dialog closes at once as before.
    onSuccess: () => void reloadCarts(queryClient, customerId),
  });
}

/**
 * A box scanned in 'Vendas': the product of its barcode (GET /products/barcode/{gtin}; an unknown code is
 * answered 404 with the server's Portuguese text), then one unit of it into the customer's cart. A second
 * scan of the same box adds one more.
 */
export function useScanToCart(customerId: number) {
  const queryClient = useQueryClient();
  return useApiMutation<Product, string>({
    mutationFn: async (gtin) => {
      const { data: product } = await api<{ data: Product }>(`/products/barcode/${encodeURIComponent(gtin)}`);
      await api<CartResponse>(`/orders/cart/add/${customerId}`, {
        method: 'POST',
        body: { productId: product.id, quantity: 1 } satisfies CartAddBody,
      });
      return product;
    },
    success: (product) => T.scannedAdded(product.name),
    failure: T.addFailed,
    onSuccess: () => void reloadCarts(queryClient, customerId),
  });
}

/**
 * Removes a product (newQuantity 0). The cart updates at once (the item gone, its totalPrice subtracted,
 * section 4); a failure restores the items and says so.
 */
export function useRemoveFromCart(customerId: number) {
  const queryClient = useQueryClient();
  return useApiMutation<CartResponse, CartItem>({
    mutationFn: (item) =>
      api<CartResponse>(`/orders/cart/change/${customerId}`, {
        method: 'PATCH',
        body: { productId: item.productId, newQuantity: 0 } satisfies CartChangeBody,
      }),
    optimistic: async (_client, item) => {
      await queryClient.cancelQueries(customerCarts(customerId));
      const before = queryClient.getQueriesData<PreCheckoutResponse>(customerCarts(customerId));
      queryClient.setQueriesData<PreCheckoutResponse>(customerCarts(customerId), (data) =>
        data
          ? {
              ...data,
              cart: {
                ...data.cart,
                items: data.cart.items.filter((line) => line.productId !== item.productId),
                totalAmount: centsToReais(reaisToCents(data.cart.totalAmount) - reaisToCents(item.totalPrice)),
              },
              total: centsToReais(reaisToCents(data.total) - reaisToCents(item.totalPrice)),
            }
          : data,
      );
      // a failure puts the items back (before it is said)
      return () => {
        for (const [key, data] of before) queryClient.setQueryData(key, data);
      };
    },
    failure: T.removeFailed,
    // either way the cart is read again: the server's figures replace the ones worked out here
    onSuccess: () => void reloadCarts(queryClient, customerId),
    onError: () => void reloadCarts(queryClient, customerId),
  });
}

/**
 * Sets a cart line's quantity (PATCH /orders/cart/change/{id} with newQuantity ≥ 1): what the quantity dialog
 * chose for a product already in the cart, or a cart line's minus, plus or typed quantity (issue 35 §7). The
 * server refuses more than the stock (409, its text); the cart is read again either way.
 */
export function useSetCartQuantity(customerId: number, options: { closeDialog?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useApiMutation<CartResponse, { productId: number; quantity: number }>({
    closeDialog: options.closeDialog,
    mutationFn: ({ productId, quantity }) =>
      api<CartResponse>(`/orders/cart/change/${customerId}`, {
        method: 'PATCH',
        body: { productId, newQuantity: quantity } satisfies CartChangeBody,
      }),
    success: T.changed,
    failure: T.addFailed,
    onSuccess: () => void reloadCarts(queryClient, customerId),
    onError: () => void reloadCarts(queryClient, customerId),
  });
}

export interface CheckoutRequest {
  customerId: number;
  choices: CartChoices;
  /** base64 without prefix; only for 'Depósito'. */
  receipt: string | null;
  /** The total the screen shows: a server total that differs refuses the order (409) instead of charging it. */
  expectedTotal: number;
  /** One per checkout attempt, the same on a retry: the server creates one order for it. */
  idempotencyKey: string;
  /** A manager's approval covering this sale (the pre-checkout said so), for a discount above the maximum. */
  discountApprovalId?: number;
}

/**
 * POST /orders/checkout/{id} (Dinheiro), /orders/checkout/bank/transfer/{id} (Depósito, with the proof),
 * /orders/checkout/pix/{id} (the order's own Pix), /orders/checkout/card/{id} (Cartão) or
 * /orders/checkout/credit/{id} ('A prazo', with the plan as '30/60/90').
 */
export async function checkout(request: CheckoutRequest): Promise<CheckoutResponse> {
  const { customerId, choices, receipt, expectedTotal, idempotencyKey, discountApprovalId } = request;
  const fields: CheckoutCashBody = {
    typeOfDelivery: choices.shippingOption,
    withWarranty: choices.withWarranty,
    isFastDelivery: choices.isFastDelivery,
    idempotencyKey,
    expectedTotal,
    ...(choices.discounts ? { discounts: choices.discounts } : {}),
    ...(choices.discounts && discountApprovalId !== undefined ? { discountApprovalId } : {}),
  };
  // A walk-in's CPF on the note, when typed (the cart step asks it of a walk-in only).
  const noteDocument = choices.noteDocument?.trim();
  if (noteDocument) fields.noteDocument = noteDocument;
  if (choices.payment === 'bankTransfer') {
    const body: CheckoutTransferBody = { ...fields, receipt: receipt ?? '' };
    return api<CheckoutResponse>(`/orders/checkout/bank/transfer/${customerId}`, { method: 'POST', body });
  }
  if (choices.payment === 'credit') {
    const credit = { terms: choices.creditTerms ?? '' } satisfies Pick<CheckoutCreditBody, 'terms'>;
    const body = { ...fields, ...credit };
    return api<CheckoutResponse>(`/orders/checkout/credit/${customerId}`, { method: 'POST', body });
  }
  if (choices.payment === 'cash' && choices.changeFor) fields.changeFor = choices.changeFor;
  if (choices.payment === 'card') {
    const card = choices.cardCharge === 'onDelivery' || !choices.card ? {} : { card: choices.card };
    return api<CheckoutResponse>(`/orders/checkout/card/${customerId}`, {
      method: 'POST',
      body: { ...fields, ...card },
    });
  }
  if (choices.payment === 'pix') {
    const split = choices.cardOnDeliveryAmount ? { cardOnDeliveryAmount: choices.cardOnDeliveryAmount } : {};
    return api<CheckoutResponse>(`/orders/checkout/pix/${customerId}`, {
      method: 'POST',
      body: { ...fields, ...split },
    });
  }
  return api<CheckoutResponse>(`/orders/checkout/${customerId}`, { method: 'POST', body: fields });
}

/**
 * Checkout; afterwards the orders (every key under 'orders'), the products' stock, the customers (the
 * customer's total of purchases grew) and the carts are stale. `onPlaced` runs before those reads, so the
 * screen goes to step 4 without first showing the emptied cart.
 */
export function useCheckout(onPlaced: (answer: CheckoutResponse, request: CheckoutRequest) => void) {
  const queryClient = useQueryClient();
  return useApiMutation<CheckoutResponse, CheckoutRequest>({
    mutationFn: checkout,
    failure: T.orderFailed,
    // other features' lists, by their resource's root key (features do not import each other)
    invalidate: [['orders'], ['products'], ['customers'], sellingKeys.all],
    onSuccess: onPlaced,
    onError: (error, _message, request) => {
      // A refusal (stock, prices changed, customer blocked) shows the cart as it is now.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        void reloadCarts(queryClient, request.customerId);
    },
  });
}

/**
 * POST /customers/walk-in: the attendant's own 'Consumidor final' (made on first use, decision 0040), to sell at
 * the counter without registering anyone.
 */
export function useWalkIn(onReady: (customer: WalkInCustomer) => void) {
  return useApiMutation<WalkInCustomer, void>({
    mutationFn: async () => (await api<{ data: WalkInCustomer }>('/customers/walk-in', { method: 'POST' })).data,
    failure: T.walkInFailed,
    onSuccess: onReady,
  });
}

export interface SaveQuoteRequest {
  customerId: number;
  choices: CartChoices;
  walkIn?: { name: string; phone?: string };
  /** The attempt's Idempotency-Key: one per opening of the dialog, the same on each try. */
  key: string;
}

/**
 * POST /quotes (issue 38 §4, decision 0043): the customer's cart saved as a quote at today's prices and
 * discounts (the server empties the cart); the carts and the quotes' lists are stale afterwards.
 */
export function useSaveQuote(onSaved: (quote: Quote) => void) {
  const queryClient = useQueryClient();
  return useApiMutation<Quote, SaveQuoteRequest>({
    mutationFn: async ({ customerId, choices, walkIn, key }) => {
      const body: QuoteCreateBody = {
        customerId,
        typeOfDelivery: choices.shippingOption,
        withWarranty: choices.withWarranty,
        isFastDelivery: choices.isFastDelivery,
        ...(choices.discounts ? { discounts: choices.discounts } : {}),
        ...(walkIn ? { walkIn } : {}),
      };
      // The dialog's key: sent again after a lost answer, the server answers the quote it saved.
      return (await api<{ data: Quote }>('/quotes', { method: 'POST', body, headers: { 'Idempotency-Key': key } }))
        .data;
    },
    failure: T.quoteFailed,
    success: (quote) => T.quoteSaved(quote.id),
    invalidate: [['quotes']],
    onSuccess: (quote, request) => {
      void reloadCarts(queryClient, request.customerId);
      onSaved(quote);
    },
  });
}
