import {
  CREDIT_TEXTS,
  type Customer,
  type CustomerCredit,
  type CustomerCreditBody,
  formatCreditTerms,
  MAX_CREDIT_LIMIT,
  parseCreditTerms,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogProblemProvider } from '../../../components/form/dialog-problem';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { customerCreditQuery, saveCustomerCredit } from '../api/credit-api';
import { CUSTOMERS_TEXTS } from '../texts';
import { CustomerFormDialog } from './customer-form-dialog';

const T = CUSTOMERS_TEXTS.credit;
/** The most plans a customer may have (the body's `terms` allows 10). */
const MAX_PLANS = 10;

const creditFormSchema = z.object({
  limit: z
    .number({ error: CREDIT_TEXTS.limitInvalid })
    .min(0, CREDIT_TEXTS.limitInvalid)
    .max(MAX_CREDIT_LIMIT, CREDIT_TEXTS.limitInvalid)
    .nullable(),
});
type CreditFormValues = z.infer<typeof creditFormSchema>;

const sameDays = (a: readonly number[], b: readonly number[]) => a.join('/') === b.join('/');

export interface CreditDialogProps {
  customer: Customer;
  credit: CustomerCredit;
  onClose: () => void;
}

/**
 * 'Alterar crédito': the limit (money; empty: no credit, only cash sales) and the plans, each typed as the shop
 * says it ('28', '30/60/90') and added as a chip. Saved with PUT /customers/{id}/credit; a refusal is said
 * inside the dialog with the server's words, and the dialog stays with what was typed.
 */
export function CreditDialog({ customer, credit, onClose }: CreditDialogProps) {
  const { control, handleSubmit, setError } = useForm<CreditFormValues>({
    resolver: zodResolver(creditFormSchema),
    mode: 'all',
    defaultValues: { limit: credit.limit },
  });
  const [plans, setPlans] = useState<number[][]>(() => credit.terms.map((days) => [...days]));
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const save = useApiMutation({
    mutationFn: (body: CustomerCreditBody) => saveCustomerCredit(customer.id, body),
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(customerCreditQuery(customer.id).queryKey, data),
    ...inDialog(onClose, setProblem),
  });

  /** Adds what is typed in 'Novo prazo' (nothing typed: the plans as they are); null when it is refused. */
  const addDraft = (): number[][] | null => {
    const text = draft.trim();
    if (text === '') return plans;
    const days = parseCreditTerms(text);
    let error: string | null = null;
    if (!days) error = CREDIT_TEXTS.termsInvalid;
    else if (plans.some((plan) => sameDays(plan, days))) error = CREDIT_TEXTS.termsRepeated;
    else if (plans.length >= MAX_PLANS) error = T.termsTooMany;
    if (error || !days) {
      setDraftError(error);
      return null;
    }
    const next = [...plans, days];
    setPlans(next);
    setDraft('');
    setDraftError(null);
    return next;
  };

  const submit = handleSubmit(async (values) => {
    const terms = addDraft();
    if (!terms) return;
    if (terms.length > 0 && values.limit === null) {
      setError('limit', { message: CREDIT_TEXTS.termsWithoutLimit }, { shouldFocus: true });
      return;
    }
    await save.mutateAsync({ limit: values.limit, terms: terms.map((days) => days.join('/')) }).catch(() => undefined);
  });

  return (
    <DialogProblemProvider value={problem}>
      <CustomerFormDialog
        id="credit"
        title={T.dialogTitle(customer.name)}
        onSubmit={submit}
        onClose={onClose}
        submitText={T.save}
        busy={save.isPending}
      >
        <FormMoneyField control={control} name="limit" valueAs="number" label={T.limit} helperText={T.limitHelp} />
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
            {T.terms}
          </Typography>
          {plans.length > 0 ? (
            <Box
              component="ul"
              aria-label={T.terms}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mb: 2 }}
            >
              {plans.map((days, index) => {
                const label = formatCreditTerms(days);
                return (
                  <Box component="li" key={days.join('/')} sx={{ listStyle: 'none' }}>
                    <Chip
                      label={label}
                      onDelete={() => setPlans((current) => current.filter((_, i) => i !== index))}
                      deleteIcon={<CancelIcon titleAccess={T.removeTerm(label)} />}
                    />
                  </Box>
                );
              })}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {T.noTerms}
            </Typography>
          )}
          <TextField
            label={T.newTerm}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setDraftError(null);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              addDraft();
            }}
            error={draftError !== null}
            helperText={draftError ?? T.newTermHelp}
            placeholder="30/60/90"
            fullWidth
            slotProps={{
              htmlInput: { maxLength: 60 },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Button size="small" onClick={() => addDraft()} startIcon={<AddIcon />}>
                      {T.addTerm}
                    </Button>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
      </CustomerFormDialog>
    </DialogProblemProvider>
  );
}
