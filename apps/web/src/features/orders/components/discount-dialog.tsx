import {
  applyDiscounts,
  DISCOUNT_TEXTS,
  type Discount,
  DiscountError,
  type OrderDiscountBody,
  type OrderDiscountResponse,
  type OrderSummary,
  reaisToCents,
  type SaleDiscounts,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DiscountField } from '../../../components/discount-field';
import { FormDialog } from '../../../components/form/form-dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { ordersKeys } from '../../../components/orders/order-keys';
import { orderDetailQuery } from '../../../components/orders/order-queries';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.discount;

interface Props {
  /** The order whose discount changes; null when closed. */
  order: OrderSummary | null;
  onClose: () => void;
}

/**
 * 'Desconto' of an order not yet separated nor paid (issue 38 §3, `orderDiscountChangeable`): a discount per
 * item and on the whole order (R$ or %), the new total worked out as typed by the contract's `applyDiscounts`
 * (the rule the server applies), then POST /orders/{id}/discount; the server's refusal (above the role's
 * maximum, the order moved on) is said in the snackbar. What is typed replaces the order's discounts.
 */
export function DiscountDialog({ order, onClose }: Props) {
  const detail = useQuery({ ...orderDetailQuery(order?.orderId ?? 0), enabled: order !== null });
  const [discounts, setDiscounts] = useState<SaleDiscounts>({});
  useEffect(() => {
    if (order) setDiscounts({});
  }, [order]);
  const change = useApiMutation<OrderDiscountResponse, { orderId: number; body: OrderDiscountBody }>({
    mutationFn: async ({ orderId, body }) =>
      (await api<{ data: OrderDiscountResponse }>(`/orders/${orderId}/discount`, { method: 'POST', body })).data,
    success: DISCOUNT_TEXTS.changed,
    failure: T.failed,
    invalidate: (changed) => [ordersKeys.lists(), ordersKeys.detail(changed.orderId)],
    closeDialog: onClose,
  });
  if (!order) return null;

  const items = (detail.data?.items ?? []).filter((item) => item.productId !== undefined);
  const lines = items.map((item) => ({
    productId: item.productId as number,
    name: item.name,
    valueCents: reaisToCents(item.unitPrice) * item.quantity,
  }));
  let problem: string | null = null;
  let offCents = 0;
  try {
    offCents = applyDiscounts(lines, discounts).discountCents;
  } catch (error) {
    if (!(error instanceof DiscountError)) throw error;
    problem = error.message;
  }
  const data = detail.data;
  const chargesCents = data
    ? reaisToCents(data.itemsTotal) +
      reaisToCents(data.shippingCost) +
      reaisToCents(data.fastDeliveryTax) +
      reaisToCents(data.warranty)
    : 0;
  const setLine = (productId: number, discount: Discount | undefined) =>
    setDiscounts((current) => {
      const others = (current.lines ?? []).filter((line) => line.productId !== productId);
      return { ...current, lines: discount ? [...others, { productId, ...discount }] : others };
    });

  return (
    <FormDialog
      open
      titleId="discount-dialog-title"
      title={T.title(order.code)}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        change.mutate({ orderId: order.orderId, body: { discounts } });
      }}
      closeText={T.close}
      actions={
        <SubmitButton disabled={!data || problem !== null} busy={change.isPending}>
          {T.submit}
        </SubmitButton>
      }
    >
      {!data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <DialogContentText>{T.text(formatMoney(data.discount))}</DialogContentText>
          {items.map((item) => (
            <Box key={item.productId}>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
                {T.item(item.quantity, item.name, formatMoney(item.unitPrice))}
              </Typography>
              <DiscountField
                label={T.lineDiscount}
                value={undefined}
                settleMs={0}
                onChange={(discount) => setLine(item.productId as number, discount)}
              />
            </Box>
          ))}
          <DiscountField
            label={T.orderDiscount}
            value={undefined}
            settleMs={0}
            onChange={(discount) => setDiscounts((current) => ({ ...current, order: discount }))}
          />
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <Typography data-testid="discount-new-total" sx={{ fontWeight: 700 }}>
            {T.newTotal(formatMoney((chargesCents - (problem ? 0 : offCents)) / 100))}
          </Typography>
        </Box>
      )}
    </FormDialog>
  );
}
