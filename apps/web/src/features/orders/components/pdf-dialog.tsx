import { type OrderStatusKey, type OrderSummary, PIX_PAYABLE_STATUSES } from '@backoffice/contract';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { orderPaymentsQuery } from '../../../components/orders/order-payments';
import { orderDetailQuery, orderPixQuery } from '../../../components/orders/order-queries';
import { firstError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { companySettingsQuery } from '../../../lib/shared-queries';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.pdf;

type State = { kind: 'building' } | { kind: 'ready'; url: string; blob: Blob } | { kind: 'failed'; message: string };

/**
 * The order's PDF (A4), built in the browser by @react-pdf/renderer, loaded only when this opens (its own
 * chunk), shown in a frame of its blob URL, with 'Baixar', 'Imprimir' and 'Fechar Pdf'.
 */
export function PdfDialog({ order, onClose }: { order: OrderSummary | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'building' });
  const frame = useRef<HTMLIFrameElement>(null);
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const orderId = order?.orderId ?? null;

  useEffect(() => {
    if (orderId === null) return;
    let alive = true;
    let url: string | null = null;
    setState({ kind: 'building' });
    (async () => {
      try {
        const [detail, shop, payments, { renderOrderPdf }] = await Promise.all([
          queryClient.fetchQuery({ ...orderDetailQuery(orderId), staleTime: 0 }),
          // The shop's name, CNPJ and address for the header ('Configurações da Empresa'); unreadable: none.
          queryClient.fetchQuery({ ...companySettingsQuery, staleTime: 0 }).catch(() => null),
          // Its payment parts (issue 38); unreadable: none printed.
          queryClient.fetchQuery({ ...orderPaymentsQuery(orderId), staleTime: 0 }).catch(() => null),
          import('../pdf/order-pdf'),
        ]);
        // Unpaid and not in cash: the order's own Pix is printed too (none when the shop has no Pix key).
        // Paid in parts: each Pix part has its own code, the whole order's would pay it twice (decision 0042).
        const inParts = payments?.parts.some((part) => part.status === 'PENDING' || part.status === 'CONFIRMED');
        const unpaid =
          detail.paymentMethod !== 'CASH' &&
          !inParts &&
          PIX_PAYABLE_STATUSES.includes(detail.statusKey as OrderStatusKey);
        const pix = unpaid ? await queryClient.fetchQuery(orderPixQuery(orderId)) : null;
        const blob = await renderOrderPdf(detail, new Date(), pix, shop, payments);
        if (!alive) return;
        url = URL.createObjectURL(blob);
        setState({ kind: 'ready', url, blob });
      } catch (error) {
        if (alive) setState({ kind: 'failed', message: firstError(error, T.failed) });
      }
    })();
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [orderId, queryClient]);

  if (!order) return null;
  const ready = state.kind === 'ready' ? state : null;
  const print = () => {
    const win = frame.current?.contentWindow;
    if (win) {
      win.focus();
      win.print();
    } else if (ready) window.open(ready.url, '_blank');
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="order-pdf-title">
      <DialogTitle id="order-pdf-title">{T.title(order.code)}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', minHeight: fullScreen ? 0 : '70vh' }}>
        {ready ? (
          <Box
            component="iframe"
            ref={frame}
            src={ready.url}
            title={T.frame(order.code)}
            sx={{ flex: 1, border: 0, width: '100%', minHeight: fullScreen ? '60vh' : '70vh' }}
          />
        ) : state.kind === 'failed' ? (
          <Typography role="alert" sx={{ p: 3 }}>
            {state.message}
          </Typography>
        ) : (
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6 }}>
            <CircularProgress size={28} aria-hidden />
            <Typography role="status">{T.building}</Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          startIcon={<DownloadIcon />}
          disabled={!ready}
          onClick={() => ready && saveBlob(ready.blob, T.fileName(order.code))}
        >
          {T.download}
        </Button>
        <Button startIcon={<PrintIcon />} disabled={!ready} onClick={print}>
          {T.print}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
