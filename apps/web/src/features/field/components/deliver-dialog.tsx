import {
  type CardReceipt,
  cardReceiptSchema,
  dueAtDoor,
  isValidReceiverDocument,
  MAX_CARD_INSTALMENTS,
  ORDER_LIMITS,
  ORDER_PAYMENT_TEXTS,
  paymentDue,
  type TaskOrder,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CardReceiptFields, type CardReceiptValues } from '../../../components/payments/card-receipt-fields';
import { SignaturePad } from '../../../components/signature-pad';
import { formatMoney } from '../../../lib/format';
import { FIELD_TEXTS } from '../texts';
import { FieldDialog } from './field-dialog';

const T = FIELD_TEXTS.deliver;

/** What the courier sends when the customer has signed (decision 0039). */
export interface Delivery {
  signature: string;
  receiverName: string;
  receiverDocument?: string;
  /** When 'Confirmar entrega' was pressed, by the phone's clock: the moment the customer signed. */
  occurredAt: string;
  /** 'Levar maquininha': the card machine's receipt, for exactly what is due at the door (decision 0042). */
  cardReceipt?: CardReceipt;
}

/**
 * The customer signs on the courier's phone, who writes who received it (the name, the document if given):
 * an empty pad or name, or a malformed document, is refused before anything is sent. The moment of the press is
 * the delivery's, even when the call waits on the phone for the connection.
 */
export function DeliverDialog({
  order,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  order: TaskOrder;
  busy: boolean;
  /** Why the last try failed (shown in the dialog). */
  error?: string | null;
  onSubmit: (delivery: Delivery) => void;
  onClose: () => void;
}) {
  const [signature, setSignature] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const due = paymentDue(order);
  const [name, setName] = useState('');
  const [document, setDocument] = useState('');
  const [checked, setChecked] = useState(false);
  const nameProblem = name.trim() ? null : T.receiverNameRequired;
  const documentProblem = document.trim() && !isValidReceiverDocument(document) ? T.receiverDocumentInvalid : null;
  // 'Levar maquininha': the courier types the machine's receipt for the card's due (or leaves it to the shop).
  const byCard = due === 'card';
  const [withReceipt, setWithReceipt] = useState(true);
  const cardForm = useForm<CardReceiptValues>({
    defaultValues: { kind: 'CREDIT', brand: 'Visa', instalments: 1, nsu: '', authorizationCode: '' },
  });
  const card = useWatch({ control: cardForm.control }) as CardReceiptValues;
  const receipt = cardReceiptSchema.safeParse({
    ...card,
    instalments: card.kind === 'DEBIT' ? 1 : card.instalments,
    amount: dueAtDoor(order),
  });
  const receiptProblem = byCard && withReceipt && !receipt.success ? T.cardReceiptIncomplete : null;
  return (
    <FieldDialog
      error={error}
      open
      title={T.title(order.code)}
      submitText={T.submit}
      busy={busy}
      onSubmit={() => {
        setChecked(true);
        if (!signature) setMissing(true);
        if (!signature || nameProblem || documentProblem || receiptProblem) return;
        onSubmit({
          signature,
          receiverName: name.trim(),
          ...(document.trim() ? { receiverDocument: document.trim() } : {}),
          occurredAt: new Date().toISOString(),
          ...(byCard && withReceipt && receipt.success ? { cardReceipt: receipt.data } : {}),
        });
      }}
      onClose={onClose}
    >
      <Typography sx={{ fontWeight: 600 }}>{order.customer}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {FIELD_TEXTS.total}: {formatMoney(order.total)} ({order.payment}
        {due === 'cash'
          ? `, ${order.cashToCollect === undefined ? FIELD_TEXTS.collect : FIELD_TEXTS.collectRest(formatMoney(dueAtDoor(order)))}`
          : due === 'card'
            ? `, ${FIELD_TEXTS.collectByCard(formatMoney(dueAtDoor(order)))}`
            : due === 'paid'
              ? `, ${FIELD_TEXTS.nothingToCollect}`
              : ''}
        )
      </Typography>
      <Typography sx={{ mb: 1 }}>{T.hint}</Typography>
      <SignaturePad
        label={FIELD_TEXTS.deliver.pad}
        clearLabel={FIELD_TEXTS.deliver.clear}
        invalid={missing}
        onChange={(png) => {
          setSignature(png);
          if (png) setMissing(false);
        }}
      />
      {missing ? (
        <Alert severity="error" role="alert">
          {T.required}
        </Alert>
      ) : null}
      <TextField
        label={T.receiverName}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        fullWidth
        autoComplete="off"
        error={checked && nameProblem !== null}
        helperText={checked ? nameProblem : null}
        slotProps={{ htmlInput: { maxLength: ORDER_LIMITS.maxReceiverName } }}
        sx={{ mt: 2 }}
      />
      <TextField
        label={T.receiverDocument}
        value={document}
        onChange={(event) => setDocument(event.target.value)}
        fullWidth
        autoComplete="off"
        error={checked && documentProblem !== null}
        helperText={checked ? documentProblem : null}
        slotProps={{ htmlInput: { maxLength: 20 } }}
        sx={{ mt: 2 }}
      />
      {byCard ? (
        <Paper variant="outlined" sx={{ p: 1.5, mt: 2 }} data-testid="card-at-door">
          <Typography sx={{ fontWeight: 600 }}>{T.cardTitle(formatMoney(dueAtDoor(order)))}</Typography>
          <FormControlLabel
            control={<Checkbox checked={withReceipt} onChange={(event) => setWithReceipt(event.target.checked)} />}
            label={T.cardWithReceipt}
          />
          {withReceipt ? (
            <Stack spacing={1} sx={{ mt: 1 }}>
              <CardReceiptFields control={cardForm.control} kind={card.kind} maxInstalments={MAX_CARD_INSTALMENTS} />
              <Typography
                variant="caption"
                color={checked && receiptProblem ? 'error' : 'text.secondary'}
                role={checked && receiptProblem ? 'alert' : undefined}
              >
                {checked && receiptProblem ? receiptProblem : ORDER_PAYMENT_TEXTS.noCardNumber}
              </Typography>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {T.cardLater}
            </Typography>
          )}
        </Paper>
      ) : null}
    </FieldDialog>
  );
}
