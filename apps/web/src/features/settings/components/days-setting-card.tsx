import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { SettingsCard } from './settings-card';

/**
 * Whole days typed in a setting, checked by the contract's schema through `check`: the number or the schema's first
 * message. Digits only (at most `maxDigits`): '9,5' or '1e2' is not a number of days.
 */
export function parseDays(
  text: string,
  maxDigits: number,
  check: (days: number) => { success: true; days: number } | { success: false; message: string | null },
): { days: number | null; error: string | null } {
  const trimmed = text.trim();
  const days = new RegExp(`^\\d{1,${maxDigits}}$`).test(trimmed) ? Number(trimmed) : Number.NaN;
  const checked = check(days);
  return checked.success ? { days: checked.days, error: null } : { days: null, error: checked.message };
}

/** The texts of a days setting's card. */
export interface DaysSettingTexts {
  title: string;
  text: string;
  days: string;
  save: string;
  loadFailed: string;
  readOnly: string;
  helper: (days: number) => string;
}

/**
 * A settings card of one number of days (a quote's validity, a repair's warranty): the field as the server has it,
 * the schema's message under it as it is typed, what the days mean, and 'Salvar' for who may change it.
 */
export function DaysSettingCard({
  id,
  texts: T,
  saved,
  loadFailed,
  canChange,
  maxDigits,
  parse,
  saving,
  onSave,
}: {
  id: string;
  texts: DaysSettingTexts;
  /** The days the server has (undefined while they load). */
  saved: number | undefined;
  loadFailed: boolean;
  canChange: boolean;
  maxDigits: number;
  parse: (text: string) => { days: number | null; error: string | null };
  saving: boolean;
  onSave: (days: number) => void;
}) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (saved !== undefined) setText(String(saved));
  }, [saved]);
  const { days, error } = parse(text);
  return (
    <SettingsCard
      id={id}
      title={T.title}
      text={T.text}
      loadFailed={loadFailed ? T.loadFailed : null}
      readOnly={canChange ? null : T.readOnly}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (days !== null && canChange) onSave(days);
        }}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          label={T.days}
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={!canChange || saved === undefined}
          error={saved !== undefined && error !== null}
          helperText={saved === undefined ? ' ' : (error ?? (days === null ? ' ' : T.helper(days)))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: maxDigits } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        {canChange ? (
          <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={saving || days === null || days === saved}>
            {T.save}
          </Button>
        ) : null}
      </Box>
    </SettingsCard>
  );
}
