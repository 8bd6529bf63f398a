import {
  type CreditSettingsBody,
  creditSettingsSchema,
  formatFeePercent,
  parseBrazilianNumber,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { creditSettingsQuery, saveCreditSettings } from '../api/settings-api';
import { CREDIT_SETTINGS_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';
import { SettingsForm, useSettingsTexts } from './settings-form';

type Field = keyof CreditSettingsBody;
type Texts = Record<Field, string>;

const FIELDS: ReadonlyArray<{ key: Field; label: string; numeric: boolean }> = [
  { key: 'blockOverdueDays', label: T.blockOverdueDays, numeric: true },
  { key: 'fine', label: T.fine, numeric: false },
  { key: 'monthlyInterest', label: T.monthlyInterest, numeric: false },
];

/** The settings as typed: '2,5' read as 2.5 (a blank or a word is NaN, which the schema refuses). */
function parsed(texts: Texts) {
  const number = (key: Field) => {
    const text = texts[key].trim();
    return text === '' ? Number.NaN : parseBrazilianNumber(text);
  };
  return creditSettingsSchema.safeParse({
    blockOverdueDays: number('blockOverdueDays'),
    fine: number('fine'),
    monthlyInterest: number('monthlyInterest'),
  });
}

/**
 * 'Configurações de crédito' (issue 40 §1): the days an instalment may be late before sales on credit to the
 * customer are blocked, the fine (%) and the monthly interest (%). Shown to 'Crédito e cobrança', who changes them.
 */
export function CreditSettingsCard() {
  const settings = useQuery(creditSettingsQuery);
  const save = useApiMutation({
    mutationFn: async (body: CreditSettingsBody) => (await saveCreditSettings(body)).data,
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(creditSettingsQuery.queryKey, data),
  });
  const { texts, setTexts, set, errorOf, valid, submit } = useSettingsTexts(parsed, save.mutate);
  useEffect(() => {
    const data = settings.data;
    if (!data) return;
    setTexts({
      blockOverdueDays: String(data.blockOverdueDays),
      fine: formatFeePercent(data.fine),
      monthlyInterest: formatFeePercent(data.monthlyInterest),
    });
  }, [settings.data, setTexts]);
  return (
    <SettingsCard
      id="credit-settings-title"
      title={T.title}
      text={T.text}
      loadFailed={settings.isError ? T.loadFailed : null}
    >
      <SettingsForm onSubmit={submit} saveText={T.save} disabled={save.isPending || !valid}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr' } }}>
          {FIELDS.map(({ key, label, numeric }) => {
            const error = errorOf(key);
            return (
              <TextField
                key={key}
                label={label}
                value={texts?.[key] ?? ''}
                onChange={(event) => set(key, event.target.value)}
                disabled={!texts}
                error={Boolean(error)}
                helperText={error ?? ' '}
                size="small"
                sx={key === 'blockOverdueDays' ? { gridColumn: { xs: '1 / -1', md: 'auto' } } : undefined}
                slotProps={{ htmlInput: { inputMode: numeric ? 'numeric' : 'decimal' } }}
              />
            );
          })}
        </Box>
      </SettingsForm>
    </SettingsCard>
  );
}
