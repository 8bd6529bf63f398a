import {
  FISCAL_SETUP_TEXTS,
  type FiscalIssuer,
  type FiscalProfile,
  type FiscalProfileInput,
  fiscalProfileBodySchema,
  ICMS_CSOSNS,
  ICMS_CSTS,
  icmsCodeKindOf,
  PIS_COFINS_CSTS,
  TAX_REGIMES,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormPercentField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { useApiMutation } from '../../../components/use-api-mutation';
import { fiscalProfilesQuery, refusalMessages, saveProfile } from '../api/fiscal-api';
import { ICMS_CSOSN_LABELS, ICMS_CST_LABELS, PIS_COFINS_CST_LABELS, FISCAL_PROFILE_TEXTS as T } from '../texts';
import { FormSection } from './fiscal-parts';

type IcmsKind = 'CST' | 'CSOSN';

/** The form: the body's fields (so the server's paths are the form's), the ICMS kind shown, the IBS/CBS switch. */
export interface ProfileFormValues {
  name: string;
  isDefault: boolean;
  cfopInState: string;
  cfopOutOfState: string;
  icmsKind: IcmsKind;
  icmsCst: string;
  icmsCsosn: string;
  icmsRate: number | null;
  pisCst: string;
  pisRate: number | null;
  cofinsCst: string;
  cofinsRate: number | null;
  withIbsCbs: boolean;
  ibsCbs: {
    cst: string;
    cClassTrib: string;
    cbsRate: number | null;
    ibsUfRate: number | null;
    ibsMunRate: number | null;
  };
}

/**
 * The reform's group as the switch first fills it: CST 000, cClassTrib 000001 (taxed in full) and 2026's test rates,
 * CBS 0,9 %, IBS UF 0,1 %, IBS Mun 0 % (docs/api.md).
 */
export const IBS_CBS_2026 = { cst: '000', cClassTrib: '000001', cbsRate: 0.9, ibsUfRate: 0.1, ibsMunRate: 0 } as const;

/** The body POST/PUT /fiscal/profiles takes: the ICMS code of the kind shown (the other null), IBS/CBS or null. */
function bodyOf(values: ProfileFormValues) {
  const { icmsKind, icmsCst, icmsCsosn, withIbsCbs, ibsCbs, ...rest } = values;
  return {
    ...rest,
    icmsCst: icmsKind === 'CST' ? icmsCst : null,
    icmsCsosn: icmsKind === 'CSOSN' ? icmsCsosn : null,
    ibsCbs: withIbsCbs ? ibsCbs : null,
  };
}

/** The form checked by the contract's own schema (the server's rules and messages), read as the body. */
const profileFormSchema = z.preprocess((values: ProfileFormValues) => bodyOf(values), fiscalProfileBodySchema);

/** The ICMS code the saved issuer's regime asks for (null before the issuer is saved: either is taken). */
export function icmsKindOfIssuer(issuer: FiscalIssuer | undefined): IcmsKind | null {
  return issuer?.saved && issuer.crt !== null ? icmsCodeKindOf(issuer.crt) : null;
}

function initialValues(profile: FiscalProfile | null, wanted: IcmsKind | null, first: boolean): ProfileFormValues {
  if (!profile) {
    return {
      name: '',
      isDefault: first,
      cfopInState: '5102',
      cfopOutOfState: '6102',
      icmsKind: wanted ?? 'CSOSN',
      icmsCst: '',
      icmsCsosn: '',
      icmsRate: 0,
      pisCst: '',
      pisRate: 0,
      cofinsCst: '',
      cofinsRate: 0,
      withIbsCbs: false,
      ibsCbs: { cst: '', cClassTrib: '', cbsRate: null, ibsUfRate: null, ibsMunRate: null },
    };
  }
  return {
    name: profile.name,
    isDefault: profile.isDefault,
    cfopInState: profile.cfopInState,
    cfopOutOfState: profile.cfopOutOfState,
    icmsKind: wanted ?? (profile.icmsCsosn !== null ? 'CSOSN' : 'CST'),
    icmsCst: profile.icmsCst ?? '',
    icmsCsosn: profile.icmsCsosn ?? '',
    icmsRate: profile.icmsRate,
    pisCst: profile.pisCst,
    pisRate: profile.pisRate,
    cofinsCst: profile.cofinsCst,
    cofinsRate: profile.cofinsRate,
    withIbsCbs: profile.ibsCbs !== null,
    ibsCbs: profile.ibsCbs ?? { cst: '', cClassTrib: '', cbsRate: null, ibsUfRate: null, ibsMunRate: null },
  };
}

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

/**
 * 'Novo perfil fiscal' / 'Editar o perfil …' (issue 41 §1): CFOP in and out of the state, ICMS by CST or CSOSN as
 * the saved issuer's regime says, PIS and COFINS, and the optional IBS/CBS group (its switch fills 2026's test rates);
 * rates typed as Brazilian percentages with up to four decimals (0,9 → 0.9). Checked as the server checks.
 */
export function FiscalProfileDialog({
  profile,
  issuer,
  first,
  onClose,
}: {
  /** null: a new profile. */
  profile: FiscalProfile | null;
  issuer: FiscalIssuer | undefined;
  /** No profile exists yet: the new one starts as the shop's default. */
  first: boolean;
  onClose: () => void;
}) {
  const wanted = icmsKindOfIssuer(issuer);
  const regime = TAX_REGIMES.find((r) => r.code === issuer?.crt)?.label ?? '';
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, getValues, setValue } = useForm<ProfileFormValues, unknown, FiscalProfileInput>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: initialValues(profile, wanted, first),
  });
  const save = useApiMutation({
    mutationFn: saveProfile,
    success: (saved) => FISCAL_SETUP_TEXTS.profileSaved(saved.name),
    failure: T.saveFailed,
    message: refusalMessages,
    invalidate: [fiscalProfilesQuery.queryKey],
    errorInDialog: true,
    onError: (_error, message) => setProblem(message),
    closeDialog: onClose,
  });
  const busy = save.isPending;
  const kind = useWatch({ control, name: 'icmsKind' });
  const withIbsCbs = useWatch({ control, name: 'withIbsCbs' });
  const cell = (span: number) => ({ gridColumn: { sm: `span ${span}` } });
  const rate = (
    name: Parameters<typeof FormPercentField<ProfileFormValues, FiscalProfileInput>>[0]['name'],
    label: string,
  ) => (
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

  /** A tax code typed as digits (CFOP, CST, cClassTrib), `maxLength` long. */
  const code = (
    name: Parameters<typeof FormTextField<ProfileFormValues, FiscalProfileInput>>[0]['name'],
    label: string,
    helperText: string,
    maxLength: number,
  ) => (
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
  );

  return (
    <WriteFormDialog
      titleId="fiscal-profile-dialog-title"
      title={profile ? T.editTitle(profile.name) : T.newTitle}
      maxWidth="md"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((body) => {
        setProblem(null);
        save.mutate({ id: profile?.id ?? null, body });
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
        <Box sx={{ ...cell(6), pt: 1 }}>
          <FormTextField
            control={control}
            name="name"
            label={T.name}
            helperText={T.nameHint}
            required
            autoFocus
            disabled={busy}
            fullWidth
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    disabled={busy}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label={T.isDefault}
              />
            )}
          />
        </Box>
        <Box sx={cell(3)}>{code('cfopInState', T.cfopInState, T.cfopInStateHint, 4)}</Box>
        <Box sx={cell(3)}>{code('cfopOutOfState', T.cfopOutOfState, T.cfopOutOfStateHint, 4)}</Box>

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
            <FormSelectField
              key="csosn"
              control={control}
              name="icmsCsosn"
              label={T.icmsCsosn}
              options={CSOSN_OPTIONS}
              required
              disabled={busy}
              fullWidth
              slotProps={WRAPPING_MENU}
            />
          ) : (
            <FormSelectField
              key="cst"
              control={control}
              name="icmsCst"
              label={T.icmsCst}
              options={CST_OPTIONS}
              required
              disabled={busy}
              fullWidth
              slotProps={WRAPPING_MENU}
            />
          )}
        </Box>
        <Box sx={cell(2)}>{rate('icmsRate', T.icmsRate)}</Box>

        <FormSection>{`${T.fields.pis} e ${T.fields.cofins}`}</FormSection>
        <Box sx={cell(4)}>
          <FormSelectField
            control={control}
            name="pisCst"
            label={T.pisCst}
            options={PIS_COFINS_OPTIONS}
            required
            disabled={busy}
            fullWidth
            slotProps={WRAPPING_MENU}
          />
        </Box>
        <Box sx={cell(2)}>{rate('pisRate', T.pisRate)}</Box>
        <Box sx={cell(4)}>
          <FormSelectField
            control={control}
            name="cofinsCst"
            label={T.cofinsCst}
            options={PIS_COFINS_OPTIONS}
            required
            disabled={busy}
            fullWidth
            slotProps={WRAPPING_MENU}
          />
        </Box>
        <Box sx={cell(2)}>{rate('cofinsRate', T.cofinsRate)}</Box>

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
            <Box sx={cell(3)}>{code('ibsCbs.cst', T.ibsCbsCst, T.ibsCbsCstHint, 3)}</Box>
            <Box sx={cell(3)}>{code('ibsCbs.cClassTrib', T.cClassTrib, T.cClassTribHint, 6)}</Box>
            <Box sx={cell(2)}>{rate('ibsCbs.cbsRate', T.cbsRate)}</Box>
            <Box sx={cell(2)}>{rate('ibsCbs.ibsUfRate', T.ibsUfRate)}</Box>
            <Box sx={cell(2)}>{rate('ibsCbs.ibsMunRate', T.ibsMunRate)}</Box>
          </>
        ) : null}
      </Box>
    </WriteFormDialog>
  );
}
