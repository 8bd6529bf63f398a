import type { ReportType } from '@backoffice/contract';

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
} as const;

/** The five charts, in the spec's order, with their titles. */
export const CHART_TEXTS: Record<ReportType, { title: string; subtitle?: string; series: string }> = {
  topTenSigned: { title: 'Clientes que mais acessaram', subtitle: 'Logins realizados', series: 'Logins' },
  mostViewedProd: { title: 'Produtos mais visualizados', series: 'Visualizações' },
  searchedTerms: { title: 'Termos mais pesquisados', series: 'Pesquisas' },
  topTenSellers: { title: 'Produtos mais vendidos', series: 'Unidades vendidas' },
  searchedButInexistent: { title: 'Pesquisados sem resultado', series: 'Pesquisas' },
};
