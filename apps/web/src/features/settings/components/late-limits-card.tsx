import {
  formatDuration,
  type LateLimit,
  lateLimitProblem,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { lateLimitsQuery, saveLateLimits } from '../api/settings-api';
import { LATE_LIMITS_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';

/** "= 2 h 30 min": the minutes typed, read as hours (nothing under an hour: the minutes say it). */
function asHours(text: string): string {
  const minutes = Number(text);
  return Number.isInteger(minutes) && minutes >= 60 ? `= ${formatDuration(minutes)}` : ' ';
}

/**
 * 'Limites de atraso dos pedidos' (issue 20 §1): the minutes an order may stay in each status before the
 * bell calls it late. Read with the orders permission; changed with the settings one.
 */
export function LateLimitsCard({ canChange }: { canChange: boolean }) {
  const limits = useQuery(lateLimitsQuery);
  const [values, setValues] = useState<Record<number, string>>({});
  useEffect(() => {
    if (limits.data) setValues(Object.fromEntries(limits.data.map((l) => [l.status, String(l.minutes)])));
  }, [limits.data]);
  const save = useApiMutation({
    mutationFn: async (body: LateLimit[]) => (await saveLateLimits(body)).data,
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(lateLimitsQuery.queryKey, data),
  });
  const rows = limits.data ?? [];
  const errors = Object.fromEntries(rows.map((l) => [l.status, lateLimitProblem(values[l.status] ?? '')]));
  const invalid = Object.values(errors).some((e) => e !== null);
  return (
    <SettingsCard
      id="late-limits-title"
      title={T.title}
      text={T.text}
      loadFailed={limits.isError ? T.loadFailed : null}
      readOnly={canChange ? null : T.readOnly}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (invalid || !canChange) return;
          save.mutate(rows.map((l) => ({ status: l.status, minutes: Number(values[l.status]) })));
        }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {rows.map((l) => {
            const label = ORDER_STATUS_LABELS[l.status as OrderStatusKey] ?? String(l.status);
            const error = errors[l.status];
            return (
              <TextField
                key={l.status}
                label={`${label} (${T.minutes.toLowerCase()})`}
                value={values[l.status] ?? ''}
                onChange={(event) => setValues((current) => ({ ...current, [l.status]: event.target.value }))}
                disabled={!canChange}
                error={error !== null}
                helperText={error ?? asHours(values[l.status] ?? '')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            );
          })}
        </Box>
        {canChange ? (
          <Button
            type="submit"
            variant="contained"
            sx={{ mt: 2 }}
            disabled={save.isPending || invalid || rows.length === 0}
          >
            {T.save}
          </Button>
        ) : null}
      </Box>
    </SettingsCard>
  );
}
