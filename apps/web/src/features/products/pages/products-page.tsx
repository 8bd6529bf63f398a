import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder until the products module is built (its owner replaces this file). */
export default function ProductsPage() {
  return <ComingSoon title="Produtos" />;
}
