import { EDIT_PAYMENT_METHODS, type OrderEditResult, orderStatusLabel } from '@backoffice/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Dispatch, SetStateAction } from 'react';
import { useForm } from 'react-hook-form';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { formatMoney } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.edit;

export interface Line {
  productId: number;
  name: string;
  quantity: number;
}

export interface Delivery {
  typeOfDelivery: number;
  isFastDelivery: boolean;
  withWarranty: boolean;
}

export interface Payment {
  method: string;
  changeFor: number | null;
}

/** The order's lines: each with its price as the server's preview gives it, its quantity and 'Remover'. */
export function EditOrderLines({
  lines,
  priced,
  setQuantity,
  remove,
}: {
  lines: Line[];
  priced: Map<number, OrderEditResult['items'][number]>;
  setQuantity: (productId: number, quantity: number) => void;
  remove: (productId: number) => void;
}) {
  return (
    <Box component="ul" aria-label={T.lines} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {lines.map((line) => {
        const item = priced.get(line.productId);
        return (
          <Box
            component="li"
            key={line.productId}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <Typography sx={{ flex: { xs: '1 1 100%', sm: 1 }, minWidth: { sm: 160 } }}>
              {line.name}
              {item ? (
                <Typography component="span" variant="body2" color="text.secondary">
                  {` · ${formatMoney(item.unitPrice)}${item.added ? ` (${T.added})` : ''}`}
                </Typography>
              ) : null}
            </Typography>
            <TextField
              size="small"
              type="number"
              label={T.quantity}
              value={line.quantity}
              onChange={(event) => setQuantity(line.productId, Math.max(0, Math.trunc(Number(event.target.value))))}
              slotProps={{ htmlInput: { min: 1, 'aria-label': T.quantityOf(line.name) } }}
              sx={{ width: 96 }}
            />
            <Typography sx={{ width: 110, textAlign: 'right', ml: { xs: 'auto', sm: 0 } }}>
              {item ? formatMoney(item.total) : '…'}
            </Typography>
            <IconButton aria-label={T.remove(line.name)} onClick={() => remove(line.productId)}>
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        );
      })}
    </Box>
  );
}

/** 'Entrega' (motoboy or pickup), 'Entrega rápida' (a motoboy's only) and 'Garantia'. */
export function DeliveryFields({
  delivery,
  setDelivery,
}: {
  delivery: Delivery;
  setDelivery: (delivery: Delivery) => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={T.delivery}
        value={delivery.typeOfDelivery}
        onChange={(event) => setDelivery({ ...delivery, typeOfDelivery: Number(event.target.value) })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value={1}>{T.motoboy}</MenuItem>
        <MenuItem value={2}>{T.pickup}</MenuItem>
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={delivery.typeOfDelivery === 1 && delivery.isFastDelivery}
            disabled={delivery.typeOfDelivery !== 1}
            onChange={(event) => setDelivery({ ...delivery, isFastDelivery: event.target.checked })}
          />
        }
        label={T.fast}
      />
      <FormControlLabel
        control={
          <Switch
            checked={delivery.withWarranty}
            onChange={(event) => setDelivery({ ...delivery, withWarranty: event.target.checked })}
          />
        }
        label={T.warranty}
      />
    </Box>
  );
}

/**
 * 'Pagamento': a method an edit may choose (another, a transfer, is shown but not changed), and a cash order's
 * 'Troco para'.
 */
export function PaymentFields({
  orderId,
  payment,
  setPayment,
  editable,
  initialChangeFor,
}: {
  orderId: number;
  payment: Payment;
  setPayment: Dispatch<SetStateAction<Payment>>;
  editable: boolean;
  /** The change the order was saved with (a cash order's). */
  initialChangeFor: number | null;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label={T.payment}
        value={payment.method}
        disabled={!editable}
        helperText={T.paymentHelp}
        onChange={(event) => setPayment({ ...payment, method: event.target.value })}
        sx={{ minWidth: 260, maxWidth: 360 }}
      >
        {EDIT_PAYMENT_METHODS.map((method) => (
          <MenuItem key={method} value={method}>
            {T.paymentOptions[method]}
          </MenuItem>
        ))}
        {editable ? null : <MenuItem value={payment.method}>{payment.method}</MenuItem>}
      </TextField>
      {payment.method === 'CASH' ? (
        <ChangeForField
          key={orderId}
          initial={initialChangeFor}
          onChange={(changeFor) => setPayment((current) => ({ ...current, changeFor }))}
        />
      ) : null}
    </Box>
  );
}

/** The new figures as the server computed them, the status the order moves to, and a refund it leads to. */
export function EditPreview({ preview, statusKey }: { preview: OrderEditResult; statusKey: number }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {T.figures(
          formatMoney(preview.itemsTotal),
          formatMoney(preview.shippingCost + preview.fastDeliveryTax),
          formatMoney(preview.warranty),
          formatMoney(preview.discount),
        )}
      </Typography>
      <Typography data-testid="edit-new-total" sx={{ fontWeight: 700 }}>
        {T.newTotal(formatMoney(preview.total), formatMoney(preview.previousTotal))}
      </Typography>
      {preview.statusKey !== statusKey ? (
        <Typography variant="body2" data-testid="edit-new-status">
          {T.movesTo(orderStatusLabel(preview.statusKey))}
        </Typography>
      ) : null}
      {preview.refund ? (
        <Alert severity="warning" data-testid="edit-refund" sx={{ mt: 1 }}>
          {T.willRefund(formatMoney(preview.refund))}
        </Alert>
      ) : null}
    </Box>
  );
}

/** 'Troco para' of a cash order, typed as a Brazilian types money (the checkout's field and texts). */
function ChangeForField({ initial, onChange }: { initial: number | null; onChange: (value: number | null) => void }) {
  const form = useForm<{ changeFor: number | null }>({ defaultValues: { changeFor: initial } });
  return (
    <FormMoneyField
      control={form.control}
      name="changeFor"
      valueAs="number"
      label={T.changeFor}
      helperText={T.changeForHelp}
      onChange={(value) => onChange(typeof value === 'number' && value > 0 ? value : null)}
      sx={{ maxWidth: 260 }}
    />
  );
}
