import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder until the orders module is built (its owner replaces this file). */
export default function OrdersPage() {
  return <ComingSoon title="Pedidos" />;
}
