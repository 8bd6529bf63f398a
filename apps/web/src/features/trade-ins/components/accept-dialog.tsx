import {
  TRADE_IN_SETTLEMENT_LABELS,
  TRADE_IN_SETTLEMENTS,
  TRADE_IN_TEXTS,
  type TradeIn,
  type TradeInSettlement,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { type Choice, ChoicePicker } from '../../../components/choice-picker';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { formatMoney } from '../../../lib/format';
import { useAccept, useOrderByCode, useOrderDue, useUsedProducts } from '../api/trade-ins-api';
import { TRADE_INS_TEXTS as T } from '../texts';

/** The order the search by code found: its customer, total and what it still owes. */
function OrderFound({ code }: { code: string }) {
  const order = useOrderByCode(code);
  const due = useOrderDue(order.data?.orderId ?? null);
  if (code.trim().length < 3) return null;
  if (order.isFetching && !order.data) return <FormHelperText>{T.orderLooking}</FormHelperText>;
  if (order.data === null || order.isError) return <FormHelperText error>{T.orderNotFound}</FormHelperText>;
  if (!order.data) return null;
  return (
    <Typography variant="body2" data-testid="trade-in-order-found">
      {T.orderFound(order.data.customer, formatMoney(order.data.total), due.data ? formatMoney(due.data.due) : '…')}
    </Typography>
  );
}

/**
 * 'Aceitar aparelho': the seminovo product it becomes a unit of (serialized used products, searched as typed), and
 * how the seller is paid: as part of an order's payment (its code, prefilled when the evaluation came from an order;
 * the order's customer, total and what it owes shown), in cash (out of the attendant's open drawer) or by Pix (a bill
 * paid today). A refusal (the order owes less, no open drawer, a unit still ours) is said inside.
 */
export function AcceptDialog({
  tradeIn,
  orderCode = '',
  onClose,
}: {
  tradeIn: TradeIn;
  /** The order the evaluation was opened for. */
  orderCode?: string;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [product, setProduct] = useState<Choice | null>(null);
  const [settlement, setSettlement] = useState<TradeInSettlement>('ORDER');
  const [code, setCode] = useState(orderCode);
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const products = useUsedProducts(typed);
  const order = useOrderByCode(settlement === 'ORDER' ? code : '');
  const accept = useAccept(tradeIn.id, onClose, setProblem);
  const busy = accept.isPending;
  const orderMissing = settlement === 'ORDER' && !order.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!product || (settlement === 'ORDER' && !order.data)) return;
    setProblem(null);
    accept.mutate({
      productId: product.id,
      settlement,
      ...(settlement === 'ORDER' && order.data ? { orderId: order.data.orderId } : {}),
    });
  };

  return (
    <WriteFormDialog
      titleId="trade-in-accept-title"
      title={T.acceptDialog(tradeIn.code)}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.confirmAccept}</SubmitButton>}
    >
      <Stack spacing={2}>
        <Typography variant="body2">{T.acceptText(formatMoney(tradeIn.value))}</Typography>
        <Box>
          <ChoicePicker
            label={T.product}
            noOptionsText={T.productSearch}
            value={product}
            onChange={setProduct}
            typed={typed}
            onTypedChange={setTyped}
            found={products.data?.map((p) => ({ ...p, name: `${p.code} · ${p.name}` })) ?? []}
            loading={products.isFetching}
            hint={(option) => ('grade' in option && option.grade ? T.grade(option.grade) : null)}
            size="medium"
            disabled={busy}
          />
          {tried && !product ? <FormHelperText error>{T.productRequired}</FormHelperText> : null}
        </Box>
        <FormControl disabled={busy}>
          <FormLabel id="trade-in-settlement">{T.settlement}</FormLabel>
          <RadioGroup
            aria-labelledby="trade-in-settlement"
            value={settlement}
            onChange={(event) => setSettlement(event.target.value as TradeInSettlement)}
          >
            {TRADE_IN_SETTLEMENTS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={TRADE_IN_SETTLEMENT_LABELS[value]}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {settlement === 'ORDER' ? (
          <Box>
            <TextField
              label={T.order}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              fullWidth
              required
              disabled={busy}
              error={tried && orderMissing}
              helperText={tried && orderMissing ? TRADE_IN_TEXTS.orderRequired : T.orderHelp}
              slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 30 } }}
            />
            <OrderFound code={code} />
          </Box>
        ) : null}
      </Stack>
    </WriteFormDialog>
  );
}
