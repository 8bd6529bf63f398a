import {
  formatCep,
  formatDocument,
  formatPhone,
  type Supplier,
  type SupplierBody,
  type SupplierInput,
  supplierBodySchema,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSaveSupplier } from '../api/suppliers-api';
import { SUPPLIERS_TEXTS as T } from '../texts';

type FormValues = {
  name: string;
  tradeName: string;
  document: string;
  stateRegistration: string;
  contactName: string;
  phone: string;
  email: string;
  address: {
    street: string;
    number: string;
    complement: string;
    district: string;
    city: string;
    state: string;
    postalCode: string;
  };
};

/** The form's values: the supplier's (formatted as people read them), or every field empty. */
function valuesOf(supplier: Supplier | null): FormValues {
  const a = supplier?.address;
  return {
    name: supplier?.name ?? '',
    tradeName: supplier?.tradeName ?? '',
    document: formatDocument(supplier?.document),
    stateRegistration: supplier?.stateRegistration ?? '',
    contactName: supplier?.contactName ?? '',
    phone: formatPhone(supplier?.phone),
    email: supplier?.email ?? '',
    address: {
      street: a?.street ?? '',
      number: a?.number ?? '',
      complement: a?.complement ?? '',
      district: a?.district ?? '',
      city: a?.city ?? '',
      state: a?.state ?? '',
      postalCode: formatCep(a?.postalCode),
    },
  };
}

/**
 * 'Novo fornecedor' / 'Editar fornecedor' (issue 39 §1): name, CNPJ (numeric or alphanumeric) or CPF with its
 * check digits verified as the server verifies them (the contract's schema), IE, contact, phone, e-mail and
 * address. A CNPJ already registered is said inside the dialog, naming the other supplier. Full screen on a phone.
 */
export function SupplierDialog({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<SupplierBody, unknown, SupplierInput>({
    resolver: zodResolver(supplierBodySchema),
    mode: 'onTouched',
    defaultValues: valuesOf(supplier),
  });
  const save = useSaveSupplier(supplier?.id ?? null, onClose, setProblem);
  const busy = save.isPending;
  const submit = handleSubmit((body) => save.mutate(body));
  const field = (name: FieldPath<SupplierBody>, label: string, span: number, extra: object = {}) => (
    <Box sx={{ gridColumn: { sm: `span ${span}` } }}>
      <FormTextField control={control} name={name} label={label} disabled={busy} fullWidth {...extra} />
    </Box>
  );

  return (
    <FormDialog
      open
      titleId="supplier-dialog-title"
      title={supplier ? T.editTitle : T.newTitle}
      maxWidth="md"
      fullScreen={phone}
      onClose={busy ? () => undefined : onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={<SubmitButton busy={busy}>{T.save}</SubmitButton>}
    >
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          pt: 1,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        {field('name', T.name, 4, { required: true, autoFocus: true })}
        {field('document', T.document, 2, { required: true, helperText: T.documentHelp })}
        {field('tradeName', T.tradeName, 3)}
        {field('stateRegistration', T.stateRegistration, 3)}
        {field('contactName', T.contactName, 2)}
        {field('phone', T.phone, 2, { type: 'tel' })}
        {field('email', T.email, 2, { type: 'email' })}
        <Typography variant="subtitle2" sx={{ gridColumn: { sm: 'span 6' }, mb: 1 }}>
          {T.address}
        </Typography>
        {field('address.postalCode', T.postalCode, 2, { inputMode: 'numeric' })}
        {field('address.street', T.street, 4)}
        {field('address.number', T.number, 1)}
        {field('address.complement', T.complement, 2)}
        {field('address.district', T.district, 3)}
        {field('address.city', T.city, 5)}
        {field('address.state', T.state, 1, { slotProps: { htmlInput: { maxLength: 2 } } })}
      </Box>
      <ProblemAlert problem={problem} />
    </FormDialog>
  );
}
