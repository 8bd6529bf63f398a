import {
  CUSTOMER_LEVEL_LABELS,
  type Customer,
  type CustomerRegister,
  type ExistingCustomer,
  existingCustomerSchema,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, api } from '../../lib/api-client';
import { useDeliverers } from '../../lib/shared-queries';
import { FormMoneyField, FormPercentField } from '../form/form-money-field';
import { FormSelectField } from '../form/form-select-field';
import { FormTextField } from '../form/form-text-field';
import { SubmitButton } from '../form/submit-button';
import { useApiMutation } from '../use-api-mutation';
import {
  EMPTY_REGISTER_FORM,
  type RegisterCustomerFormInput,
  registerCustomerFormSchema,
} from './register-customer-form';
import { REGISTER_CUSTOMER_TEXTS as T } from './register-customer-texts';

const LEVELS = [
  { value: '0', label: T.noLevel },
  ...Object.entries(CUSTOMER_LEVEL_LABELS).map(([value, label]) => ({ value, label })),
];

/** The customer a duplicate refusal names (409 DUPLICATE, `details.customer`), if the error is one. */
function duplicateOf(error: unknown): ExistingCustomer | null {
  if (!(error instanceof ApiError) || error.code !== 'DUPLICATE') return null;
  const parsed = existingCustomerSchema.safeParse(error.details?.customer);
  return parsed.success ? parsed.data : null;
}

export interface RegisterCustomerDialogProps {
  onClose: () => void;
  /** After the registration (the dialog closes first): e.g. open him, or sell to him at once. */
  onRegistered: (customer: Customer) => void;
  /** What the screen offers for the customer who already has the document or e-mail: its button's text and action. */
  existingAction: { label: string; onClick: (customer: ExistingCustomer) => void };
  /** Queries the new customer changes (the screen's lists). */
  invalidate?: readonly QueryKey[];
}

/**
 * 'Cadastrar cliente' (issue 38 §1), for Clientes and Vendas: name, CPF/CNPJ and phone (required: a counter customer,
 * decision 0073), then, optional, state registration, e-mail, address with CEP (whole or none: only a delivery needs
 * it), level, freight, warranty, fast-delivery tax and courier; checked as the server checks (the
 * contract's schema) and sent to POST /api/customers, which approves the customer at once. A document or e-mail
 * already registered is answered with that customer, offered by `existingAction`. Full screen on a phone.
 */
export function RegisterCustomerDialog({
  onClose,
  onRegistered,
  existingAction,
  invalidate,
}: RegisterCustomerDialogProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const deliverers = useDeliverers();
  const [problem, setProblem] = useState<{ message: string; existing: ExistingCustomer | null } | null>(null);
  const { control, handleSubmit } = useForm<RegisterCustomerFormInput, unknown, CustomerRegister>({
    resolver: zodResolver(registerCustomerFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_REGISTER_FORM,
  });
  const save = useApiMutation<Customer, CustomerRegister>({
    mutationFn: async (body) => (await api<{ data: Customer }>('/customers', { method: 'POST', body })).data,
    success: (customer) => T.registered(customer.name),
    failure: T.failed,
    invalidate,
    errorInDialog: true,
    onError: (error, message) => setProblem({ message, existing: duplicateOf(error) }),
    closeDialog: onClose,
    onSuccess: (customer) => onRegistered(customer),
  });
  const busy = save.isPending;
  const submit = handleSubmit((body) => {
    setProblem(null);
    save.mutate(body);
  });
  const text = (name: keyof RegisterCustomerFormInput, label: string, extra: object = {}) => (
    <FormTextField control={control} name={name} label={label} disabled={busy} fullWidth {...extra} />
  );

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="register-customer-title"
    >
      <DialogTitle id="register-customer-title">{T.title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {T.intro}
        </Typography>
        <Box
          component="form"
          id="register-customer-form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' } }}
        >
          <Section title={T.person} />
          <Box sx={{ gridColumn: { sm: 'span 6' } }}>{text('name', T.name, { required: true, autoFocus: true })}</Box>
          <Box sx={{ gridColumn: { sm: 'span 3' } }}>
            {text('document', T.document, { required: true, helperText: T.documentHelp })}
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 3' } }}>
            {text('stateRegistration', T.stateRegistration, {
              helperText: T.stateRegistrationHelp,
              autoComplete: 'off',
            })}
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            {text('phone', T.phone, { required: true, type: 'tel', autoComplete: 'off' })}
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 4' } }}>
            {text('email', T.email, { type: 'email', autoComplete: 'off', helperText: T.optional })}
          </Box>

          <Section title={T.address} hint={T.addressHint} />
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>{text('zipCode', T.zipCode, { inputMode: 'numeric' })}</Box>
          <Box sx={{ gridColumn: { sm: 'span 4' } }}>{text('street', T.street)}</Box>
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>{text('number', T.number)}</Box>
          <Box sx={{ gridColumn: { sm: 'span 4' } }}>{text('complement', T.complement)}</Box>
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>{text('neighborhood', T.neighborhood)}</Box>
          <Box sx={{ gridColumn: { sm: 'span 3' } }}>{text('city', T.city)}</Box>
          <Box sx={{ gridColumn: { sm: 'span 1' } }}>
            {text('state', T.state, { slotProps: { htmlInput: { maxLength: 2 } } })}
          </Box>

          <Section title={T.terms} />
          <Box sx={{ gridColumn: { sm: 'span 3' } }}>
            <FormSelectField
              control={control}
              name="level"
              label={T.level}
              options={LEVELS}
              disabled={busy}
              fullWidth
            />
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 3' } }}>
            <FormSelectField
              control={control}
              name="delivererId"
              label={T.deliverer}
              emptyOption={T.noDeliverer}
              options={(deliverers.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              disabled={busy}
              fullWidth
            />
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            <FormMoneyField
              control={control}
              name="shippingCost"
              label={T.shippingCost}
              helperText={T.optional}
              disabled={busy}
              fullWidth
            />
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            <FormPercentField
              control={control}
              name="warrantyPercentage"
              label={T.warranty}
              disabled={busy}
              fullWidth
            />
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            <FormMoneyField
              control={control}
              name="fastDeliveryTax"
              label={T.fastDeliveryTax}
              disabled={busy}
              fullWidth
            />
          </Box>
        </Box>
        {problem ? (
          <Alert
            severity={problem.existing ? 'warning' : 'error'}
            role="alert"
            sx={{ mt: 1 }}
            action={
              problem.existing ? (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    const existing = problem.existing as ExistingCustomer;
                    onClose();
                    existingAction.onClick(existing);
                  }}
                >
                  {existingAction.label}
                </Button>
              ) : undefined
            }
          >
            {problem.existing ? <AlertTitle>{T.duplicateTitle}</AlertTitle> : null}
            {problem.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {T.close}
        </Button>
        <SubmitButton form="register-customer-form" busy={busy}>
          {T.submit}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, hint }: { title: string; hint?: string }) {
  return (
    <Typography
      component="h3"
      variant="subtitle2"
      color="text.secondary"
      sx={{ gridColumn: '1 / -1', mt: 1, mb: 1.5, fontWeight: 600 }}
    >
      {title}
      {hint ? (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', fontWeight: 400 }}
        >
          {hint}
        </Typography>
      ) : null}
    </Typography>
  );
}
