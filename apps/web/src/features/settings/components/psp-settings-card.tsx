import type { PspSettingsBody, PspTest } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { pspSettingsQuery, savePspSettings, testPspConnection } from '../api/settings-api';
import { PSP_SETTINGS_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';

interface Form {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  certificate: { name: string; base64: string } | null;
  certificatePassword: string;
}

const EMPTY: Form = { baseUrl: '', clientId: '', clientSecret: '', certificate: null, certificatePassword: '' };

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * 'Pix Cobrança (PSP)' (issue 58 §1, decision 0094): the PSP's API URL, its OAuth2 client id and secret, and the
 * certificate for mutual TLS when the PSP asks for one; the secrets are never shown back (only that they are
 * kept). 'Testar conexão' asks the PSP for a token and says what it answered, then registers the shop's Pix
 * webhook at the PSP and says whether it could (decision 0100).
 */
export function PspSettingsCard() {
  const settings = useQuery(pspSettingsQuery);
  const [form, setForm] = useState<Form>(EMPTY);
  const [tested, setTested] = useState<PspTest | null>(null);
  useEffect(() => {
    const data = settings.data;
    if (data) setForm((f) => ({ ...f, baseUrl: data.baseUrl ?? '', clientId: data.clientId ?? '' }));
  }, [settings.data]);
  const save = useApiMutation({
    mutationFn: async (body: PspSettingsBody) => (await savePspSettings(body)).data,
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(pspSettingsQuery.queryKey, data),
    onSuccess: () => setForm((f) => ({ ...f, clientSecret: '', certificate: null, certificatePassword: '' })),
  });
  const test = useApiMutation({
    mutationFn: async () => (await testPspConnection()).data,
    failure: T.testFailed(''),
    onSuccess: (data) => setTested(data),
  });
  const kept = settings.data;
  const set = (key: keyof Form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  return (
    <SettingsCard
      id="psp-settings-title"
      title={T.title}
      text={T.description}
      loadFailed={settings.isError ? T.loadFailed : null}
    >
      <Typography variant="body2">{kept?.configured ? T.configured(kept.baseUrl ?? '') : T.none}</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({
            baseUrl: form.baseUrl,
            clientId: form.clientId,
            ...(form.clientSecret ? { clientSecret: form.clientSecret } : {}),
            ...(form.certificate
              ? { certificate: form.certificate.base64, certificatePassword: form.certificatePassword }
              : {}),
          });
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}>
          <TextField label={T.baseUrl} value={form.baseUrl} onChange={set('baseUrl')} placeholder="https://" />
          <TextField label={T.clientId} value={form.clientId} onChange={set('clientId')} />
          <TextField
            label={T.clientSecret}
            type="password"
            value={form.clientSecret}
            onChange={set('clientSecret')}
            helperText={kept?.hasClientSecret ? T.clientSecretKept : undefined}
            autoComplete="new-password"
          />
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
          <Button variant="outlined" component="label">
            {form.certificate ? form.certificate.name : T.certificateFile}
            <input
              hidden
              type="file"
              accept=".pfx,.p12"
              aria-label={T.certificate}
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (file) setForm((f) => ({ ...f, certificate: { name: file.name, base64: '' } }));
                if (file) {
                  const base64 = await base64Of(file);
                  setForm((f) => ({ ...f, certificate: { name: file.name, base64 } }));
                }
              }}
            />
          </Button>
          {form.certificate ? (
            <TextField
              label={T.certificatePassword}
              type="password"
              value={form.certificatePassword}
              onChange={set('certificatePassword')}
              size="small"
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {kept?.hasCertificate ? T.certificateKept : T.certificate}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {T.save}
          </Button>
          <Button
            variant="outlined"
            disabled={!kept?.configured || test.isPending}
            onClick={() => {
              setTested(null);
              test.mutate();
            }}
          >
            {test.isPending ? T.testing : T.test}
          </Button>
        </Stack>
        {tested ? (
          <Alert severity={tested.ok ? 'success' : 'error'} sx={{ mt: 2 }}>
            {tested.message}
          </Alert>
        ) : null}
        {tested?.webhook ? (
          <Alert severity={tested.webhook.registered ? 'success' : 'warning'} sx={{ mt: 1, wordBreak: 'break-all' }}>
            {tested.webhook.message}
          </Alert>
        ) : null}
      </Box>
    </SettingsCard>
  );
}
