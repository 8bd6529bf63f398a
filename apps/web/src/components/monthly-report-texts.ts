/** What every month-by-month report dialog says (components/monthly-report-dialog.tsx). */
export const MONTHLY_REPORT_TEXTS = {
  year: 'Ano',
  month: 'Mês',
  total: 'Total',
  failed: 'Não foi possível carregar o relatório.',
  close: 'Fechar',
} as const;
