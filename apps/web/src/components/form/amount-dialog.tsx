import { z } from 'zod';
import { FieldDialog } from './field-dialog';
import { FormMoneyField } from './form-money-field';

/**
 * A write that asks one amount of money (a register's float, a tolerance): a line saying what it is for, the
 * amount typed 1.234,56 (R$ 0,00 shown until typed when `amount` is 0), checked by `schema` as the server checks
 * it, and the confirm button. A FieldDialog: open while the write is on its way, its failure said inside.
 */
export function AmountDialog({
  label,
  amount,
  schema,
  onSend,
  ...dialog
}: {
  titleId: string;
  title: string;
  text: string;
  label: string;
  closeText: string;
  submitText: string;
  /** What the field shows first. */
  amount: number | null;
  /** The write's own check of the amount (the contract's field). */
  schema: z.ZodType<number>;
  busy: boolean;
  problem: string | null;
  /** The whole screen on a phone (default true). */
  phoneFullScreen?: boolean;
  /** A valid amount sent. */
  onSend: (amount: number) => void;
  onClose: () => void;
}) {
  return (
    <FieldDialog<{ amount: number | null }, { amount: number }>
      {...dialog}
      maxWidth="xs"
      schema={z.object({ amount: schema })}
      defaultValues={{ amount }}
      onSend={(values) => onSend(values.amount)}
      field={(control, busy) => (
        <FormMoneyField
          control={control}
          name="amount"
          label={label}
          valueAs="number"
          required
          fullWidth
          autoFocus
          disabled={busy}
        />
      )}
    />
  );
}
