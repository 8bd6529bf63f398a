import type { ReportType } from '@backoffice/contract';

/** The same weekday last week, by getUTCDay() (0 = Sunday). */
const WEEKDAYS = [
  'dom. passado',
  'seg. passada',
  'ter. passada',
  'qua. passada',
  'qui. passada',
  'sex. passada',
  'sáb. passado',
];

/** The dashboard's Portuguese texts (spec section 2, Dashboard). */
export const DASHBOARD_TEXTS = {
  title: 'Painel de Controle',
  availableProducts: 'Produtos disponíveis',
  customersAwaiting: 'Clientes aguardando aprovação',
  cardsError: 'Não foi possível carregar os números do painel.',
  chartError: 'Não foi possível carregar os dados do gráfico.',
  empty: 'Nenhum dado neste período.',
  loadMore: 'Carregar mais dados',
  details: 'Ver detalhes',
  /** The caption of a chart over the last `days` days (7 by default; 30 and 90 after "Carregar mais dados"). */
  caption: (days: number) => `atualizado nos últimos ${days} dias`,
  loading: 'Carregando',
  todayTitle: 'Hoje',
  todayError: 'Não foi possível carregar os números de hoje.',
  salesToday: 'Vendas hoje',
  /** Today's sales against the same weekday last week: '+12% vs seg. passada'. */
  salesChange: (percent: number | null, weekday: number) => {
    const day = WEEKDAYS[weekday] ?? '';
    if (percent === null) return `sem vendas ${weekday === 0 || weekday === 6 ? 'no' : 'na'} ${day}`;
    const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
    return `${sign}${Math.abs(percent)}% vs ${day}`;
  },
  ordersWaiting: 'Pedidos aguardando',
  noOrdersWaiting: 'Nenhum pedido aguardando',
  cashToCollect: 'Dinheiro a receber hoje',
  cashOrders: (n: number) => (n === 1 ? '1 pedido em dinheiro nas entregas' : `${n} pedidos em dinheiro nas entregas`),
  payablesDue: 'A pagar nos próximos 7 dias',
  payablesDueNote: (count: number, overdueCount: number, overdue: string) =>
    `${count === 1 ? '1 conta' : `${count} contas`}${overdueCount > 0 ? ` · vencidas: ${overdue} (${overdueCount})` : ' · nenhuma vencida'}`,
  receivablesDue: 'A receber hoje / vencido',
  /** What follows the amount of each line: 'R$ 1.500,50 hoje (2 parcelas)', 'R$ 2.046,67 vencido (1 parcela)'. */
  receivablesToday: (count: number) => ` hoje (${count === 1 ? '1 parcela' : `${count} parcelas`})`,
  receivablesOverdue: (count: number) => ` vencido (${count === 1 ? '1 parcela' : `${count} parcelas`})`,
} as const;

/** The five charts, in the spec's order, with their titles. */
export const CHART_TEXTS: Record<ReportType, { title: string; subtitle?: string; series: string }> = {
  topTenSigned: { title: 'Clientes que mais acessaram', subtitle: 'Logins realizados', series: 'Logins' },
  mostViewedProd: { title: 'Produtos mais visualizados', series: 'Visualizações' },
  searchedTerms: { title: 'Termos mais pesquisados', series: 'Pesquisas' },
  topTenSellers: { title: 'Produtos mais vendidos', series: 'Unidades vendidas' },
  searchedButInexistent: { title: 'Pesquisados sem resultado', series: 'Pesquisas' },
};
