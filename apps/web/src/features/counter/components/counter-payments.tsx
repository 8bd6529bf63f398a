import { CARD_BRANDS, type CardBrand, centsToReais, formatBRL, typedReaisToCents } from '@backoffice/contract';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CounterPaymentState } from '../lib/counter-sale';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';
import { CreditFields, TradeInFields } from './counter-other-payments';

/**
 * The sale's payments: cash with 'Valor recebido' and its change, cards with their receipt's fields, a Pix by its
 * amount (its QR comes after 'Concluir venda').
 */
export function CounterPayments({
  payments,
  maxInstalments,
  customerId,
  onChange,
}: {
  payments: readonly CounterPaymentState[];
  maxInstalments: number;
  /** The registered customer, null for the walk-in: whose trade-ins a used phone is chosen from. */
  customerId: number | null;
  onChange: (payments: CounterPaymentState[]) => void;
}) {
  const replace = (index: number, payment: CounterPaymentState | null) =>
    onChange(payments.flatMap((other, i) => (i === index ? (payment ? [payment] : []) : [other])));
  return (
    <Stack spacing={1}>
      {payments.map((payment, index) => (
        <Paper key={payment.id} variant="outlined" sx={{ p: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography sx={{ width: 80 }}>{T.methods[payment.method]}</Typography>
            <TextField
              label={T.amount}
              size="small"
              value={payment.amount}
              error={payment.amount !== '' && typedReaisToCents(payment.amount) === null}
              onChange={(event) => replace(index, { ...payment, amount: event.target.value })}
              slotProps={{
                htmlInput: {
                  inputMode: 'decimal',
                  'aria-label': `${T.amount} ${index + 1}`,
                  // A used phone's amount is its trade-in's value, set by choosing it.
                  readOnly: payment.method === 'TRADE_IN',
                },
              }}
              sx={{ width: 130 }}
            />
            {payment.method === 'CASH' && <CashReceived payment={payment} onChange={(next) => replace(index, next)} />}
            {payment.method === 'CARD' && (
              <CardFields payment={payment} maxInstalments={maxInstalments} onChange={(next) => replace(index, next)} />
            )}
            {payment.method === 'CREDIT' && (
              <CreditFields payment={payment} onChange={(next) => replace(index, next)} />
            )}
            {payment.method === 'TRADE_IN' && (
              <TradeInFields payment={payment} customerId={customerId} onChange={(next) => replace(index, next)} />
            )}
            {payment.method === 'PIX' && (
              <Typography variant="body2" color="text.secondary">
                {T.pixHint}
              </Typography>
            )}
            <IconButton aria-label={`${T.removePayment} ${index + 1}`} onClick={() => replace(index, null)}>
              <DeleteOutline />
            </IconButton>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function CashReceived({
  payment,
  onChange,
}: {
  payment: Extract<CounterPaymentState, { method: 'CASH' }>;
  onChange: (payment: CounterPaymentState) => void;
}) {
  const amount = typedReaisToCents(payment.amount);
  const received = typedReaisToCents(payment.received);
  const change = amount !== null && received !== null ? received - amount : null;
  return (
    <>
      <TextField
        label={T.received}
        size="small"
        value={payment.received}
        error={change !== null && change < 0}
        onChange={(event) => onChange({ ...payment, received: event.target.value })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: 150 }}
      />
      {change !== null && change >= 0 && (
        <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
          {T.change}: {formatBRL(centsToReais(change))}
        </Typography>
      )}
    </>
  );
}

function CardFields({
  payment,
  maxInstalments,
  onChange,
}: {
  payment: Extract<CounterPaymentState, { method: 'CARD' }>;
  maxInstalments: number;
  onChange: (payment: CounterPaymentState) => void;
}) {
  const card = payment.card;
  const set = (changes: Partial<typeof card>) => onChange({ ...payment, card: { ...card, ...changes } });
  return (
    <>
      <TextField
        select
        label={T.cardKind}
        size="small"
        value={card.kind}
        onChange={(event) => {
          const kind = event.target.value as typeof card.kind;
          set({ kind, instalments: kind === 'DEBIT' ? 1 : card.instalments });
        }}
        sx={{ width: 110 }}
      >
        {(['CREDIT', 'DEBIT'] as const).map((kind) => (
          <MenuItem key={kind} value={kind}>
            {T.cardKinds[kind]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={T.instalments}
        size="small"
        value={card.instalments}
        disabled={card.kind === 'DEBIT'}
        onChange={(event) => set({ instalments: Number(event.target.value) })}
        sx={{ width: 90 }}
      >
        {Array.from({ length: maxInstalments }, (_, i) => i + 1).map((n) => (
          <MenuItem key={n} value={n}>
            {n}×
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={T.brand}
        size="small"
        value={card.brand}
        onChange={(event) => set({ brand: event.target.value as CardBrand })}
        sx={{ width: 150 }}
      >
        {CARD_BRANDS.map((brand) => (
          <MenuItem key={brand} value={brand}>
            {brand}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={T.nsu}
        size="small"
        value={card.nsu}
        onChange={(event) => set({ nsu: event.target.value.replace(/\D/g, '') })}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
        sx={{ width: 110 }}
      />
      <TextField
        label={T.authorizationCode}
        size="small"
        value={card.authorizationCode}
        onChange={(event) => set({ authorizationCode: event.target.value.toUpperCase() })}
        slotProps={{ htmlInput: { maxLength: 12 } }}
        sx={{ width: 170 }}
      />
    </>
  );
}

/** The payment buttons (F2, F3, F4, F6, F7), each for what is still to be received; 'A prazo' needs a customer. */
export function PaymentButtons({
  creditAllowed,
  onAdd,
}: {
  creditAllowed: boolean;
  onAdd: (method: CounterPaymentState['method']) => void;
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="outlined" onClick={() => onAdd('CASH')}>
        {T.addCash}
      </Button>
      <Button variant="outlined" onClick={() => onAdd('CARD')}>
        {T.addCard}
      </Button>
      <Button variant="outlined" onClick={() => onAdd('PIX')}>
        {T.addPix}
      </Button>
      <Button
        variant="outlined"
        disabled={!creditAllowed}
        title={creditAllowed ? undefined : T.creditNeedsCustomer}
        onClick={() => onAdd('CREDIT')}
      >
        {T.addCredit}
      </Button>
      <Button variant="outlined" onClick={() => onAdd('TRADE_IN')}>
        {T.addTradeIn}
      </Button>
    </Stack>
  );
}
