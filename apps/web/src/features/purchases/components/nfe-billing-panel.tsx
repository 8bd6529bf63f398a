import {
  ENTRY_PAID_METHODS,
  ENTRY_PAYMENT_MODE_LABELS,
  ENTRY_PAYMENT_MODES,
  type EntryPaidMethod,
  type EntryPaymentMode,
  INSTALMENTS_CHOICE_LABELS,
  INSTALMENTS_CHOICES,
  type InstalmentsChoice,
  type PurchaseDecisionsInput,
  type PurchasePreview,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney } from '../../../lib/format';
import { BILLING_TEXTS as T } from './billing-texts';

/** The clerk's payment decisions (sent with the items'): empty means the preview's defaults. */
export type BillingChoice = Pick<PurchaseDecisionsInput, 'instalmentsChoice' | 'payment'>;

/**
 * 'Pagamento da nota' (decision 0088): the duplicatas against the note's total and its issue date, what a
 * difference means (required to confirm), and the mode — 'Gerar contas a pagar', 'Uma conta com vencimento em',
 * 'Pago no ato', 'Sem pagamento' — with the bills the entry will make.
 */
export function NfeBillingPanel(props: {
  preview: PurchasePreview;
  choice: BillingChoice;
  onChange: (choice: BillingChoice) => void;
}) {
  const { preview, choice, onChange } = props;
  const billing = preview.billing;
  const mode = choice.payment?.mode ?? billing.mode;
  const setPayment = (next: { mode: EntryPaymentMode; dueDate?: string; method?: EntryPaidMethod }) =>
    onChange({ ...choice, payment: next });
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {T.title}
      </Typography>
      {billing.difference !== 0 ? (
        <Alert severity="warning">
          {T.differs(
            formatMoney(billing.instalmentsTotal),
            formatMoney(preview.costs.payable),
            formatMoney(Math.abs(billing.difference)),
          )}
        </Alert>
      ) : null}
      {billing.earlyInstalments.length > 0 ? (
        <Alert severity="warning">{T.early(billing.earlyInstalments.join(', '))}</Alert>
      ) : null}
      <RadioGroup
        aria-label={T.mode}
        value={mode}
        onChange={(event) => setPayment({ mode: event.target.value as EntryPaymentMode })}
      >
        {ENTRY_PAYMENT_MODES.map((m) => (
          <FormControlLabel key={m} value={m} control={<Radio />} label={ENTRY_PAYMENT_MODE_LABELS[m]} />
        ))}
      </RadioGroup>
      {mode === 'ONE_BILL' ? (
        <TextField
          type="date"
          label={T.dueDate}
          value={choice.payment?.dueDate ?? billing.dueDate ?? ''}
          onChange={(event) => setPayment({ mode, dueDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ) : null}
      {mode === 'PAID' ? (
        <TextField
          select
          label={T.method}
          value={choice.payment?.method ?? billing.method ?? ''}
          onChange={(event) => setPayment({ mode, method: event.target.value as EntryPaidMethod })}
        >
          {ENTRY_PAID_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {T.methods[m]}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {mode === 'INSTALMENTS' && billing.choiceNeeded ? (
        <TextField
          select
          required
          label={T.choice}
          value={choice.instalmentsChoice ?? ''}
          onChange={(event) => onChange({ ...choice, instalmentsChoice: event.target.value as InstalmentsChoice })}
        >
          {INSTALMENTS_CHOICES.map((c) => (
            <MenuItem key={c} value={c}>
              {INSTALMENTS_CHOICE_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <Typography variant="body2">
        <strong>{T.bills}:</strong>{' '}
        {billing.bills.length > 0
          ? billing.bills
              .map((b) =>
                `${b.documentNumber ?? ''} ${formatDate(b.dueDate)} ${formatMoney(b.amount)}${billing.paid ? ` (${T.paidNow})` : ''}`.trim(),
              )
              .join(' · ')
          : T.noBills}
      </Typography>
      {billing.advancePaid > 0 ? (
        <Typography variant="body2">{T.advancePaid(formatMoney(billing.advancePaid))}</Typography>
      ) : null}
    </Paper>
  );
}
