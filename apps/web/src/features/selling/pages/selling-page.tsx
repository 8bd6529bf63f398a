import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder until the selling module is built (its owner replaces this file). */
export default function SellingPage() {
  return <ComingSoon title="Vendas" />;
}
