import { repairSettingsBodySchema } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { REPAIR_WARRANTY_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';

/** GET /repairs/settings: the repair warranty's days (90 until changed). */
export const repairSettingsQuery = queryOptions({
  queryKey: ['repairs', 'settings'] as const,
  queryFn: async () => (await api<{ data: { warrantyDays: number } }>('/repairs/settings')).data,
});

/** The days typed, as the contract checks them (1 to 730 whole days): the number or the error. */
export function parseWarrantyDays(text: string) {
  const days = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  const parsed = repairSettingsBodySchema.safeParse({ warrantyDays: days });
  return parsed.success
    ? { days: parsed.data.warrantyDays, error: null }
    : { days: null, error: parsed.error.issues[0]?.message ?? null };
}

/**
 * 'Garantia de reparo' (issue 42 §2, decision 0059): the days a delivered repair stays under the shop's warranty
 * (GET/PUT /repairs/settings). Read by whoever reads the service orders; changed with 'Assistência técnica'.
 */
export function RepairWarrantyCard({ canChange }: { canChange: boolean }) {
  const settings = useQuery(repairSettingsQuery);
  const [text, setText] = useState('');
  useEffect(() => {
    if (settings.data) setText(String(settings.data.warrantyDays));
  }, [settings.data]);
  const save = useApiMutation({
    mutationFn: async (warrantyDays: number) =>
      (await api<{ data: { warrantyDays: number } }>('/repairs/settings', { method: 'PUT', body: { warrantyDays } }))
        .data,
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(repairSettingsQuery.queryKey, data),
  });
  const { days, error } = parseWarrantyDays(text);
  return (
    <SettingsCard
      id="repair-warranty-title"
      title={T.title}
      text={T.text}
      loadFailed={settings.isError ? T.loadFailed : null}
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
          disabled={!canChange || !settings.data}
          error={settings.data !== undefined && error !== null}
          helperText={settings.data === undefined ? ' ' : (error ?? (days === null ? ' ' : T.helper(days)))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        {canChange ? (
          <Button
            type="submit"
            variant="contained"
            sx={{ mt: 1 }}
            disabled={save.isPending || days === null || days === settings.data?.warrantyDays}
          >
            {T.save}
          </Button>
        ) : null}
      </Box>
    </SettingsCard>
  );
}
