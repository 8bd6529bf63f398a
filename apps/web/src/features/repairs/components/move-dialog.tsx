import {
  findRepairTransition,
  PAYMENT_METHOD_LABELS,
  REPAIR_ACTION_LABELS,
  REPAIR_PAYMENT_METHODS,
  type Repair,
  type RepairAction,
  type RepairMoveBody,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { SignaturePad } from '../../../components/signature-pad';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useRepairMove } from '../api/repairs-api';
import { REPAIRS_TEXTS as T } from '../texts';

/** The counter's moves that ask something first: the payment, a reason, the customer's signature. */
export type AskingAction = Extract<RepairAction, 'approve' | 'refuse' | 'returnDevice' | 'deliver'>;
export const ASKING_ACTIONS: readonly RepairAction[] = ['approve', 'refuse', 'returnDevice', 'deliver'];

type PaymentMethod = (typeof REPAIR_PAYMENT_METHODS)[number];

/** Whether the move of `action` from the order's status asks a reason (the contract's table says so). */
export const asksReason = (repair: Pick<Repair, 'status'>, action: RepairAction) =>
  findRepairTransition(repair.status, action)?.requires.includes('reason') ?? false;

/**
 * What the move's form holds, checked as the server will: approving a paid repair needs how it is paid (a repair
 * under warranty takes none), returning without repair a reason when the table asks one, delivering the signature.
 * Answers the body, or the problem to say.
 */
export function moveBodyOf(
  repair: Pick<Repair, 'status' | 'total' | 'underWarranty'>,
  action: AskingAction,
  form: { payment: PaymentMethod | ''; note: string; signature: string | null },
): { body: RepairMoveBody } | { problem: string } {
  const note = form.note.trim();
  if (action === 'approve') {
    const due = !repair.underWarranty && repair.total > 0;
    if (due && !form.payment) return { problem: T.paymentRequired };
    return { body: due && form.payment ? { payment: form.payment } : {} };
  }
  if (action === 'deliver') {
    if (!form.signature) return { problem: T.signatureRequired };
    return { body: { signature: form.signature, ...(note ? { note } : {}) } };
  }
  if (action === 'returnDevice' && asksReason(repair, action) && !note) return { problem: T.returnReasonRequired };
  return { body: note ? { note } : {} };
}

/**
 * The counter's moves of a service order that ask something: 'Aprovar orçamento' (the total and how the customer
 * pays; the bill becomes an order), 'Recusar orçamento' (an optional reason), 'Devolver sem reparo' (the reason the
 * table asks), 'Entregar ao cliente' (the customer signs on the shared pad).
 */
export function MoveDialog({ repair, action, onClose }: { repair: Repair; action: AskingAction; onClose: () => void }) {
  const [payment, setPayment] = useState<PaymentMethod | ''>('');
  const [note, setNote] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The server refused the cash: the clerk has no drawer open (decision 0075); 'Abrir caixa' is offered. */
  const [drawerClosed, setDrawerClosed] = useState(false);
  const move = useRepairMove({
    closeDialog: onClose,
    onError: (message, error) => {
      setProblem(message);
      setDrawerClosed(error instanceof ApiError && error.code === 'CASH_DRAWER_CLOSED');
    },
  });
  const busy = move.isPending;
  const label = REPAIR_ACTION_LABELS[action];
  const due = !repair.underWarranty && repair.total > 0;
  const titles: Record<AskingAction, string> = {
    approve: T.approveTitle(repair.number),
    refuse: T.refuseTitle(repair.number),
    returnDevice: T.returnTitle(repair.number),
    deliver: T.deliverTitle(repair.number),
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const answer = moveBodyOf(repair, action, { payment, note, signature });
    if ('problem' in answer) return setProblem(answer.problem);
    setProblem(null);
    move.mutate({ repair, action, body: answer.body, label });
  };
  const reasonRequired = action === 'returnDevice' && asksReason(repair, action);
  return (
    <WriteFormDialog
      titleId="repair-move-title"
      title={titles[action]}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.keep}
      actions={
        <SubmitButton busy={busy} color={action === 'refuse' || action === 'returnDevice' ? 'error' : 'primary'}>
          {label}
        </SubmitButton>
      }
      problem={problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {action === 'approve' ? (
          <>
            <Typography>{due ? T.approveText(formatMoney(repair.total)) : T.approveFree}</Typography>
            {due ? (
              <FormControl required error={problem === T.paymentRequired}>
                <FormLabel id="repair-payment-label">{T.payment}</FormLabel>
                <RadioGroup
                  aria-labelledby="repair-payment-label"
                  value={payment}
                  onChange={(event) => setPayment(event.target.value as PaymentMethod)}
                >
                  {REPAIR_PAYMENT_METHODS.map((method) => (
                    <FormControlLabel
                      key={method}
                      value={method}
                      control={<Radio />}
                      label={PAYMENT_METHOD_LABELS[method]}
                      disabled={busy}
                    />
                  ))}
                </RadioGroup>
                {problem === T.paymentRequired ? <FormHelperText>{problem}</FormHelperText> : null}
              </FormControl>
            ) : null}
          </>
        ) : null}
        {action === 'refuse' ? <Typography>{T.refuseText}</Typography> : null}
        {action === 'returnDevice' ? <Typography>{T.returnText}</Typography> : null}
        {action === 'deliver' ? (
          <>
            <BillToReceive order={repair.order} />
            {drawerClosed ? (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" component={RouterLink} to="/admin/cash">
                    {T.openCash}
                  </Button>
                }
              >
                {T.openCashHint}
              </Alert>
            ) : null}
            <Typography>{T.deliverText}</Typography>
            <Box>
              <SignaturePad
                label={T.signatureLabel}
                clearLabel={T.clear}
                invalid={problem === T.signatureRequired}
                onChange={setSignature}
              />
            </Box>
          </>
        ) : null}
        {action !== 'approve' ? (
          <TextField
            label={action === 'refuse' ? T.refuseNote : action === 'returnDevice' ? T.returnReason : T.note}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            required={reasonRequired}
            error={reasonRequired && problem === T.returnReasonRequired}
            helperText={reasonRequired && problem === T.returnReasonRequired ? problem : ' '}
            multiline
            minRows={2}
            disabled={busy}
          />
        ) : null}
      </Stack>
    </WriteFormDialog>
  );
}

/**
 * What the repair's bill asks as the device leaves (decision 0075): 'Receber R$ 500,00 em dinheiro' (into the
 * clerk's open drawer), another method's amount, or that it is paid. Nothing without a bill (under warranty).
 */
function BillToReceive({ order }: { order: Repair['order'] }) {
  if (!order) return null;
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod];
  if (order.due <= 0) return <Typography sx={{ fontWeight: 600 }}>{T.deliverPaid(method)}</Typography>;
  const cash = order.paymentMethod === 'CASH';
  return (
    <Box>
      <Typography variant="h6" component="p">
        {cash ? T.deliverReceiveCash(formatMoney(order.due)) : T.deliverReceive(formatMoney(order.due), method)}
      </Typography>
      {cash ? (
        <Typography variant="body2" color="text.secondary">
          {T.deliverCashDrawer}
        </Typography>
      ) : null}
    </Box>
  );
}
