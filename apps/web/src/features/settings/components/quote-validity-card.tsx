import { QUOTE_TEXTS, quoteValiditySchema } from '@backoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '../../../components/use-api-mutation';
import { quoteValidityQuery, saveQuoteValidity } from '../api/settings-api';
import { QUOTE_VALIDITY_TEXTS as T } from '../texts';
import { DaysSettingCard, parseDays } from './days-setting-card';

/** The days typed, as the contract checks them (1 to 90 whole days): the number or the error. */
const parseValidity = (text: string) =>
  parseDays(text, 3, (days) => {
    const parsed = quoteValiditySchema.safeParse({ days });
    return parsed.success
      ? { success: true, days: parsed.data.days }
      : { success: false, message: parsed.error.issues[0]?.message ?? null };
  });

/**
 * 'Orçamentos' (issue 38 §4, decision 0043): how many days a new quote's prices hold (GET/PUT /settings/quotes).
 * Read with the selling or settings permission; changed with the settings one (`bo:manage:settings`).
 */
export function QuoteValidityCard({ canChange }: { canChange: boolean }) {
  const validity = useQuery(quoteValidityQuery);
  const save = useApiMutation({
    mutationFn: async (days: number) => (await saveQuoteValidity({ days })).data,
    success: QUOTE_TEXTS.validitySaved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(quoteValidityQuery.queryKey, data),
  });
  return (
    <DaysSettingCard
      id="quote-validity-title"
      texts={T}
      saved={validity.data?.days}
      loadFailed={validity.isError}
      canChange={canChange}
      maxDigits={3}
      parse={parseValidity}
      saving={save.isPending}
      onSave={(days) => save.mutate(days)}
    />
  );
}
