import { FINAL_REPAIR_STATUSES, formatPhone, type RepairPublicStatus, whatsAppPhone } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePublicRepairStatus } from '../api/repairs-api';
import { RepairStatusChip } from '../components/repair-status-chip';
import { REPAIRS_TEXTS as T } from '../texts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Who to call about it (issue 54): the shop's name, its phone (and WhatsApp) and its address, as far as they are set. */
function ShopContact({ shop }: { shop: RepairPublicStatus['shop'] }) {
  const whatsApp = whatsAppPhone(shop.phone);
  if (!shop.name && !shop.phone && !shop.address) return null;
  return (
    <Box component="section" aria-labelledby="repair-status-shop">
      <Typography id="repair-status-shop" variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {shop.name ?? T.publicShopPhone}
      </Typography>
      {shop.phone ? (
        <Typography variant="body2">
          {`${T.publicShopPhone}: `}
          <Link href={whatsApp ? `tel:+${whatsApp}` : undefined}>{formatPhone(shop.phone)}</Link>
          {whatsApp ? (
            <>
              {' · '}
              <Link href={`https://wa.me/${whatsApp}`} target="_blank" rel="noopener noreferrer">
                {T.publicShopWhatsApp}
              </Link>
            </>
          ) : null}
        </Typography>
      ) : null}
      {shop.address ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }} aria-label={T.publicShopAddress}>
          {shop.address}
        </Typography>
      ) : null}
    </Box>
  );
}

/** What the page shows of a service order: its number, status and the customer's sentence, its dates, its steps. */
function StatusView({ status }: { status: RepairPublicStatus }) {
  const open = !FINAL_REPAIR_STATUSES.includes(status.status);
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="p" color="text.secondary">
        {T.publicNumber(status.number)}
      </Typography>
      <Box>
        <RepairStatusChip status={status.status} />
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          {status.message}
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
        data-testid="repair-status-dates"
      >
        <Figure label={T.publicReceived} value={formatDate(status.receivedAt)} />
        {open ? <Figure label={T.publicEstimated} value={formatDate(status.estimatedDate)} /> : null}
        {status.deliveredAt ? <Figure label={T.publicDelivered} value={formatDate(status.deliveredAt)} /> : null}
        {status.warrantyEndsAt ? <Figure label={T.publicWarranty} value={formatDate(status.warrantyEndsAt)} /> : null}
        <Figure label={T.publicUpdated} value={formatDateTime(status.updatedAt)} />
      </Box>
      <Box component="section" aria-labelledby="repair-status-history">
        <Typography id="repair-status-history" variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
          {T.publicHistory}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {status.history.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              <Typography variant="body2">{`${formatDateTime(step.at)} · ${step.statusLabel}`}</Typography>
            </li>
          ))}
        </Box>
      </Box>
      <ShopContact shop={status.shop} />
    </Stack>
  );
}

/**
 * The public page of a service order (`/os/{token}`, the receipt's QR code; no sign-in): only its status, the
 * customer's sentence for it and its dates (received, estimated, delivered, warranty, last change) and the steps
 * with their dates, and the shop's name, phone and address — nothing about the person or the device, as the API answers it. An unknown link says so.
 */
export default function RepairStatusPage() {
  const { token = '' } = useParams();
  const answer = usePublicRepairStatus(token);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', justifyContent: 'center', p: 2 }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 520, alignSelf: 'flex-start' }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {T.publicTitle}
        </Typography>
        {answer.isPending ? (
          <CircularProgress aria-label={T.publicLoading} />
        ) : answer.isError ? (
          <Alert severity="error">{T.publicFailed}</Alert>
        ) : answer.data.kind === 'notFound' ? (
          <Alert severity="warning">{T.publicNotFound}</Alert>
        ) : answer.data.kind === 'tooMany' ? (
          <Alert severity="warning">{T.publicTooMany}</Alert>
        ) : (
          <StatusView status={answer.data.status} />
        )}
      </Paper>
    </Box>
  );
}
