import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import type { ComponentProps, ReactNode } from 'react';
import { type Control, type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField, type FormTextFieldProps } from './form-text-field';
import { SubmitButton } from './submit-button';
import { WriteFormDialog } from './write-form-dialog';

export interface FieldDialogProps<V extends FieldValues, Out> {
  titleId: string;
  title: ReactNode;
  /** What the write does, in a line above the field. */
  text: string;
  closeText: string;
  submitText: string;
  /** Default 'sm'. */
  maxWidth?: ComponentProps<typeof WriteFormDialog>['maxWidth'];
  busy: boolean;
  problem: string | null;
  /** The whole screen on a phone (default true). */
  phoneFullScreen?: boolean;
  /** The form's check, as the server checks it (the write's body in the contract, or a form schema piped to it). */
  schema: z.ZodType<Out>;
  defaultValues: DefaultValues<V>;
  /** The one field, bound to the form (a FormTextField, a FormMoneyField…); `busy` is given to disable it. */
  field: (control: Control<V, unknown, Out>, busy: boolean) => ReactNode;
  /** The form's values, checked by `schema`. */
  onSend: (values: Out) => void;
  onClose: () => void;
}

/**
 * A write that asks one thing (an amount, a correction, an e-mail, a month): a line saying what it is for, the field
 * checked as typed by `schema` as the server checks it, and the confirm button. A WriteFormDialog: open while the
 * write is on its way, its failure (`problem`) said inside, under the field.
 */
export function FieldDialog<V extends FieldValues, Out>({
  text,
  submitText,
  maxWidth = 'sm',
  schema,
  defaultValues,
  field,
  onSend,
  ...dialog
}: FieldDialogProps<V, Out>) {
  const { control, handleSubmit } = useForm<V, unknown, Out>({
    resolver: zodResolver(schema as never) as never,
    mode: 'onTouched',
    defaultValues,
  });
  return (
    <WriteFormDialog
      {...dialog}
      maxWidth={maxWidth}
      onSubmit={handleSubmit(onSend)}
      actions={<SubmitButton busy={dialog.busy}>{submitText}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      {field(control, dialog.busy)}
    </WriteFormDialog>
  );
}

/**
 * A FieldDialog whose one field is a text (a correction, an e-mail, a month): a full-width FormTextField, disabled
 * while the write is on its way, with the `field` props given (its name, label, hint, limits).
 */
export function TextFieldDialog<V extends FieldValues, Out>({
  field,
  ...dialog
}: Omit<FieldDialogProps<V, Out>, 'field'> & { field: Omit<FormTextFieldProps<V, Out>, 'control'> }) {
  return (
    <FieldDialog
      {...dialog}
      field={(control, busy) => <FormTextField control={control} fullWidth disabled={busy} {...field} />}
    />
  );
}
