import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/session';
import { backupSettingsQuery, setupQuery } from '../api/settings-api';
import { canSetUpShop } from './first-run-access';

const FirstRunDialog = lazy(() => import('./first-run-dialog').then((code) => ({ default: code.FirstRunDialog })));
const BackupPassphraseDialog = lazy(() =>
  import('./backup-passphrase-dialog').then((code) => ({ default: code.BackupPassphraseDialog })),
);

const LATER_KEY = 'backoffice.firstRunLater';

/**
 * Opens 'Configuração inicial' by itself once for an administrator (the settings permission) while the
 * server says it is still to do; 'Fazer depois' is remembered on this browser for that employee, and
 * Configurações keeps offering it until it is done.
 */
export function FirstRunGate() {
  const session = useSession();
  const canSetUp = canSetUpShop(session);
  const later = `${LATER_KEY}.${session?.employeeId ?? ''}`;
  const status = useQuery({ ...setupQuery, enabled: canSetUp });
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(later) === '1');
  const open = canSetUp && status.data?.required === true && !dismissed;
  // The dialog's code (its form, fields and the departures editor) is fetched only for the one who sees it;
  // once drawn it stays, so that closing it plays its transition.
  const [drawn, setDrawn] = useState(false);
  // The next step once the setup is done: the backups' passphrase, when the backups are not encrypted yet.
  const [passphraseStep, setPassphraseStep] = useState(false);
  const backups = useQuery({ ...backupSettingsQuery, enabled: passphraseStep });
  if (open && !drawn) setDrawn(true);
  if (!open && !drawn) return null;
  return (
    <Suspense fallback={null}>
      <FirstRunDialog
        open={open}
        status={status.data}
        onClose={(done) => {
          if (!done) localStorage.setItem(later, '1');
          setDismissed(true);
          if (done) setPassphraseStep(true);
        }}
      />
      {passphraseStep && backups.data ? (
        <BackupPassphraseDialog
          open={!backups.data.encrypted && backups.data.method !== 'none'}
          onClose={() => setPassphraseStep(false)}
        />
      ) : null}
    </Suspense>
  );
}
