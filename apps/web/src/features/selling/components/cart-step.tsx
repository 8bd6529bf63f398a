import {
  type CartItem,
  DELIVERY_TYPES,
  type Discount,
  describeDepartures,
  noteDocumentSchema,
  type PreCheckoutResponse,
  type SaleDiscounts,
} from '@backoffice/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DiscountField } from '../../../components/discount-field';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { PixCode } from '../../../components/pix-code';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDepartureWeek } from '../../../lib/shared-queries';
import {
  offersCredit,
  useAskDiscountApproval,
  useCustomerCredit,
  useRemoveFromCart,
  useSetCartQuantity,
} from '../api/selling-api';
import { NotAnImageError, readProof } from '../lib/proof-image';
import {
  type CartChoices,
  canFinish,
  discountsFor,
  type PaymentProof,
  type SelectedCustomer,
  type ShippingOption,
} from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';
import { CardFields } from './card-fields';
import { CreditFields } from './credit-fields';
import { QuantityInput } from './quantity-dialog';
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

/** 'Troco para': the note a customer paying cash on delivery will pay with (typed as a Brazilian types money). */
function ChangeForField({ onChange }: { onChange: (changeFor: number | null) => void }) {
  const form = useForm<{ changeFor: number | null }>({ defaultValues: { changeFor: null } });
  return (
    <FormMoneyField
      control={form.control}
      name="changeFor"
      valueAs="number"
      label={T.changeForLabel}
      helperText={T.changeForHelp}
      onChange={(value) => onChange(typeof value === 'number' && value > 0 ? value : null)}
      sx={{ mt: 1.5, maxWidth: 260 }}
    />
  );
}

/**
 * 'Pix' split at the sale (decision 0042's amendment): off, the whole total by Pix; on, the card part typed
 * (1.234,56), charged at the door or the counter ('Levar maquininha'), and the rest by the Pix now. Hands up the
 * card part when it is more than 0 and less than the total, null while it is not; undefined when off.
 */
function PixSplitField({ total, onChange }: { total: number; onChange: (amount: number | null | undefined) => void }) {
  const [on, setOn] = useState(false);
  const form = useForm<{ amount: number | null }>({ defaultValues: { amount: null } });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const cents = typeof amount === 'number' ? Math.round(amount * 100) : 0;
  const totalCents = Math.round(total * 100);
  const valid = cents > 0 && cents < totalCents;
  const value = on ? (valid ? cents / 100 : null) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `value` is what the parent keeps.
  useEffect(() => onChange(value), [value]);
  return (
    <Box sx={{ mt: 1 }}>
      <FormControlLabel
        control={<Checkbox checked={on} onChange={(event) => setOn(event.target.checked)} />}
        label={T.pixSplit}
      />
      {on ? (
        <FormMoneyField
          control={form.control}
          name="amount"
          valueAs="number"
          label={T.pixSplitAmount}
          helperText={valid ? T.pixSplitHelp(formatMoney((totalCents - cents) / 100)) : T.pixSplitInvalid}
          sx={{ mt: 1, maxWidth: 320 }}
        />
      ) : null}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FormControl component="fieldset" fullWidth>
        <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
          {title}
        </FormLabel>
        {children}
      </FormControl>
    </Paper>
  );
}

function ItemImage({ url, name }: { url: string | undefined; name: string }) {
  const [broken, setBroken] = useState(false);
  const box = { width: 64, height: 64, flexShrink: 0, borderRadius: 1, bgcolor: '#fff' };
  if (!url || broken)
    return (
      <Box sx={{ ...box, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}>
        <ImageNotSupportedOutlinedIcon aria-label={T.noImage} />
      </Box>
    );
  return (
    <Box component="img" src={url} alt={name} onError={() => setBroken(true)} sx={{ ...box, objectFit: 'contain' }} />
  );
}

interface CartItemsProps {
  customerId: number;
  items: CartItem[];
  /** The discounts typed per line, and what the server made of them (issue 38). */
  typed: SaleDiscounts | undefined;
  priced: PreCheckoutResponse['discounts'];
  onLineDiscount(productId: number, discount: Discount | undefined): void;
}

function CartItems({ customerId, items, typed, priced, onLineDiscount }: CartItemsProps) {
  const remove = useRemoveFromCart(customerId);
  const setQuantity = useSetCartQuantity(customerId);
  return (
    <List disablePadding aria-label={T.cartItems}>
      {items.map((item, index) => (
        <ListItem
          key={item.productId}
          divider={index < items.length - 1}
          sx={{ gap: 1.5, px: 0, alignItems: 'center' }}
          secondaryAction={
            <IconButton edge="end" aria-label={T.remove(item.name)} onClick={() => remove.mutate(item)}>
              <DeleteOutlinedIcon />
            </IconButton>
          }
        >
          <ItemImage url={item.imageUrls[0]} name={item.name} />
          <Box sx={{ minWidth: 0, flexGrow: 1, pr: 5 }}>
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{item.name}</Typography>
            <Box sx={{ my: 0.5 }}>
              <QuantityInput
                size="small"
                value={item.quantity}
                stock={Math.max(1, item.stock)}
                label={T.quantity}
                of={item.name}
                disabled={setQuantity.isPending || item.archived}
                onCommit={(quantity) => setQuantity.mutate({ productId: item.productId, quantity })}
              />
            </Box>
            <Typography variant="body2">
              {T.totalPrice}: <strong>{formatMoney(item.totalPrice)}</strong>
              {(() => {
                const off = priced?.refusal
                  ? 0
                  : (priced?.lines.find((l) => l.productId === item.productId)?.discount ?? 0);
                return off > 0 ? (
                  <Box component="span" sx={{ color: 'success.main', ml: 0.5 }}>
                    {T.lineAfterDiscount(
                      formatMoney(off),
                      formatMoney(Math.round((item.totalPrice - off) * 100) / 100),
                    )}
                  </Box>
                ) : null;
              })()}
            </Typography>
            <Box sx={{ mt: 1 }}>
              <DiscountField
                label={T.lineDiscountShort}
                value={typed?.lines?.find((line) => line.productId === item.productId)}
                onChange={(discount) => onLineDiscount(item.productId, discount)}
              />
            </Box>
            {item.archived || item.quantity > item.stock ? (
              <Typography variant="body2" color="error">
                {item.archived ? T.itemArchived : T.itemAboveStock(item.stock)}
              </Typography>
            ) : null}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}

function ProofField({ proof, onProof }: { proof: PaymentProof | null; onProof(proof: PaymentProof | null): void }) {
  const inputId = useId();
  const helpId = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography component="label" htmlFor={inputId} sx={{ fontWeight: 600, display: 'block' }}>
        {T.proof} <em>{T.required}</em>
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
          {proof ? T.changeProof : T.chooseProof}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            hidden
            required
            aria-describedby={helpId}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              try {
                onProof(await readProof(file));
                setError(null);
              } catch (failure) {
                setError(failure instanceof NotAnImageError ? T.proofInvalid : T.genericError);
              }
            }}
          />
        </Button>
        {proof ? (
          <Box
            component="img"
            src={proof.dataUrl}
            alt={proof.name}
            sx={{ height: 56, maxWidth: 120, objectFit: 'contain', border: 1, borderColor: 'divider' }}
          />
        ) : null}
        {proof ? (
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {proof.name}
          </Typography>
        ) : null}
      </Box>
      <FormHelperText id={helpId} error={Boolean(error) || !proof} sx={{ mx: 0 }}>
        {error ?? (proof ? ' ' : T.proofMissing)}
      </FormHelperText>
    </Box>
  );
}

function TotalLine({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.25,
        ...(strong ? { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1 } : {}),
      }}
    >
      <Typography component="dt" variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" variant={strong ? 'subtitle1' : 'body2'} sx={{ m: 0, fontWeight: strong ? 700 : 400 }}>
        {formatMoney(value)}
      </Typography>
    </Box>
  );
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
          <Section title={T.orderDiscount}>
            <Box sx={{ pt: 0.5 }}>
              <DiscountField label={T.orderDiscount} value={choices.discounts?.order} onChange={setOrderDiscount} />
            </Box>
            <FormHelperText sx={{ mx: 0 }}>
              {T.orderDiscountHelp}
              {maximum === undefined ? null : (
                <>
                  <br />
                  {maximum === null
                    ? T.maxDiscountUnlimited
                    : maximum === 0
                      ? T.maxDiscountNone
                      : T.maxDiscount(maximum.toLocaleString('pt-BR', { maximumFractionDigits: 2 }))}
                </>
              )}
            </FormHelperText>
          </Section>
          <Section title={T.delivery}>
            <RadioGroup
              value={String(choices.shippingOption)}
              onChange={(event) => onChoose({ shippingOption: Number(event.target.value) as ShippingOption })}
            >
              <FormControlLabel value="1" control={<Radio />} label={T.deliveryOptions[1]} disabled={walkIn} />
              <FormControlLabel value="2" control={<Radio />} label={T.deliveryOptions[2]} />
            </RadioGroup>
            {walkIn ? <FormHelperText sx={{ mx: 0 }}>{T.walkInPickupOnly}</FormHelperText> : null}
            {pickup ? null : (
              <FormHelperText sx={{ mx: 0 }}>
                {week.data ? T.departures(describeDepartures(week.data)) : null}
                {preCheckout.nextDeparture ? (
                  <>
                    <br />
                    {T.nextDeparture(formatDateTime(preCheckout.nextDeparture).slice(0, 16))}
                  </>
                ) : null}
              </FormHelperText>
            )}
          </Section>
          <Section title={T.warranty}>
            <RadioGroup
              value={choices.withWarranty ? 'withWarranty' : 'withoutWarranty'}
              onChange={(event) => onChoose({ withWarranty: event.target.value === 'withWarranty' })}
            >
              <FormControlLabel
                value="withWarranty"
                control={<Radio />}
                label={preCheckout.hasWarranty ? T.withWarrantyPercent(preCheckout.warrantyPercentage) : T.withWarranty}
                disabled={!preCheckout.hasWarranty}
              />
              <FormControlLabel value="withoutWarranty" control={<Radio />} label={T.withoutWarranty} />
            </RadioGroup>
            {preCheckout.hasWarranty ? null : <FormHelperText sx={{ mx: 0 }}>{T.noWarranty}</FormHelperText>}
          </Section>
          <Section title={T.fastDelivery}>
            <RadioGroup
              value={choices.isFastDelivery ? 'withFastDelivery' : 'withoutFastDelivery'}
              onChange={(event) => onChoose({ isFastDelivery: event.target.value === 'withFastDelivery' })}
            >
              <FormControlLabel
                value="withFastDelivery"
                control={<Radio />}
                label={T.withFastDelivery}
                disabled={pickup || !preCheckout.fastDeliveryEnabled}
              />
              <FormControlLabel
                value="withoutFastDelivery"
                control={<Radio />}
                label={T.withoutFastDelivery}
                disabled={pickup}
              />
            </RadioGroup>
            {pickup ? <FormHelperText sx={{ mx: 0 }}>{T.fastDeliveryNeedsMotoboy}</FormHelperText> : null}
            {!pickup && !preCheckout.fastDeliveryEnabled ? (
              <FormHelperText sx={{ mx: 0 }}>{T.noFastDelivery}</FormHelperText>
            ) : null}
          </Section>
          <Section title={T.payment}>
            <RadioGroup
              value={choices.payment}
              onChange={(event) => onChoose({ payment: event.target.value as CartChoices['payment'] })}
            >
              <FormControlLabel value="cash" control={<Radio />} label={T.paymentOptions.cash} />
              <FormControlLabel value="bankTransfer" control={<Radio />} label={T.paymentOptions.bankTransfer} />
              <FormControlLabel value="pix" control={<Radio />} label={T.paymentOptions.pix} />
              <FormControlLabel value="card" control={<Radio />} label={T.paymentOptions.card} />
              {creditOffered ? (
                <FormControlLabel value="credit" control={<Radio />} label={T.paymentOptions.credit} />
              ) : null}
            </RadioGroup>
            {choices.payment === 'credit' && offeredCredit ? (
              <CreditFields
                credit={offeredCredit}
                terms={choices.creditTerms}
                onChange={(creditTerms) => onChoose({ creditTerms })}
              />
            ) : null}
            {choices.payment === 'card' ? (
              <CardFields charge={choices.cardCharge ?? 'now'} onChange={(card) => onChoose(card)} />
            ) : null}
            {choices.payment === 'pix' ? (
              <PixSplitField
                total={preCheckout.total}
                onChange={(cardOnDeliveryAmount) => onChoose({ cardOnDeliveryAmount })}
              />
            ) : null}
            {choices.payment === 'bankTransfer' ? <ProofField proof={proof} onProof={props.onProof} /> : null}
            {choices.payment === 'cash' && !pickup ? (
              <ChangeForField onChange={(changeFor) => onChoose({ changeFor })} />
            ) : null}
          </Section>
          {walkIn ? (
            <Section title={T.noteSection}>
              <TextField
                label={T.noteDocument}
                value={choices.noteDocument ?? ''}
                onChange={(event) => onChoose({ noteDocument: event.target.value })}
                error={noteDocumentInvalid}
                helperText={noteDocumentInvalid ? T.noteDocumentInvalid : T.noteDocumentHelp}
                autoComplete="off"
                size="small"
                fullWidth
              />
            </Section>
          ) : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, position: { md: 'sticky' }, top: { md: 80 } }}>
          <Paper variant="outlined" sx={{ p: 2 }} aria-busy={loading}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {T.total}
            </Typography>
            <Box component="dl" sx={{ m: 0, opacity: loading ? 0.6 : 1 }} data-testid="cart-totals">
              <TotalLine label={T.subtotal} value={preCheckout.cart.totalAmount} />
              {pickup ? null : (
                <TotalLine
                  label={preCheckout.choices.isFastDelivery ? T.fastDeliveryTax : T.shipping}
                  value={preCheckout.deliveryCharge}
                />
              )}
              {preCheckout.choices.withWarranty ? (
                <TotalLine label={T.warrantyTotal} value={preCheckout.warrantyAmount} />
              ) : null}
              {discountOff > 0 ? <TotalLine label={T.discountTotal} value={-discountOff} /> : null}
              <TotalLine label={T.total} value={preCheckout.total} strong />
            </Box>
            {discountRefusal ? (
              <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
                {discountRefusal}
              </Alert>
            ) : null}
            <DiscountApprovalBox customerId={customer.id} typed={choices.discounts} priced={preCheckout.discounts} />
          </Paper>
          {choices.payment === 'bankTransfer' ? (
            <Paper variant="outlined" sx={{ p: 2, display: 'grid', justifyItems: 'center', gap: 1 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, justifySelf: 'start' }}>
                {T.pixTitle}
              </Typography>
              {loading ? (
                <CircularProgress aria-label={T.loading} />
              ) : preCheckout.pix ? (
                <>
                  <Typography variant="body2" sx={{ justifySelf: 'start' }}>
                    {T.pixAmount(formatMoney(preCheckout.pix.amount))}
                  </Typography>
                  <PixCode payload={preCheckout.pix.payload} size={180} />
                </>
              ) : (
                <Alert severity="warning" sx={{ width: '100%' }}>
                  {T.pixUnavailable}
                </Alert>
              )}
            </Paper>
          ) : null}
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

/**
 * A discount above the seller's maximum (decision 0045): 'Pedir aprovação' asks a manager for this very cart and
 * these discounts; then what became of it (waiting, refused with the reason, approved: the finish is enabled).
 */
function DiscountApprovalBox(props: {
  customerId: number;
  typed: CartChoices['discounts'];
  priced: PreCheckoutResponse['discounts'];
}) {
  const ask = useAskDiscountApproval(props.customerId);
  const approval = props.priced?.approval;
  if (approval?.covers)
    return (
      <Alert severity="success" sx={{ mt: 1.5 }} role="status">
        {T.approvalApproved(approval.approver ?? '')}
      </Alert>
    );
  if (!props.priced?.aboveMaximum || !props.typed) return null;
  if (approval?.matches && approval.status === 'PENDING')
    return (
      <Alert severity="info" sx={{ mt: 1.5 }} role="status" icon={<CircularProgress size={18} aria-hidden="true" />}>
        {T.approvalPending}
      </Alert>
    );
  const typed = props.typed;
  return (
    <Box sx={{ mt: 1.5, display: 'grid', gap: 1 }}>
      {approval?.matches && approval.status === 'REFUSED' ? (
        <Alert severity="warning" role="status">
          {T.approvalRefused(approval.approver ?? '', approval.reason ?? '')}
        </Alert>
      ) : null}
      <Box>
        <Button variant="outlined" onClick={() => ask.mutate(typed)} disabled={ask.isPending}>
          {T.askApproval}
        </Button>
      </Box>
      <FormHelperText sx={{ mx: 0 }}>{T.approvalHelp}</FormHelperText>
    </Box>
  );
}
