import type { TradeInPrice, TradeInPriceBody, TradeInSettings } from '@backoffice/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The trade-ins' queries this card reads live under the trade-ins screen's own keys (['trade-ins', …]). */
export const tradeInPricesQuery = queryOptions({
  queryKey: ['trade-ins', 'prices'],
  queryFn: async () => (await api<{ data: TradeInPrice[] }>('/trade-ins/prices')).data,
});

export const tradeInSettingsQuery = queryOptions({
  queryKey: ['trade-ins', 'settings'],
  queryFn: async () => (await api<{ data: TradeInSettings }>('/trade-ins/settings')).data,
});

/** POST /trade-ins/prices: a model's price added, or replaced (same brand, model and storage). */
export async function saveTradeInPrice(body: TradeInPriceBody) {
  return (await api<{ data: TradeInPrice }>('/trade-ins/prices', { method: 'POST', body })).data;
}

export function deleteTradeInPrice(id: number) {
  return api<void>(`/trade-ins/prices/${id}`, { method: 'DELETE' });
}

/** PUT /trade-ins/settings: the deduction of each defect (reais) and the seminovo's warranty days. */
export async function saveTradeInSettings(body: TradeInSettings) {
  return (await api<{ data: TradeInSettings }>('/trade-ins/settings', { method: 'PUT', body })).data;
}
