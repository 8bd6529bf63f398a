import { repairSettingsBodySchema } from '@backoffice/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REPAIR_WARRANTY_TEXTS as T } from '../texts';
import { type DaysSetting, DaysSettingCard, parseDays } from './days-setting-card';

type RepairSettings = { warrantyDays: number };

/** GET /repairs/settings: the repair warranty's days (90 until changed). */
export const repairSettingsQuery = queryOptions({
  queryKey: ['repairs', 'settings'] as const,
  queryFn: async () => (await api<{ data: RepairSettings }>('/repairs/settings')).data,
});

/** The days a delivered repair stays under warranty (1 to 730 whole days, as the contract checks them). */
const REPAIR_WARRANTY: DaysSetting<'warrantyDays'> = {
  id: 'repair-warranty-title',
  texts: T,
  savedText: T.saved,
  query: repairSettingsQuery,
  field: 'warrantyDays',
  schema: repairSettingsBodySchema,
  maxDigits: 4,
  save: async (body) => (await api<{ data: RepairSettings }>('/repairs/settings', { method: 'PUT', body })).data,
};

/** The days typed, as the contract checks them (1 to 730 whole days): the number or the error. */
export const parseWarrantyDays = (text: string) => parseDays(text, REPAIR_WARRANTY);

/**
 * 'Garantia de reparo' (issue 42 §2, decision 0059): the days a delivered repair stays under the shop's warranty
 * (GET/PUT /repairs/settings). Read by whoever reads the service orders; changed with 'Assistência técnica'.
 */
export function RepairWarrantyCard({ canChange }: { canChange: boolean }) {
  return <DaysSettingCard setting={REPAIR_WARRANTY} canChange={canChange} />;
}
