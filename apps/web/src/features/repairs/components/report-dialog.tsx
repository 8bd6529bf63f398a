import type { RepairReportRow } from '@backoffice/contract';
import { type MonthlyColumn, MonthlyReportDialog } from '../../../components/monthly-report-dialog';
import { useRepairReport } from '../api/repairs-api';
import { REPAIRS_TEXTS as T } from '../texts';

const COLUMNS: readonly MonthlyColumn<RepairReportRow>[] = [
  { label: T.reportReceived, kind: 'count', value: (row) => row.received },
  { label: T.reportDelivered, kind: 'count', value: (row) => row.delivered },
  { label: T.reportBilled, kind: 'money', value: (row) => row.billed },
  { label: T.reportPartsCost, kind: 'money', value: (row) => row.partsCost },
  { label: T.reportWarranty, kind: 'count', value: (row) => row.warranty },
  { label: T.reportWarrantyCost, kind: 'money', value: (row) => row.warrantyCost },
];

/**
 * 'Assistência por mês' (issue 42 §2, GET /repairs/report): for a year, each month's service orders received, the
 * devices delivered, what the paid ones billed and what their parts cost, and the repairs under warranty with what
 * their parts cost the shop (the warranty's cost); the year's total under them.
 */
export function ReportDialog({ onClose }: { onClose: () => void }) {
  return (
    <MonthlyReportDialog
      title={T.report}
      empty={T.reportEmpty}
      columns={COLUMNS}
      useRows={useRepairReport}
      onClose={onClose}
    />
  );
}
