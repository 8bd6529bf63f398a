import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder until the customers module is built (its owner replaces this file). */
export default function CustomersPage() {
  return <ComingSoon title="Clientes" />;
}
