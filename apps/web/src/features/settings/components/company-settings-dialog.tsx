import {
  type CompanySettings,
  companyAddressSchema,
  companyCnpjSchema,
  companyNameSchema,
  merchantCitySchema,
  merchantNameSchema,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { COMPANY_FORM_TEXTS as T } from '../texts';

/** A field the server takes as optional: blank is left out (the saved value stays), else checked by `rule`. */
function blankKeeps(rule: z.ZodType<string, string>) {
  return z
    .string()
    .superRefine((value, ctx) => {
      if (!value.trim()) return;
      const issue = rule.safeParse(value).error?.issues[0];
      if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
    })
    .transform((value) => (value.trim() ? rule.parse(value) : undefined));
}

const companyFormSchema = z.object({
  /** 'Nome da empresa' and its CNPJ (issue 21): blank keeps what is saved (the server's optional fields). */
  name: blankKeeps(companyNameSchema),
  cnpj: blankKeeps(companyCnpjSchema),
  /** The shop's address for its documents (issue 35): blank clears it. */
  address: companyAddressSchema,
  enablePixAuto: z.boolean(),
  merchantName: merchantNameSchema,
  merchantCity: merchantCitySchema,
});
type CompanyFormValues = z.input<typeof companyFormSchema>;
export type CompanyFormOutput = z.output<typeof companyFormSchema>;

interface Props {
  open: boolean;
  company: CompanySettings | undefined;
  onClose: () => void;
  onSubmit: (values: CompanyFormOutput) => Promise<unknown>;
  /** The server's refusal, shown inside the modal, which stays open. */
  error?: string | null;
  /** Shown without a way to save (no 'Configurações bancárias'): fields disabled, only 'Fechar'. */
  readOnly?: boolean;
}

/** 'Configurações da Empresa': the company's name, CNPJ and address (printed on the order's PDF), the automatic Pix switch and the Pix merchant name and city (BR Code). */
export function CompanySettingsDialog({ open, company, onClose, onSubmit, error = null, readOnly = false }: Props) {
  const {
    control,
    handleSubmit,
    reset,
    watch,
    formState: { isValid, isSubmitting },
  } = useForm<CompanyFormValues, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', cnpj: '', address: '', enablePixAuto: false, merchantName: '', merchantCity: '' },
  });

  useEffect(() => {
    if (!open) return;
    reset({
      name: company?.name ?? '',
      cnpj: company?.cnpj ?? '',
      address: company?.address ?? '',
      enablePixAuto: company?.pixAuto ?? false,
      merchantName: company?.merchantName ?? '',
      merchantCity: company?.merchantCity ?? '',
    });
  }, [open, company, reset]);

  const pixAuto = watch('enablePixAuto');

  return (
    <FormDialog
      open={open}
      titleId="company-settings-title"
      title={T.title}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={
        readOnly ? (event) => event.preventDefault() : handleSubmit(async (values) => void (await onSubmit(values)))
      }
      closeText={readOnly ? T.close : T.cancel}
      actions={
        readOnly ? null : (
          <SubmitButton disabled={!isValid} busy={isSubmitting}>
            {T.save}
          </SubmitButton>
        )
      }
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <FormTextField control={control} name="name" label={T.companyName} disabled={readOnly} />
        <FormTextField
          control={control}
          name="cnpj"
          label={T.cnpj}
          disabled={readOnly}
          slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 18 } }}
        />
        <FormTextField
          control={control}
          name="address"
          label={T.address}
          disabled={readOnly}
          multiline
          minRows={2}
          helperText={T.addressHint}
        />
        <Controller
          control={control}
          name="enablePixAuto"
          render={({ field }) => (
            <div>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    disabled={readOnly}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'pix-auto-help' } }}
                  />
                }
                label={T.pixAuto}
              />
              <FormHelperText id="pix-auto-help" sx={{ mt: 0 }}>
                {pixAuto ? T.pixAutoOn : T.pixAutoOff}
              </FormHelperText>
            </div>
          )}
        />
        <FormTextField
          control={control}
          name="merchantName"
          label={T.merchantName}
          required
          disabled={readOnly}
          helperText={T.merchantNameHint}
        />
        <FormTextField
          control={control}
          name="merchantCity"
          label={T.merchantCity}
          required
          disabled={readOnly}
          helperText={T.merchantCityHint}
        />
      </Stack>
    </FormDialog>
  );
}
