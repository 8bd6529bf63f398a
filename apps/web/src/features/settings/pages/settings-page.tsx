import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder until the settings module is built (its owner replaces this file). */
export default function SettingsPage() {
  return <ComingSoon title="Configurações" />;
}
