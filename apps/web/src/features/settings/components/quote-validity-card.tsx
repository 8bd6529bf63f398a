import { QUOTE_TEXTS, quoteValiditySchema } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { quoteValidityQuery, saveQuoteValidity } from '../api/settings-api';
import { QUOTE_VALIDITY_TEXTS as T } from '../texts';
import { SettingsCard } from './settings-card';

/** The days typed, as the contract checks them (1 to 90 whole days): the number or the error. */
function parseDays(text: string) {
  const days = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  const parsed = quoteValiditySchema.safeParse({ days });
  return parsed.success
    ? { days: parsed.data.days, error: null }
    : { days: null, error: parsed.error.issues[0]?.message ?? null };
}

/**
 * 'Orçamentos' (issue 38 §4, decision 0043): how many days a new quote's prices hold (GET/PUT /settings/quotes).
 * Read with the selling or settings permission; changed with the settings one (`bo:manage:settings`).
 */
export function QuoteValidityCard({ canChange }: { canChange: boolean }) {
  const validity = useQuery(quoteValidityQuery);
  const [text, setText] = useState('');
  useEffect(() => {
    if (validity.data) setText(String(validity.data.days));
  }, [validity.data]);
  const save = useApiMutation({
    mutationFn: async (days: number) => (await saveQuoteValidity({ days })).data,
    success: QUOTE_TEXTS.validitySaved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(quoteValidityQuery.queryKey, data),
  });
  const { days, error } = parseDays(text);
  return (
    <SettingsCard
      id="quote-validity-title"
      title={T.title}
      text={T.text}
      loadFailed={validity.isError ? T.loadFailed : null}
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
          disabled={!canChange || !validity.data}
          error={validity.data !== undefined && error !== null}
          helperText={validity.data === undefined ? ' ' : (error ?? (days === null ? ' ' : T.helper(days)))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        {canChange ? (
          <Button
            type="submit"
            variant="contained"
            sx={{ mt: 1 }}
            disabled={save.isPending || days === null || days === validity.data?.days}
          >
            {T.save}
          </Button>
        ) : null}
      </Box>
    </SettingsCard>
  );
}
