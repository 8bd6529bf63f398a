import type { BoletoRemessa, BoletoRetornoResult, BoletoSettleResult } from '@backoffice/contract';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { refusalMessage } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import {
  downloadRemessa,
  useBoletoApiOn,
  useCreateRemessa,
  useReadRetorno,
  useRemessas,
  useSettleByApi,
} from '../api/boletos-api';
import { RECEIVABLES_TEXTS as T } from '../texts';

function RemessaRow({ remessa }: { remessa: BoletoRemessa }) {
  const notify = useNotify();
  const download = async () => {
    try {
      await downloadRemessa(remessa);
    } catch (error) {
      notify.error(refusalMessage(error, T.remessaDownloadFailed));
    }
  };
  return (
    <Stack component="li" direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2">
        {T.remessaRow(remessa.nsa, remessa.boletoCount, formatDateTime(remessa.createdAt), remessa.createdBy)}
      </Typography>
      <Button size="small" onClick={() => void download()}>
        {T.remessaDownload}
      </Button>
    </Stack>
  );
}

/** What a retorno did: the instalments paid, the boletos written off, the fees, and what was not applied. */
function RetornoSummary({ result }: { result: BoletoRetornoResult }) {
  return (
    <Alert severity={result.applied ? 'success' : 'info'} role="status">
      <Typography variant="body2">
        {result.applied
          ? T.retornoResult(result.paid.length, result.writtenOff.length, formatMoney(result.fees))
          : T.retornoAlready}
      </Typography>
      {result.applied
        ? result.notes.map((note) => (
            <Typography key={note} variant="body2">
              {note}
            </Typography>
          ))
        : null}
    </Alert>
  );
}

/**
 * 'Remessa e retorno' ('Crédito e cobrança'): 'Gerar remessa' with the boletos issued and not yet sent, the
 * remessas to download, and 'Ler retorno' with the bank's file (at most 2 MB, refused before sending), what it
 * did said in the dialog; with the boleto híbrido on (BB's API Cobranças), 'Consultar pagamentos no banco' asks BB
 * for the open boletos it registered and says how many were paid.
 */
export function BankFilesDialog({ onClose }: { onClose: () => void }) {
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const remessas = useRemessas(true);
  const [result, setResult] = useState<BoletoRetornoResult | null>(null);
  const create = useCreateRemessa((remessa) => void downloadRemessa(remessa).catch(() => undefined));
  const read = useReadRetorno(setResult);
  const apiOn = useBoletoApiOn(true).data === true;
  const [settled, setSettled] = useState<BoletoSettleResult | null>(null);
  const settle = useSettleByApi(setSettled);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={phone} aria-labelledby="bank-files-title">
      <DialogTitle id="bank-files-title">{T.bankFilesTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {T.bankFilesIntro}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => create.mutate()} disabled={create.isPending}>
              {T.remessaNew}
            </Button>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={read.isPending}>
              {T.retornoUpload}
              <input
                hidden
                type="file"
                accept=".ret,.RET,.txt,text/plain"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) {
                    setResult(null);
                    read.mutate(file);
                  }
                }}
              />
            </Button>
            {apiOn ? (
              <Button
                variant="outlined"
                onClick={() => {
                  setSettled(null);
                  settle.mutate();
                }}
                disabled={settle.isPending}
              >
                {T.settleAsk}
              </Button>
            ) : null}
          </Stack>
          {result ? <RetornoSummary result={result} /> : null}
          {settled ? (
            <Alert severity="success" role="status">
              {T.settleResult(settled.asked, settled.paid.length)}
            </Alert>
          ) : null}
          <Typography variant="subtitle2" component="h3">
            {T.remessaList}
          </Typography>
          {remessas.data && remessas.data.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {T.remessaEmpty}
            </Typography>
          ) : null}
          <Stack component="ul" spacing={0.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={T.remessaList}>
            {remessas.data?.map((remessa) => (
              <RemessaRow key={remessa.id} remessa={remessa} />
            ))}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
