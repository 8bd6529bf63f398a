import {
  CARD_BRANDS,
  type CardData,
  type CardSettings,
  cardDataSchema,
  MAX_CARD_INSTALMENTS,
  ORDER_PAYMENT_TEXTS,
} from '@backoffice/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { api } from '../../../lib/api-client';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

const P = ORDER_PAYMENT_TEXTS;

interface Values {
  kind: 'DEBIT' | 'CREDIT';
  brand: string;
  instalments: number;
  nsu: string;
  authorizationCode: string;
}

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
  const settings = useQuery({
    queryKey: ['settings', 'card-fees'],
    queryFn: async () => (await api<{ data: CardSettings }>('/settings/card-fees')).data,
    staleTime: 60_000,
  });
  const form = useForm<Values>({
    defaultValues: { kind: 'CREDIT', brand: 'Visa', instalments: 1, nsu: '', authorizationCode: '' },
  });
  const values = useWatch({ control: form.control }) as Values;
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
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <FormSelectField
              control={form.control}
              name="kind"
              label={P.cardKind}
              options={(['CREDIT', 'DEBIT'] as const).map((value) => ({ value, label: P.cardKinds[value] }))}
              fullWidth
            />
            <FormSelectField
              control={form.control}
              name="brand"
              label={P.brand}
              options={CARD_BRANDS.map((value) => ({ value, label: value }))}
              fullWidth
            />
            {values.kind === 'CREDIT' ? (
              <FormSelectField
                control={form.control}
                name="instalments"
                label={P.instalments}
                parse={(value) => Number(value)}
                options={Array.from({ length: max }, (_, i) => ({
                  value: i + 1,
                  label: i === 0 ? P.inFull : `${i + 1}×`,
                }))}
                fullWidth
              />
            ) : null}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <FormTextField
              control={form.control}
              name="nsu"
              label={P.nsu}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12, autoComplete: 'off' } }}
            />
            <FormTextField
              control={form.control}
              name="authorizationCode"
              label={P.authorizationCode}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 12, autoComplete: 'off' } }}
            />
          </Stack>
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
