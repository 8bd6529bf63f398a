import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../components/notifier';
import { ApiError, api } from '../../../lib/api-client';
import type { CartChoices, SelectedCustomer } from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';
import { sellingKeys } from './keys';

// PROVISIONAL shapes from spec sections 3 and 7, replaced by the contract's once it lands.
export interface SellingProduct {
  productId: number;
  name: string;
  imagesUrl: string[];
  priceDiscounted: number;
  stock: number;
}
export interface CartItem {
  productId: number;
  name: string;
  imageUrls: string[];
  quantity: number;
  totalPrice: number;
}
export interface PreCheckout {
  cart: { items: CartItem[]; customerId: number; totalAmount: number; totalAmountWarranty: number };
  shippingCost: number;
  total: number;
  totalWithWarranty: number;
  hasWarranty: boolean;
  fastDeliveryEnabled: boolean;
  fastDeliveryTax: number;
  pixPayload?: string | null;
}

/** A refusal the attendant can act on (4xx with a message) shows the server's text, else the spec's. */
export function refusalText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.errors[0]) return error.errors[0];
  return fallback;
}

export async function searchProducts(
  customer: SelectedCustomer,
  search: string,
  signal?: AbortSignal,
): Promise<SellingProduct[]> {
  const path = `/shop/products/full/search/${encodeURIComponent(search)}/email/${encodeURIComponent(customer.email)}`;
  return (await api<{ data: { products: SellingProduct[] } }>(path, { signal })).data.products;
}

export function useProductSearch(customer: SelectedCustomer, search: string | null) {
  return useQuery({
    queryKey: sellingKeys.other('products', { customerId: customer.id, search }),
    queryFn: ({ signal }) => searchProducts(customer, (search ?? '').trim(), signal),
    enabled: search !== null && search.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const cartKey = (customerId: number, choices?: CartChoices) =>
  choices ? sellingKeys.other('cart', { customerId, ...choices }) : sellingKeys.other('cart', { customerId });

export async function fetchPreCheckout(customerId: number, choices: CartChoices, signal?: AbortSignal) {
  return (
    await api<{ data: PreCheckout }>(`/orders/pre/checkout/${customerId}`, {
      query: {
        typeOfDelivery: choices.shippingOption,
        withWarranty: choices.withWarranty,
        isFastDelivery: choices.isFastDelivery,
        payment: choices.payment,
      },
      signal,
    })
  ).data;
}

/** The cart and its totals for the current choices (the server applies the price rule of section 4). */
export function usePreCheckout(customerId: number, choices: CartChoices, enabled = true) {
  return useQuery({
    enabled,
    queryKey: cartKey(customerId, choices),
    queryFn: ({ signal }) => fetchPreCheckout(customerId, choices, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAddToCart(customerId: number) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { productId: number; quantity: number }) =>
      api<unknown>(`/orders/cart/add/${customerId}`, { method: 'POST', body }),
    onSuccess: () => {
      notify.success(T.added);
      void queryClient.invalidateQueries({ queryKey: sellingKeys.other('cart') });
    },
    onError: (error) => notify.error(refusalText(error, T.addFailed)),
  });
}

/** Every cached cart of the customer (one per combination of choices). */
const customerCarts = (customerId: number) => ({
  queryKey: sellingKeys.other('cart'),
  predicate: (query: { queryKey: readonly unknown[] }) =>
    (query.queryKey[2] as { customerId?: number } | undefined)?.customerId === customerId,
});

/**
 * Removes a product (newQuantity 0). The cart updates at once (item gone, its total subtracted, section 4);
 * a failure restores the items and says so.
 */
export function useRemoveFromCart(customerId: number) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: CartItem) =>
      api<unknown>(`/orders/cart/change/${customerId}`, {
        method: 'PATCH',
        body: { productId: item.productId, newQuantity: 0 },
      }),
    onMutate: async (item) => {
      await queryClient.cancelQueries(customerCarts(customerId));
      const before = queryClient.getQueriesData<PreCheckout>(customerCarts(customerId));
      queryClient.setQueriesData<PreCheckout>(customerCarts(customerId), (cart) =>
        cart
          ? {
              ...cart,
              cart: {
                ...cart.cart,
                items: cart.cart.items.filter((line) => line.productId !== item.productId),
                totalAmount: Math.round((cart.cart.totalAmount - item.totalPrice) * 100) / 100,
              },
              total: Math.round((cart.total - item.totalPrice) * 100) / 100,
            }
          : cart,
      );
      return { before };
    },
    onError: (error, _item, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      notify.error(refusalText(error, T.removeFailed));
    },
    onSettled: () => queryClient.invalidateQueries(customerCarts(customerId)),
  });
}

export interface CheckoutRequest {
  customerId: number;
  choices: CartChoices;
  /** base64 without prefix; only for 'Depósito'. */
  proof: string | null;
  /** One per checkout attempt, the same on a retry: the server creates one order for it. */
  idempotencyKey: string;
}

export async function checkout({ customerId, choices, proof, idempotencyKey }: CheckoutRequest): Promise<string> {
  const transfer = choices.payment === 'bankTransfer';
  const path = transfer ? `/orders/checkout/bank/transfer/${customerId}` : `/orders/checkout/${customerId}`;
  const body = {
    typeOfDelivery: choices.shippingOption,
    withWarranty: choices.withWarranty,
    isFastDelivery: choices.isFastDelivery,
    idempotencyKey,
    ...(transfer ? { image: proof } : {}),
  };
  return (await api<{ data: { code: string } }>(path, { method: 'POST', body })).data.code;
}

/** Checkout; afterwards the orders (every key under 'orders'), the products' stock and the cart are stale. */
export function useCheckout() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: sellingKeys.all });
    },
    onError: (error) => notify.error(refusalText(error, T.orderFailed)),
  });
}
