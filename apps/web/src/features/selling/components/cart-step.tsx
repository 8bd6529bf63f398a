import { DELIVERY_TYPES, type Discount, noteDocumentSchema, type PreCheckoutResponse } from '@backoffice/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useDepartureWeek } from '../../../lib/shared-queries';
import { offersCredit, useCustomerCredit } from '../api/selling-api';
import {
  type CartChoices,
  canFinish,
  discountsFor,
  type PaymentProof,
  type SelectedCustomer,
} from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';
import { DeliverySections, NoteDocumentSection, OrderDiscountSection } from './cart-choices';
import { CartItems } from './cart-items';
import { PaymentSection } from './cart-payment';
import { CartTotals, TransferPix } from './cart-totals';
import { SaveQuoteButton } from './save-quote-button';

interface Props {
  customer: SelectedCustomer;
  choices: CartChoices;
  proof: PaymentProof | null;
  preCheckout: PreCheckoutResponse | undefined;
  loading: boolean;
  failed: boolean;
  sending: boolean;
  onChoose(choices: Partial<CartChoices>): void;
  /** A line's discount (its product) or the order's (none), merged into the discounts as they are when it lands. */
  onDiscount(productId: number | undefined, discount: Discount | undefined, productIds: readonly number[]): void;
  onProof(proof: PaymentProof | null): void;
  onBack(): void;
  onFinish(): void;
}

/** Step 3: the customer's cart, the delivery/warranty/fast-delivery/payment choices, totals and checkout. */
export function CartStep(props: Props) {
  const { customer, choices, proof, preCheckout, loading, failed, sending, onChoose, onDiscount } = props;
  const items = preCheckout?.cart.items ?? [];
  const pickup = choices.shippingOption === DELIVERY_TYPES.PICKUP;
  /** A walk-in ('Consumidor final', decision 0040): pickup only, an optional CPF/CNPJ on the note. */
  const walkIn = customer.walkIn === true;
  // The server's own rule for the note's document (blank is none).
  const noteDocumentInvalid = walkIn && !noteDocumentSchema.safeParse(choices.noteDocument ?? '').success;
  /** The shop's departures (Configurações), said in words under the delivery choice. */
  const week = useDepartureWeek();
  /** 'A prazo' (issue 40 §1): offered to a customer with a limit and plans (a walk-in has none). */
  const credit = useCustomerCredit(customer.id, !walkIn);
  const offeredCredit = offersCredit(credit.data) ? credit.data : null;
  const creditOffered = offeredCredit !== null;
  const creditRead = credit.isSuccess;
  // A credit taken away meanwhile (the cart read again): back to cash, which is always offered.
  useEffect(() => {
    if (choices.payment === 'credit' && creditRead && !creditOffered) onChoose({ payment: 'cash' });
  }, [choices.payment, creditRead, creditOffered, onChoose]);
  // Arriving from the cart button (now gone), the focus goes to the cart's heading, not to the page's body.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = preCheckout !== undefined && !failed;
  useEffect(() => {
    if (shown && document.activeElement === document.body) headingRef.current?.focus();
  }, [shown]);
  /** A customer without an address (a counter customer, decision 0073): pickup only, said why. */
  const addressMissing = preCheckout?.customer.addressMissing === true;
  useEffect(() => {
    if (addressMissing && choices.shippingOption !== DELIVERY_TYPES.PICKUP)
      onChoose({ shippingOption: DELIVERY_TYPES.PICKUP, isFastDelivery: false });
  }, [addressMissing, choices.shippingOption, onChoose]);
  // A line's discount leaves with its product (the server refuses a discount for a product not in the cart).
  const productIds = items.map((item) => item.productId).join(',');
  useEffect(() => {
    const kept = discountsFor(choices.discounts, productIds.split(',').map(Number));
    if (JSON.stringify(kept) !== JSON.stringify(choices.discounts)) onChoose({ discounts: kept });
  }, [productIds, choices.discounts, onChoose]);
  const cartIds = items.map((item) => item.productId);
  const setLineDiscount = (productId: number, discount: Discount | undefined) =>
    onDiscount(productId, discount, cartIds);
  const setOrderDiscount = (order: Discount | undefined) => onDiscount(undefined, order, cartIds);

  if (failed)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="error">{T.cartFailed}</Alert>
        <Box>
          <Button startIcon={<ArrowBackIcon />} onClick={props.onBack}>
            {T.backToProducts}
          </Button>
        </Box>
      </Box>
    );
  if (!preCheckout)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={T.loading} />
      </Box>
    );

  const heading = (
    <Typography
      variant="h6"
      component="h2"
      tabIndex={-1}
      ref={headingRef}
      sx={{ wordBreak: 'break-word', outline: 'none' }}
    >
      {T.cartOf} {customer.name}
    </Typography>
  );
  if (items.length === 0)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {heading}
        <Alert severity="info">{T.emptyCart}</Alert>
        <Box>
          <Button variant="contained" startIcon={<ArrowBackIcon />} onClick={props.onBack} autoFocus>
            {T.backToProducts}
          </Button>
        </Box>
      </Box>
    );

  const unsellable = items.some((item) => item.archived || item.quantity > item.stock);
  const discountRefusal = preCheckout.discounts?.refusal ?? null;
  const discountOff = discountRefusal ? 0 : (preCheckout.discounts?.discount ?? 0);
  const maximum = preCheckout.maxDiscountPercentage;
  const finishEnabled =
    canFinish({ choices, proof }, items.length) &&
    preCheckout.customer.canBuy &&
    !unsellable &&
    !noteDocumentInvalid &&
    !discountRefusal &&
    !sending &&
    !loading;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {heading}
      {preCheckout.customer.canBuy ? null : <Alert severity="error">{T.cannotBuy(customer.name)}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
            <CartItems
              customerId={customer.id}
              items={items}
              typed={choices.discounts}
              priced={preCheckout.discounts}
              onLineDiscount={setLineDiscount}
            />
          </Paper>
          <OrderDiscountSection value={choices.discounts?.order} onChange={setOrderDiscount} maximum={maximum} />
          <DeliverySections
            choices={choices}
            preCheckout={preCheckout}
            pickup={pickup}
            walkIn={walkIn}
            addressMissing={addressMissing ? customer.name : null}
            week={week.data}
            onChoose={onChoose}
          />
          <PaymentSection
            choices={choices}
            offeredCredit={offeredCredit}
            total={preCheckout.total}
            pickup={pickup}
            proof={proof}
            onProof={props.onProof}
            onChoose={onChoose}
          />
          {walkIn ? (
            <NoteDocumentSection
              value={choices.noteDocument}
              invalid={noteDocumentInvalid}
              onChange={(noteDocument) => onChoose({ noteDocument })}
            />
          ) : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, position: { md: 'sticky' }, top: { md: 80 } }}>
          <CartTotals
            customerId={customer.id}
            choices={choices}
            preCheckout={preCheckout}
            pickup={pickup}
            loading={loading}
            discountOff={discountOff}
            discountRefusal={discountRefusal}
          />
          {choices.payment === 'bankTransfer' ? <TransferPix preCheckout={preCheckout} loading={loading} /> : null}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
            <Button startIcon={<ArrowBackIcon />} onClick={props.onBack} disabled={sending}>
              {T.backToProducts}
            </Button>
            <SaveQuoteButton
              customerId={customer.id}
              walkIn={walkIn}
              choices={choices}
              // A quote is saved within the seller's maximum: a manager's approval covers a sale, not a quote (decision 0045).
              disabled={
                !preCheckout.customer.canBuy ||
                !!discountRefusal ||
                !!preCheckout.discounts?.approval?.covers ||
                sending ||
                loading
              }
            />
            <Button
              variant="contained"
              size="large"
              onClick={props.onFinish}
              disabled={!finishEnabled}
              startIcon={sending ? <CircularProgress size={18} color="inherit" aria-label={T.sending} /> : undefined}
            >
              {T.finish}
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
