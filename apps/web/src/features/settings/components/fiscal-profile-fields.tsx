import { type FiscalProfileInput, IBS_CBS_2026, ICMS_CSOSNS, ICMS_CSTS, PIS_COFINS_CSTS } from '@backoffice/contract';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { type Control, Controller, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { FormPercentField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { ICMS_CSOSN_LABELS, ICMS_CST_LABELS, PIS_COFINS_CST_LABELS, FISCAL_PROFILE_TEXTS as T } from '../texts';
import { cell, FormSection } from './fiscal-parts';
import type { IcmsKind, ProfileFormValues } from './fiscal-profile-form';

type ProfileControl = Control<ProfileFormValues, unknown, FiscalProfileInput>;

const codeOptions = (codes: readonly string[], labels: Record<string, string>) =>
  codes.map((code) => ({ value: code, label: `${code} - ${labels[code]}` }));
const CST_OPTIONS = codeOptions(ICMS_CSTS, ICMS_CST_LABELS);
const CSOSN_OPTIONS = codeOptions(ICMS_CSOSNS, ICMS_CSOSN_LABELS);
const PIS_COFINS_OPTIONS = codeOptions(PIS_COFINS_CSTS, PIS_COFINS_CST_LABELS);
const KIND_OPTIONS = [
  { value: 'CSOSN', label: T.icmsKinds.CSOSN },
  { value: 'CST', label: T.icmsKinds.CST },
];
/** A select's long options wrap inside a phone's width instead of running off it. */
const WRAPPING_MENU = {
  select: { MenuProps: { slotProps: { paper: { sx: { '& .MuiMenuItem-root': { whiteSpace: 'normal' } } } } } },
};

/** A rate typed as a Brazilian percentage with up to four decimals (0,9 → 0.9). */
export function RateField({
  control,
  name,
  label,
  busy,
}: {
  control: ProfileControl;
  name: Parameters<typeof FormPercentField<ProfileFormValues, FiscalProfileInput>>[0]['name'];
  label: string;
  busy: boolean;
}) {
  return (
    <FormPercentField
      control={control}
      name={name}
      label={label}
      valueAs="number"
      decimalScale={4}
      required
      disabled={busy}
      fullWidth
    />
  );
}

/** The tax codes typed as digits: each one's label, hint and length. */
const CODES = {
  cfopInState: { label: T.cfopInState, helperText: T.cfopInStateHint, maxLength: 4 },
  cfopOutOfState: { label: T.cfopOutOfState, helperText: T.cfopOutOfStateHint, maxLength: 4 },
  'ibsCbs.cst': { label: T.ibsCbsCst, helperText: T.ibsCbsCstHint, maxLength: 3 },
  'ibsCbs.cClassTrib': { label: T.cClassTrib, helperText: T.cClassTribHint, maxLength: 6 },
} as const;

/** A tax code typed as digits (CFOP, CST, cClassTrib) in its cell of the grid, with its label, hint and length. */
export function CodeField({
  control,
  name,
  busy,
}: {
  control: ProfileControl;
  name: keyof typeof CODES;
  busy: boolean;
}) {
  const { label, helperText, maxLength } = CODES[name];
  return (
    <Box sx={cell(3)}>
      <FormTextField
        control={control}
        name={name}
        label={label}
        helperText={helperText}
        required
        disabled={busy}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength } }}
      />
    </Box>
  );
}

/** A tax code chosen from its list (ICMS CST or CSOSN, PIS/COFINS CST), its long options wrapping. */
function CodeSelect({
  busy,
  ...field
}: {
  control: ProfileControl;
  name: 'icmsCst' | 'icmsCsosn' | 'pisCst' | 'cofinsCst';
  label: string;
  options: { value: string; label: string }[];
  busy: boolean;
}) {
  return <FormSelectField {...field} required disabled={busy} fullWidth slotProps={WRAPPING_MENU} />;
}

/** 'ICMS': the kind the issuer's regime asks for (or chosen, before the issuer is saved), its code and rate. */
export function IcmsFields({
  control,
  busy,
  wanted,
  regime,
  kind,
}: {
  control: ProfileControl;
  busy: boolean;
  /** The ICMS kind of the saved issuer's regime, or null. */
  wanted: IcmsKind | null;
  /** The issuer's regime, as its label. */
  regime: string;
  /** The ICMS kind shown. */
  kind: IcmsKind;
}) {
  return (
    <>
      <FormSection>{T.fields.icms}</FormSection>
      {wanted ? (
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          {T.icmsKindOfRegime(wanted, regime)}
        </Typography>
      ) : (
        <Box sx={cell(6)}>
          <FormSelectField
            control={control}
            name="icmsKind"
            label={T.icmsKind}
            options={KIND_OPTIONS}
            helperText={T.icmsKindFree}
            disabled={busy}
            fullWidth
          />
        </Box>
      )}
      <Box sx={cell(4)}>
        {kind === 'CSOSN' ? (
          <CodeSelect
            key="csosn"
            control={control}
            name="icmsCsosn"
            label={T.icmsCsosn}
            options={CSOSN_OPTIONS}
            busy={busy}
          />
        ) : (
          <CodeSelect key="cst" control={control} name="icmsCst" label={T.icmsCst} options={CST_OPTIONS} busy={busy} />
        )}
      </Box>
      <Box sx={cell(2)}>
        <RateField control={control} name="icmsRate" label={T.icmsRate} busy={busy} />
      </Box>
    </>
  );
}

/** PIS and COFINS: the same two fields each, its CST and its rate. */
const PIS_COFINS = [
  { cst: 'pisCst', cstLabel: T.pisCst, rate: 'pisRate', rateLabel: T.pisRate },
  { cst: 'cofinsCst', cstLabel: T.cofinsCst, rate: 'cofinsRate', rateLabel: T.cofinsRate },
] as const;

/** 'PIS e COFINS': each one's CST and rate. */
export function PisCofinsFields({ control, busy }: { control: ProfileControl; busy: boolean }) {
  return (
    <>
      <FormSection>{`${T.fields.pis} e ${T.fields.cofins}`}</FormSection>
      {PIS_COFINS.map((tax) => (
        <Fragment key={tax.cst}>
          <Box sx={cell(4)}>
            <CodeSelect
              control={control}
              name={tax.cst}
              label={tax.cstLabel}
              options={PIS_COFINS_OPTIONS}
              busy={busy}
            />
          </Box>
          <Box sx={cell(2)}>
            <RateField control={control} name={tax.rate} label={tax.rateLabel} busy={busy} />
          </Box>
        </Fragment>
      ))}
    </>
  );
}

/** 'IBS e CBS': the switch (turned on empty, it fills 2026's test rates) and the group's codes and rates. */
export function IbsCbsFields({
  control,
  busy,
  withIbsCbs,
  getValues,
  setValue,
}: {
  control: ProfileControl;
  busy: boolean;
  /** The switch is on. */
  withIbsCbs: boolean;
  getValues: UseFormGetValues<ProfileFormValues>;
  setValue: UseFormSetValue<ProfileFormValues>;
}) {
  return (
    <>
      <FormSection>{T.fields.ibsCbs}</FormSection>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Controller
          control={control}
          name="withIbsCbs"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  disabled={busy}
                  onChange={(event) => {
                    const on = event.target.checked;
                    field.onChange(on);
                    // Turned on empty: 2026's test rates, to change if the shop's differ.
                    if (on && getValues('ibsCbs.cbsRate') === null) setValue('ibsCbs', { ...IBS_CBS_2026 });
                  }}
                  slotProps={{ input: { 'aria-describedby': 'fiscal-ibs-cbs-help' } }}
                />
              }
              label={T.ibsCbs}
            />
          )}
        />
        <FormHelperText id="fiscal-ibs-cbs-help" sx={{ mt: 0 }}>
          {T.ibsCbsHint}
        </FormHelperText>
      </Box>
      {withIbsCbs ? (
        <>
          <CodeField control={control} name="ibsCbs.cst" busy={busy} />
          <CodeField control={control} name="ibsCbs.cClassTrib" busy={busy} />
          <Box sx={cell(2)}>
            <RateField control={control} name="ibsCbs.cbsRate" label={T.cbsRate} busy={busy} />
          </Box>
          <Box sx={cell(2)}>
            <RateField control={control} name="ibsCbs.ibsUfRate" label={T.ibsUfRate} busy={busy} />
          </Box>
          <Box sx={cell(2)}>
            <RateField control={control} name="ibsCbs.ibsMunRate" label={T.ibsMunRate} busy={busy} />
          </Box>
        </>
      ) : null}
    </>
  );
}
