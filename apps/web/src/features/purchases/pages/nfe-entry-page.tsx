import {
  type BonusCost,
  formatDocument,
  PURCHASE_ENTRY_TEXTS,
  type Purchase,
  type PurchasePreview,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useAttemptKey } from '../../../components/use-attempt-key';
import { ApiError, CONNECTION_LOST_TEXT } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { purchaseKeys, sendNfe } from '../api/purchases-api';
import { type ItemChoice, initialChoice, toDecisions } from '../components/item-choice';
import { type BillingChoice, NfeBillingPanel } from '../components/nfe-billing-panel';
import { NfeCostsPanel } from '../components/nfe-costs-panel';
import { NfeItemCard } from '../components/nfe-item-card';
import { PurchaseDetails } from '../components/purchase-details';
import { SignatureChainAlert } from '../components/signature-chain-alert';
import { PURCHASES_TEXTS as T } from '../texts';

type Stage = 'idle' | 'reading' | 'confirming';

const messagesOf = (error: unknown): string[] =>
  error instanceof ApiError && error.errors.length > 0 ? error.errors : [CONNECTION_LOST_TEXT];

/**
 * 'Pendências da nota': the note's problems that are no item's (the payment, the drawer; each item's are on its
 * card), and 'Abrir caixa' when a cash payment needs the clerk's drawer open (decision 0090).
 */
function NoteProblems({ preview, drawerRefused }: { preview: PurchasePreview; drawerRefused: boolean }) {
  const problems = preview.problems.filter(
    (problem) => !preview.items.some((item) => problem.startsWith(PURCHASE_ENTRY_TEXTS.item(item.line, item.name, ''))),
  );
  const drawerClosed = drawerRefused || preview.drawerClosed;
  if (problems.length === 0 && !drawerClosed) return null;
  return (
    <Alert
      severity="warning"
      aria-label={T.noteProblems}
      action={
        drawerClosed ? (
          <Button color="inherit" size="small" component={RouterLink} to="/admin/cash" sx={{ whiteSpace: 'nowrap' }}>
            {T.openCash}
          </Button>
        ) : undefined
      }
    >
      {problems.map((problem) => (
        <div key={problem}>{problem}</div>
      ))}
    </Alert>
  );
}

/** The preview's warnings: those the clerk must confirm, each by its kind, and the others. */
function warningsOf(preview: PurchasePreview) {
  const warnings = preview.warnings;
  return {
    recipient: warnings.find((w) => w.code === 'RECIPIENT'),
    unsigned: warnings.find((w) => w.code === 'UNSIGNED'),
    certificate: warnings.find((w) => w.code === 'CERTIFICATE' && w.needsConfirmation),
    others: warnings.filter((w) => !w.needsConfirmation),
  };
}

/** The preview's warnings, each the clerk must confirm with its checkbox or reason, and the others to read. */
function NoteWarnings({
  preview,
  confirmRecipient,
  onConfirmRecipient,
  unsignedReason,
  onUnsignedReason,
  acceptCertificate,
  onAcceptCertificate,
}: {
  preview: PurchasePreview;
  confirmRecipient: boolean;
  onConfirmRecipient: (value: boolean) => void;
  unsignedReason: string;
  onUnsignedReason: (value: string) => void;
  acceptCertificate: boolean;
  onAcceptCertificate: (value: boolean) => void;
}) {
  const { recipient, unsigned, certificate, others } = warningsOf(preview);
  if (!recipient && !unsigned && !certificate && others.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {T.warnings}
      </Typography>
      {recipient ? (
        <>
          <Alert severity="warning">{recipient.message}</Alert>
          <FormControlLabel
            control={
              <Checkbox checked={confirmRecipient} onChange={(event) => onConfirmRecipient(event.target.checked)} />
            }
            label={T.confirmRecipient}
          />
        </>
      ) : null}
      {unsigned ? (
        <>
          <Alert severity="warning">{unsigned.message}</Alert>
          <TextField
            label={T.unsignedReason}
            value={unsignedReason}
            onChange={(event) => onUnsignedReason(event.target.value)}
            multiline
            minRows={2}
          />
        </>
      ) : null}
      {certificate ? (
        <>
          <Alert severity="warning">{certificate.message}</Alert>
          <FormControlLabel
            control={
              <Checkbox checked={acceptCertificate} onChange={(event) => onAcceptCertificate(event.target.checked)} />
            }
            label={T.acceptCertificate}
          />
        </>
      ) : null}
      {others.map((warning) => (
        <Alert key={warning.code} severity="info">
          {warning.message}
        </Alert>
      ))}
    </Paper>
  );
}

/**
 * 'Entrada por XML' (issue 39 §2, decision 0049): the supplier's NF-e read by the server (the preview), each item
 * matched, linked or created, its factor and IMEIs given, the warnings confirmed; 'Confirmar entrada' writes it
 * all at once (one Idempotency-Key per preview: a retried confirm is the same entry).
 */
export default function NfeEntryPage() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PurchasePreview | null>(null);
  const [choices, setChoices] = useState<Record<number, ItemChoice>>({});
  const [confirmRecipient, setConfirmRecipient] = useState(false);
  const [unsignedReason, setUnsignedReason] = useState('');
  const [acceptCertificate, setAcceptCertificate] = useState(false);
  const [billing, setBilling] = useState<BillingChoice>({});
  const [bonusCost, setBonusCost] = useState<BonusCost | undefined>(undefined);
  const [stage, setStage] = useState<Stage>('idle');
  const [errors, setErrors] = useState<string[]>([]);
  /** The confirm was refused: 'Pago no ato' in cash and the clerk's drawer is closed (decision 0090). */
  const [drawerRefused, setDrawerRefused] = useState(false);
  const [entered, setEntered] = useState<Purchase | null>(null);
  // One Idempotency-Key per preview: every confirm of it (a retry after no answer, or after a 400) sends the same.
  const attempt = useAttemptKey();

  const decisions = (shown: PurchasePreview) => ({
    ...toDecisions(shown, choices, confirmRecipient, unsignedReason, acceptCertificate),
    ...billing,
    ...(bonusCost && shown.costs.bonusItems > 0 ? { bonusCost } : {}),
  });

  /** `keepErrors`: the preview read again after a refused confirm keeps the refusal's words on screen. */
  async function read(chosen: File, fresh: boolean, keepErrors = false) {
    setStage('reading');
    if (!keepErrors) setErrors([]);
    try {
      const answer = (await sendNfe(
        chosen,
        fresh || !preview ? { items: [] } : decisions(preview),
        true,
      )) as PurchasePreview;
      setPreview(answer);
      if (fresh) {
        setChoices(
          Object.fromEntries(answer.items.map((item) => [item.line, initialChoice(item, answer.levelDefaults)])),
        );
        setBilling({});
        setBonusCost(undefined);
        attempt.renew();
      }
    } catch (error) {
      if (fresh) setPreview(null);
      setErrors(messagesOf(error));
    } finally {
      setStage('idle');
    }
  }

  async function confirm() {
    if (!file || !preview) return;
    setStage('confirming');
    setErrors([]);
    setDrawerRefused(false);
    try {
      const answer = (await sendNfe(file, decisions(preview), false, attempt.current())) as Purchase;
      setEntered(answer);
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    } catch (error) {
      setErrors(messagesOf(error));
      setDrawerRefused(error instanceof ApiError && error.code === 'CASH_DRAWER_CLOSED');
      // What is open now, line by line (the preview with the same decisions).
      if (error instanceof ApiError && error.status === 400) await read(file, false, true);
    } finally {
      setStage('idle');
    }
  }

  const reset = () => {
    setFile(null);
    setPreview(null);
    setChoices({});
    setConfirmRecipient(false);
    setUnsignedReason('');
    setErrors([]);
    setDrawerRefused(false);
    setEntered(null);
    if (input.current) input.current.value = '';
  };

  const busy = stage !== 'idle';

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.entryTitle}
        actions={
          <Button variant={preview ? 'outlined' : 'contained'} onClick={() => input.current?.click()} disabled={busy}>
            {preview || entered ? T.otherFile : T.chooseFile}
          </Button>
        }
      />
      <input
        ref={input}
        type="file"
        accept=".xml,text/xml,application/xml"
        hidden
        data-testid="nfe-file"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (!chosen) return;
          reset();
          setFile(chosen);
          void read(chosen, true);
        }}
      />
      {!preview && !entered ? (
        <Typography variant="body2" color="text.secondary">
          {T.entryIntro}
        </Typography>
      ) : null}
      {stage === 'reading' ? <Alert severity="info">{T.reading}</Alert> : null}
      {errors.length > 0 ? (
        <Alert severity="error" role="alert">
          {errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      ) : null}

      {entered ? (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
          <Alert severity="success">{T.entered(entered.number)}</Alert>
          <PurchaseDetails purchase={entered} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={reset}>
              {T.newEntry}
            </Button>
            <Button component={RouterLink} to="/admin/purchases">
              {T.listTitle}
            </Button>
          </Box>
        </Paper>
      ) : null}

      {preview && !entered ? (
        <>
          <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {T.note(preview.number, preview.series)}
            </Typography>
            <Typography variant="body2">
              <strong>{T.supplier}:</strong> {preview.supplier.name} ({formatDocument(preview.supplier.document)})
              {preview.supplier.id === null ? ` — ${T.newSupplier}` : ''}
            </Typography>
            <Typography variant="body2">
              <strong>{T.issuedAt}:</strong> {formatDateTime(preview.issuedAt)} · <strong>{T.total}:</strong>{' '}
              {formatMoney(preview.total)} · <strong>{T.signature}:</strong>{' '}
              {preview.signature.status === 'VALID' ? T.signed : T.unsigned}
            </Typography>
            <SignatureChainAlert chain={preview.signature.chain} />
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              <strong>{T.accessKey}:</strong> {preview.accessKey}
            </Typography>
          </Paper>

          <NfeCostsPanel preview={preview} bonusCost={bonusCost} onBonusCost={setBonusCost} />

          <NfeBillingPanel preview={preview} choice={billing} onChange={setBilling} />

          <NoteWarnings
            preview={preview}
            confirmRecipient={confirmRecipient}
            onConfirmRecipient={setConfirmRecipient}
            unsignedReason={unsignedReason}
            onUnsignedReason={setUnsignedReason}
            acceptCertificate={acceptCertificate}
            onAcceptCertificate={setAcceptCertificate}
          />

          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {T.items}
          </Typography>
          {preview.items.map((item) => (
            <NfeItemCard
              key={item.line}
              item={item}
              choice={choices[item.line] ?? initialChoice(item, preview.levelDefaults)}
              onChange={(choice) => setChoices((current) => ({ ...current, [item.line]: choice }))}
            />
          ))}

          <NoteProblems preview={preview} drawerRefused={drawerRefused} />

          <Box
            sx={{
              display: 'flex',
              gap: 1,
              flexWrap: 'wrap',
              position: 'sticky',
              bottom: 0,
              py: 1.5,
              bgcolor: 'background.default',
              zIndex: 1,
            }}
          >
            <Button variant="outlined" onClick={() => file && void read(file, false)} disabled={busy}>
              {T.refresh}
            </Button>
            <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
              {stage === 'confirming' ? T.confirming : T.confirm}
            </Button>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
