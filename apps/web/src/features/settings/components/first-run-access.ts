import { PERMISSIONS } from '@backoffice/contract';
import { hasAccess, type Session } from '../../../lib/session-store';

/**
 * Who 'Configuração inicial' watches for: a signed-in holder of the settings permission. Kept apart from the
 * gate (first-run-gate.tsx, which brings the settings' queries and schemas) so the admin layout can ask it
 * without loading them.
 */
export function canSetUpShop(session: Session | null): boolean {
  return session !== null && hasAccess({ permissions: [PERMISSIONS.settings] });
}
