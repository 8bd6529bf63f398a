import {
  type BankSetting,
  type BankSettingData,
  type BankSettingType,
  bankSettingInputSchema,
  PIX_KEY_TYPES,
  type PixKeyType,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { SETTINGS_PAGE_TEXTS, BANK_FORM_TEXTS as T } from '../texts';

export interface BankFormValues {
  bankSettingsType: BankSettingType;
  name: string;
  pixType: PixKeyType | '';
  pixKey: string;
  bank: string;
  agency: string;
  account: string;
  cnpj: string;
  disabled: boolean;
}

/** What the modal opens for: a new Pix, a new transfer, an existing setting, or one to look at only. */
export type BankDialogTarget =
  | { kind: 'new'; type: BankSettingType }
  | { kind: 'edit'; setting: BankSetting }
  | { kind: 'view'; setting: BankSetting };

function initialValues(target: BankDialogTarget): BankFormValues {
  if (target.kind === 'new') {
    return {
      bankSettingsType: target.type,
      name: '',
      pixType: '',
      pixKey: '',
      bank: '',
      agency: '',
      account: '',
      cnpj: '',
      disabled: false,
    };
  }
  const s = target.setting;
  return {
    bankSettingsType: s.bankSettingsType,
    name: s.name,
    pixType: s.pixType ?? '',
    pixKey: s.pixKey ?? '',
    bank: s.bank ?? '',
    agency: s.agency ?? '',
    account: s.account ?? '',
    cnpj: s.cnpj ?? '',
    disabled: s.disabled,
  };
}

const PIX_TYPE_OPTIONS = PIX_KEY_TYPES.map((type) => ({ value: type, label: SETTINGS_PAGE_TEXTS.pixTypeLabels[type] }));

interface Props {
  /** null: closed. */
  target: BankDialogTarget | null;
  onClose: () => void;
  /** Receives the values as the contract normalises them. */
  onSubmit: (values: BankSettingData) => Promise<unknown>;
  /** The server's refusal (a taken key, a duplicate account), shown inside the modal, which stays open. */
  error?: string | null;
}

/**
 * The bank info modal (new Pix, new transfer, or edit): the type is read-only; each field is checked as a
 * bank would (the contract's rules, the same as the server's); save stays disabled while anything is invalid.
 */
export function BankSettingDialog({ target, onClose, onSubmit, error = null }: Props) {
  const readOnly = target?.kind === 'view';
  const {
    control,
    handleSubmit,
    reset,
    watch,
    trigger,
    getFieldState,
    formState: { isValid, isSubmitting },
  } = useForm<BankFormValues, unknown, BankSettingData>({
    resolver: zodResolver(bankSettingInputSchema) as never,
    mode: 'onTouched',
    defaultValues: initialValues({ kind: 'new', type: 'Pix' }),
  });

  useEffect(() => {
    if (target) reset(initialValues(target));
  }, [target, reset]);

  const type = watch('bankSettingsType');
  const pixType = watch('pixType');
  const isPix = type === 'Pix';
  const title =
    target?.kind === 'view'
      ? T.titleView
      : target?.kind === 'edit'
        ? T.titleEdit
        : target?.type === 'Transfer'
          ? T.titleNewTransfer
          : T.titleNewPix;

  return (
    <FormDialog
      open={target !== null}
      titleId="bank-setting-title"
      title={title}
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
      <Stack spacing={0.5} sx={{ pt: 1 }}>
        {error ? (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {error}
          </Alert>
        ) : null}
        <TextField
          label={T.fields.type}
          value={SETTINGS_PAGE_TEXTS.typeLabels[type]}
          helperText=" "
          slotProps={{ input: { readOnly: true } }}
        />
        <FormTextField control={control} name="name" label={T.fields.name} required autoFocus disabled={readOnly} />
        {isPix ? (
          <>
            <FormSelectField
              control={control}
              name="pixType"
              label={T.fields.pixType}
              required
              disabled={readOnly}
              options={PIX_TYPE_OPTIONS}
              onChange={() => {
                // A key typed for another type is checked again against the new one.
                if (getFieldState('pixKey').isTouched) void trigger('pixKey');
              }}
            />
            <FormTextField
              control={control}
              name="pixKey"
              label={T.fields.pixKey}
              required
              disabled={readOnly || pixType === ''}
              helperText={pixType === '' ? T.hints.pixTypeFirst : T.pixKeyExamples[pixType]}
            />
          </>
        ) : null}
        <FormTextField
          control={control}
          name="bank"
          label={T.fields.bank}
          required={!isPix}
          disabled={readOnly}
          helperText={isPix ? T.hints.bankOptional : T.hints.bank}
        />
        {isPix ? null : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }}>
            <FormTextField
              control={control}
              name="agency"
              label={T.fields.agency}
              required
              disabled={readOnly}
              helperText={T.hints.agency}
              fullWidth
            />
            <FormTextField
              control={control}
              name="account"
              label={T.fields.account}
              required
              disabled={readOnly}
              helperText={T.hints.account}
              fullWidth
            />
          </Stack>
        )}
        <FormTextField
          control={control}
          name="cnpj"
          label={T.fields.cnpj}
          required={!isPix}
          disabled={readOnly}
          helperText={isPix ? T.hints.cnpjOptional : ' '}
        />
        <Controller
          control={control}
          name="disabled"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  disabled={readOnly}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
              label={T.fields.disabled}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
