import { formatBRL } from '@backoffice/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useOpenTradeIns, useSeminovoProducts } from '../api/counter-api';
import { type CounterPaymentState, centsText } from '../lib/counter-sale';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

type Credit = Extract<CounterPaymentState, { method: 'CREDIT' }>;
type TradeIn = Extract<CounterPaymentState, { method: 'TRADE_IN' }>;

/** 'A prazo' (decision 0078): the customer's plan typed ('30/60/90'); the server checks it is one of his. */
export function CreditFields({ payment, onChange }: { payment: Credit; onChange: (payment: Credit) => void }) {
  return (
    <TextField
      label={T.creditTerms}
      size="small"
      value={payment.terms}
      helperText={T.creditTermsHelp}
      onChange={(event) => onChange({ ...payment, terms: event.target.value })}
      sx={{ width: 200 }}
    />
  );
}

/**
 * A used phone as payment (decision 0078): one of the open trade-ins with their value agreed (this customer's, or
 * any for a walk-in), its value the payment's amount, and the seminovo it enters the stock as.
 */
export function TradeInFields({
  payment,
  customerId,
  onChange,
}: {
  payment: TradeIn;
  customerId: number | null;
  onChange: (payment: TradeIn) => void;
}) {
  const tradeIns = useOpenTradeIns(customerId);
  const products = useSeminovoProducts();
  const open = tradeIns.data ?? [];
  if (tradeIns.isSuccess && open.length === 0) {
    return <Typography color="text.secondary">{T.tradeInNone}</Typography>;
  }
  return (
    <>
      <TextField
        select
        label={T.tradeIn}
        size="small"
        value={payment.tradeInId ?? ''}
        onChange={(event) => {
          const chosen = open.find((tradeIn) => tradeIn.id === Number(event.target.value));
          if (chosen) {
            const cents = Math.round((chosen.value ?? 0) * 100);
            onChange({ ...payment, tradeInId: chosen.id, amount: centsText(cents) });
          }
        }}
        sx={{ width: 260 }}
      >
        {open.map((tradeIn) => (
          <MenuItem key={tradeIn.id} value={tradeIn.id}>
            {`${tradeIn.code} · ${tradeIn.phone} · ${formatBRL(tradeIn.value ?? 0)}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={T.seminovo}
        size="small"
        value={payment.productId ?? ''}
        onChange={(event) => onChange({ ...payment, productId: Number(event.target.value) })}
        sx={{ width: 220 }}
      >
        {(products.data ?? []).map((product) => (
          <MenuItem key={product.id} value={product.id}>
            {product.name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
