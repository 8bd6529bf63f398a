import type { PreCheckoutResponse } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PixCode } from '../../../components/pix-code';
import { formatMoney } from '../../../lib/format';
import { useAskDiscountApproval } from '../api/selling-api';
import type { CartChoices } from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

function TotalLine({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.25,
        ...(strong ? { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1 } : {}),
      }}
    >
      <Typography component="dt" variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" variant={strong ? 'subtitle1' : 'body2'} sx={{ m: 0, fontWeight: strong ? 700 : 400 }}>
        {formatMoney(value)}
      </Typography>
    </Box>
  );
}

/** 'Total': the subtotal, the delivery, the warranty, the discount and the total; a discount refused or to approve. */
export function CartTotals({
  customerId,
  choices,
  preCheckout,
  pickup,
  loading,
  discountOff,
  discountRefusal,
}: {
  customerId: number;
  choices: CartChoices;
  preCheckout: PreCheckoutResponse;
  pickup: boolean;
  /** The totals are being computed again. */
  loading: boolean;
  discountOff: number;
  discountRefusal: string | null;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-busy={loading}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {T.total}
      </Typography>
      <Box component="dl" sx={{ m: 0, opacity: loading ? 0.6 : 1 }} data-testid="cart-totals">
        <TotalLine label={T.subtotal} value={preCheckout.cart.totalAmount} />
        {pickup ? null : (
          <TotalLine
            label={preCheckout.choices.isFastDelivery ? T.fastDeliveryTax : T.shipping}
            value={preCheckout.deliveryCharge}
          />
        )}
        {preCheckout.choices.withWarranty ? (
          <TotalLine label={T.warrantyTotal} value={preCheckout.warrantyAmount} />
        ) : null}
        {discountOff > 0 ? <TotalLine label={T.discountTotal} value={-discountOff} /> : null}
        <TotalLine label={T.total} value={preCheckout.total} strong />
      </Box>
      {discountRefusal ? (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
          {discountRefusal}
        </Alert>
      ) : null}
      <DiscountApprovalBox customerId={customerId} typed={choices.discounts} priced={preCheckout.discounts} />
    </Paper>
  );
}

/** The transfer's Pix: its amount and code, read again while the totals change. */
export function TransferPix({ preCheckout, loading }: { preCheckout: PreCheckoutResponse; loading: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', justifyItems: 'center', gap: 1 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, justifySelf: 'start' }}>
        {T.pixTitle}
      </Typography>
      {loading ? (
        <CircularProgress aria-label={T.loading} />
      ) : preCheckout.pix ? (
        <>
          <Typography variant="body2" sx={{ justifySelf: 'start' }}>
            {T.pixAmount(formatMoney(preCheckout.pix.amount))}
          </Typography>
          <PixCode payload={preCheckout.pix.payload} size={180} />
        </>
      ) : (
        <Alert severity="warning" sx={{ width: '100%' }}>
          {T.pixUnavailable}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * A discount above the seller's maximum (decision 0045): 'Pedir aprovação' asks a manager for this very cart and
 * these discounts; then what became of it (waiting, refused with the reason, approved: the finish is enabled).
 */
function DiscountApprovalBox(props: {
  customerId: number;
  typed: CartChoices['discounts'];
  priced: PreCheckoutResponse['discounts'];
}) {
  const ask = useAskDiscountApproval(props.customerId);
  const approval = props.priced?.approval;
  if (approval?.covers)
    return (
      <Alert severity="success" sx={{ mt: 1.5 }} role="status">
        {T.approvalApproved(approval.approver ?? '')}
      </Alert>
    );
  if (!props.priced?.aboveMaximum || !props.typed) return null;
  if (approval?.matches && approval.status === 'PENDING')
    return (
      <Alert severity="info" sx={{ mt: 1.5 }} role="status" icon={<CircularProgress size={18} aria-hidden="true" />}>
        {T.approvalPending}
      </Alert>
    );
  const typed = props.typed;
  return (
    <Box sx={{ mt: 1.5, display: 'grid', gap: 1 }}>
      {approval?.matches && approval.status === 'REFUSED' ? (
        <Alert severity="warning" role="status">
          {T.approvalRefused(approval.approver ?? '', approval.reason ?? '')}
        </Alert>
      ) : null}
      <Box>
        <Button variant="outlined" onClick={() => ask.mutate(typed)} disabled={ask.isPending}>
          {T.askApproval}
        </Button>
      </Box>
      <FormHelperText sx={{ mx: 0 }}>{T.approvalHelp}</FormHelperText>
    </Box>
  );
}
