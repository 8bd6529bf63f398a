import {
  type CardData,
  type CounterSaleResponse,
  centsToReais,
  DEFAULT_CARD_SETTINGS,
  formatBRL,
  ORDER_STATUS,
  type SellingProduct,
  typedReaisToCents,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { cardSettingsQuery } from '../../../components/payments/card-settings-query';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { useCounterSale, useCounterSearch, useDrawer, useWalkIn } from '../api/counter-api';
import { useCounterCustomer } from '../api/counter-customers';
import { CounterApproval } from '../components/counter-approval';
import { CounterCustomerPicker } from '../components/counter-customer';
import { CounterDiscounts } from '../components/counter-discounts';
import { CounterLines } from '../components/counter-lines';
import { CounterPayments, PaymentButtons } from '../components/counter-payments';
import { CounterPixDialog } from '../components/counter-pix-dialog';
import { CounterReceiptButton } from '../components/counter-receipt-button';
import { CounterWaiting } from '../components/counter-waiting';
import { DrawerState, OpenDrawerDialog } from '../components/open-drawer-dialog';
import {
  addLine,
  approvalRequestOf,
  type CounterLineState,
  type CounterPaymentState,
  centsText,
  paymentsComplete,
  saleBody,
  saleFigures,
  withPayment,
} from '../lib/counter-sale';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

const NEW_CARD: CardData = { kind: 'CREDIT', brand: 'Visa', instalments: 1, nsu: '', authorizationCode: '' };
const money = (cents: number) => formatBRL(centsToReais(cents));

/**
 * 'Balcão' (issue 54 §1, decision 0074): the counter's point of sale on one screen, keyboard first. Type or scan
 * (search as you type, Enter takes the first match), quantities and a phone's IMEIs, the order's discount, any
 * number of cash and card payments (F2, F3; cash with 'Valor recebido' and 'Troco'), a Pix (F4), and 'Concluir venda'
 * (F9): the order is paid, finalized and in the seller's drawer in one call; with a Pix, the Pix dialog shows its QR
 * until the bank confirms it.
 */
export default function CounterPage() {
  const walkIn = useWalkIn();
  const drawer = useDrawer();
  const cardSettings = useQuery(cardSettingsQuery);
  const [term, setTerm] = useState('');
  const [lines, setLines] = useState<CounterLineState[]>([]);
  // 'Cliente' (a registered customer at his level's prices) or, none picked, the seller's 'Consumidor final'.
  const [customer, pickCustomer] = useCounterCustomer(walkIn.data?.email, lines, setLines);
  const results = useCounterSearch(customer?.email ?? walkIn.data?.email, term);
  const [discount, setDiscount] = useState('');
  const [noteDocument, setNoteDocument] = useState('');
  const [payments, setPayments] = useState<CounterPaymentState[]>([]);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<CounterSaleResponse | null>(null);
  const [opening, setOpening] = useState(false);
  // A manager's approval covering the sale as it is (a discount above the seller's maximum, decision 0078).
  const [approvalId, setApprovalId] = useState<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);

  const discountCents = typedReaisToCents(discount) ?? 0;
  const figures = saleFigures(lines, discountCents, payments);
  const mySession = drawer.data?.registers.find((register) => register.openSession?.id === drawer.data?.mySessionId);
  // The server's rule (decision 0075): cash needs the seller's open drawer where the shop uses drawers (an active
  // register); a shop without any keeps selling.
  const usesDrawers = drawer.data?.registers.some((register) => register.active) ?? true;
  const needsDrawer = payments.some((payment) => payment.method === 'CASH') && usesDrawers && !drawer.data?.mySessionId;

  const reset = () => {
    setLines([]);
    setDiscount('');
    setNoteDocument('');
    pickCustomer(null);
    setPayments([]);
    setTerm('');
    setKey(crypto.randomUUID());
    setDone(null);
    searchRef.current?.focus();
  };
  const sale = useCounterSale(setDone);

  const take = (product: SellingProduct) => {
    setLines((old) =>
      addLine(old, {
        productId: product.productId,
        code: product.code,
        name: product.name,
        unitCents: Math.round(product.priceDiscounted * 100),
        stock: product.stock,
        serialized: product.serialized === true,
      }),
    );
    setTerm('');
    searchRef.current?.focus();
  };
  const addPayment = useCallback(
    (method: CounterPaymentState['method']) => {
      const amount = centsText(Math.max(0, figures.remainingCents));
      const id = nextId.current++;
      setPayments((old) => withPayment(old, { id, method, amount }, NEW_CARD));
    },
    [figures.remainingCents],
  );
  const canFinish =
    lines.length > 0 &&
    payments.length > 0 &&
    figures.remainingCents === 0 &&
    paymentsComplete(payments) &&
    !figures.discountError &&
    !needsDrawer &&
    !sale.isPending;
  const finish = useCallback(() => {
    if (!canFinish) return;
    const body = {
      ...saleBody(lines, discountCents, payments, customer ? '' : noteDocument, figures.totalCents),
      ...(customer ? { customerId: customer.id } : {}),
      ...(approvalId === null ? {} : { discountApprovalId: approvalId }),
    };
    sale.mutate({ body, key });
  }, [canFinish, sale, lines, discountCents, payments, noteDocument, customer, figures.totalCents, key, approvalId]);
  const approvalRequest = approvalRequestOf(lines, discountCents, customer?.id ?? walkIn.data?.id);
  const refusedForDiscount = sale.isError && sale.error instanceof ApiError && sale.error.status === 403;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (done) return;
      if (['F2', 'F3', 'F4', 'F6', 'F7', 'F9'].includes(event.key)) event.preventDefault();
      if (event.key === 'F2') addPayment('CASH');
      else if (event.key === 'F3') addPayment('CARD');
      else if (event.key === 'F4') addPayment('PIX');
      else if (event.key === 'F6' && customer) addPayment('CREDIT');
      else if (event.key === 'F7') addPayment('TRADE_IN');
      else if (event.key === 'F9') finish();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [addPayment, finish, done, customer]);

  const found = results.data ?? [];
  // A scanner types the code and Enter at once: Enter waits for this very term's answer, then takes its exact code
  // (or its first match), never a match of the term before.
  const [enterPending, setEnterPending] = useState(false);
  const settled = !results.isPlaceholderData && !results.isFetching && results.data !== undefined;
  useEffect(() => {
    if (!enterPending || !settled) return;
    setEnterPending(false);
    const wanted = term.trim().toUpperCase();
    const pick = found.find((product) => product.code.toUpperCase() === wanted) ?? found[0];
    if (pick) take(pick);
  });
  return (
    <Box>
      <PageHeader title={T.title} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="body2" color="text.secondary">
          {T.shortcuts}
        </Typography>
        <CounterWaiting />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: 3, width: '100%' }}>
          <Box sx={{ position: 'relative' }}>
            <TextField
              inputRef={searchRef}
              autoFocus
              fullWidth
              label={T.search}
              helperText={T.searchHelp}
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && term.trim().length >= 2) setEnterPending(true);
                if (event.key === 'Escape') setTerm('');
              }}
            />
            {term.trim().length >= 2 && !results.isFetching && found.length === 0 && (
              <Typography color="text.secondary">{T.noResults}</Typography>
            )}
            {term.trim().length >= 2 && found.length > 0 && (
              <Paper variant="outlined">
                <List dense aria-label={T.results}>
                  {found.slice(0, 8).map((product) => (
                    <ListItemButton key={product.productId} onClick={() => take(product)}>
                      <ListItemText
                        primary={`${product.name} — ${money(Math.round(product.priceDiscounted * 100))}`}
                        secondary={`${product.code} · ${T.stock(product.stock)}`}
                      />
                    </ListItemButton>
                  ))}
                </List>
              </Paper>
            )}
          </Box>
          <CounterLines lines={lines} lineDiscounts={figures.lineDiscounts} onChange={setLines} />
        </Stack>
        <Paper variant="outlined" sx={{ flex: 2, width: '100%', p: 2 }}>
          <Stack spacing={1.5}>
            <CounterCustomerPicker
              customer={customer}
              onChange={pickCustomer}
              noteDocument={noteDocument}
              onNoteDocument={setNoteDocument}
            />
            <TextField
              size="small"
              label={T.discount}
              value={discount}
              error={discount !== '' && typedReaisToCents(discount) === null}
              onChange={(event) => setDiscount(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Typography>
              {T.goods}: {money(figures.goodsCents)}
            </Typography>
            <CounterDiscounts figures={figures} refusal={sale.isError ? refusalMessage(sale.error, T.failed) : null} />
            <CounterApproval request={approvalRequest} refused={refusedForDiscount} onApproved={setApprovalId} />
            <Typography variant="h5" component="p" aria-label={T.total}>
              {T.total}: {money(figures.totalCents)}
            </Typography>
            <Typography variant="subtitle2">{T.payments}</Typography>
            <PaymentButtons creditAllowed={!!customer} onAdd={addPayment} />
            <CounterPayments
              payments={payments}
              maxInstalments={cardSettings.data?.maxInstalments ?? DEFAULT_CARD_SETTINGS.maxInstalments}
              customerId={customer?.id ?? null}
              onChange={setPayments}
            />
            {figures.remainingCents > 0 && payments.length > 0 && (
              <Typography color="warning.main">
                {T.remaining}: {money(figures.remainingCents)}
              </Typography>
            )}
            {figures.remainingCents < 0 && (
              <Typography color="error">
                {T.over} {money(-figures.remainingCents)}
              </Typography>
            )}
            <DrawerState name={mySession?.name ?? null} needsDrawer={needsDrawer} onOpen={() => setOpening(true)} />
            <Button variant="contained" size="large" disabled={!canFinish} onClick={finish}>
              {sale.isPending ? T.finishing : T.finish}
            </Button>
          </Stack>
        </Paper>
      </Stack>
      {opening && drawer.data && (
        <OpenDrawerDialog registers={drawer.data.registers} onClose={() => setOpening(false)} />
      )}
      {/* A sale with a Pix part waits for the bank: its own dialog (QR, then 'Venda concluída' or cancelled). */}
      {done && <SaleDoneDialog sale={done} payments={payments} onClose={reset} />}
    </Box>
  );
}

/**
 * What 'Concluir venda' answered: a sale with a Pix part waits for the bank in its own dialog (the QR, then 'Venda
 * concluída' or cancelled); any other is handed over: its change and 'Imprimir comprovante'.
 */
function SaleDoneDialog({
  sale,
  payments,
  onClose,
}: {
  sale: CounterSaleResponse;
  payments: CounterPaymentState[];
  onClose: () => void;
}) {
  if (sale.statusKey === ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO) {
    return (
      <Dialog open onClose={onClose}>
        <DialogTitle>{T.creditHeldTitle}</DialogTitle>
        <DialogContent>
          <Typography>{T.creditHeld(sale.code)}</Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" autoFocus onClick={onClose}>
            {T.newSale}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  if (sale.pix && sale.statusKey !== ORDER_STATUS.FINALIZADOS) {
    const partCents = (method: CounterPaymentState['method']) =>
      payments
        .filter((payment) => payment.method === method)
        .reduce((sum, payment) => sum + (typedReaisToCents(payment.amount) ?? 0), 0);
    const given = { cashCents: partCents('CASH'), cardCents: partCents('CARD') };
    return <CounterPixDialog sale={sale} given={given} onClose={onClose} />;
  }
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{T.doneTitle}</DialogTitle>
      <DialogContent>
        <Typography>{T.doneCode(sale.code)}</Typography>
        <Typography variant="h5" component="p" sx={{ mt: 1 }}>
          {T.doneChange(formatBRL(sale.change))}
        </Typography>
      </DialogContent>
      <DialogActions>
        <CounterReceiptButton orderId={sale.orderId} code={sale.code} />
        <Button variant="contained" autoFocus onClick={onClose}>
          {T.newSale}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
