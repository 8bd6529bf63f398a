import { type CustomerCredit, reaisToCents } from '@backoffice/contract';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { formatMoney } from '../../../lib/format';
import { NotAnImageError, readProof } from '../lib/proof-image';
import type { CartChoices, PaymentProof } from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';
import { CardFields } from './card-fields';
import { Section } from './cart-choices';
import { CreditFields } from './credit-fields';

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
  const cents = typeof amount === 'number' ? reaisToCents(amount) : 0;
  const totalCents = reaisToCents(total);
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

/** The transfer's proof: a picture of it, required before the sale is finished. */
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

/**
 * 'Pagamento': cash, a transfer (its proof), Pix (split with a card), card, and 'A prazo' when the customer's
 * credit offers it; each with its own fields.
 */
export function PaymentSection({
  choices,
  offeredCredit,
  total,
  pickup,
  proof,
  onProof,
  onChoose,
}: {
  choices: CartChoices;
  /** The customer's credit when it offers 'A prazo', else null. */
  offeredCredit: CustomerCredit | null;
  /** The order's total, the Pix split's bound. */
  total: number;
  /** The customer picks the order up (no change to bring). */
  pickup: boolean;
  proof: PaymentProof | null;
  onProof(proof: PaymentProof | null): void;
  onChoose(choices: Partial<CartChoices>): void;
}) {
  const creditOffered = offeredCredit !== null;
  return (
    <Section title={T.payment}>
      <RadioGroup
        value={choices.payment}
        onChange={(event) => onChoose({ payment: event.target.value as CartChoices['payment'] })}
      >
        <FormControlLabel value="cash" control={<Radio />} label={T.paymentOptions.cash} />
        <FormControlLabel value="bankTransfer" control={<Radio />} label={T.paymentOptions.bankTransfer} />
        <FormControlLabel value="pix" control={<Radio />} label={T.paymentOptions.pix} />
        <FormControlLabel value="card" control={<Radio />} label={T.paymentOptions.card} />
        {creditOffered ? <FormControlLabel value="credit" control={<Radio />} label={T.paymentOptions.credit} /> : null}
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
        <PixSplitField total={total} onChange={(cardOnDeliveryAmount) => onChoose({ cardOnDeliveryAmount })} />
      ) : null}
      {choices.payment === 'bankTransfer' ? <ProofField proof={proof} onProof={onProof} /> : null}
      {choices.payment === 'cash' && !pickup ? (
        <ChangeForField onChange={(changeFor) => onChoose({ changeFor })} />
      ) : null}
    </Section>
  );
}
