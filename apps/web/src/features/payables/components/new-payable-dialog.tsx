import {
  businessDay,
  PAYABLE_CATEGORY_LABELS,
  PAYABLE_TEXTS,
  type PayableCategory,
  payableAmountSchema,
  TYPED_PAYABLE_CATEGORIES,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useCreatePayable } from '../api/payables-api';
import { PAYABLES_TEXTS as T } from '../texts';
import { type SupplierChoice, SupplierPicker } from './supplier-picker';

const CATEGORIES = TYPED_PAYABLE_CATEGORIES.map((value) => ({ value, label: PAYABLE_CATEGORY_LABELS[value] }));

/** The form, checked as the server checks it (the contract's texts). */
const formSchema = z.object({
  category: z.enum(TYPED_PAYABLE_CATEGORIES as [PayableCategory, ...PayableCategory[]], {
    error: PAYABLE_TEXTS.categoryInvalid,
  }),
  description: z.string().trim().min(1, PAYABLE_TEXTS.descriptionInvalid).max(300, PAYABLE_TEXTS.descriptionInvalid),
  documentNumber: z.string().trim().max(60, PAYABLE_TEXTS.documentNumberInvalid),
  dueDate: z.custom<Dayjs | null>((value) => dayjs.isDayjs(value) && value.isValid(), T.dateInvalid),
  amount: payableAmountSchema,
});
type FormValues = {
  category: PayableCategory | '';
  description: string;
  documentNumber: string;
  dueDate: Dayjs | null;
  amount: number | null;
};
type FormOutput = z.output<typeof formSchema>;

/**
 * 'Nova conta' (issue 39 §3): a bill typed by hand — rent, couriers' fuel — with its category, an optional
 * supplier, description, document number, due day (DD/MM/YYYY, today until changed) and amount typed 1.234,56.
 */
export function NewPayableDialog({ onClose }: { onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [supplier, setSupplier] = useState<SupplierChoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema) as never,
    mode: 'onTouched',
    defaultValues: {
      category: '',
      description: '',
      documentNumber: '',
      dueDate: dayjs(businessDay(new Date())),
      amount: null,
    },
  });
  const create = useCreatePayable(onClose, setProblem);
  const busy = create.isPending;
  const submit = handleSubmit((values) =>
    create.mutate({
      supplierId: supplier?.id ?? null,
      category: values.category,
      description: values.description,
      documentNumber: values.documentNumber || null,
      dueDate: (values.dueDate as Dayjs).format('YYYY-MM-DD'),
      amount: values.amount,
    }),
  );
  return (
    <FormDialog
      open
      titleId="new-payable-title"
      title={T.newTitle}
      maxWidth="sm"
      fullScreen={phone}
      onClose={busy ? () => undefined : onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={<SubmitButton busy={busy}>{T.save}</SubmitButton>}
    >
      <Box sx={{ display: 'grid', columnGap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormSelectField
          control={control}
          name="category"
          label={T.category}
          options={CATEGORIES}
          required
          disabled={busy}
        />
        <Box sx={{ mb: 2.5 }}>
          <SupplierPicker value={supplier} onChange={setSupplier} size="medium" disabled={busy} />
        </Box>
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <FormTextField
            control={control}
            name="description"
            label={T.description}
            required
            fullWidth
            disabled={busy}
          />
        </Box>
        <FormTextField control={control} name="documentNumber" label={T.documentNumber} disabled={busy} />
        <FormDateField
          control={control}
          name="dueDate"
          label={T.dueDate}
          disabled={busy}
          textField={{ required: true, size: 'small' }}
        />
        <FormMoneyField control={control} name="amount" label={T.amount} valueAs="number" required disabled={busy} />
      </Box>
      <ProblemAlert problem={problem} />
    </FormDialog>
  );
}
