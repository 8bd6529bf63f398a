import type { SupplierReturn } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { PRODUCTS_TEXTS } from '../texts';

const T = PRODUCTS_TEXTS.supplierReturn;

/**
 * 'Devolver ao fornecedor' (issue 39 §4): a phone in stock or in analysis goes back to the supplier of the note
 * it came by, with the reason; it leaves the stock and the supplier owes its entry cost back (POST
 * /purchases/returns). A phone that came in by hand is refused by the server, which says why.
 */
export function SupplierReturnPanel({ imei }: { imei: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<SupplierReturn | null>(null);
  const send = useApiMutation<SupplierReturn, void>({
    mutationFn: async () =>
      (await api<{ data: SupplierReturn }>('/purchases/returns', { method: 'POST', body: { imeis: [imei], reason } }))
        .data,
    success: (answer) => T.done(answer.supplier.name, formatMoney(answer.credit)),
    failure: T.failed,
    invalidate: [['products'], ['units', 'byImei', imei]],
    errorInDialog: true,
    onError: (_error, message) => setProblem(message),
    onSuccess: (answer) => {
      setProblem(null);
      setDone(answer);
      setOpen(false);
    },
  });
  if (done) return <Alert severity="success">{T.done(done.supplier.name, formatMoney(done.credit))}</Alert>;
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
      {open ? (
        <>
          <TextField
            label={T.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            helperText={T.reasonHint}
            multiline
            minRows={2}
            autoFocus
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              color="warning"
              size="small"
              disabled={send.isPending || reason.trim().length < 5}
              onClick={() => send.mutate()}
            >
              {T.confirm}
            </Button>
            <Button size="small" onClick={() => setOpen(false)}>
              {T.cancel}
            </Button>
          </Box>
        </>
      ) : (
        <Box>
          <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
            {T.open}
          </Button>
        </Box>
      )}
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
