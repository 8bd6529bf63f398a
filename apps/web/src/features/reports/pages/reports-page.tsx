import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder until the reports module is built (its owner replaces this file). */
export default function ReportsPage() {
  return <ComingSoon title="Relatórios" />;
}
