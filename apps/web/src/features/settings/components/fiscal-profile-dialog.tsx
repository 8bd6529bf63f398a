import {
  FISCAL_SETUP_TEXTS,
  type FiscalIssuer,
  type FiscalProfile,
  type FiscalProfileInput,
  TAX_REGIMES,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { fiscalProfilesQuery, refusalMessages, saveProfile } from '../api/fiscal-api';
import { FISCAL_PROFILE_TEXTS as T } from '../texts';
import { cell } from './fiscal-parts';
import { CodeField, IbsCbsFields, IcmsFields, PisCofinsFields } from './fiscal-profile-fields';
import { icmsKindOfIssuer, initialValues, type ProfileFormValues, profileFormSchema } from './fiscal-profile-form';

export { icmsKindOfIssuer, type ProfileFormValues } from './fiscal-profile-form';

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
    ...inDialog(onClose, setProblem),
  });
  const busy = save.isPending;
  const kind = useWatch({ control, name: 'icmsKind' });
  const withIbsCbs = useWatch({ control, name: 'withIbsCbs' });
  return (
    <WriteFormDialog
      titleId="fiscal-profile-dialog-title"
      title={profile ? T.editTitle(profile.name) : T.newTitle}
      maxWidth="md"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((body) => save.mutate({ id: profile?.id ?? null, body }))}
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
        <CodeField control={control} name="cfopInState" busy={busy} />
        <CodeField control={control} name="cfopOutOfState" busy={busy} />
        <IcmsFields control={control} busy={busy} wanted={wanted} regime={regime} kind={kind} />
        <PisCofinsFields control={control} busy={busy} />
        <IbsCbsFields control={control} busy={busy} withIbsCbs={withIbsCbs} getValues={getValues} setValue={setValue} />
      </Box>
    </WriteFormDialog>
  );
}
