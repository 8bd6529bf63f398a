import {
  centsToReais,
  DELIVERY_TYPES,
  formatCreditTerms,
  ORDER_STATUS,
  PAYMENT_METHOD_LABELS,
  paymentDue,
  reaisToCents,
} from '@backoffice/contract';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { orderPixQuery } from '../../../components/orders/order-queries';
import { PixCode } from '../../../components/pix-code';
import { formatMoney } from '../../../lib/format';
import type { PlacedPayment } from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

/** Section 9: the copy confirmation stays 1 second. */
export const CODE_COPIED_MS = 1000;

/**
 * What is still due on the order placed, and how, as the attendant tells the customer (the rule: the
 * contract's `paymentDue`); null when the server did not say how it is paid.
 */
export function dueLine(placed: PlacedPayment | null): string | null {
  if (!placed?.paymentMethod) return null;
  const order = {
    paymentMethod: placed.paymentMethod,
    statusKey: placed.statusKey,
    cardOnDelivery: placed.cardOnDelivery,
  };
  const amount = formatMoney(placed.total);
  const payment = PAYMENT_METHOD_LABELS[placed.paymentMethod];
  // A sale on credit (issue 40 §1): nothing is due now ('paid' to the due rule); its plan instead.
  if (placed.paymentMethod === 'CREDIT')
    return placed.creditTerms ? T.due.credit(formatCreditTerms(placed.creditTerms)) : T.due.creditWithoutTerms;
  // A Pix split at the sale: its Pix part now, the rest by card at the door (decision 0042's amendment).
  if (placed.pixPart && placed.cardOnDelivery) {
    const card = formatMoney(centsToReais(reaisToCents(placed.total) - reaisToCents(placed.pixPart.amount)));
    return placed.deliveryType === DELIVERY_TYPES.PICKUP
      ? `${T.due.pix(formatMoney(placed.pixPart.amount))}; ${T.due.cardAtPickup(card)}`
      : T.due.split(formatMoney(placed.pixPart.amount), card);
  }
  switch (paymentDue(order)) {
    case 'cash':
      return placed.deliveryType === DELIVERY_TYPES.PICKUP ? T.due.cashAtPickup(amount) : T.due.cash(amount);
    case 'card':
      return placed.deliveryType === DELIVERY_TYPES.PICKUP ? T.due.cardAtPickup(amount) : T.due.card(amount);
    case 'awaitingPayment':
      return placed.paymentMethod === 'PIX' ? T.due.pix(amount) : T.due.transfer(amount);
    case 'inReview':
      return T.due.inReview(payment, amount);
    case 'paid':
      return T.due.paid(payment);
  }
}

interface Props {
  customerName: string;
  code: string;
  /** The checkout's answer: how the order is paid and its status (what is still due). */
  placed?: PlacedPayment | null;
  /** Paid by its own Pix: its QR code and copia e cola are shown for the customer to pay. */
  pixOrderId?: number | null;
  onNewSale(): void;
}

/** Step 4: what is still due and how, the order's code, a copy button ('Código Copiado' for a second) and the way to the orders. */
export function OrderCompletedStep({ customerName, code, placed = null, pixOrderId = null, onNewSale }: Props) {
  const navigate = useNavigate();
  // A split sale's Pix is its Pix part's (its own txid and amount), answered by the checkout.
  const pixPart = placed?.pixPart ?? null;
  const pix = useQuery({ ...orderPixQuery(pixOrderId ?? 0), enabled: pixOrderId !== null && pixPart === null });
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const due = dueLine(placed);
  /** A sale on credit held for a manager's approval (issue 40 §1). */
  const creditHeld = placed?.statusKey === ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO;

  useEffect(() => {
    headingRef.current?.focus();
    return () => clearTimeout(timer.current);
  }, []);

  const codeRef = useRef<HTMLParagraphElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // No clipboard (an insecure page or a refused permission): select the code for Ctrl+C instead.
      const selection = window.getSelection();
      if (codeRef.current && selection) selection.selectAllChildren(codeRef.current);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), CODE_COPIED_MS);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <CheckCircleOutlinedIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h6" component="h2" tabIndex={-1} ref={headingRef} sx={{ outline: 'none', mt: 1 }}>
        {T.completed(customerName)}
      </Typography>
      {due ? (
        <Typography data-testid="payment-due" sx={{ mt: 1, fontWeight: 600 }}>
          {due}
        </Typography>
      ) : null}
      {creditHeld ? (
        <Alert severity="warning" sx={{ mt: 2, textAlign: 'left' }} data-testid="credit-held">
          <AlertTitle>{T.creditHeldTitle}</AlertTitle>
          {T.creditHeld}
        </Alert>
      ) : null}
      <Box sx={{ my: 3 }}>
        <Typography variant="body2" color="text.secondary">
          {T.orderCode}
        </Typography>
        <Typography
          variant="h4"
          component="p"
          data-testid="order-code"
          ref={codeRef}
          sx={{ fontFamily: 'monospace', letterSpacing: 2, userSelect: 'all' }}
        >
          {code}
        </Typography>
      </Box>
      {pixOrderId !== null ? (
        <Box sx={{ mb: 3 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {pixPart ? T.pixOfPart(formatMoney(pixPart.amount)) : T.payWithPix}
          </Typography>
          {pixPart ? (
            pixPart.payload ? (
              <PixCode payload={pixPart.payload} />
            ) : (
              <Typography color="text.secondary">{T.pixUnavailable}</Typography>
            )
          ) : pix.data ? (
            <PixCode payload={pix.data} />
          ) : pix.isPending ? null : (
            <Typography color="text.secondary">{T.pixUnavailable}</Typography>
          )}
        </Box>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} aria-live="polite">
          {copied ? T.codeCopied : T.copyCode}
        </Button>
        <Button variant="contained" onClick={() => navigate('/admin/orders')}>
          {T.goToOrders}
        </Button>
        <Button onClick={onNewSale}>{T.newSale}</Button>
      </Stack>
    </Paper>
  );
}
