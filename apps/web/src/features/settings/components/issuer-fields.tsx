import {
  BRAZILIAN_STATES,
  FISCAL_AUTO_EMIT,
  FISCAL_AUTO_EMIT_LABELS,
  FISCAL_TRANSPORT_LABELS,
  FISCAL_TRANSPORTS,
  type FiscalIssuer,
  type FiscalIssuerInput,
  type Municipality,
  ufIbgeCode,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import {
  type Control,
  type UseFormGetFieldState,
  type UseFormSetValue,
  type UseFormTrigger,
  useController,
  useWatch,
} from 'react-hook-form';
import { FormDecimalField } from '../../../components/form/form-decimal-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { searchable, useMunicipalitySearch } from '../api/fiscal-api';
import { maskCep, maskCnpj, maskPhone } from '../lib/fiscal-format';
import { FISCAL_ISSUER_TEXTS as T, TAX_REGIME_OPTIONS } from '../texts';
import { cell, FormSection, MaskedField } from './fiscal-parts';
import type { IssuerFormValues } from './issuer-form';

type IssuerControl = Control<IssuerFormValues, unknown, FiscalIssuerInput>;

/** What each section of the issuer's form is given: the form's control and whether a save is on its way. */
interface SectionProps {
  control: IssuerControl;
  busy: boolean;
}

/** A section that also sets fields itself (a municipality chosen, a CSC removed, a CNPJ looked up). */
interface SettingSectionProps extends SectionProps {
  setValue: UseFormSetValue<IssuerFormValues>;
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

/** A text field's props bound to the form: its name, its label, disabled while saving. */
const textOf =
  (control: IssuerControl, busy: boolean) =>
  (name: Parameters<typeof FormTextField<IssuerFormValues, FiscalIssuerInput>>[0]['name'], label: string) =>
    ({ control, name, label, disabled: busy, fullWidth: true }) as const;

/**
 * 'Município': the IBGE table searched as the name is typed (debounced, within the chosen UF); the chosen one fills
 * the code and the name (and the UF, when none was chosen), and its code is shown under the field.
 */
function MunicipalityField({
  control,
  setValue,
  disabled,
}: {
  control: IssuerControl;
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
function SandboxSwitch({ control, disabled }: { control: IssuerControl; disabled: boolean }) {
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

/** 'PIS/COFINS não cumulativo (lucro real)' (decision 0089): the entry's PIS/COFINS credits; only CRT 3 uses it. */
function PisCofinsSwitch({ control, disabled }: { control: IssuerControl; disabled: boolean }) {
  const { field } = useController({ control, name: 'pisCofinsNonCumulative' });
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': 'pis-cofins-help' } }}
          />
        }
        label={T.pisCofins}
      />
      <FormHelperText id="pis-cofins-help" sx={{ mt: 0 }}>
        {T.pisCofinsHelp}
      </FormHelperText>
    </Box>
  );
}

/** 'Empresa': the CNPJ, the IE (or 'Isento'), the names, the phone and the tax regime. */
export function CompanyFields({
  control,
  busy,
  issuer,
  exempt,
  setValue,
  getFieldState,
  trigger,
}: SettingSectionProps & {
  issuer: FiscalIssuer;
  /** The IE typed is 'ISENTO'. */
  exempt: boolean;
  getFieldState: UseFormGetFieldState<IssuerFormValues>;
  trigger: UseFormTrigger<IssuerFormValues>;
}) {
  const text = textOf(control, busy);
  return (
    <>
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
      <Box sx={cell(6)}>
        <PisCofinsSwitch control={control} disabled={busy} />
      </Box>
    </>
  );
}

/** 'Endereço': the CEP, the street and number, the district, the UF and the municipality (of that UF). */
export function AddressFields({
  control,
  busy,
  uf,
  cityCode,
  setValue,
}: SettingSectionProps & {
  /** The UF chosen. */
  uf: string;
  /** The municipality chosen (its IBGE code). */
  cityCode: string;
}) {
  const text = textOf(control, busy);
  return (
    <>
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
    </>
  );
}

/** A note's series or next number: digits, the next number with its thousands' dots. */
function NumberField({
  control,
  busy,
  name,
  label,
  thousands,
}: SectionProps & {
  name: 'nfe.series' | 'nfe.nextNumber' | 'nfce.series' | 'nfce.nextNumber';
  label: string;
  thousands: boolean;
}) {
  return (
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
}

/** 'SEFAZ': the environment, and the NF-e's and NFC-e's series and next numbers. */
export function SefazFields({ control, busy }: SectionProps) {
  return (
    <>
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
      <Box sx={cell(2)}>
        <NumberField control={control} busy={busy} name="nfe.series" label={T.nfeSeries} thousands={false} />
      </Box>
      <Box sx={cell(4)}>
        <NumberField control={control} busy={busy} name="nfe.nextNumber" label={T.nfeNext} thousands />
      </Box>
      <Box sx={cell(2)}>
        <NumberField control={control} busy={busy} name="nfce.series" label={T.nfceSeries} thousands={false} />
      </Box>
      <Box sx={cell(4)}>
        <NumberField control={control} busy={busy} name="nfce.nextNumber" label={T.nfceNext} thousands />
      </Box>
    </>
  );
}

/** 'CSC (NFC-e)': its id and token (never shown: blank keeps it), 'Remover CSC' and its undoing. */
export function CscFields({
  control,
  busy,
  removeCsc,
  cscConfigured,
  setValue,
}: SettingSectionProps & {
  /** 'Remover CSC' was pressed. */
  removeCsc: boolean;
  /** A CSC is saved. */
  cscConfigured: boolean;
}) {
  const text = textOf(control, busy);
  return (
    <>
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
              helperText={cscConfigured ? T.cscTokenKeep : T.cscTokenNew}
              slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
            />
          </Box>
          {cscConfigured ? (
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
    </>
  );
}

/**
 * 'Envio das notas': straight to the SEFAZ or through Nuvem Fiscal (its environment, client ID and secret: blank
 * keeps the saved one), and whether the note is emitted by itself when the order is handed over.
 */
export function TransportFields({
  control,
  busy,
  transport,
  secretConfigured,
}: SectionProps & {
  transport: FiscalIssuerInput['transport'];
  /** Nuvem Fiscal's secret is saved. */
  secretConfigured: boolean;
}) {
  const text = textOf(control, busy);
  return (
    <>
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
              required={!secretConfigured}
              helperText={secretConfigured ? T.clientSecretKeep : T.clientSecretNew}
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
    </>
  );
}
