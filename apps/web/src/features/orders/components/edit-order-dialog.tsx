import {
  EDIT_PAYMENT_METHODS,
  type EditPaymentMethod,
  type OrderEditBody,
  type OrderEditResult,
  type OrderSummary,
  type SellingProductSearchResponse,
} from '@backoffice/contract';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { ordersKeys } from '../../../components/orders/order-keys';
import { orderDetailQuery } from '../../../components/orders/order-queries';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api, refusalMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS } from '../texts';
import {
  type Delivery,
  DeliveryFields,
  EditOrderLines,
  EditPreview,
  type Line,
  type Payment,
  PaymentFields,
} from './edit-order-fields';

const T = ORDERS_PAGE_TEXTS.edit;
interface Props {
  /** The order to change; null when closed. */
  order: OrderSummary | null;
  onClose: () => void;
}

const patchOrder = async (orderId: number, body: OrderEditBody, key?: string) =>
  (
    await api<{ data: OrderEditResult }>(`/orders/${orderId}`, {
      method: 'PATCH',
      body,
      ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
    })
  ).data;

/**
 * 'Editar pedido' (issue 38 §5, decision 0044): an order not yet separated — its lines (quantities, remove, add a
 * product found at the customer's level price as Vendas finds it), delivery and warranty. The new total is the
 * server's: PATCH /orders/{id} with `dryRun` as the form changes (nothing written), then the same call saves it
 * with the total shown (`expectedTotal`) and an Idempotency-Key of this dialog.
 */
export function EditOrderDialog({ order, onClose }: Props) {
  const detail = useQuery({ ...orderDetailQuery(order?.orderId ?? 0), enabled: order !== null });
  const [lines, setLines] = useState<Line[] | null>(null);
  const [delivery, setDelivery] = useState<Delivery>({ typeOfDelivery: 2, isFastDelivery: false, withWarranty: false });
  const [payment, setPayment] = useState<Payment>({
    method: 'CASH',
    changeFor: null,
  });
  const [search, setSearch] = useState('');
  const [key, setKey] = useState('');
  const data = detail.data;
  useEffect(() => {
    if (!order) {
      setLines(null);
      return;
    }
    setKey(crypto.randomUUID());
    setSearch('');
  }, [order]);
  useEffect(() => {
    if (!data || !order || data.orderId !== order.orderId || lines !== null) return;
    setLines(
      data.items
        .filter((item) => item.productId !== undefined)
        .map((item) => ({ productId: item.productId as number, name: item.name, quantity: item.quantity })),
    );
    setDelivery({
      typeOfDelivery: data.deliveryType,
      isFastDelivery: data.fastDelivery,
      withWarranty: data.hasWarranty,
    });
    setPayment({ method: data.paymentMethod, changeFor: data.changeFor ?? null });
  }, [data, order, lines]);
  // A method an edit may choose (a transfer's proof comes with the sale: never offered, decision 0044).
  const editable = (EDIT_PAYMENT_METHODS as readonly string[]).includes(payment.method);

  const body = useMemo<OrderEditBody | null>(
    () =>
      lines
        ? {
            items: lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
            typeOfDelivery: delivery.typeOfDelivery as 1 | 2,
            isFastDelivery: delivery.typeOfDelivery === 1 && delivery.isFastDelivery,
            withWarranty: delivery.withWarranty,
            ...(editable ? { payment: payment.method as EditPaymentMethod } : {}),
            ...(payment.method === 'CASH' ? { changeFor: payment.changeFor } : {}),
          }
        : null,
    [lines, delivery, payment, editable],
  );
  const valid = body !== null && (lines?.length ?? 0) > 0 && (lines ?? []).every((line) => line.quantity >= 1);
  const preview = useQuery({
    queryKey: [...ordersKeys.detail(order?.orderId ?? 0), 'edit-preview', body],
    queryFn: () => patchOrder(order?.orderId as number, { ...(body as OrderEditBody), dryRun: true }),
    enabled: order !== null && valid,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
  const term = search.trim();
  const email = data?.customerEmail ?? null;
  const found = useQuery({
    queryKey: [...ordersKeys.detail(order?.orderId ?? 0), 'edit-products', term],
    queryFn: async ({ signal }) =>
      (
        await api<SellingProductSearchResponse>(
          `/shop/products/full/search/${encodeURIComponent(term)}/email/${encodeURIComponent(email as string)}`,
          { signal },
        )
      ).products,
    enabled: order !== null && term.length >= 2 && email !== null,
    placeholderData: keepPreviousData,
  });
  const save = useApiMutation<OrderEditResult, { orderId: number; body: OrderEditBody }>({
    mutationFn: ({ orderId, body: sent }) => patchOrder(orderId, sent, key),
    success: T.saved,
    failure: T.failed,
    invalidate: (saved) => [ordersKeys.lists(), ordersKeys.detail(saved.orderId)],
    closeDialog: onClose,
  });
  if (!order) return null;

  const setQuantity = (productId: number, quantity: number) =>
    setLines((current) => (current ?? []).map((line) => (line.productId === productId ? { ...line, quantity } : line)));
  const remove = (productId: number) =>
    setLines((current) => (current ?? []).filter((line) => line.productId !== productId));
  const add = (product: { productId: number; name: string }) =>
    setLines((current) => {
      const list = current ?? [];
      if (list.some((line) => line.productId === product.productId)) {
        return list.map((line) =>
          line.productId === product.productId ? { ...line, quantity: line.quantity + 1 } : line,
        );
      }
      return [...list, { productId: product.productId, name: product.name, quantity: 1 }];
    });
  const priced = new Map((preview.data?.items ?? []).map((item) => [item.productId, item]));
  const refusal = preview.isError ? refusalMessage(preview.error, T.previewFailed) : null;

  return (
    <FormDialog
      open
      titleId="edit-order-dialog-title"
      title={T.title(order.code)}
      maxWidth="md"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!body || !valid || !preview.data || preview.isError) return;
        save.mutate({ orderId: order.orderId, body: { ...body, expectedTotal: preview.data.total } });
      }}
      closeText={T.close}
      actions={
        <SubmitButton disabled={!valid || !preview.data || preview.isError || preview.isFetching} busy={save.isPending}>
          {T.submit}
        </SubmitButton>
      }
    >
      {!data || !lines ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {T.text}
          </Typography>
          <EditOrderLines lines={lines} priced={priced} setQuantity={setQuantity} remove={remove} />
          <TextField
            size="small"
            label={T.search}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            helperText={email === null ? T.searchUnavailable : T.searchHelp}
            disabled={email === null}
          />
          {term.length >= 2 && found.data ? (
            <Box
              component="ul"
              aria-label={T.results}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
            >
              {found.data.length === 0 ? <Typography variant="body2">{T.noResults}</Typography> : null}
              {found.data.slice(0, 8).map((product) => (
                <Box component="li" key={product.productId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" sx={{ flex: 1 }}>
                    {`${product.name} · ${formatMoney(product.priceDiscounted)} · ${T.stock(product.stock)}`}
                  </Typography>
                  <Button
                    size="small"
                    startIcon={<AddIcon />}
                    disabled={product.stock <= 0}
                    onClick={() => add(product)}
                    aria-label={T.addNamed(product.name)}
                  >
                    {T.add}
                  </Button>
                </Box>
              ))}
            </Box>
          ) : null}
          <DeliveryFields delivery={delivery} setDelivery={setDelivery} />
          <PaymentFields
            orderId={order.orderId}
            payment={payment}
            setPayment={setPayment}
            editable={editable}
            initialChangeFor={data.paymentMethod === 'CASH' ? (data.changeFor ?? null) : null}
          />
          {lines.length === 0 ? <Alert severity="warning">{T.empty}</Alert> : null}
          {refusal ? <Alert severity="error">{refusal}</Alert> : null}
          {preview.data && !refusal ? <EditPreview preview={preview.data} statusKey={data.statusKey} /> : null}
        </Box>
      )}
    </FormDialog>
  );
}
