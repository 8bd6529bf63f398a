import { QUOTE_TEXTS, quoteValiditySchema } from '@backoffice/contract';
import { quoteValidityQuery, saveQuoteValidity } from '../api/settings-api';
import { QUOTE_VALIDITY_TEXTS as T } from '../texts';
import { type DaysSetting, DaysSettingCard } from './days-setting-card';

/** How many days a new quote's prices hold (1 to 90 whole days, as the contract checks them). */
const QUOTE_VALIDITY: DaysSetting<'days'> = {
  id: 'quote-validity-title',
  texts: T,
  savedText: QUOTE_TEXTS.validitySaved,
  query: quoteValidityQuery,
  field: 'days',
  schema: quoteValiditySchema,
  maxDigits: 3,
  save: async (body) => (await saveQuoteValidity(body)).data,
};

/**
 * 'Orçamentos' (issue 38 §4, decision 0043): how many days a new quote's prices hold (GET/PUT /settings/quotes).
 * Read with the selling or settings permission; changed with the settings one (`bo:manage:settings`).
 */
export function QuoteValidityCard({ canChange }: { canChange: boolean }) {
  return <DaysSettingCard setting={QUOTE_VALIDITY} canChange={canChange} />;
}
