import { CARD_BRANDS, ORDER_PAYMENT_TEXTS as T } from '@backoffice/contract';
import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { FormSelectField } from '../form/form-select-field';
import { FormTextField } from '../form/form-text-field';

/** The fields of a card machine's receipt, as a form holds them (never the card number). */
export interface CardReceiptValues {
  kind: 'DEBIT' | 'CREDIT';
  brand: string;
  instalments: number;
  nsu: string;
  authorizationCode: string;
}

/**
 * A card machine's receipt (issue 38, decision 0042): débito or crédito, the brand, the instalments of a credit
 * (1 'à vista' up to `maxInstalments`, the shop's maximum), the NSU and the authorisation code. Shared by the
 * checkout's 'Cartão' and a part added in the order's 'Pagamentos'; each form keeps its own other fields, so
 * its `control` is passed as one of these values.
 */
export function CardReceiptFields({
  control,
  kind,
  maxInstalments,
}: {
  control: Control<CardReceiptValues>;
  kind: CardReceiptValues['kind'];
  maxInstalments: number;
}) {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <FormSelectField
          control={control}
          name="kind"
          label={T.cardKind}
          options={(['CREDIT', 'DEBIT'] as const).map((value) => ({ value, label: T.cardKinds[value] }))}
          fullWidth
        />
        <FormSelectField
          control={control}
          name="brand"
          label={T.brand}
          options={CARD_BRANDS.map((value) => ({ value, label: value }))}
          fullWidth
        />
        {kind === 'CREDIT' ? (
          <FormSelectField
            control={control}
            name="instalments"
            label={T.instalments}
            parse={(value) => Number(value)}
            options={Array.from({ length: maxInstalments }, (_, i) => ({
              value: i + 1,
              label: i === 0 ? T.inFull : `${i + 1}×`,
            }))}
            fullWidth
          />
        ) : null}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <FormTextField
          control={control}
          name="nsu"
          label={T.nsu}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12, autoComplete: 'off' } }}
        />
        <FormTextField
          control={control}
          name="authorizationCode"
          label={T.authorizationCode}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 12, autoComplete: 'off' } }}
        />
      </Stack>
    </>
  );
}
