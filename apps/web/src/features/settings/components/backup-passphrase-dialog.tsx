import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BACKUP_PASSPHRASE_TEXTS as T } from '../backup-passphrase-texts';
import { BackupPassphraseForm } from './backup-passphrase-form';

/** The step after 'Configuração inicial' when the backups are not encrypted: offers the passphrase, or later. */
export function BackupPassphraseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} fullWidth maxWidth="sm" aria-labelledby="backup-passphrase-title" onClose={onClose}>
      <DialogTitle id="backup-passphrase-title">{T.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {T.intro}
          </Typography>
          <BackupPassphraseForm onSaved={onClose} actions={<Button onClick={onClose}>{T.later}</Button>} />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
