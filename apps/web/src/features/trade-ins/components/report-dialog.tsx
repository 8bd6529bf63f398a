import type { TradeInReportRow } from '@backoffice/contract';
import { type MonthlyColumn, MonthlyReportDialog } from '../../../components/monthly-report-dialog';
import { useTradeInReport } from '../api/trade-ins-api';
import { TRADE_INS_TEXTS as T } from '../texts';

const COLUMNS: readonly MonthlyColumn<TradeInReportRow>[] = [
  { label: T.reportCount, kind: 'count', value: (row) => row.count },
  { label: T.paid, kind: 'money', value: (row) => row.paid },
  { label: T.resold, kind: 'count', value: (row) => row.resold },
  { label: T.resoldRevenue, kind: 'money', value: (row) => row.resoldRevenue },
  { label: T.resoldMargin, kind: 'money', value: (row) => row.resoldMargin },
];

/**
 * 'Usados por mês' (issue 42 §1, GET /trade-ins/report): for a year, each month's phones accepted, what the shop paid
 * for them, and of those how many were sold again, for how much and with what margin (sale − cost); the year's total
 * under them. For whoever reads reports or manages the trade-ins.
 */
export function ReportDialog({ onClose }: { onClose: () => void }) {
  return (
    <MonthlyReportDialog
      title={T.report}
      empty={T.reportEmpty}
      columns={COLUMNS}
      useRows={useTradeInReport}
      onClose={onClose}
    />
  );
}
