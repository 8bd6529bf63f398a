import type { CardSettings } from '@backoffice/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * GET /settings/card-fees: the shop's card fees, settlement days and most instalments, one query for every
 * screen that reads them (Vendas' card, the order's payment form, Configurações' 'Cartões' card), so a save
 * refreshes them all.
 */
export const cardSettingsQuery = queryOptions({
  queryKey: ['settings', 'card-fees'],
  queryFn: async () => (await api<{ data: CardSettings }>('/settings/card-fees')).data,
  staleTime: 60_000,
});
