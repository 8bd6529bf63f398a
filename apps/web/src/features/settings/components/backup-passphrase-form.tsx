import { backupPassphraseBodySchema } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { backupKeys, setBackupPassphrase } from '../api/settings-api';
import { BACKUP_PASSPHRASE_TEXTS as T } from '../backup-passphrase-texts';

/**
 * The backups' passphrase, typed twice, with where to keep it (issue 53 finding 13, decision 0068): the server keeps
 * only the key derived from it. In 'Backups' and as the step after 'Configuração inicial'.
 */
export function BackupPassphraseForm({
  changing = false,
  onSaved,
  actions,
}: {
  /** A passphrase is set already: the button says 'Trocar senha'. */
  changing?: boolean;
  onSaved?: () => void;
  /** Other buttons beside the submit one ('Fazer depois' in the step). */
  actions?: ReactNode;
}) {
  const [passphrase, setPassphrase] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const checked = backupPassphraseBodySchema.safeParse({ passphrase });
  const tooShort = passphrase !== '' && !checked.success ? (checked.error.issues[0]?.message ?? null) : null;
  const mismatch = confirmation !== '' && confirmation !== passphrase;
  const save = useApiMutation({
    mutationFn: () => setBackupPassphrase(passphrase),
    success: T.saved,
    failure: T.failed,
    invalidate: [backupKeys.all],
    errorInDialog: true,
    onSuccess: () => {
      setPassphrase('');
      setConfirmation('');
      onSaved?.();
    },
    onError: (_error, message) => setRefusal(message),
  });
  return (
    <Box
      component="form"
      noValidate
      aria-label={T.title}
      onSubmit={(event) => {
        event.preventDefault();
        if (!checked.success || mismatch || confirmation === '') return;
        setRefusal(null);
        save.mutate();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Alert severity="info">{T.whereToKeep}</Alert>
      {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={T.passphrase}
          type="password"
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
          error={tooShort !== null}
          helperText={tooShort ?? T.passphraseHelp}
          slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
        />
        <TextField
          label={T.confirmation}
          type="password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={mismatch}
          helperText={mismatch ? T.mismatch : ' '}
          slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {actions}
        <Button
          type="submit"
          variant="contained"
          disabled={!checked.success || mismatch || confirmation === '' || save.isPending}
        >
          {changing ? T.change : T.save}
        </Button>
      </Box>
    </Box>
  );
}
