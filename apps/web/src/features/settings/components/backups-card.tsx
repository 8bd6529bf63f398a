import {
  BACKUP_LIMITS,
  BACKUP_TEXTS,
  type Backup,
  type BackupSettings,
  backupSettingsBodySchema,
  formatBusinessDateTimeMinutes,
  TIME_OF_DAY,
} from '@backoffice/contract';
import BackupOutlinedIcon from '@mui/icons-material/BackupOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { useApiMutation } from '../../../components/use-api-mutation';
import { refusalMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { backupKeys, backupSettingsQuery, backupsQuery, makeBackup, saveBackupSettings } from '../api/settings-api';
import { BACKUP_PASSPHRASE_TEXTS as P } from '../backup-passphrase-texts';
import { BACKUPS_CARD_TEXTS as T } from '../texts';
import { BackupPassphraseForm } from './backup-passphrase-form';
import { SettingsCard } from './settings-card';

/** DD/MM/YYYY HH:mm in the business's zone, the one the schedule is set in (whatever the browser's). */
export const formatBusinessTime = (iso: string) => formatBusinessDateTimeMinutes(new Date(iso));

/** 12,3 MB / 850 KB: a size in words a person reads. */
export function formatBytes(bytes: number): string {
  const number = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024 * 1024) return `${number(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 * 1024) return `${number(bytes / 1024 ** 2)} MB`;
  return `${number(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

function LastRun({ status }: { status: BackupSettings }) {
  const run = status.lastRun;
  if (!run) return <Typography variant="body2">{`${T.lastRun}: ${T.noRun}`}</Typography>;
  const when = formatBusinessTime(run.finishedAt);
  return run.error === null ? (
    <Alert severity="success">{`${T.lastRun}: ${when}, ${T.kinds[run.kind].toLowerCase()}, ${T.succeeded} (${formatBytes(run.size ?? 0)}).`}</Alert>
  ) : (
    <Alert severity="error">{`${T.lastRun}: ${when}, ${T.kinds[run.kind].toLowerCase()}, ${T.failed}: ${run.error}`}</Alert>
  );
}

/**
 * 'Backups' (issue 21 §3): the time of the daily backup and how many to keep, the last result and the next
 * run, 'Fazer backup agora', and the backups kept, each to download. Only with the settings permission (the
 * page shows it then); on PostgreSQL without pg_dump, how to back the server up instead.
 */
export function BackupsCard() {
  const notify = useNotify();
  const status = useQuery(backupSettingsQuery);
  const backups = useQuery(backupsQuery);
  const [timeOfDay, setTimeOfDay] = useState('');
  const [keep, setKeep] = useState('');
  useEffect(() => {
    if (status.data) {
      setTimeOfDay(status.data.timeOfDay);
      setKeep(String(status.data.keep));
    }
  }, [status.data]);
  const save = useApiMutation({
    mutationFn: async () => (await saveBackupSettings({ timeOfDay, keep: Number(keep) })).data,
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(backupSettingsQuery.queryKey, data),
    invalidate: [backupsQuery.queryKey],
  });
  const backupNow = useApiMutation({
    mutationFn: async () => (await makeBackup()).data,
    success: T.made,
    failure: T.makeFailed,
    invalidate: [backupKeys.all],
  });
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (backup: Backup) => {
    setDownloading(backup.name);
    try {
      await downloadFile(`/backups/${encodeURIComponent(backup.name)}`, { fileName: backup.name });
    } catch (error) {
      notify.error(refusalMessage(error, T.downloadFailed));
    } finally {
      setDownloading(null);
    }
  };

  const timeError = TIME_OF_DAY.test(timeOfDay) ? null : BACKUP_TEXTS.timeInvalid;
  const keepValid = backupSettingsBodySchema.shape.keep.safeParse(Number(keep)).success && /^\d+$/.test(keep);
  const keepError = keepValid ? null : BACKUP_TEXTS.keepInvalid;
  const unavailable = status.data?.method === 'none';

  return (
    <SettingsCard
      id="backups-title"
      title={T.title}
      text={T.text}
      loadFailed={status.isError || backups.isError ? T.loadFailed : null}
    >
      {unavailable ? <Alert severity="warning">{T.noPgDump}</Alert> : null}
      {status.data && !unavailable ? (
        <Typography variant="body2" color="text.secondary">
          {T.method[status.data.method]}
        </Typography>
      ) : null}
      {status.data && !unavailable ? (
        <Alert
          severity={status.data.encrypted ? 'success' : 'warning'}
          icon={status.data.encrypted ? <LockOutlinedIcon /> : <LockOpenOutlinedIcon />}
        >
          {status.data.passphraseFrom === 'env'
            ? P.fromServer
            : status.data.passphraseFrom === 'app'
              ? P.fromApp
              : P.none}
        </Alert>
      ) : null}
      {status.data && !unavailable && status.data.passphraseFrom !== 'env' ? (
        <BackupPassphraseForm changing={status.data.passphraseFrom === 'app'} />
      ) : null}
      {status.data ? <LastRun status={status.data} /> : null}
      {status.data?.nextAt ? (
        <Typography variant="body2">{`${T.nextAt}: ${formatBusinessTime(status.data.nextAt)}`}</Typography>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!timeError && !keepError) save.mutate();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          label={T.timeOfDay}
          value={timeOfDay}
          onChange={(event) => setTimeOfDay(event.target.value)}
          error={timeError !== null && timeOfDay !== ''}
          helperText={(timeOfDay !== '' && timeError) || T.timeHelp}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <TextField
          label={T.keep}
          value={keep}
          onChange={(event) => setKeep(event.target.value)}
          error={keepError !== null && keep !== ''}
          helperText={(keep !== '' && keepError) || `${BACKUP_LIMITS.keepMin} a ${BACKUP_LIMITS.keepMax}`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <Button
          type="submit"
          variant="outlined"
          sx={{ mt: { sm: 1 } }}
          disabled={save.isPending || !status.data || timeError !== null || keepError !== null}
        >
          {T.save}
        </Button>
      </Box>
      <Box>
        <Button
          variant="contained"
          startIcon={<BackupOutlinedIcon />}
          onClick={() => backupNow.mutate()}
          disabled={backupNow.isPending || !status.data || unavailable}
        >
          {T.backupNow}
        </Button>
      </Box>
      <Typography variant="subtitle1" component="h3">
        {T.listTitle}
      </Typography>
      {status.data && !unavailable ? (
        <Typography variant="body2" color="text.secondary">
          {T.restoreHelp}
        </Typography>
      ) : null}
      {backups.data && backups.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.empty}
        </Typography>
      ) : null}
      <List dense disablePadding aria-label={T.listTitle}>
        {(backups.data ?? []).map((backup) => (
          <ListItem
            key={backup.name}
            divider
            disableGutters
            secondaryAction={
              <Button
                size="small"
                startIcon={<DownloadOutlinedIcon />}
                onClick={() => void download(backup)}
                disabled={downloading === backup.name}
                aria-label={`${T.download} ${backup.name}`}
              >
                {T.download}
              </Button>
            }
            sx={{ pr: 12 }}
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{formatBusinessTime(backup.createdAt)}</span>
                  <Chip size="small" label={T.kinds[backup.kind]} />
                  <span>{formatBytes(backup.size)}</span>
                </Box>
              }
              secondary={backup.name}
              slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
            />
          </ListItem>
        ))}
      </List>
    </SettingsCard>
  );
}
