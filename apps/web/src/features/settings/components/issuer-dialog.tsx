import {
  BRAZILIAN_STATES,
  FISCAL_AUTO_EMIT,
  FISCAL_AUTO_EMIT_LABELS,
  FISCAL_SETUP_TEXTS,
  FISCAL_TRANSPORT_LABELS,
  FISCAL_TRANSPORTS,
  type FiscalAutoEmit,
  type FiscalIssuer,
  type FiscalIssuerInput,
  type FiscalTransport,
  fiscalIssuerBodySchema,
  type Municipality,
  ufIbgeCode,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { type Control, type UseFormSetValue, useController, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormDecimalField } from '../../../components/form/form-decimal-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { useApiMutation } from '../../../components/use-api-mutation';
import { fiscalIssuerQuery, refusalMessages, saveIssuer, searchable, useMunicipalitySearch } from '../api/fiscal-api';
import { maskCep, maskCnpj, maskPhone } from '../lib/fiscal-format';
import { FISCAL_ISSUER_TEXTS as T, TAX_REGIME_OPTIONS } from '../texts';
import { FormSection, MaskedField } from './fiscal-parts';

/** The form: the body's shape (so the server's field paths are the form's), numbers as typed, the CSC's removal. */
export interface IssuerFormValues {
  cnpj: string;
  ie: string;
  legalName: string;
  tradeName: string;
  crt: number | '';
  address: {
    street: string;
    number: string;
    complement: string;
    district: string;
    cep: string;
    uf: string;
    cityCode: string;
    cityName: string;
  };
  phone: string;
  environment: number;
  nfe: { series: number | null; nextNumber: number | null };
  nfce: { series: number | null; nextNumber: number | null };
  cscId: string;
  /** Blank keeps the saved CSC (the body leaves it out). */
  cscToken: string;
  /** 'Remover CSC': the body's `cscToken: null` (and no id). */
  removeCsc: boolean;
  transport: FiscalTransport;
  /** Nuvem Fiscal's credentials: a blank secret keeps the saved one (the body leaves it out). */
  provider: { sandbox: boolean; clientId: string; clientSecret: string };
  autoEmit: FiscalAutoEmit;
}

/** Whether the issuer has Nuvem Fiscal's credentials saved (then they are sent whatever the transport). */
const providerSaved = (issuer: FiscalIssuer) => issuer.provider.clientId !== null || issuer.provider.secretConfigured;

/**
 * The body PUT /fiscal/issuer takes from the form: a blank CSC left out (kept), a removed one null; the provider sent
 * when the notes go through Nuvem Fiscal or one was saved, its blank secret left out (kept).
 */
function bodyOf(values: IssuerFormValues, withProvider: boolean) {
  const { removeCsc, cscToken, cscId, crt, address, provider, ...rest } = values;
  const { clientSecret, ...credentials } = provider;
  return {
    ...rest,
    crt: crt === '' ? undefined : crt,
    address: { ...address, cityName: address.cityName || undefined },
    cscId: removeCsc ? null : cscId,
    ...(removeCsc ? { cscToken: null } : cscToken.trim() ? { cscToken } : {}),
    ...(withProvider || values.transport === 'NUVEM_FISCAL'
      ? {
          provider: {
            ...credentials,
            clientId: credentials.clientId.trim() || null,
            ...(clientSecret.trim() ? { clientSecret } : {}),
          },
        }
      : {}),
  };
}

/**
 * The form checked by the contract's own schema (the server's rules and messages), read as the body; through Nuvem
 * Fiscal the client ID, and the secret unless one is saved, are asked for here as the server asks for them.
 */
function issuerFormSchema(issuer: FiscalIssuer) {
  return z
    .preprocess((values: IssuerFormValues) => bodyOf(values, providerSaved(issuer)), fiscalIssuerBodySchema)
    .superRefine((body, ctx) => {
      if (body.transport !== 'NUVEM_FISCAL') return;
      const message = FISCAL_SETUP_TEXTS.providerCredentialsMissing;
      if (!body.provider?.clientId) ctx.addIssue({ code: 'custom', path: ['provider', 'clientId'], message });
      if (!body.provider?.clientSecret && !issuer.provider.secretConfigured)
        ctx.addIssue({ code: 'custom', path: ['provider', 'clientSecret'], message });
    });
}

function initialValues(issuer: FiscalIssuer): IssuerFormValues {
  return {
    cnpj: issuer.cnpj ? maskCnpj(issuer.cnpj) : '',
    ie: issuer.ie ?? '',
    legalName: issuer.legalName ?? '',
    tradeName: issuer.tradeName ?? '',
    crt: issuer.crt ?? '',
    address: {
      street: issuer.address?.street ?? '',
      number: issuer.address?.number ?? '',
      complement: issuer.address?.complement ?? '',
      district: issuer.address?.district ?? '',
      cep: issuer.address ? maskCep(issuer.address.cep) : '',
      uf: issuer.address?.uf ?? '',
      cityCode: issuer.address?.cityCode ?? '',
      cityName: issuer.address?.cityName ?? '',
    },
    phone: issuer.phone ? maskPhone(issuer.phone) : '',
    environment: issuer.environment,
    nfe: { ...issuer.nfe },
    nfce: { ...issuer.nfce },
    cscId: issuer.cscId ?? '',
    cscToken: '',
    removeCsc: false,
    transport: issuer.transport,
    provider: { sandbox: issuer.provider.sandbox, clientId: issuer.provider.clientId ?? '', clientSecret: '' },
    autoEmit: issuer.autoEmit,
  };
}

const UF_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state.uf, label: `${state.uf} - ${state.name}` }));
const TRANSPORT_OPTIONS = FISCAL_TRANSPORTS.map((value) => ({ value, label: FISCAL_TRANSPORT_LABELS[value] }));
const AUTO_EMIT_OPTIONS = FISCAL_AUTO_EMIT.map((value) => ({ value, label: FISCAL_AUTO_EMIT_LABELS[value] }));
const ENVIRONMENT_OPTIONS = [
  { value: 2, label: `${T.homologation} (testes, sem valor fiscal)` },
  { value: 1, label: T.production },
];

/** Whether `code` is a municipality of `uf` (its first two digits the UF's IBGE code). */
const cityOfUf = (code: string, uf: string) => {
  const prefix = ufIbgeCode(uf);
  return prefix !== undefined && code.startsWith(String(prefix));
};

/**
 * 'Município': the IBGE table searched as the name is typed (debounced, within the chosen UF); the chosen one fills
 * the code and the name (and the UF, when none was chosen), and its code is shown under the field.
 */
function MunicipalityField({
  control,
  setValue,
  disabled,
}: {
  control: Control<IssuerFormValues, unknown, FiscalIssuerInput>;
  setValue: UseFormSetValue<IssuerFormValues>;
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'address.cityCode' });
  const cityName = useWatch({ control, name: 'address.cityName' });
  const uf = useWatch({ control, name: 'address.uf' });
  const [typed, setTyped] = useState(cityName);
  const [term, setTerm] = useState('');
  const search = useMunicipalitySearch(term, uf);
  const chosen: Municipality | null = field.value ? { code: field.value, name: cityName, uf } : null;
  const found = searchable(term) ? (search.data ?? []) : [];
  const options = chosen && !found.some((m) => m.code === chosen.code) ? [chosen, ...found] : found;
  const pick = (municipality: Municipality | null) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('address.cityName', municipality?.name ?? '', options);
    if (municipality && municipality.uf !== uf) setValue('address.uf', municipality.uf, options);
    field.onChange(municipality?.code ?? '');
  };
  return (
    <Autocomplete<Municipality>
      value={chosen}
      onChange={(_event, municipality) => pick(municipality)}
      inputValue={typed}
      onInputChange={(_event, text, reason) => {
        setTyped(text);
        if (reason === 'input') setTerm(text);
      }}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, value) => option.code === value.code}
      renderOption={(props, option) => (
        <li {...props} key={option.code}>
          {`${option.name}/${option.uf} · ${option.code}`}
        </li>
      )}
      loading={search.isFetching}
      loadingText={T.citySearching}
      noOptionsText={searchable(term) ? T.cityNone : T.cityType}
      disabled={disabled}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={T.city}
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? (field.value ? T.cityCode(field.value) : T.cityHint)}
        />
      )}
    />
  );
}

/** 'Sandbox (testes)': Nuvem Fiscal's environment, a switch. */
function SandboxSwitch({
  control,
  disabled,
}: {
  control: Control<IssuerFormValues, unknown, FiscalIssuerInput>;
  disabled: boolean;
}) {
  const { field } = useController({ control, name: 'provider.sandbox' });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          disabled={disabled}
        />
      }
      label={T.sandbox}
    />
  );
}

/**
 * 'Dados do emitente' (issue 41 §1): the issuer whole, as PUT /fiscal/issuer takes it, checked as typed by the
 * contract's schema. A never-saved issuer starts from the suggestion (the company's CNPJ and name). The CSC token is
 * never shown: blank keeps it, 'Remover CSC' removes it. 'Envio das notas': straight to the SEFAZ or through Nuvem
 * Fiscal (its environment, client ID and secret: blank keeps the saved one), and whether the note is emitted by
 * itself when the order is handed over. A refusal is said inside the dialog, which stays open.
 */
export function IssuerDialog({ issuer, onClose }: { issuer: FiscalIssuer; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const schema = useMemo(() => issuerFormSchema(issuer), [issuer]);
  const { control, handleSubmit, setValue, getFieldState, trigger } = useForm<
    IssuerFormValues,
    unknown,
    FiscalIssuerInput
  >({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initialValues(issuer),
  });
  const save = useApiMutation({
    mutationFn: saveIssuer,
    success: T.saved,
    failure: T.saveFailed,
    message: refusalMessages,
    update: (client, data) => client.setQueryData(fiscalIssuerQuery.queryKey, data),
    errorInDialog: true,
    onError: (_error, message) => setProblem(message),
    closeDialog: onClose,
  });
  const busy = save.isPending;
  const ie = useWatch({ control, name: 'ie' });
  const uf = useWatch({ control, name: 'address.uf' });
  const cityCode = useWatch({ control, name: 'address.cityCode' });
  const removeCsc = useWatch({ control, name: 'removeCsc' });
  const transport = useWatch({ control, name: 'transport' });
  const exempt = ie.trim().toUpperCase() === 'ISENTO';
  const cell = (span: number) => ({ gridColumn: { sm: `span ${span}` } });
  const text = (
    name: Parameters<typeof FormTextField<IssuerFormValues, FiscalIssuerInput>>[0]['name'],
    label: string,
  ) => ({ control, name, label, disabled: busy, fullWidth: true }) as const;
  const number = (
    name: 'nfe.series' | 'nfe.nextNumber' | 'nfce.series' | 'nfce.nextNumber',
    label: string,
    thousands: boolean,
  ) => (
    <FormDecimalField
      control={control}
      name={name}
      label={label}
      valueAs="number"
      decimalScale={0}
      thousands={thousands}
      required
      disabled={busy}
      fullWidth
    />
  );

  return (
    <WriteFormDialog
      titleId="fiscal-issuer-dialog-title"
      title={T.dialogTitle}
      maxWidth="md"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((body) => {
        setProblem(null);
        save.mutate(body);
      })}
      closeText={T.cancel}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.save}</SubmitButton>}
    >
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        <FormSection>{T.sections.company}</FormSection>
        <Box sx={cell(3)}>
          <MaskedField
            {...text('cnpj', T.fields.cnpj)}
            mask={maskCnpj}
            required
            helperText={issuer.saved ? ' ' : T.cnpjHint}
            slotProps={{ htmlInput: { autoComplete: 'off', inputMode: 'text' } }}
          />
        </Box>
        <Box sx={cell(3)}>
          <FormTextField
            {...text('ie', T.fields.ie)}
            required
            disabled={busy || exempt}
            helperText={T.ieHint}
            slotProps={{ htmlInput: { autoComplete: 'off' } }}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1', mt: -1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={exempt}
                disabled={busy}
                onChange={(event) => {
                  setValue('ie', event.target.checked ? 'ISENTO' : '', { shouldDirty: true });
                  if (getFieldState('ie').isTouched || event.target.checked) void trigger('ie');
                }}
              />
            }
            label={T.ieExempt}
          />
        </Box>
        <Box sx={cell(6)}>
          <FormTextField {...text('legalName', T.fields.legalName)} required />
        </Box>
        <Box sx={cell(3)}>
          <FormTextField {...text('tradeName', T.fields.tradeName)} />
        </Box>
        <Box sx={cell(3)}>
          <MaskedField {...text('phone', T.fields.phone)} mask={maskPhone} type="tel" helperText={T.phoneHint} />
        </Box>
        <Box sx={cell(6)}>
          <FormSelectField
            control={control}
            name="crt"
            label={T.fields.crt}
            options={TAX_REGIME_OPTIONS}
            required
            disabled={busy}
            fullWidth
          />
        </Box>

        <FormSection>{T.sections.address}</FormSection>
        <Box sx={cell(2)}>
          <MaskedField
            {...text('address.cep', T.cep)}
            mask={maskCep}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
        <Box sx={cell(4)}>
          <FormTextField {...text('address.street', T.street)} required />
        </Box>
        <Box sx={cell(2)}>
          <FormTextField {...text('address.number', T.number)} required helperText={T.numberHint} />
        </Box>
        <Box sx={cell(4)}>
          <FormTextField {...text('address.complement', T.complement)} />
        </Box>
        <Box sx={cell(3)}>
          <FormTextField {...text('address.district', T.district)} required />
        </Box>
        <Box sx={cell(3)}>
          <FormSelectField
            control={control}
            name="address.uf"
            label={T.uf}
            options={UF_OPTIONS}
            required
            disabled={busy}
            fullWidth
            onChange={(next) => {
              // A city of another state is no longer the address's.
              if (cityCode && !cityOfUf(cityCode, String(next))) {
                setValue('address.cityCode', '', { shouldDirty: true });
                setValue('address.cityName', '', { shouldDirty: true });
              }
            }}
          />
        </Box>
        <Box sx={cell(6)}>
          <MunicipalityField key={uf} control={control} setValue={setValue} disabled={busy} />
        </Box>

        <FormSection>{T.sections.sefaz}</FormSection>
        <Box sx={cell(6)}>
          <FormSelectField
            control={control}
            name="environment"
            label={T.fields.environment}
            options={ENVIRONMENT_OPTIONS}
            required
            disabled={busy}
            fullWidth
          />
        </Box>
        <Box sx={cell(2)}>{number('nfe.series', T.nfeSeries, false)}</Box>
        <Box sx={cell(4)}>{number('nfe.nextNumber', T.nfeNext, true)}</Box>
        <Box sx={cell(2)}>{number('nfce.series', T.nfceSeries, false)}</Box>
        <Box sx={cell(4)}>{number('nfce.nextNumber', T.nfceNext, true)}</Box>

        <FormSection>{T.sections.csc}</FormSection>
        {removeCsc ? (
          <Alert
            severity="warning"
            role="status"
            sx={{ gridColumn: '1 / -1', mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => setValue('removeCsc', false)}>
                {T.keepCsc}
              </Button>
            }
          >
            {T.cscWillBeRemoved}
          </Alert>
        ) : (
          <>
            <Box sx={cell(2)}>
              <FormTextField
                {...text('cscId', T.cscId)}
                helperText={T.cscIdHint}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
            </Box>
            <Box sx={cell(4)}>
              <FormTextField
                {...text('cscToken', T.cscToken)}
                type="password"
                helperText={issuer.cscConfigured ? T.cscTokenKeep : T.cscTokenNew}
                slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
              />
            </Box>
            {issuer.cscConfigured ? (
              <Box sx={{ gridColumn: '1 / -1' }}>
                <Button
                  color="error"
                  size="small"
                  disabled={busy}
                  onClick={() => {
                    setValue('removeCsc', true);
                    setValue('cscToken', '');
                  }}
                >
                  {T.removeCsc}
                </Button>
              </Box>
            ) : null}
          </>
        )}

        <FormSection>{T.sections.transport}</FormSection>
        <Box sx={cell(6)}>
          <FormSelectField
            control={control}
            name="transport"
            label={T.transport}
            options={TRANSPORT_OPTIONS}
            required
            disabled={busy}
            fullWidth
          />
        </Box>
        {transport === 'NUVEM_FISCAL' ? (
          <>
            <Box sx={{ gridColumn: '1 / -1', mt: -1 }}>
              <SandboxSwitch control={control} disabled={busy} />
            </Box>
            <Box sx={cell(3)}>
              <FormTextField
                {...text('provider.clientId', T.clientId)}
                required
                slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 200 } }}
              />
            </Box>
            <Box sx={cell(3)}>
              <FormTextField
                {...text('provider.clientSecret', T.clientSecret)}
                type="password"
                required={!issuer.provider.secretConfigured}
                helperText={issuer.provider.secretConfigured ? T.clientSecretKeep : T.clientSecretNew}
                slotProps={{ htmlInput: { autoComplete: 'new-password', maxLength: 200 } }}
              />
            </Box>
          </>
        ) : null}
        <Box sx={cell(6)}>
          <FormSelectField
            control={control}
            name="autoEmit"
            label={T.autoEmit}
            options={AUTO_EMIT_OPTIONS}
            required
            disabled={busy}
            fullWidth
          />
        </Box>
      </Box>
    </WriteFormDialog>
  );
}
