import type { Customer, CustomerListAnswer, SellingProductSearchResponse } from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import type { CounterLineState } from '../lib/counter-sale';

/** How many customers the picker lists at once: the clerk types more to narrow them. */
const CUSTOMER_RESULTS = 10;

/** A registered customer the counter sells to: his level's prices, his name on the sale. */
export interface CounterCustomer {
  id: number;
  name: string;
  email: string;
  document: string;
  levelName: string;
}

const picked = (customer: Customer): CounterCustomer => ({
  id: customer.id,
  name: customer.name,
  email: customer.email,
  document: customer.document,
  levelName: customer.levelName,
});

/**
 * 'Cliente' as one types (two characters): the approved, not blocked customers matching the name, CPF/CNPJ, e-mail
 * or phone (GET /customers, what 'Vendas' reads; permission internal_sales).
 */
export function useCounterCustomers(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: ['counter', 'customers', search],
    queryFn: async ({ signal }): Promise<CounterCustomer[]> =>
      (
        await api<CustomerListAnswer>('/customers', {
          query: { page: 0, items: CUSTOMER_RESULTS, search, sort: 'name:asc' },
          signal,
        })
      ).customers.map(picked),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * The lines' unit prices for the buyer of `email` (his level's), by product: each line's code searched again as
 * the product search reads it. A product the search no longer finds keeps the price it had (the server prices
 * the sale anyway: a total that changed is refused with the new one).
 */
export async function pricesFor(email: string, lines: readonly CounterLineState[]): Promise<Map<number, number>> {
  const found = await Promise.all(
    lines.map(async (line) => {
      const answer = await api<SellingProductSearchResponse>(
        `/shop/products/full/search/${encodeURIComponent(line.code)}/email/${encodeURIComponent(email)}`,
      );
      const product = answer.products.find((p) => p.productId === line.productId);
      return product ? ([line.productId, Math.round(product.priceDiscounted * 100)] as const) : null;
    }),
  );
  return new Map(found.filter((entry) => entry !== null));
}

/**
 * The sale's buyer: null is the seller's 'Consumidor final' (`walkInEmail`). Picking another prices the lines
 * already in the sale again at the new buyer's level.
 */
export function useCounterCustomer(
  walkInEmail: string | undefined,
  lines: readonly CounterLineState[],
  setLines: (update: (old: CounterLineState[]) => CounterLineState[]) => void,
) {
  const [customer, setCustomer] = useState<CounterCustomer | null>(null);
  const pick = (next: CounterCustomer | null) => {
    if (next?.id === customer?.id) return;
    setCustomer(next);
    const email = next?.email ?? walkInEmail;
    if (!email || lines.length === 0) return;
    pricesFor(email, lines)
      .then((prices) =>
        setLines((old) => old.map((line) => ({ ...line, unitCents: prices.get(line.productId) ?? line.unitCents }))),
      )
      // No answer: the lines keep their prices; 'Concluir venda' is then refused with the server's total (STALE_DATA).
      .catch(() => undefined);
  };
  return [customer, pick] as const;
}
