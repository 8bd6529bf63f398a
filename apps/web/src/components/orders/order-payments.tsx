import {
  MAX_CARD_INSTALMENTS,
  ORDER_PAYMENT_TEXTS,
  type OrderPayments,
  PART_METHOD_LABELS,
  PART_STATUS_LABELS,
  PERMISSIONS,
  TRADE_IN_PERMISSIONS,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { hasAccess, hasPermission } from '../../lib/session';
import { FormMoneyField } from '../form/form-money-field';
import { FormSelectField } from '../form/form-select-field';
import { CardReceiptFields, type CardReceiptValues } from '../payments/card-receipt-fields';
import { cardSettingsQuery } from '../payments/card-settings-query';
import { PixCode } from '../pix-code';
import { useApiMutation } from '../use-api-mutation';
import { InlinePaymentForm, useInlinePayment } from './inline-payment-form';
import { partDetail, STATUS_TONE_COLORS } from './order-format';
import { ordersKeys } from './order-keys';
import { OrderRefunds } from './order-refunds';
import { ORDER_TEXTS } from './texts';

const T = ORDER_PAYMENT_TEXTS;
const WAITING = STATUS_TONE_COLORS.waiting;
const COMPACT = { '& td, & th': { px: { xs: 1, sm: 2 } } } as const;

/** GET /orders/{id}/payments: the parts and the balance. */
export function orderPaymentsQuery(orderId: number) {
  return queryOptions({
    queryKey: ordersKeys.other('payments', orderId),
    queryFn: async () => (await api<{ data: OrderPayments }>(`/orders/${orderId}/payments`)).data,
  });
}

const schema = z
  .object({
    method: z.enum(['CASH', 'PIX', 'CARD']),
    amount: z.string().min(1, T.amountInvalid),
    kind: z.enum(['DEBIT', 'CREDIT']),
    brand: z.string(),
    instalments: z.number().int().min(1).max(MAX_CARD_INSTALMENTS),
    nsu: z.string().trim(),
    authorizationCode: z.string().trim(),
  })
  .superRefine((values, ctx) => {
    if (!(Number(values.amount) > 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: T.amountInvalid });
    if (values.method !== 'CARD') return;
    if (!/^\d{1,12}$/.test(values.nsu)) ctx.addIssue({ code: 'custom', path: ['nsu'], message: T.nsuInvalid });
    if (!/^[A-Za-z0-9]{1,12}$/.test(values.authorizationCode)) {
      ctx.addIssue({ code: 'custom', path: ['authorizationCode'], message: T.authorizationInvalid });
    }
  });
type Values = z.infer<typeof schema>;

const EMPTY: Values = {
  method: 'CARD',
  amount: '',
  kind: 'CREDIT',
  brand: 'Visa',
  instalments: 1,
  nsu: '',
  authorizationCode: '',
};

/**
 * 'Pagamentos' of the order details (issue 38, decision 0042): every part (method, amount, status, the card's
 * brand, instalments and fee, the Pix part's own code while it waits), what is paid and, while the order takes
 * parts (`takesParts`, decision 0075), what is due and for whoever manages orders a form to add a part (the amount typed as 1.234,56; a card's kind, brand,
 * instalments, NSU and authorisation code — never its number).
 */
export function OrderPaymentsSection({ orderId }: { orderId: number }) {
  const payments = useQuery({ ...orderPaymentsQuery(orderId), staleTime: 0 });
  const canAdd = hasPermission(PERMISSIONS.orders);
  /** A used phone as part of the payment: 'Aparelhos usados' opens its form for this order (issue 42 §1). */
  const canTradeIn = hasAccess({ permissions: TRADE_IN_PERMISSIONS });
  const settings = useQuery({ ...cardSettingsQuery, enabled: canAdd });
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { open: adding, setOpen: setAdding, error, setError, attempt, submit, cancel } = useInlinePayment(form, EMPTY);
  const method = useWatch({ control: form.control, name: 'method' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const add = useApiMutation({
    mutationFn: (values: Values) =>
      api(`/orders/${orderId}/payments`, {
        method: 'POST',
        headers: { 'Idempotency-Key': attempt.current() },
        body: {
          method: values.method,
          amount: Number(values.amount),
          ...(values.method === 'CARD'
            ? {
                card: {
                  kind: values.kind,
                  brand: values.brand,
                  instalments: values.kind === 'DEBIT' ? 1 : values.instalments,
                  nsu: values.nsu,
                  authorizationCode: values.authorizationCode,
                },
              }
            : {}),
        },
      }),
    success: T.added,
    failure: T.addFailed,
    invalidate: [ordersKeys.other('payments', orderId), ordersKeys.detail(orderId), ordersKeys.lists()],
    errorInDialog: true,
    onError: (_error, message) => setError(message),
    onSuccess: () => {
      attempt.renew();
      form.reset(EMPTY);
      setAdding(false);
    },
  });

  const data = payments.data;
  const maxInstalments = settings.data?.maxInstalments ?? MAX_CARD_INSTALMENTS;
  return (
    <Box component="section" aria-labelledby="order-payments-title" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" id="order-payments-title" sx={{ mb: 1, fontWeight: 600 }}>
        {T.title}
      </Typography>
      {payments.isError ? <Alert severity="error">{T.loadFailed}</Alert> : null}
      {data ? (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Chip
              size="small"
              color={data.paidInFull ? 'success' : 'default'}
              label={`${T.paid}: ${formatMoney(data.paid)}`}
            />
            {data.pending > 0 ? (
              // The waiting tone's amber (it passes AA: MUI's white on 'warning' orange does not, 3,1:1).
              <Chip
                size="small"
                label={`${T.pending}: ${formatMoney(data.pending)}`}
                sx={{ bgcolor: WAITING.bg, color: WAITING.fg, border: 1, borderColor: WAITING.fg }}
              />
            ) : null}
            {/* A balance only where a part would be taken (decision 0075): a finished or paid order shows what was paid. */}
            {data.takesParts ? <Chip size="small" label={`${T.balance}: ${formatMoney(data.due)}`} /> : null}
          </Stack>
          {data.parts.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {T.none}
            </Typography>
          ) : (
            <Table size="small" aria-labelledby="order-payments-title" sx={COMPACT}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.method}</TableCell>
                  <TableCell align="right">{T.amount}</TableCell>
                  <TableCell>{T.status}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.parts.map((part) => (
                  <TableRow key={part.id}>
                    <TableCell>
                      {PART_METHOD_LABELS[part.method]}
                      {partDetail(part) ? (
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {partDetail(part)}
                        </Typography>
                      ) : null}
                      {part.card && part.status === 'CONFIRMED' ? (
                        <Typography variant="caption" color="text.secondary">
                          {T.settlesOn(part.card.settlements.map((s) => formatDate(s.date)).join(', '))}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(part.amount)}
                    </TableCell>
                    <TableCell>{PART_STATUS_LABELS[part.status]}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <OrderRefunds orderId={orderId} refunds={data.refunds ?? []} />
          {data.parts
            .filter((part) => part.status === 'PENDING' && part.pix?.payload)
            .map((part) => (
              <Box key={part.id} sx={{ mt: 2 }}>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {T.pixOfPart(part.seq, formatMoney(part.amount))}
                </Typography>
                <PixCode payload={part.pix?.payload ?? ''} size={144} />
              </Box>
            ))}
          {canAdd && data.takesParts && !adding ? (
            <Button sx={{ mt: 1 }} onClick={() => setAdding(true)}>
              {T.add}
            </Button>
          ) : null}
          {canTradeIn && data.takesParts && !adding ? (
            <Button sx={{ mt: 1 }} component={RouterLink} to={`/admin/trade-ins?pedido=${orderId}`}>
              {ORDER_TEXTS.tradeIn}
            </Button>
          ) : null}
          {canAdd && data.takesParts && adding ? (
            <InlinePaymentForm
              label={T.add}
              onSubmit={submit((values) => add.mutate(values))}
              onCancel={cancel}
              cancelLabel={T.cancel}
              submitLabel={T.save}
              busy={add.isPending}
              error={error}
              sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <FormSelectField
                  control={form.control}
                  name="method"
                  label={T.method}
                  options={(['CARD', 'PIX', 'CASH'] as const).map((value) => ({
                    value,
                    label: PART_METHOD_LABELS[value],
                  }))}
                  fullWidth
                />
                <FormMoneyField
                  control={form.control}
                  name="amount"
                  label={T.amount}
                  fullWidth
                  helperText={`${T.balance}: ${formatMoney(data.due)}`}
                />
              </Stack>
              {method === 'CARD' ? (
                <>
                  <CardReceiptFields
                    control={form.control as unknown as Control<CardReceiptValues>}
                    kind={kind}
                    maxInstalments={maxInstalments}
                  />
                  <Typography variant="caption" color="text.secondary">
                    {T.noCardNumber}
                  </Typography>
                </>
              ) : null}
            </InlinePaymentForm>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
