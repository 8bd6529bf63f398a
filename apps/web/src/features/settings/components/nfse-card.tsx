import type { NfseSettings, NfseSettingsBody } from '@backoffice/contract';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { NFSE_CARD_TEXTS as T } from '../nfse-texts';
import { SettingsCard } from './settings-card';

/** GET /fiscal/nfse/settings. */
export const nfseSettingsQuery = queryOptions({
  queryKey: ['fiscal', 'nfse', 'settings'] as const,
  queryFn: async () => (await api<{ data: NfseSettings }>('/fiscal/nfse/settings')).data,
});

const save = async (body: NfseSettingsBody) =>
  (await api<{ data: NfseSettings }>('/fiscal/nfse/settings', { method: 'PUT', body })).data;

function bodyOf(settings: NfseSettings): NfseSettingsBody {
  const { nextDpsNumber: _n, cityCode: _c, cityName: _m, ...body } = settings;
  return body;
}

function NfseForm({ settings }: { settings: NfseSettings }) {
  const [form, setForm] = useState<NfseSettingsBody>(() => bodyOf(settings));
  const [rate, setRate] = useState(String(settings.issRate).replace('.', ','));
  const [simplesRate, setSimplesRate] = useState(
    settings.simplesTaxRate === null ? '' : String(settings.simplesTaxRate).replace('.', ','),
  );
  const mutation = useApiMutation({
    mutationFn: save,
    success: T.saved,
    failure: T.saveFailed,
    invalidate: [nfseSettingsQuery.queryKey],
  });
  const set = <K extends keyof NfseSettingsBody>(key: K, value: NfseSettingsBody[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">{T.city(settings.cityName, settings.cityCode)}</Typography>
      <FormControlLabel
        control={<Switch checked={form.national} onChange={(event) => set('national', event.target.checked)} />}
        label={T.national}
      />
      {form.national ? null : (
        <Typography variant="body2" color="text.secondary">
          {T.notNational}
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <TextField
          size="small"
          label={T.serviceItem}
          value={form.serviceItem}
          onChange={(e) => set('serviceItem', e.target.value)}
        />
        <TextField
          size="small"
          label={T.nationalTaxCode}
          value={form.nationalTaxCode}
          onChange={(e) => set('nationalTaxCode', e.target.value)}
        />
        <TextField size="small" label={T.issRate} value={rate} onChange={(e) => setRate(e.target.value)} />
        <TextField
          select
          size="small"
          label={T.simples}
          value={form.simplesOption}
          onChange={(e) => set('simplesOption', Number(e.target.value) as 1 | 2 | 3)}
          sx={{ minWidth: 180 }}
        >
          {([1, 2, 3] as const).map((option) => (
            <MenuItem key={option} value={option}>
              {T.simplesOptions[option]}
            </MenuItem>
          ))}
        </TextField>
        {form.simplesOption === 3 ? (
          <TextField
            size="small"
            label={T.simplesTaxRate}
            value={simplesRate}
            onChange={(e) => setSimplesRate(e.target.value)}
            helperText={T.simplesTaxRateHelp}
            sx={{ minWidth: 300 }}
          />
        ) : null}
        <TextField
          size="small"
          label={T.municipalRegistration}
          value={form.municipalRegistration ?? ''}
          onChange={(e) => set('municipalRegistration', e.target.value)}
          helperText={T.municipalRegistrationHelp}
          sx={{ minWidth: 260 }}
        />
        <TextField
          size="small"
          label={T.dpsSeries}
          value={form.dpsSeries}
          onChange={(e) => set('dpsSeries', e.target.value)}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {T.nextNumber(settings.nextDpsNumber)}
      </Typography>
      <TextField
        size="small"
        label={T.productionUrl}
        value={form.productionUrl}
        onChange={(e) => set('productionUrl', e.target.value)}
      />
      <TextField
        size="small"
        label={T.homologationUrl}
        value={form.homologationUrl}
        onChange={(e) => set('homologationUrl', e.target.value)}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          disabled={mutation.isPending}
          onClick={() =>
            mutation.mutate({
              ...form,
              issRate: Number(rate.replace(',', '.')),
              simplesTaxRate: simplesRate.trim() === '' ? null : Number(simplesRate.replace(',', '.')),
            })
          }
        >
          {mutation.isPending ? T.saving : T.save}
        </Button>
        <ExportCsvButton
          text={T.export}
          failedText={T.exportFailed}
          download={() => downloadFile('/fiscal/nfse/to-invoice.csv', { fileName: T.exportFile })}
        />
      </Stack>
    </Stack>
  );
}

/**
 * 'NFS-e' (issue 56 §4, decision 0085): whether the city has joined the national NFS-e, the service's codes, the
 * ISS rate, the Simples, the DPS series and the Sefin Nacional's addresses; the 'Serviços a faturar' export.
 */
export function NfseCard() {
  const settings = useQuery(nfseSettingsQuery);
  return (
    <SettingsCard
      id="fiscal-nfse-title"
      level="h3"
      title={T.title}
      text={T.text}
      loadFailed={settings.isError ? T.loadFailed : null}
    >
      {settings.data ? <NfseForm key={settings.dataUpdatedAt} settings={settings.data} /> : null}
    </SettingsCard>
  );
}
