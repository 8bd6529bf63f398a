import { businessDay, businessTimeZone, dayStart } from '@backoffice/contract';
import { numberingGapsQuery } from './numbers.repository';

/**
 * The bell's 'Lacunas de numeração' (issue 56 §1): from the 1st of the month after a number was skipped or rejected,
 * until it is voided, one counted item per month of the gaps (numbers.repository.ts `numberingGapsQuery`, the same
 * gaps as note-gaps.ts) for who holds 'Notas fiscais'. `at` is the reader's clock: the months are the shop's
 * (business) ones.
 */
export const numberingGapsAwaitingQuery = (at: Date) =>
  numberingGapsQuery(dayStart(`${businessDay(at).slice(0, 7)}-01`), businessTimeZone());
