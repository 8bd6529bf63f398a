import {
  type AdjustmentBody,
  type AdjustmentKind,
  type AdjustmentResult,
  isValidImei,
  type OrderDetail,
  type Unit,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { api } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { useDeliverers } from '../../lib/shared-queries';
import { useApiMutation } from '../use-api-mutation';
import { ordersKeys } from './order-keys';
import { ORDER_TEXTS } from './texts';

const BarcodeScanner = lazy(() => import('../barcode-scanner'));
const T = ORDER_TEXTS.adjustment;

interface Props {
  order: OrderDetail;
  kind: AdjustmentKind;
  open: boolean;
  onClose: () => void;
}

/** The sentence about the money: refund, amount due, or none (the server's figure). */
export function differenceText(difference: number): string {
  if (difference < 0) return T.refund(formatMoney(-difference));
  if (difference > 0) return T.due(formatMoney(difference));
  return T.noDifference;
}

/**
 * The body from what was chosen: each phone (IMEI) its own line, quantity 1, with its replacement's IMEI on
 * an exchange (the replacement's product is the one that IMEI is registered to: read with GET /units/{imei},
 * so a phone may be exchanged for another model); other lines by quantity, exchanged for the same product.
 */
async function bodyOf(
  order: OrderDetail,
  kind: AdjustmentKind,
  quantities: Record<number, number>,
  imeis: Record<string, boolean>,
  replacements: Record<string, string>,
  comments: string,
  delivererId: string,
): Promise<AdjustmentBody> {
  const items: AdjustmentBody['items'] = [];
  for (const [index, item] of order.items.entries()) {
    if (item.productId === undefined) continue;
    if (item.imeis?.length) {
      for (const imei of item.imeis) {
        if (!imeis[imei]) continue;
        if (kind === 'RETURN') {
          items.push({ productId: item.productId, quantity: 1, imei });
          continue;
        }
        const replacement = (replacements[imei] ?? '').trim();
        if (!isValidImei(replacement)) throw new Error(T.replacementMissing(imei));
        const unit = await api<{ data: Unit }>(`/units/${replacement}`).catch(() => {
          throw new Error(T.replacementUnknown(replacement));
        });
        items.push({
          productId: item.productId,
          quantity: 1,
          imei,
          replacementProductId: unit.data.product.id,
          replacementImei: replacement,
        });
      }
    } else if ((quantities[index] ?? 0) > 0) {
      items.push({ productId: item.productId, quantity: quantities[index] as number });
    }
  }
  if (items.length === 0) throw new Error(T.nothingChosen);
  return {
    orderId: order.orderId,
    kind,
    items,
    comments: comments.trim() || null,
    delivererId: delivererId === '' ? null : Number(delivererId),
  };
}

/**
 * 'Registrar troca' / 'Registrar devolução' of a delivered or finished order (issue 17 §5): the order's
 * lines by quantity, its phones by the IMEIs sold in it (an exchange's replacement typed or scanned), the
 * courier who collected them (optional) and 'Observações'. Saved through POST /orders/adjustments; then the
 * difference the server computed: 'Valor a devolver ao cliente' or 'Valor a receber do cliente'.
 */
export function OrderAdjustmentDialog({ order, kind, open, onClose }: Props) {
  const phone = useMediaQuery('(max-width:599.95px)');
  const couriers = useDeliverers(open);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [imeis, setImeis] = useState<Record<string, boolean>>({});
  const [replacements, setReplacements] = useState<Record<string, string>>({});
  const [comments, setComments] = useState('');
  const [delivererId, setDelivererId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<AdjustmentResult | null>(null);
  // One key per opening: a retry after a lost answer is answered with the registration made, not a second one.
  const [registration] = useState(() => crypto.randomUUID());

  const save = useApiMutation<AdjustmentResult, AdjustmentBody>({
    mutationFn: async (body) =>
      (await api<{ data: AdjustmentResult }>('/orders/adjustments', { method: 'POST', body })).data,
    success: T.registered(kind),
    failure: T.failed,
    // The order's history and details, the reports' lists (8 to 11) and the phones looked up.
    invalidate: [ordersKeys.all, ['reports'], ['units']],
    errorInDialog: true,
    onError: (_error, message) => setProblem(message),
    onSuccess: (data) => setResult(data),
  });

  const close = () => {
    setQuantities({});
    setImeis({});
    setReplacements({});
    setComments('');
    setDelivererId('');
    setProblem(null);
    setResult(null);
    save.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      save.mutate({
        ...(await bodyOf(order, kind, quantities, imeis, replacements, comments, delivererId)),
        registration,
      });
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const titleId = 'order-adjustment-title';
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{T.title(kind, order.code)}</DialogTitle>
        <DialogContent dividers>
          {result ? (
            <Box role="status">
              <Alert severity="success" sx={{ mb: 2 }}>
                {T.registered(kind)}
              </Alert>
              <Box component="ul" sx={{ pl: 2.5, mt: 0 }}>
                {result.lines.map((line) => (
                  <li key={`${line.productId}:${line.imei ?? ''}:${line.replacementImei ?? ''}`}>
                    <Typography variant="body2">
                      {T.line(line.quantity, line.productName, line.imei)}
                      {line.replacementProductName
                        ? T.replacedBy(line.replacementProductName, line.replacementImei)
                        : ''}
                    </Typography>
                  </li>
                ))}
              </Box>
              <Typography variant="h6" component="p">
                {differenceText(result.difference)}
              </Typography>
            </Box>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {T.intro(kind)}
              </Typography>
              {order.items.map((item, index) =>
                item.productId === undefined ? null : item.imeis?.length ? (
                  <Box
                    key={`${item.productId}:${item.name}`}
                    component="fieldset"
                    sx={{ border: 0, p: 0, m: 0, mb: 2 }}
                  >
                    <Typography component="legend" variant="subtitle2">
                      {item.name} · {formatMoney(item.unitPrice)}
                    </Typography>
                    {item.imeis.map((imei) => (
                      <Box key={imei}>
                        <FormControlLabel
                          control={
                            <Checkbox
                              checked={imeis[imei] ?? false}
                              onChange={(event) => setImeis({ ...imeis, [imei]: event.target.checked })}
                            />
                          }
                          label={T.imeiOf(imei)}
                        />
                        {kind === 'EXCHANGE' && imeis[imei] ? (
                          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', ml: { xs: 0, sm: 4 }, mb: 1 }}>
                            <TextField
                              label={T.replacementImei(imei)}
                              value={replacements[imei] ?? ''}
                              onChange={(event) =>
                                setReplacements({
                                  ...replacements,
                                  [imei]: event.target.value.replace(/\D/g, '').slice(0, 15),
                                })
                              }
                              helperText={T.replacementHint}
                              fullWidth
                              size="small"
                              autoComplete="off"
                              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
                            />
                            <Suspense fallback={null}>
                              <BarcodeScanner
                                onDetected={(code) => {
                                  setReplacements((now) => ({ ...now, [imei]: code }));
                                  return true;
                                }}
                              />
                            </Suspense>
                          </Box>
                        ) : null}
                      </Box>
                    ))}
                  </Box>
                ) : (
                  <TextField
                    key={`${item.productId}:${item.name}`}
                    type="number"
                    label={T.quantity(item.name, item.quantity)}
                    value={quantities[index] ?? 0}
                    onChange={(event) => {
                      const value = Math.max(0, Math.min(item.quantity, Math.trunc(Number(event.target.value) || 0)));
                      setQuantities({ ...quantities, [index]: value });
                    }}
                    helperText={kind === 'EXCHANGE' ? T.sameProduct : formatMoney(item.unitPrice)}
                    fullWidth
                    margin="dense"
                    slotProps={{ htmlInput: { min: 0, max: item.quantity, inputMode: 'numeric' } }}
                  />
                ),
              )}
              <TextField
                select
                label={T.courier}
                value={delivererId}
                onChange={(event) => setDelivererId(event.target.value)}
                fullWidth
                margin="dense"
              >
                <MenuItem value="">{T.noCourier}</MenuItem>
                {(couriers.data ?? []).map((courier) => (
                  <MenuItem key={courier.id} value={String(courier.id)}>
                    {courier.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={T.comments}
                value={comments}
                onChange={(event) => setComments(event.target.value)}
                fullWidth
                multiline
                minRows={2}
                margin="dense"
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
              {problem ? (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {problem}
                </Alert>
              ) : null}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{ORDER_TEXTS.close}</Button>
          {result ? null : (
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {T.save}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
