import type { Customer } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEventHandler, type ReactNode, useEffect } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogProblem } from '../../../components/form/dialog-problem';
import { SubmitButton } from '../../../components/form/submit-button';
import { CUSTOMERS_TEXTS } from '../texts';

interface Props {
  /** Names the title (`{id}-title`) and the form (`{id}-form`). */
  id: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitText: string;
  /** False keeps the submit button disabled. */
  valid?: boolean;
  /** Something is being sent: the dialog stays open and its buttons are disabled. */
  busy: boolean;
  /** The submit button's spinner (defaults to `busy`). */
  submitting?: boolean;
  /** Between 'Fechar' and the submit button (e.g. 'Reprovar'). */
  secondary?: ReactNode;
  children: ReactNode;
}

/** A small customer dialog holding one form: its fields, 'Fechar' and the submit button. */
export function CustomerFormDialog({
  id,
  title,
  onSubmit,
  onClose,
  submitText,
  valid = true,
  busy,
  submitting = busy,
  secondary,
  children,
}: Props) {
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={`${id}-form`} noValidate spacing={2} sx={{ pt: 1 }} onSubmit={onSubmit}>
          {children}
        </Stack>
        <DialogProblem />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {CUSTOMERS_TEXTS.close}
        </Button>
        {secondary}
        <SubmitButton form={`${id}-form`} disabled={!valid || busy} busy={submitting}>
          {submitText}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}

/** The approval and edit forms: checked on every change and blur, reset to `defaults(customer)` for each customer. */
export function useCustomerForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  defaults: (customer: Customer | null) => TIn,
  customer: Customer | null,
) {
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: defaults(customer) as DefaultValues<TIn>,
  });
  const { reset } = form;
  useEffect(() => {
    if (customer) reset(defaults(customer));
  }, [customer, reset, defaults]);
  return form;
}
