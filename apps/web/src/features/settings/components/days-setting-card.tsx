import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useApiMutation } from '../../../components/use-api-mutation';
import { SettingsCard } from './settings-card';

/** The texts of a days setting's card. */
export interface DaysSettingTexts {
  title: string;
  text: string;
  days: string;
  save: string;
  saveFailed: string;
  loadFailed: string;
  readOnly: string;
  helper: (days: number) => string;
}

/** One number of days the server keeps as `{ [field]: days }` (GET answers it, PUT takes it and answers it). */
export interface DaysSetting<K extends string> {
  /** The title's element id. */
  id: string;
  texts: DaysSettingTexts;
  /** Said once the days are saved. */
  savedText: string;
  /** GET: the setting as the server has it (its `queryOptions`: the key the saved answer is put under, the fetch). */
  query: { queryKey: QueryKey; queryFn?: unknown };
  /** The field of the body and of the answer that holds the days ('days', 'warrantyDays'). */
  field: K;
  /** The contract's body: how the server checks the days. */
  schema: z.ZodType<Record<K, number>>;
  /** Digits the field takes at the most. */
  maxDigits: number;
  /** PUT: the days sent, answered with the setting as now kept. */
  save: (body: Record<K, number>) => Promise<Record<K, number>>;
}

/**
 * Whole days typed in a setting, checked by the setting's schema as the server will: the number or the schema's
 * first message. Digits only (at most `maxDigits`): '9,5' or '1e2' is not a number of days.
 */
export function parseDays<K extends string>(
  text: string,
  { schema, field, maxDigits }: Pick<DaysSetting<K>, 'schema' | 'field' | 'maxDigits'>,
): { days: number | null; error: string | null } {
  const trimmed = text.trim();
  const days = new RegExp(`^\\d{1,${maxDigits}}$`).test(trimmed) ? Number(trimmed) : Number.NaN;
  const parsed = schema.safeParse({ [field]: days });
  return parsed.success
    ? { days: parsed.data[field], error: null }
    : { days: null, error: parsed.error.issues[0]?.message ?? null };
}

/**
 * A settings card of one number of days (a quote's validity, a repair's warranty): the field as the server has it,
 * the schema's message under it as it is typed, what the days mean, and 'Salvar' for who may change it.
 */
export function DaysSettingCard<K extends string>({
  setting,
  canChange,
}: {
  setting: DaysSetting<K>;
  canChange: boolean;
}) {
  const { id, texts: T, query, field, maxDigits } = setting;
  const kept = useQuery(query as UseQueryOptions<Record<K, number>>);
  const save = useApiMutation({
    mutationFn: (days: number) => setting.save({ [field]: days } as Record<K, number>),
    success: setting.savedText,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(query.queryKey, data),
  });
  /** The days the server has (undefined while they load). */
  const saved = kept.data?.[field];
  const loadFailed = kept.isError;
  const saving = save.isPending;
  const [text, setText] = useState('');
  useEffect(() => {
    if (saved !== undefined) setText(String(saved));
  }, [saved]);
  const { days, error } = parseDays(text, setting);
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
          if (days !== null && canChange) save.mutate(days);
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
