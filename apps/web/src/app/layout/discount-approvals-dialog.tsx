import {
  DISCOUNT_APPROVAL_TEXTS as A,
  type DiscountApproval,
  formatPercentHundredths,
  percentToHundredths,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiMutation } from '../../components/use-api-mutation';
import { api } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { notificationKeys } from '../../lib/shared-queries';

/** The texts of the dialog (the contract's, plus its own). */
export const APPROVALS_DIALOG_TEXTS = {
  close: 'Fechar',
  loading: 'Carregando…',
  failed: 'Não foi possível carregar os pedidos de aprovação.',
  decideFailed: 'Não foi possível registrar a decisão. Tente novamente.',
  askedBy: (seller: string, customer: string) => `${seller} para ${customer}`,
  figures: (percent: string, discount: string, goods: string) => `${percent} % — ${discount} de ${goods} em produtos`,
  line: (quantity: number, name: string, unit: string) => `${quantity} × ${name} (${unit})`,
  askedAt: (at: string) => `Pedido em ${at}`,
  confirmRefuse: 'Confirmar recusa',
  cancel: 'Cancelar',
} as const;
const T = APPROVALS_DIALOG_TEXTS;

/** Under the bell's key: a bell notice (`event: notification`) reads the list again too. */
const approvalsKey = notificationKeys.other('discount-approvals');

/**
 * 'Aprovações de desconto' (decision 0045), opened by a bell item (its link, `#aprovacoes-desconto`) over the
 * page one is on: the pending requests the signed-in employee may decide (GET /discount-approvals: not his
 * own, within his role maximum); each approved, or refused with a reason.
 */
export default function DiscountApprovalsDialog({ onClose }: { onClose: () => void }) {
  const phone = useMediaQuery('(max-width:599.95px)');
  const list = useQuery({
    queryKey: approvalsKey,
    queryFn: async () => (await api<{ data: DiscountApproval[] }>('/discount-approvals')).data,
    staleTime: 0,
  });
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="discount-approvals-title"
    >
      <DialogTitle id="discount-approvals-title">{A.title}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress aria-label={T.loading} />
          </Box>
        ) : list.isError ? (
          <Alert severity="error">{T.failed}</Alert>
        ) : list.data.length === 0 ? (
          <Typography color="text.secondary">{A.empty}</Typography>
        ) : (
          list.data.map((approval) => <ApprovalCard key={approval.id} approval={approval} />)
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

function ApprovalCard({ approval }: { approval: DiscountApproval }) {
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const decide = useApiMutation<DiscountApproval, { action: 'approve' } | { action: 'refuse'; reason: string }>({
    mutationFn: async (decision) =>
      (
        await api<{ data: DiscountApproval }>(`/discount-approvals/${approval.id}/${decision.action}`, {
          method: 'POST',
          ...(decision.action === 'refuse' ? { body: { reason: decision.reason } } : {}),
        })
      ).data,
    success: (answer) => (answer.status === 'APPROVED' ? A.approvedMessage : A.refusedMessage),
    failure: T.decideFailed,
    invalidate: [notificationKeys.all],
  });
  const percent = formatPercentHundredths(percentToHundredths(approval.percentage));
  const refuse = () => {
    if (reason.trim() === '') {
      setReasonError(A.reasonRequired);
      return;
    }
    decide.mutate({ action: 'refuse', reason: reason.trim() });
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1 }}
      component="section"
      aria-label={T.askedBy(approval.seller.name, approval.customer.name)}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {T.askedBy(approval.seller.name, approval.customer.name)}
      </Typography>
      <Typography variant="body1">
        {T.figures(percent, formatMoney(approval.discount), formatMoney(approval.goods))}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {approval.lines.map((line) => (
          <Typography component="li" variant="body2" key={line.productId} sx={{ wordBreak: 'break-word' }}>
            {T.line(line.quantity, line.name, formatMoney(line.unitPrice))}
          </Typography>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {T.askedAt(formatDateTime(approval.createdAt).slice(0, 16))}
      </Typography>
      {refusing ? (
        <TextField
          label={A.reasonLabel}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(null);
          }}
          error={reasonError !== null}
          helperText={reasonError ?? ' '}
          size="small"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {refusing ? (
          <>
            <Button onClick={() => setRefusing(false)} disabled={decide.isPending}>
              {T.cancel}
            </Button>
            <Button color="error" variant="outlined" onClick={refuse} disabled={decide.isPending}>
              {T.confirmRefuse}
            </Button>
          </>
        ) : (
          <>
            <Button color="error" onClick={() => setRefusing(true)} disabled={decide.isPending}>
              {A.refuse}
            </Button>
            <Button
              variant="contained"
              onClick={() => decide.mutate({ action: 'approve' })}
              disabled={decide.isPending}
            >
              {A.approve}
            </Button>
          </>
        )}
      </Box>
    </Paper>
  );
}
