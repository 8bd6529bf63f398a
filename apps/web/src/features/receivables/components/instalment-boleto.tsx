import { BOLETO_TEXTS, type Boleto, PERMISSIONS, type ReceivableDetails, whatsAppLink } from '@backoffice/contract';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { orderDetailQuery } from '../../../components/orders/order-queries';
import { PixCode } from '../../../components/pix-code';
import { refusalMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { hasPermission } from '../../../lib/session';
import { openBoletoPdf, useEmailBoleto, useInstalmentBoletos, useIssueBoleto } from '../api/boletos-api';
import { RECEIVABLES_TEXTS as T } from '../texts';

/** The WhatsApp message of a boleto: the instalment, its due day, value and linha digitável. */
export function boletoMessage(instalment: ReceivableDetails, boleto: Boleto): string {
  return BOLETO_TEXTS.whatsAppMessage(
    instalment.customer.name,
    instalment.seq,
    instalment.count,
    instalment.order.code,
    formatDate(boleto.dueDate),
    formatMoney(boleto.amount),
    boleto.digitableLine,
  );
}

function BoletoActions({ instalment, boleto }: { instalment: ReceivableDetails; boleto: Boleto }) {
  const notify = useNotify();
  const email = useEmailBoleto();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await openBoletoPdf(boleto);
    } catch (error) {
      notify.error(refusalMessage(error, T.boletoPdfFailed));
    } finally {
      setOpening(false);
    }
  };
  // The customer's phone when the order tells it (read with the orders' permission); else WhatsApp asks whom.
  const readsOrders = hasPermission(PERMISSIONS.orders);
  const order = useQuery({ ...orderDetailQuery(instalment.order.id), enabled: readsOrders, retry: false });
  const message = boletoMessage(instalment, boleto);
  const href =
    whatsAppLink(order.data?.customerPhone ?? null, message) ?? `https://wa.me/?text=${encodeURIComponent(message)}`;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PictureAsPdfIcon fontSize="small" />}
        onClick={() => void open()}
        disabled={opening}
      >
        {T.boletoPdf}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<EmailIcon fontSize="small" />}
        onClick={() => email.mutate(boleto.id)}
        disabled={email.isPending}
      >
        {T.boletoEmail}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="success"
        startIcon={<WhatsAppIcon fontSize="small" />}
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
      >
        {T.boletoWhatsApp}
      </Button>
    </Stack>
  );
}

/**
 * An instalment's boleto (issue 58 §2): the one not written off — its nosso número, due day, value, linha
 * digitável, whether a remessa (or BB's API) registered it, a híbrido's Pix QR code and 'Pix Copia e Cola'
 * (decision 0100) — with its PDF, 'Enviar por e-mail' and 'Enviar pelo WhatsApp'; an
 * open instalment without one: 'Emitir boleto'.
 */
export function InstalmentBoleto({ instalment, open }: { instalment: ReceivableDetails; open: boolean }) {
  const boletos = useInstalmentBoletos(instalment.id);
  const issue = useIssueBoleto(instalment.id);
  const current = boletos.data?.find((b) => b.status !== 'WRITTEN_OFF');
  return (
    <Box component="section" aria-labelledby="instalment-boleto-title">
      <Typography variant="subtitle1" component="h3" id="instalment-boleto-title" sx={{ fontWeight: 600 }}>
        {T.boleto}
      </Typography>
      {boletos.isPending ? <CircularProgress size={24} aria-label={T.boleto} /> : null}
      {boletos.isError ? (
        <Typography variant="body2" color="error">
          {T.boletoLoadFailed}
        </Typography>
      ) : null}
      {current ? (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {T.boletoInfo(current.nossoNumero, formatDate(current.dueDate), formatMoney(current.amount))}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.boletoStatus(current.status, current.remessa, current.registeredByApi)}
          </Typography>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {T.boletoLine}
            </Typography>
            <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="digitable-line">
              {current.digitableLine}
            </Typography>
          </Box>
          {current.pixCopyPaste && current.status === 'ISSUED' ? (
            <Box component="section" aria-labelledby="instalment-boleto-pix-title">
              <Typography variant="subtitle2" component="h4" id="instalment-boleto-pix-title">
                {T.boletoPix}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                {T.boletoPixHelp}
              </Typography>
              <PixCode payload={current.pixCopyPaste} size={160} />
            </Box>
          ) : null}
          <BoletoActions instalment={instalment} boleto={current} />
        </Stack>
      ) : boletos.isSuccess ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            {T.boletoNone}
          </Typography>
          {open ? (
            <Button variant="outlined" onClick={() => issue.mutate()} disabled={issue.isPending}>
              {T.boletoIssue}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}
