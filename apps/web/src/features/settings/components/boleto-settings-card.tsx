import { BOLETO_BANK_LABELS, type BoletoSettingsBody, boletoSettingsBodySchema } from '@backoffice/contract';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { boletoSettingsQuery, saveBoletoSettings } from '../api/settings-api';
import { BOLETO_SETTINGS_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';
import { SettingsForm, useSettingsTexts } from './settings-form';

type Field = Exclude<keyof BoletoSettingsBody, 'pixHybrid'>;
type Texts = Record<Field, string> & { pixHybrid: boolean };

const FIELDS: ReadonlyArray<{ key: Exclude<Field, 'bankCode'>; numeric: boolean }> = [
  { key: 'agency', numeric: true },
  { key: 'agencyDv', numeric: false },
  { key: 'account', numeric: true },
  { key: 'accountDv', numeric: false },
  { key: 'convenio', numeric: true },
  { key: 'carteira', numeric: true },
  { key: 'variacao', numeric: true },
  { key: 'nextSequence', numeric: true },
  { key: 'nextRemessa', numeric: true },
];

const EMPTY: Texts = {
  bankCode: '001',
  agency: '',
  agencyDv: '',
  account: '',
  accountDv: '',
  convenio: '',
  carteira: '17',
  variacao: '019',
  nextSequence: '1',
  nextRemessa: '1',
  pixHybrid: false,
};

const parsed = (texts: Texts) =>
  boletoSettingsBodySchema.safeParse({
    ...texts,
    nextSequence: texts.nextSequence.trim() === '' ? Number.NaN : Number(texts.nextSequence),
    nextRemessa: texts.nextRemessa.trim() === '' ? Number.NaN : Number(texts.nextRemessa),
  });

/**
 * 'Boleto registrado' (issue 58 §2): the bank (Banco do Brasil first), agency and account with their DVs, the
 * convênio, carteira and variação, where the nosso número and the remessa's number go on, and the boleto híbrido
 * (decision 0100: registered by BB's API with its Pix QR code; the server refuses it without that API). Read by
 * 'Configurações bancárias' and 'Crédito e cobrança'; saved by the first (the server checks both).
 */
export function BoletoSettingsCard({ canChange }: { canChange: boolean }) {
  const settings = useQuery(boletoSettingsQuery);
  const save = useApiMutation({
    mutationFn: async (body: BoletoSettingsBody) => (await saveBoletoSettings(body)).data,
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(boletoSettingsQuery.queryKey, data),
  });
  const { texts, setTexts, set, errorOf, valid, submit } = useSettingsTexts(parsed, save.mutate);
  useEffect(() => {
    if (!settings.isSuccess) return;
    const data = settings.data;
    if (!data) {
      setTexts(EMPTY);
      return;
    }
    const { updatedAt: _at, nextSequence, nextRemessa, ...rest } = data;
    setTexts({ ...rest, nextSequence: String(nextSequence), nextRemessa: String(nextRemessa) });
  }, [settings.isSuccess, settings.data, setTexts]);
  return (
    <SettingsCard
      id="boleto-settings-title"
      title={T.title}
      text={T.text}
      loadFailed={settings.isError ? T.loadFailed : null}
    >
      <SettingsForm onSubmit={submit} saveText={canChange ? T.save : null} disabled={save.isPending || !valid}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <TextField
            select
            label={T.bankCode}
            value={texts?.bankCode ?? '001'}
            onChange={(event) => set('bankCode', event.target.value)}
            disabled={!texts || !canChange}
            size="small"
            helperText=" "
            sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}
          >
            {Object.entries(BOLETO_BANK_LABELS).map(([code, label]) => (
              <MenuItem key={code} value={code}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          {FIELDS.map(({ key, numeric }) => {
            const error = errorOf(key);
            return (
              <TextField
                key={key}
                label={T[key]}
                value={texts?.[key] ?? ''}
                onChange={(event) => set(key, event.target.value)}
                disabled={!texts || !canChange}
                error={Boolean(error)}
                helperText={error ?? ' '}
                size="small"
                slotProps={{ htmlInput: { inputMode: numeric ? 'numeric' : 'text' } }}
              />
            );
          })}
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={texts?.pixHybrid ?? false}
              onChange={(event) => set('pixHybrid', event.target.checked)}
              disabled={!texts || !canChange}
            />
          }
          label={T.pixHybrid}
        />
        <FormHelperText sx={{ mt: 0, mb: 1 }}>{T.pixHybridHelp}</FormHelperText>
      </SettingsForm>
    </SettingsCard>
  );
}
