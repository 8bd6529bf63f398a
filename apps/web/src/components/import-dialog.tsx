import { IMPORT_COLUMNS, type ImportKind, type ImportResult } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { ApiError } from '../lib/api-client';
import { type UploadProgress, uploadForm } from '../lib/upload';
import { useConfirm } from './confirm-dialog';
import { ColumnMapping, ColumnMeanings, ImportFileRow, ImportIssues, LinePrices } from './import-dialog-parts';
import { IMPORT_DIALOG_TEXTS as T } from './import-dialog-texts';

export interface ImportDialogProps {
  kind: ImportKind;
  open: boolean;
  onClose: () => void;
  /** After an import wrote something: the screen reloads its lists. */
  onImported?: (result: ImportResult) => void;
}

type Stage =
  | { step: 'idle' }
  | { step: 'sending'; progress: UploadProgress | null }
  | { step: 'error'; message: string };

const messageOf = (error: unknown) => (error instanceof ApiError && error.errors[0] ? error.errors[0] : T.failed);

/**
 * 'Importar planilha' (issue 21 §2): choose a CSV or XLSX, 'Baixar modelo', map the columns that were not
 * recognised, 'Pré-visualizar' (a dry run: counts and the errors by line and column), 'Ignorar linhas com
 * erro', then 'Importar' (confirmed). The upload shows its progress, then an indeterminate bar while the
 * server checks and writes.
 */
export function ImportDialog({ kind, open, onClose, onImported }: ImportDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const confirm = useConfirm();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [createMissing, setCreateMissing] = useState(true);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  /** The mapping the preview shown was made with: a changed mapping needs 'Pré-visualizar' again. */
  const [previewedWith, setPreviewedWith] = useState<string | null>(null);
  /**
   * The `Idempotency-Key` of the import this preview leads to: one per preview, kept while 'Importar' is
   * tried again (an answer lost on the way), so the server writes that import once.
   */
  const [importKey, setImportKey] = useState<string | null>(null);
  const columns = IMPORT_COLUMNS[kind];
  const busy = stage.step === 'sending';

  const reset = () => {
    setFile(null);
    setMapping({});
    setPreview(null);
    setDone(null);
    setSkipInvalid(false);
    setStage({ step: 'idle' });
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  async function send(chosen: File, dryRun: boolean, columnMapping: Record<string, string>, key?: string) {
    const form = new FormData();
    form.append('mapping', JSON.stringify(columnMapping));
    form.append('file', chosen);
    const query = new URLSearchParams({
      dryRun: String(dryRun),
      skipInvalid: String(skipInvalid),
      createMissing: String(createMissing),
    });
    setStage({ step: 'sending', progress: null });
    try {
      const answer = await uploadForm<{ data: ImportResult }>(
        `/imports/${kind}?${query}`,
        form,
        (progress) => setStage({ step: 'sending', progress }),
        key ? { 'Idempotency-Key': key } : {},
      );
      setStage({ step: 'idle' });
      return answer.data;
    } catch (error) {
      setStage({ step: 'error', message: messageOf(error) });
      return null;
    }
  }

  const runPreview = async (chosen: File | null = file, columnMapping = mapping) => {
    if (!chosen) return;
    setDone(null);
    const result = await send(chosen, true, columnMapping);
    setPreview(result);
    setPreviewedWith(result ? JSON.stringify(columnMapping) : null);
    setImportKey(result ? crypto.randomUUID() : null);
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setMapping({});
    setPreview(null);
    setDone(null);
    void runPreview(chosen, {});
  };

  const runImport = async () => {
    if (!file || !preview || !importKey) return;
    if (!(await confirm(T.confirm(preview.created, preview.updated), { title: T.import, confirmText: T.import })))
      return;
    const result = await send(file, false, mapping, importKey);
    if (!result) return;
    setPreview(result);
    if (result.imported) {
      setDone(result);
      onImported?.(result);
    }
  };

  const mapColumn = (header: string, key: string) => {
    setMapping((current) => ({ ...current, [header]: key }));
    setPreview((current) =>
      current
        ? { ...current, columns: current.columns.map((c) => (c.header === header ? { header, key: key || null } : c)) }
        : current,
    );
  };

  const usedKeys = new Set((preview?.columns ?? []).map((c) => c.key).filter(Boolean));
  const unmatched = (preview?.columns ?? []).filter((c) => c.header && (c.key === null || c.header in mapping));
  /** What a new line needs that no column of the file gives (the form's required fields): offered first. */
  const missing = columns.filter((c) => c.required && !usedKeys.has(c.key));
  const hasErrors = (preview?.errorCount ?? 0) > 0;
  const toWrite = (preview?.created ?? 0) + (preview?.updated ?? 0);
  const previewIsCurrent = previewedWith === JSON.stringify(mapping);
  const canImport =
    Boolean(preview) && previewIsCurrent && !done && !busy && toWrite > 0 && (!hasErrors || skipInvalid);
  const progress = stage.step === 'sending' ? stage.progress : null;
  const percent = progress && !progress.sent ? Math.round((progress.loaded / Math.max(progress.total, 1)) * 100) : null;

  return (
    <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">{T.title(kind)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">{T.intro}</Typography>
          <Typography variant="body2" color="text.secondary">
            {T.matchRule(kind)}
          </Typography>
          <ColumnMeanings columns={columns} />
          <ImportFileRow kind={kind} fileName={file?.name} busy={busy} onChoose={choose} />
          {kind === 'products' ? (
            <FormControlLabel
              control={
                <Checkbox
                  checked={createMissing}
                  onChange={(event) => setCreateMissing(event.target.checked)}
                  disabled={busy}
                />
              }
              label={T.createMissing}
            />
          ) : null}

          {busy ? (
            <Box>
              <LinearProgress
                variant={percent === null ? 'indeterminate' : 'determinate'}
                value={percent ?? undefined}
                aria-label={percent === null ? T.working : T.uploading(percent)}
              />
              <Typography variant="caption">{percent === null ? T.working : T.uploading(percent)}</Typography>
            </Box>
          ) : null}
          {stage.step === 'error' ? <Alert severity="error">{stage.message}</Alert> : null}

          {unmatched.length > 0 ? (
            <ColumnMapping
              columns={columns}
              unmatched={unmatched}
              missing={missing}
              usedKeys={usedKeys}
              mapping={mapping}
              busy={busy}
              onMap={mapColumn}
            />
          ) : null}

          {preview ? (
            <Alert severity={done ? 'success' : hasErrors ? 'warning' : 'info'} role="status">
              {done ? T.done(done.created, done.updated) : null}
              {done ? null : T.summary(preview.rows, preview.created, preview.updated, preview.invalidRows)}
              {!done && hasErrors && !skipInvalid ? ` ${T.fixOrSkip}` : null}
              {!done && !hasErrors && toWrite === 0 ? ` ${T.nothingToImport}` : null}
              {!done && (preview.warningCount ?? 0) > 0 ? ` ${T.warningsSummary(preview.warningCount ?? 0)}` : null}
            </Alert>
          ) : null}

          {preview && hasErrors ? (
            <Box>
              <ImportIssues title={T.errorsTitle} issues={preview.errors} total={preview.errorCount} />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={skipInvalid}
                    onChange={(event) => setSkipInvalid(event.target.checked)}
                    disabled={busy || Boolean(done)}
                  />
                }
                label={T.skipInvalid}
              />
            </Box>
          ) : null}

          {preview?.warnings && preview.warnings.length > 0 ? (
            <ImportIssues
              title={T.warningsTitle}
              issues={preview.warnings}
              total={preview.warningCount ?? preview.warnings.length}
            />
          ) : null}

          {preview?.prices && preview.prices.length > 0 ? (
            <LinePrices prices={preview.prices} total={preview.created + preview.updated} />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={busy}>
          {T.close}
        </Button>
        <Button variant="outlined" onClick={() => void runPreview()} disabled={!file || busy}>
          {T.preview}
        </Button>
        <Button variant="contained" onClick={() => void runImport()} disabled={!canImport}>
          {T.import}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
