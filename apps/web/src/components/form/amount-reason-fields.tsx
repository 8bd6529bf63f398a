import type { Control } from 'react-hook-form';
import { FormMoneyField } from './form-money-field';
import { FormTextField } from './form-text-field';

/** The form values the fields are bound to. */
export interface AmountReasonValues {
  amount: number | null;
  reason: string;
}

/**
 * An amount of money typed 1.234,56, the dialog's whole width and focused when it opens, over its reason
 * (multiline; `reasonRequired` marks it required when the write asks one, e.g. a cash removal's).
 */
export function AmountReasonFields<TOut>({
  control,
  amountLabel,
  reasonLabel,
  reasonRequired,
  disabled,
}: {
  control: Control<AmountReasonValues, unknown, TOut>;
  amountLabel: string;
  reasonLabel: string;
  reasonRequired: boolean;
  disabled: boolean;
}) {
  return (
    <>
      <FormMoneyField
        control={control}
        name="amount"
        label={amountLabel}
        valueAs="number"
        required
        fullWidth
        autoFocus
        disabled={disabled}
      />
      <FormTextField
        control={control}
        name="reason"
        label={reasonLabel}
        required={reasonRequired}
        fullWidth
        multiline
        minRows={2}
        disabled={disabled}
        sx={{ mt: 1 }}
      />
    </>
  );
}
