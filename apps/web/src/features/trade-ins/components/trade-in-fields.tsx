import {
  BODY_CONDITION_LABELS,
  BODY_CONDITIONS,
  SCREEN_CONDITION_LABELS,
  SCREEN_CONDITIONS,
  type TradeInEvaluation,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChangeEvent, ReactNode } from 'react';
import { type Control, Controller, type FieldPath } from 'react-hook-form';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { formatMoney } from '../../../lib/format';
import type { TradeInFormValues } from '../lib/trade-in-form';
import { TRADE_INS_TEXTS as T } from '../texts';
import { EvaluationLines } from './evaluation-lines';

const SCREEN_OPTIONS = SCREEN_CONDITIONS.map((value) => ({ value, label: SCREEN_CONDITION_LABELS[value] }));
const BODY_OPTIONS = BODY_CONDITIONS.map((value) => ({ value, label: BODY_CONDITION_LABELS[value] }));
const SWITCHES = ['biometrics', 'camera', 'charging', 'accountRemoved'] as const;

/** A text field with suggestions (the price table's brands, models, storages) that takes any text too. */
function Suggest({
  control,
  name,
  label,
  options,
  numeric = false,
  required = false,
}: {
  control: Control<TradeInFormValues>;
  name: FieldPath<TradeInFormValues>;
  label: string;
  options: readonly string[];
  numeric?: boolean;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete<string, false, false, true>
          freeSolo
          options={options}
          value={String(field.value ?? '')}
          inputValue={String(field.value ?? '')}
          onInputChange={(_event, typed) => field.onChange(typed)}
          onChange={(_event, chosen) => field.onChange(chosen ?? '')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              name={field.name}
              onBlur={field.onBlur}
              required={required}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? T.suggestionsHelp}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, ...(numeric ? { inputMode: 'numeric' as const } : {}) },
              }}
            />
          )}
        />
      )}
    />
  );
}

/** A part of the form under its heading ('Vendedor', 'Aparelho'…). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export const GRID = { display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/** 'Aparelho': brand, model and storage suggested by the price table (or typed), colour, and the IMEIs. */
export function PhoneFields({
  control,
  busy,
  suggestions,
  checkWhenWhole,
}: {
  control: Control<TradeInFormValues>;
  busy: boolean;
  suggestions: { brands: string[]; models: string[]; storages: string[] };
  /** A 15th digit typed: the IMEI is checked at once. */
  checkWhenWhole: (name: 'imei' | 'imei2') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}) {
  return (
    <Section title={T.phoneSection}>
      <Box sx={GRID}>
        <Suggest control={control} name="brand" label={T.brand} options={suggestions.brands} required />
        <Suggest control={control} name="model" label={T.model} options={suggestions.models} required />
        <Suggest control={control} name="storage" label={T.storage} options={suggestions.storages} numeric required />
        <FormTextField control={control} name="colour" label={T.colour} disabled={busy} />
        <FormTextField
          control={control}
          name="imei"
          label={T.imei1}
          required
          disabled={busy}
          onChange={checkWhenWhole('imei')}
          helperText={T.imeiHelp}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15, autoComplete: 'off' } }}
        />
        <FormTextField
          control={control}
          name="imei2"
          label={T.imei2}
          disabled={busy}
          onChange={checkWhenWhole('imei2')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15, autoComplete: 'off' } }}
        />
      </Box>
    </Section>
  );
}

/** 'Checklist': screen, body, battery health and the switches (a Google/iCloud account still on says so). */
export function ChecklistFields({
  control,
  busy,
  accountRemoved,
}: {
  control: Control<TradeInFormValues>;
  busy: boolean;
  /** The switch 'Conta removida' as it is now. */
  accountRemoved: boolean | undefined;
}) {
  return (
    <Section title={T.checklistSection}>
      <Box sx={GRID}>
        <FormSelectField control={control} name="screen" label={T.screen} options={SCREEN_OPTIONS} disabled={busy} />
        <FormSelectField control={control} name="body" label={T.body} options={BODY_OPTIONS} disabled={busy} />
        <FormTextField
          control={control}
          name="batteryHealth"
          label={T.battery}
          required
          disabled={busy}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {SWITCHES.map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <FormControlLabel
                label={T[name]}
                disabled={busy}
                sx={{ minHeight: 44 }}
                control={
                  <Switch
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
              />
            )}
          />
        ))}
      </Box>
      {accountRemoved === false ? (
        <FormHelperText sx={{ color: 'warning.dark' }}>{T.accountHelp}</FormHelperText>
      ) : null}
    </Section>
  );
}

/** 'Avaliação': the offer the server works out as the form is filled, and the value agreed (the offer unless typed). */
export function OfferFields({
  control,
  busy,
  asked,
  evaluation,
  offer,
  onValueTyped,
}: {
  control: Control<TradeInFormValues>;
  busy: boolean;
  /** The form holds enough to ask for an offer. */
  asked: boolean;
  evaluation: { isError: boolean; data: TradeInEvaluation | undefined };
  offer: number | null;
  onValueTyped: () => void;
}) {
  return (
    <Section title={T.evaluationSection}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
        <Box data-testid="trade-in-offer" aria-live="polite">
          {!asked ? (
            <Typography variant="body2" color="text.secondary">
              {T.fillToEvaluate}
            </Typography>
          ) : evaluation.isError ? (
            <Alert severity="error">{T.evaluateFailed}</Alert>
          ) : evaluation.data ? (
            <EvaluationLines evaluation={evaluation.data} label={T.evaluationSection} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {T.evaluating}
            </Typography>
          )}
        </Box>
        <FormMoneyField
          control={control}
          name="value"
          label={T.valueField}
          valueAs="number"
          disabled={busy}
          onChange={onValueTyped}
          helperText={
            asked && evaluation.data ? (offer === null ? T.valueHelpNoOffer : T.valueHelp(formatMoney(offer))) : ' '
          }
        />
      </Box>
    </Section>
  );
}
