import {
  type CardSettings,
  cardSettingsSchema,
  formatFeePercent,
  MAX_CARD_INSTALMENTS,
  ORDER_PAYMENT_TEXTS,
  parseBrazilianNumber,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { cardSettingsQuery } from '../../../components/payments/card-settings-query';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { SettingsCard } from './settings-card';

const P = ORDER_PAYMENT_TEXTS;

type Texts = Record<string, string>;

/** The settings as typed: '3,49' read as 3.49 (a blank or a word is NaN, which the schema refuses). */
function parsed(texts: Texts): ReturnType<typeof cardSettingsSchema.safeParse> {
  const number = (key: string) => {
    const text = (texts[key] ?? '').trim();
    return text === '' ? Number.NaN : parseBrazilianNumber(text);
  };
  return cardSettingsSchema.safeParse({
    maxInstalments: number('maxInstalments'),
    debitFee: number('debitFee'),
    creditFees: Array.from({ length: MAX_CARD_INSTALMENTS }, (_, i) => number(`credit${i + 1}`)),
    debitDays: number('debitDays'),
    creditDays: number('creditDays'),
  });
}

/**
 * 'Cartões' (issue 38, decision 0042): the acquirer's fee (%) of a debit and of a credit in 1× … 12×, the days
 * it takes to pay, the shop's most instalments. Read by whoever records payments; changed with 'Configurações
 * bancárias'. The fees start at 0 until the shop types its acquirer's.
 */
export function CardFeesCard({ canChange }: { canChange: boolean }) {
  const settings = useQuery(cardSettingsQuery);
  const [texts, setTexts] = useState<Texts>({});
  useEffect(() => {
    const data = settings.data;
    if (!data) return;
    const next: Texts = {
      maxInstalments: String(data.maxInstalments),
      debitFee: formatFeePercent(data.debitFee),
      debitDays: String(data.debitDays),
      creditDays: String(data.creditDays),
    };
    data.creditFees.forEach((fee, i) => {
      next[`credit${i + 1}`] = formatFeePercent(fee);
    });
    setTexts(next);
  }, [settings.data]);
  const save = useApiMutation({
    mutationFn: async (body: CardSettings) =>
      (await api<{ data: CardSettings }>('/settings/card-fees', { method: 'PUT', body })).data,
    success: P.settingsSaved,
    failure: P.settingsSaveFailed,
    update: (client, data) => client.setQueryData(cardSettingsQuery.queryKey, data),
  });
  const result = parsed(texts);
  const problem = Object.keys(texts).length > 0 && !result.success ? result.error.issues[0]?.message : null;
  const field = (key: string, label: string, numeric = false) => (
    <TextField
      key={key}
      label={label}
      value={texts[key] ?? ''}
      onChange={(event) => setTexts((current) => ({ ...current, [key]: event.target.value }))}
      disabled={!canChange}
      size="small"
      slotProps={{ htmlInput: { inputMode: numeric ? 'numeric' : 'decimal' } }}
    />
  );
  return (
    <SettingsCard
      id="card-fees-title"
      title={P.settingsTitle}
      text={P.settingsText}
      loadFailed={settings.isError ? P.loadFailed : null}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canChange && result.success) save.mutate(result.data);
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
          {field('maxInstalments', P.maxInstalmentsLabel, true)}
          {field('debitFee', P.debitFeeLabel)}
          {field('debitDays', P.debitDaysLabel, true)}
          {field('creditDays', P.creditDaysLabel, true)}
          {Array.from({ length: MAX_CARD_INSTALMENTS }, (_, i) => field(`credit${i + 1}`, P.creditFeeLabel(i + 1)))}
        </Box>
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
        {canChange ? (
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending || !result.success}>
            {P.settingsSave}
          </Button>
        ) : null}
      </Box>
    </SettingsCard>
  );
}
