import { ORDER_LIMITS, type TaskOrder } from '@backoffice/contract';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FIELD_TEXTS } from '../texts';
import { FieldDialog } from './field-dialog';

const T = FIELD_TEXTS.absent;

/** Nobody home: an optional note, then the order goes back to the store (AGUARDANDO_CLIENTE). */
export function AbsentDialog({
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
  onSubmit: (comment: string | undefined) => void;
  onClose: () => void;
}) {
  const [comment, setComment] = useState('');
  return (
    <FieldDialog
      error={error}
      open
      title={T.title(order.code)}
      submitText={T.submit}
      busy={busy}
      onSubmit={() => onSubmit(comment.trim() || undefined)}
      onClose={onClose}
    >
      <Typography sx={{ mb: 2 }}>{T.hint}</Typography>
      <TextField
        label={T.comment}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={3}
        size="medium"
        slotProps={{ htmlInput: { maxLength: ORDER_LIMITS.maxComment } }}
      />
    </FieldDialog>
  );
}
