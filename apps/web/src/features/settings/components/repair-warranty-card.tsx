import { repairSettingsBodySchema } from '@backoffice/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { REPAIR_WARRANTY_TEXTS as T } from '../texts';
import { DaysSettingCard, parseDays } from './days-setting-card';

/** GET /repairs/settings: the repair warranty's days (90 until changed). */
export const repairSettingsQuery = queryOptions({
  queryKey: ['repairs', 'settings'] as const,
  queryFn: async () => (await api<{ data: { warrantyDays: number } }>('/repairs/settings')).data,
});

/** The days typed, as the contract checks them (1 to 730 whole days): the number or the error. */
export const parseWarrantyDays = (text: string) =>
  parseDays(text, 4, (days) => {
    const parsed = repairSettingsBodySchema.safeParse({ warrantyDays: days });
    return parsed.success
      ? { success: true, days: parsed.data.warrantyDays }
      : { success: false, message: parsed.error.issues[0]?.message ?? null };
  });

/**
 * 'Garantia de reparo' (issue 42 §2, decision 0059): the days a delivered repair stays under the shop's warranty
 * (GET/PUT /repairs/settings). Read by whoever reads the service orders; changed with 'Assistência técnica'.
 */
export function RepairWarrantyCard({ canChange }: { canChange: boolean }) {
  const settings = useQuery(repairSettingsQuery);
  const save = useApiMutation({
    mutationFn: async (warrantyDays: number) =>
      (await api<{ data: { warrantyDays: number } }>('/repairs/settings', { method: 'PUT', body: { warrantyDays } }))
        .data,
    success: T.saved,
    failure: T.saveFailed,
    update: (client, data) => client.setQueryData(repairSettingsQuery.queryKey, data),
  });
  return (
    <DaysSettingCard
      id="repair-warranty-title"
      texts={T}
      saved={settings.data?.warrantyDays}
      loadFailed={settings.isError}
      canChange={canChange}
      maxDigits={4}
      parse={parseWarrantyDays}
      saving={save.isPending}
      onSave={(days) => save.mutate(days)}
    />
  );
}
