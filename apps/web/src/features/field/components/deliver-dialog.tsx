import { paymentDue, type TaskOrder } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { FIELD_TEXTS } from '../texts';
import { FieldDialog } from './field-dialog';
import { SignaturePad } from './signature-pad';

const T = FIELD_TEXTS.deliver;

/** The customer signs on the courier's phone; an empty pad is refused before anything is sent. */
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
  onSubmit: (signature: string) => void;
  onClose: () => void;
}) {
  const [signature, setSignature] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const due = paymentDue(order);
  return (
    <FieldDialog
      error={error}
      open
      title={T.title(order.code)}
      submitText={T.submit}
      busy={busy}
      onSubmit={() => {
        if (!signature) setMissing(true);
        else onSubmit(signature);
      }}
      onClose={onClose}
    >
      <Typography sx={{ fontWeight: 600 }}>{order.customer}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {FIELD_TEXTS.total}: {formatMoney(order.total)} ({order.payment}
        {due === 'cash' ? `, ${FIELD_TEXTS.collect}` : due === 'paid' ? `, ${FIELD_TEXTS.nothingToCollect}` : ''})
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
    </FieldDialog>
  );
}
