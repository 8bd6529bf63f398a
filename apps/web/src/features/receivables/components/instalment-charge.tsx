import { PERMISSIONS, type ReceivableDetails, whatsAppLink } from '@backoffice/contract';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { orderDetailQuery } from '../../../components/orders/order-queries';
import { PixCode } from '../../../components/pix-code';
import { formatDate, formatMoney } from '../../../lib/format';
import { hasPermission } from '../../../lib/session';
import { useReceivablePix } from '../api/receivables-api';
import { RECEIVABLES_TEXTS as T } from '../texts';

/** The charge's message: the instalment, its due day, what it asks today and, with the shop's Pix key, its Pix. */
export function chargeMessage(instalment: ReceivableDetails, amount: number, payload: string | null): string {
  const text = T.chargeMessage(
    instalment.customer.name,
    instalment.seq,
    instalment.count,
    instalment.order.code,
    formatDate(instalment.dueDate),
    formatMoney(amount),
  );
  return payload ? `${text} ${T.chargePix(payload)}` : text;
}

/**
 * An open instalment's 'Pix da parcela' (what it asks today, its QR code and copia e cola) and 'Cobrar pelo
 * WhatsApp': wa.me with the message, to the customer's phone when the order tells it (read with the orders'
 * permission); without it WhatsApp asks whom to send it to.
 */
export function InstalmentCharge({ instalment }: { instalment: ReceivableDetails }) {
  const pix = useReceivablePix(instalment.id, true);
  const readsOrders = hasPermission(PERMISSIONS.orders);
  const order = useQuery({ ...orderDetailQuery(instalment.order.id), enabled: readsOrders, retry: false });
  const settled = !pix.isPending && !(readsOrders && order.isPending);
  const amount = pix.data?.amount ?? instalment.dueToday.total;
  const payload = pix.data?.payload ?? null;
  const message = chargeMessage(instalment, amount, payload);
  const phone = order.data?.customerPhone ?? null;
  const href = whatsAppLink(phone, message) ?? `https://wa.me/?text=${encodeURIComponent(message)}`;
  return (
    <Box component="section" aria-labelledby="instalment-pix-title">
      <Typography variant="subtitle1" component="h3" id="instalment-pix-title" sx={{ fontWeight: 600 }}>
        {T.pix}
      </Typography>
      <Typography sx={{ mb: 1 }}>{T.pixAmount(formatMoney(amount))}</Typography>
      {pix.data?.kind === 'COBV' && pix.data.dueDate ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {T.pixCobv(formatDate(pix.data.dueDate))}
        </Typography>
      ) : null}
      {pix.data?.notice ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {pix.data.notice}
        </Typography>
      ) : null}
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        {pix.isPending ? <CircularProgress size={24} aria-label={T.pix} /> : null}
        {payload ? <PixCode payload={payload} size={176} /> : null}
        {pix.isSuccess && !payload ? (
          <Typography variant="body2" color="text.secondary">
            {T.pixNoKey}
          </Typography>
        ) : null}
        {pix.isError ? (
          <Typography variant="body2" color="error">
            {T.pixFailed}
          </Typography>
        ) : null}
        <Button
          variant="outlined"
          color="success"
          startIcon={<WhatsAppIcon fontSize="small" />}
          disabled={!settled}
          {...(settled ? { component: 'a', href, target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {T.charge}
        </Button>
        {settled && !whatsAppLink(phone, message) ? (
          <Typography variant="caption" color="text.secondary">
            {T.chargeNoPhone}
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}
