import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { refusalMessage } from '../../../lib/api-client';
import { openFile } from '../../../lib/download';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

/**
 * 'Imprimir comprovante' of the sale just concluded: GET /orders/{id}/receipt.pdf, 80 mm, opened for the printer —
 * the DANFE NFC-e when the order's note is already authorised, else the 'Comprovante de venda' (no fiscal value).
 */
export function CounterReceiptButton({ orderId, code }: { orderId: number; code: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const print = async () => {
    setBusy(true);
    setError(null);
    try {
      await openFile(`/orders/${orderId}/receipt.pdf`, { fileName: T.receiptFile(code) });
    } catch (failure) {
      setError(refusalMessage(failure, T.receiptFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mr: 'auto' }}>
          {error}
        </Typography>
      )}
      <Button startIcon={<PrintOutlined />} disabled={busy} onClick={() => void print()}>
        {T.printReceipt}
      </Button>
    </>
  );
}
