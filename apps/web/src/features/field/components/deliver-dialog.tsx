import { dueAtDoor, isValidReceiverDocument, ORDER_LIMITS, paymentDue, type TaskOrder } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { FIELD_TEXTS } from '../texts';
import { FieldDialog } from './field-dialog';
import { SignaturePad } from './signature-pad';

const T = FIELD_TEXTS.deliver;

/** What the courier sends when the customer has signed (decision 0039). */
export interface Delivery {
  signature: string;
  receiverName: string;
  receiverDocument?: string;
  /** When 'Confirmar entrega' was pressed, by the phone's clock: the moment the customer signed. */
  occurredAt: string;
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
        if (!signature || nameProblem || documentProblem) return;
        onSubmit({
          signature,
          receiverName: name.trim(),
          ...(document.trim() ? { receiverDocument: document.trim() } : {}),
          occurredAt: new Date().toISOString(),
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
    </FieldDialog>
  );
}
