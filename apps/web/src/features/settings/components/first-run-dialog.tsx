import {
  companyCnpjSchema,
  companyNameSchema,
  DEFAULT_DELIVERY_DEPARTURES,
  merchantCitySchema,
  normalizePixKey,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  type PixKeyType,
  SETTINGS_TEXTS,
  type SetupStatus,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useNotify } from '../../../components/notifier';
import { useApiMutation } from '../../../components/use-api-mutation';
import { ApiError } from '../../../lib/api-client';
import { departureKeys } from '../../../lib/shared-queries';
import { completeSetup, settingsKeys } from '../api/settings-api';
import { FIRST_RUN_TEXTS as T } from '../texts';
import { checkWeek, DeparturesEditor, type WeekTexts, weekToTexts } from './departures-editor';

/** The form of 'Configuração inicial', checked by the server's own rules (the contract's schemas). */
function setupFormSchema(pixOptional: boolean) {
  return z
    .object({
      companyName: companyNameSchema,
      cnpj: companyCnpjSchema,
      merchantCity: merchantCitySchema,
      pixType: z.union([z.enum(PIX_KEY_TYPES), z.literal('')]),
      pixKey: z.string().trim(),
    })
    .superRefine((values, ctx) => {
      if (!values.pixKey && pixOptional) return;
      if (!values.pixType) {
        ctx.addIssue({ code: 'custom', path: ['pixType'], message: SETTINGS_TEXTS.pixTypeRequired });
      } else if (!values.pixKey) {
        ctx.addIssue({ code: 'custom', path: ['pixKey'], message: SETTINGS_TEXTS.pixKeyRequired });
      } else if (normalizePixKey(values.pixType, values.pixKey) === null) {
        ctx.addIssue({ code: 'custom', path: ['pixKey'], message: SETTINGS_TEXTS.pixKeyInvalid[values.pixType] });
      }
    });
}
type SetupFormValues = z.input<ReturnType<typeof setupFormSchema>>;
type SetupFormOutput = z.output<ReturnType<typeof setupFormSchema>>;

const isRuleRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 409) && Boolean(error.errors[0]);

/**
 * Done already: the server's 409 CONFLICT ('A configuração inicial já foi concluída…'), met when a completion
 * whose answer was lost (no signal) is sent again, or when another administrator finished it meanwhile.
 */
const isAlreadyDone = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT';

/**
 * 'Configuração inicial' (issue 21 §1): company name, CNPJ, the Pix merchant city, the first Pix key, whether
 * 'Pix automático' is on (asked with what each answer does, issue 35 §4) and the couriers' departures (section
 * 9's filled in), sent in one call. 'Fazer depois' closes it; it is
 * finished later from Configurações.
 */
export function FirstRunDialog({
  open,
  status,
  onClose,
}: {
  open: boolean;
  status: SetupStatus | undefined;
  onClose: (done: boolean) => void;
}) {
  const pixOptional = status?.hasPixKey ?? false;
  const [week, setWeek] = useState<WeekTexts>(weekToTexts(DEFAULT_DELIVERY_DEPARTURES));
  /** 'Pix automático', asked (issue 35 §4): nothing chosen until the person chooses (on when it is on already). */
  const [pixAuto, setPixAuto] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isValid, isSubmitting },
  } = useForm<SetupFormValues, unknown, SetupFormOutput>({
    resolver: zodResolver(setupFormSchema(pixOptional)),
    mode: 'onTouched',
    defaultValues: { companyName: '', cnpj: '', merchantCity: '', pixType: '', pixKey: '' },
  });
  useEffect(() => {
    if (!open || !status) return;
    setRefusal(null);
    reset({
      companyName: status.companyName,
      cnpj: status.cnpj ?? '',
      merchantCity: status.merchantCity,
      pixType: '',
      pixKey: '',
    });
    setWeek(weekToTexts(status.departures));
    setPixAuto(status.pixAuto ? true : null);
  }, [open, status, reset]);
  const checked = checkWeek(week);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const complete = useApiMutation({
    mutationFn: (values: SetupFormOutput) =>
      completeSetup({
        companyName: values.companyName,
        cnpj: values.cnpj,
        merchantCity: values.merchantCity,
        ...(values.pixType && values.pixKey ? { pixKey: { pixType: values.pixType, pixKey: values.pixKey } } : {}),
        departures: checked.week ?? [],
        ...(pixAuto === null ? {} : { pixAuto }),
      }),
    success: T.done,
    failure: T.failed,
    invalidate: [settingsKeys.all, departureKeys.all],
    closeDialog: () => onClose(true),
    errorInDialog: isRuleRefusal,
    onError: (error, message) => {
      if (isAlreadyDone(error)) {
        // Nothing left to do here: the dialog closes with the server's words, and Configurações shows the data saved.
        notify.info(message);
        for (const queryKey of [settingsKeys.all, departureKeys.all]) void queryClient.invalidateQueries({ queryKey });
        onClose(true);
      } else if (isRuleRefusal(error)) setRefusal(message);
    },
  });
  return (
    <Dialog open={open} fullWidth maxWidth="md" aria-labelledby="first-run-title" onClose={() => onClose(false)}>
      <form
        noValidate
        onSubmit={handleSubmit(async (values) => {
          if (!checked.week || pixAuto === null) return;
          setRefusal(null);
          await complete.mutateAsync(values).catch(() => undefined);
        })}
      >
        <DialogTitle id="first-run-title">{T.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {T.intro}
            </Typography>
            {refusal ? <Alert severity="error">{refusal}</Alert> : null}
            <Box component="section" aria-labelledby="first-run-company">
              <Typography id="first-run-company" variant="subtitle1" component="h3" gutterBottom>
                {T.company}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
                <FormTextField control={control} name="companyName" label={T.companyName} required />
                <FormTextField
                  control={control}
                  name="cnpj"
                  label={T.cnpj}
                  required
                  slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 18 } }}
                />
                <FormTextField
                  control={control}
                  name="merchantCity"
                  label={T.merchantCity}
                  required
                  helperText={T.merchantCityHint}
                />
              </Box>
            </Box>
            <Box component="section" aria-labelledby="first-run-pix">
              <Typography id="first-run-pix" variant="subtitle1" component="h3" gutterBottom>
                {T.pix}
              </Typography>
              {pixOptional ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {T.pixKeyExists}
                </Alert>
              ) : null}
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
                <FormSelectField
                  control={control}
                  name="pixType"
                  label={T.pixType}
                  required={!pixOptional}
                  options={PIX_KEY_TYPES.map((type: PixKeyType) => ({ value: type, label: PIX_KEY_TYPE_LABELS[type] }))}
                />
                <FormTextField
                  control={control}
                  name="pixKey"
                  label={T.pixKey}
                  required={!pixOptional}
                  slotProps={{ htmlInput: { autoComplete: 'off' } }}
                />
              </Box>
            </Box>
            <Box component="section" aria-labelledby="first-run-pix-auto">
              <Typography id="first-run-pix-auto" variant="subtitle1" component="h3" gutterBottom>
                {T.pixAuto}
              </Typography>
              <Typography id="first-run-pix-auto-question" variant="body2">
                {T.pixAutoQuestion}
              </Typography>
              <RadioGroup
                aria-labelledby="first-run-pix-auto first-run-pix-auto-question"
                aria-describedby="first-run-pix-auto-hint"
                aria-required
                value={pixAuto === null ? '' : pixAuto ? 'on' : 'off'}
                onChange={(event) => setPixAuto(event.target.value === 'on')}
                sx={{ mt: 1, gap: 1 }}
              >
                <FormControlLabel
                  value="on"
                  control={<Radio />}
                  label={T.pixAutoOn}
                  sx={{ alignItems: 'flex-start' }}
                />
                <FormControlLabel
                  value="off"
                  control={<Radio />}
                  label={T.pixAutoOff}
                  sx={{ alignItems: 'flex-start' }}
                />
              </RadioGroup>
              <FormHelperText id="first-run-pix-auto-hint" sx={{ mx: 0 }}>
                {pixAuto === null ? `${T.pixAutoRequired} ${T.pixAutoHint}` : T.pixAutoHint}
              </FormHelperText>
            </Box>
            <Box component="section" aria-labelledby="first-run-departures">
              <Typography id="first-run-departures" variant="subtitle1" component="h3" gutterBottom>
                {T.departures}
              </Typography>
              <DeparturesEditor value={week} onChange={setWeek} idPrefix="first-run" />
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => onClose(false)}>{T.later}</Button>
          <SubmitButton disabled={!isValid || !checked.week || pixAuto === null} busy={isSubmitting}>
            {T.finish}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
