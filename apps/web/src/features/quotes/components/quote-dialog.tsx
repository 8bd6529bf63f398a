import { formatPhone, type QuoteConvertBody, quoteWhatsAppMessage, whatsAppLink } from '@backoffice/contract';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { saveBlob } from '../../../lib/download';
import { formatDate, formatMoney } from '../../../lib/format';
import { useConvertQuote, useQuote } from '../api/quotes-api';
import { QUOTES_TEXTS as T } from '../texts';
import { CancelQuoteDialog } from './cancel-quote-dialog';
import { QuoteStatusChip } from './quote-status-chip';

/** The PDF's code (react-pdf) only when asked. */
const downloadPdf = async (quote: NonNullable<ReturnType<typeof useQuote>['data']>) => {
  const { quotePdfBlob } = await import('../pdf/quote-pdf');
  saveBlob(await quotePdfBlob(quote), `orcamento-${quote.id}.pdf`);
};

/** One quote: its frozen lines and totals, 'Converter em pedido' while open, 'Enviar pelo WhatsApp'. */
export function QuoteDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const quote = useQuote(id);
  const [payment, setPayment] = useState<QuoteConvertBody['payment']>('CASH');
  // One Idempotency-Key per quote, kept across the retries of its conversion (a retry after no answer answers
  // the same order); another quote never sends it. A new one once the quote is converted.
  const keys = useRef(new Map<number, string>());
  const keyOf = (quoteId: number) => {
    const known = keys.current.get(quoteId);
    if (known) return known;
    const fresh = crypto.randomUUID();
    keys.current.set(quoteId, fresh);
    return fresh;
  };
  const [placed, setPlaced] = useState<{ id: number; code: string } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const convert = useConvertQuote((answer, quoteId) => {
    setPlaced({ id: quoteId, code: answer.code });
    keys.current.delete(quoteId);
  });
  const data = quote.data;
  const placedCode = placed !== null && placed.id === id ? placed.code : null;
  // The quotes' message of 'Configurações', filled by the server; the default text if an older server has none.
  const link = data
    ? whatsAppLink(data.phone, data.whatsAppMessage ?? quoteWhatsAppMessage(data, data.shop?.name || null))
    : null;
  const close = () => {
    setPlaced(null);
    onClose();
  };
  const open = data !== undefined && data.status === 'OPEN' && placedCode === null;
  return (
    <Dialog open={id !== null} onClose={close} fullWidth maxWidth="md">
      <DialogTitle>
        {id === null ? null : T.quoteTitle(id)}
        {data ? (
          <Box component="span" sx={{ ml: 1 }}>
            <QuoteStatusChip status={data.status} />
          </Box>
        ) : null}
      </DialogTitle>
      <DialogContent dividers>
        {quote.isPending ? <CircularProgress /> : null}
        {quote.isError ? <Alert severity="error">{T.loadFailed}</Alert> : null}
        {data ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box>
              <Typography>
                <strong>{T.customer}:</strong> {data.customerName}
                {data.walkIn ? ` (${T.walkIn})` : ''}
              </Typography>
              {data.phone ? (
                <Typography>
                  <strong>{T.phone}:</strong> {formatPhone(data.phone)}
                </Typography>
              ) : null}
              <Typography>
                <strong>{T.seller}:</strong> {data.sellerName} · <strong>{T.createdAt}:</strong>{' '}
                {formatDate(data.createdAt)} · <strong>{T.validUntil}:</strong> {formatDate(data.validUntil)}
              </Typography>
              {data.order ? (
                <Typography>
                  <strong>{T.order(data.order.code)}</strong>
                </Typography>
              ) : null}
            </Box>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{T.product}</TableCell>
                    <TableCell align="right">{T.quantity}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {T.unitPrice}
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {T.discount}
                    </TableCell>
                    <TableCell align="right">{T.lineTotal}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((item) => (
                    <TableRow key={item.productId}>
                      <TableCell>{item.name}</TableCell>
                      <TableCell align="right">{item.quantity}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {formatMoney(item.unitPrice)}
                      </TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {item.discount > 0 ? formatMoney(-item.discount) : '—'}
                      </TableCell>
                      <TableCell align="right">{formatMoney(item.totalPrice)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', columnGap: 3 }}
            >
              <dt>{T.goods}</dt>
              <dd style={{ margin: 0, textAlign: 'right' }}>{formatMoney(data.itemsTotal)}</dd>
              <dt>{T.delivery}</dt>
              <dd style={{ margin: 0, textAlign: 'right' }}>
                {data.typeOfDelivery === 2 ? T.pickup : formatMoney(data.shipping + data.fastDeliveryTax)}
              </dd>
              {data.warranty > 0 ? (
                <>
                  <dt>{T.warranty}</dt>
                  <dd style={{ margin: 0, textAlign: 'right' }}>{formatMoney(data.warranty)}</dd>
                </>
              ) : null}
              {data.discount > 0 ? (
                <>
                  <dt>{T.discount}</dt>
                  <dd style={{ margin: 0, textAlign: 'right' }}>{formatMoney(-data.discount)}</dd>
                </>
              ) : null}
              <dt>
                <strong>{T.total}</strong>
              </dt>
              <dd style={{ margin: 0, textAlign: 'right' }} data-testid="quote-total">
                <strong>{formatMoney(data.total)}</strong>
              </dd>
            </Box>
            {data.status === 'CANCELLED' && data.cancelledAt ? (
              <Alert severity="warning">{T.cancelledOn(formatDate(data.cancelledAt), data.cancelReason ?? '')}</Alert>
            ) : null}
            {placedCode ? <Alert severity="success">{T.converted(placedCode)}</Alert> : null}
            {open ? (
              <TextField
                select
                size="small"
                label={T.payment}
                value={payment}
                onChange={(event) => setPayment(event.target.value as QuoteConvertBody['payment'])}
                sx={{ maxWidth: 320 }}
              >
                {(['CASH', 'PIX', 'CARD'] as const).map((key) => (
                  <MenuItem key={key} value={key}>
                    {T.payments[key]}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {data ? (
          <Button startIcon={<DownloadIcon />} onClick={() => void downloadPdf(data)}>
            {T.pdf}
          </Button>
        ) : null}
        {data && link ? (
          <Button startIcon={<WhatsAppIcon />} href={link} target="_blank" rel="noopener noreferrer">
            {T.whatsApp}
          </Button>
        ) : null}
        {data && !link ? (
          <Button startIcon={<WhatsAppIcon />} disabled title={T.noPhone}>
            {T.whatsApp}
          </Button>
        ) : null}
        {data && (data.status === 'OPEN' || data.status === 'EXPIRED') && placedCode === null ? (
          <Button color="error" onClick={() => setCancelling(true)}>
            {T.cancel}
          </Button>
        ) : null}
        <Button onClick={close}>{T.close}</Button>
        {open ? (
          <Button
            variant="contained"
            disabled={convert.isPending}
            onClick={() =>
              convert.mutate({ id: data.id, body: { payment, expectedTotal: data.total }, key: keyOf(data.id) })
            }
          >
            {convert.isPending ? T.converting : T.convert}
          </Button>
        ) : null}
      </DialogActions>
      <CancelQuoteDialog id={cancelling && data ? data.id : null} onClose={() => setCancelling(false)} />
    </Dialog>
  );
}
