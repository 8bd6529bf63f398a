import { type Discount, describeDepartures, type PreCheckoutResponse } from '@backoffice/contract';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { DiscountField } from '../../../components/discount-field';
import { formatDateTime } from '../../../lib/format';
import type { useDepartureWeek } from '../../../lib/shared-queries';
import type { CartChoices, ShippingOption } from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

/** A choice of the cart ('Entrega', 'Garantia'…): a fieldset under its legend. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
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

/** 'Desconto do pedido', and the seller's maximum as the server says it. */
export function OrderDiscountSection({
  value,
  onChange,
  maximum,
}: {
  value: Discount | undefined;
  onChange: (order: Discount | undefined) => void;
  maximum: PreCheckoutResponse['maxDiscountPercentage'];
}) {
  return (
    <Section title={T.orderDiscount}>
      <Box sx={{ pt: 0.5 }}>
        <DiscountField label={T.orderDiscount} value={value} onChange={onChange} />
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
  );
}

/** 'Entrega' (motoboy or pickup, with the shop's departures), 'Garantia' and 'Entrega rápida'. */
export function DeliverySections({
  choices,
  preCheckout,
  pickup,
  walkIn,
  addressMissing = null,
  week,
  onChoose,
}: {
  choices: CartChoices;
  preCheckout: PreCheckoutResponse;
  /** The customer picks the order up. */
  pickup: boolean;
  /** A walk-in ('Consumidor final'): pickup only. */
  walkIn: boolean;
  /** The customer's name when he has no address (decision 0073): pickup only, said why. */
  addressMissing?: string | null;
  /** The shop's departures (Configurações). */
  week: ReturnType<typeof useDepartureWeek>['data'];
  onChoose(choices: Partial<CartChoices>): void;
}) {
  return (
    <>
      <Section title={T.delivery}>
        <RadioGroup
          value={String(choices.shippingOption)}
          onChange={(event) => onChoose({ shippingOption: Number(event.target.value) as ShippingOption })}
        >
          <FormControlLabel
            value="1"
            control={<Radio />}
            label={T.deliveryOptions[1]}
            disabled={walkIn || addressMissing !== null}
          />
          <FormControlLabel value="2" control={<Radio />} label={T.deliveryOptions[2]} />
        </RadioGroup>
        {walkIn ? <FormHelperText sx={{ mx: 0 }}>{T.walkInPickupOnly}</FormHelperText> : null}
        {addressMissing !== null && !walkIn ? (
          <FormHelperText sx={{ mx: 0 }}>{T.deliveryNeedsAddress(addressMissing)}</FormHelperText>
        ) : null}
        {pickup ? null : (
          <FormHelperText sx={{ mx: 0 }}>
            {week ? T.departures(describeDepartures(week)) : null}
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
    </>
  );
}

/** A walk-in's note: an optional CPF or CNPJ (the server's own rule; blank is none). */
export function NoteDocumentSection({
  value,
  invalid,
  onChange,
}: {
  value: string | undefined;
  invalid: boolean;
  onChange: (noteDocument: string) => void;
}) {
  return (
    <Section title={T.noteSection}>
      <TextField
        label={T.noteDocument}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        error={invalid}
        helperText={invalid ? T.noteDocumentInvalid : T.noteDocumentHelp}
        autoComplete="off"
        size="small"
        fullWidth
      />
    </Section>
  );
}
