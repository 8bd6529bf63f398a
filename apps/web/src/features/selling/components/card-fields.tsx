import { type CardData, cardDataSchema, MAX_CARD_INSTALMENTS, ORDER_PAYMENT_TEXTS } from '@backoffice/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CardReceiptFields, type CardReceiptValues } from '../../../components/payments/card-receipt-fields';
import { cardSettingsQuery } from '../../../components/payments/card-settings-query';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

const P = ORDER_PAYMENT_TEXTS;

/**
 * 'Cartão' at the checkout (issue 38): charged now at the shop's machine — its receipt's kind, brand,
 * instalments (up to the shop's maximum), NSU and authorisation code, never the card number — or charged on
 * delivery or at pickup ('Levar maquininha'). Hands the receipt up once it is complete (null until then).
 */
export function CardFields({
  charge,
  onChange,
}: {
  charge: 'now' | 'onDelivery';
  onChange: (choice: { cardCharge: 'now' | 'onDelivery'; card: CardData | null }) => void;
}) {
  const settings = useQuery(cardSettingsQuery);
  const form = useForm<CardReceiptValues>({
    defaultValues: { kind: 'CREDIT', brand: 'Visa', instalments: 1, nsu: '', authorizationCode: '' },
  });
  const values = useWatch({ control: form.control }) as CardReceiptValues;
  const complete = cardDataSchema.safeParse({
    ...values,
    instalments: values.kind === 'DEBIT' ? 1 : values.instalments,
  });
  const card = charge === 'now' && complete.success ? complete.data : null;
  const key = JSON.stringify(card);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the card's fields.
  useEffect(() => onChange({ cardCharge: charge, card }), [charge, key]);
  const max = settings.data?.maxInstalments ?? MAX_CARD_INSTALMENTS;
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      <RadioGroup
        aria-label={T.cardCharge}
        value={charge}
        onChange={(event) => onChange({ cardCharge: event.target.value as 'now' | 'onDelivery', card })}
      >
        <FormControlLabel value="now" control={<Radio size="small" />} label={T.cardNow} />
        <FormControlLabel value="onDelivery" control={<Radio size="small" />} label={T.cardOnDelivery} />
      </RadioGroup>
      {charge === 'now' ? (
        <>
          <CardReceiptFields control={form.control} kind={values.kind} maxInstalments={max} />
          <Typography variant="caption" color="text.secondary">
            {card ? P.noCardNumber : T.cardIncomplete}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {T.cardOnDeliveryHelp}
        </Typography>
      )}
    </Stack>
  );
}
