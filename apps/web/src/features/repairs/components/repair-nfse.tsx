import { type Repair, SERVICE_INVOICE_STATUS_LABELS, type ServiceInvoice } from '@backoffice/contract';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { useApiMutation } from '../../../components/use-api-mutation';
import { cancelNfse, emitRepairNfse, openDanfse, repairNfseKey, useRepairNfse } from '../api/nfse-api';
import { REPAIR_NFSE_TEXTS as T } from '../texts';

const LIVE = new Set(['PENDING', 'AUTHORIZED', 'TO_INVOICE']);

function CancelNfse({ invoice, repairId }: { invoice: ServiceInvoice; repairId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useApiMutation({
    mutationFn: cancelNfse,
    success: T.cancelled,
    failure: T.cancelFailed,
    invalidate: [repairNfseKey(repairId)],
    onSuccess: () => setOpen(false),
  });
  if (!open)
    return (
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {T.cancel}
      </Button>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <TextField
        size="small"
        label={T.cancelReason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        sx={{ minWidth: 280 }}
      />
      <Button
        variant="contained"
        color="error"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate({ id: invoice.id, body: { reasonCode: 1, reason } })}
      >
        {T.cancelConfirm}
      </Button>
    </Stack>
  );
}

/**
 * The NFS-e of the repair's labour (issue 56 §4, decision 0085): its state, 'Emitir NFS-e' while the labour has no
 * live invoice, the DANFSe and 'Cancelar NFS-e' (with the reason) once authorised. Shown on a billed repair with
 * labour to whoever reads the notes; the buttons are `canWrite`'s ('Notas fiscais').
 */
export function RepairNfse({ repair, canWrite }: { repair: Repair; canWrite: boolean }) {
  const invoices = useRepairNfse(repair.id, true);
  const emit = useApiMutation({
    mutationFn: emitRepairNfse,
    success: (invoice) => T.emitted(SERVICE_INVOICE_STATUS_LABELS[invoice.status]),
    failure: T.emitFailed,
    invalidate: [repairNfseKey(repair.id)],
  });
  const latest = invoices.data?.[0];
  const live = latest && LIVE.has(latest.status) ? latest : undefined;
  return (
    <Stack spacing={0.75}>
      <Typography variant="body2" color="text.secondary">
        {T.hint}
      </Typography>
      {latest ? (
        <Typography variant="body2">
          {SERVICE_INVOICE_STATUS_LABELS[latest.status]}
          {latest.nfseNumber && latest.accessKey ? ` — ${T.number(latest.nfseNumber, latest.accessKey)}` : ''}
        </Typography>
      ) : invoices.isSuccess ? (
        <Typography variant="body2">{T.none}</Typography>
      ) : null}
      {latest?.status === 'TO_INVOICE' ? <Alert severity="info">{T.toInvoice}</Alert> : null}
      {latest?.status === 'REJECTED' && latest.rejection ? (
        <Alert severity="error">{T.rejection(latest.rejection)}</Alert>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canWrite && !live && invoices.isSuccess ? (
          <Button variant="contained" disabled={emit.isPending} onClick={() => emit.mutate(repair.id)}>
            {emit.isPending ? T.emitting : T.emit}
          </Button>
        ) : null}
        {latest?.accessKey && (latest.status === 'AUTHORIZED' || latest.status === 'CANCELLED') ? (
          <DownloadButton
            variant="outlined"
            startIcon={<PictureAsPdfOutlinedIcon />}
            download={() => openDanfse(latest)}
            failedText={T.danfseFailed}
          >
            {T.danfse}
          </DownloadButton>
        ) : null}
        {canWrite && latest?.status === 'AUTHORIZED' ? <CancelNfse invoice={latest} repairId={repair.id} /> : null}
      </Stack>
    </Stack>
  );
}
