import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder until the reports module is built (its owner replaces this file). */
export default function ReportDetailPage() {
  return <ComingSoon title="Detalhe do Relatório" />;
}
