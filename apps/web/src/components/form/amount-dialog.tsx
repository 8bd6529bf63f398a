import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormMoneyField } from './form-money-field';
import { SubmitButton } from './submit-button';
import { WriteFormDialog } from './write-form-dialog';

type FormValues = { amount: number | null };

/**
 * A write that asks one amount of money (a register's float, a tolerance): a line saying what it is for, the
 * amount typed 1.234,56 (R$ 0,00 shown until typed when `amount` is 0), checked by `schema` as the server checks
 * it, and the confirm button. A WriteFormDialog: open while the write is on its way, its failure said inside.
 */
export function AmountDialog({
  titleId,
  title,
  text,
  label,
  closeText,
  submitText,
  amount,
  schema,
  busy,
  problem,
  phoneFullScreen = true,
  onSend,
  onClose,
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
  const { control, handleSubmit } = useForm<FormValues, unknown, { amount: number }>({
    resolver: zodResolver(z.object({ amount: schema })) as never,
    mode: 'onTouched',
    defaultValues: { amount },
  });
  return (
    <WriteFormDialog
      titleId={titleId}
      title={title}
      maxWidth="xs"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((values) => onSend(values.amount))}
      closeText={closeText}
      actions={<SubmitButton busy={busy}>{submitText}</SubmitButton>}
      problem={problem}
      phoneFullScreen={phoneFullScreen}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
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
    </WriteFormDialog>
  );
}
