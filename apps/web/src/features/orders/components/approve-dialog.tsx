import { ORDER_TEXTS, type OrderSummary, PROOF_TEXTS, parseEndToEndId, pixParticipantName } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useOrderMove } from '../../../components/orders/use-order-move';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useOrderPictures } from '../api/orders-api';
import { ORDERS_PAGE_TEXTS } from '../texts';
import { FinalMoveDialog } from './final-move-dialog';

const T = ORDERS_PAGE_TEXTS.approve;

interface Props {
  order: OrderSummary | null;
  onClose: () => void;
}

/** What the typed E2E id says: nothing typed, its bank and time (and whether it predates the order), or invalid. */
function readEndToEnd(typed: string, placedAt: string) {
  const id = typed.trim();
  if (!id) return { id: undefined, invalid: false } as const;
  const parts = parseEndToEndId(id);
  if (!parts) return { id, invalid: true } as const;
  return {
    id,
    invalid: false,
    paidBy: T.paidBy(pixParticipantName(parts.ispb), formatDateTime(parts.at)),
    // The E2E time is to the minute: a payment in the minute the order was placed is not "before" it.
    beforeOrder: parts.at.getTime() + 60_000 <= new Date(placedAt).getTime(),
  } as const;
}

/**
 * Approve or reject the payment proof: the proof large beside the order's customer and total, the E2E id
 * printed on it (optional: its bank and time are shown, a time before the order warns), a flag when the
 * same picture was another order's proof, then 'Aprovar' and 'Reprovar' (the registry's approve and refuse
 * moves; 'Reprovar', final, first asks confirmation and the reason in FinalMoveDialog). A success closes it; a refusal (an E2E id another order used) is said inside it, which stays open.
 */
export function ApproveDialog({ order, onClose }: Props) {
  const receipt = useOrderPictures(order ? 'receipt' : null, order?.orderId ?? null);
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const approve = useOrderMove('approve', { closeDialog: onClose, onError: setRefusal });
  /** 'Reprovar' is final: it asks confirmation and the reason first (FinalMoveDialog, over this one). */
  const [refusing, setRefusing] = useState(false);
  if (!order) return null;
  const busy = approve.isPending;
  const picture = receipt.data?.[0];
  const endToEnd = readEndToEnd(typed, order.createdAt);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="order-approve-title">
      <DialogTitle id="order-approve-title">{T.title(order.code)}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        <DialogContentText sx={{ mb: 2 }}>
          {T.customerTotal(order.customer, order.payment, formatMoney(order.total))}
        </DialogContentText>
        {/* Above the picture, so a phone shows it before the proof it is about (issue 34 §3). */}
        {picture?.sameAs && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {(picture.sameAs.near ? PROOF_TEXTS.nearPicture : PROOF_TEXTS.samePicture)(picture.sameAs.code)}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 3, minWidth: 0, width: '100%' }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {T.receipt}
            </Typography>
            {picture ? (
              <Box
                component="img"
                src={picture.url}
                alt={ORDERS_PAGE_TEXTS.images.receiptName(order.code)}
                sx={{ display: 'block', maxWidth: '100%', maxHeight: '60vh', mx: 'auto', objectFit: 'contain' }}
              />
            ) : (
              <Typography color="text.secondary">{receipt.isPending ? T.loading : ORDER_TEXTS.noReceipt}</Typography>
            )}
          </Box>
          <Stack spacing={2} sx={{ flex: 2, minWidth: 0, width: '100%' }}>
            <TextField
              label={PROOF_TEXTS.endToEndLabel}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setRefusal(null);
              }}
              error={endToEnd.invalid}
              helperText={endToEnd.invalid ? PROOF_TEXTS.endToEndInvalid : (endToEnd.paidBy ?? T.endToEndHelp)}
              slotProps={{ htmlInput: { maxLength: 40, spellCheck: false, autoCapitalize: 'characters' } }}
              fullWidth
            />
            {endToEnd.beforeOrder && <Alert severity="warning">{PROOF_TEXTS.beforeOrder}</Alert>}
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary">
              {T.text}
            </Typography>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {T.close}
        </Button>
        <Button color="error" variant="outlined" disabled={busy} onClick={() => setRefusing(true)}>
          {T.refuse}
        </Button>
        <Button
          color="success"
          variant="contained"
          disabled={busy || endToEnd.invalid}
          onClick={() => approve.mutate({ order, ...(endToEnd.id ? { endToEndId: endToEnd.id } : {}) })}
        >
          {T.approve}
        </Button>
      </DialogActions>
      <FinalMoveDialog
        move={refusing ? 'refuse' : null}
        order={refusing ? order : null}
        onDone={onClose}
        onClose={() => setRefusing(false)}
      />
    </Dialog>
  );
}
