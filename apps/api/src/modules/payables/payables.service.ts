import type { DB } from '../../db/database';
import { activeShopAccounts } from '../settings/settings.service';
import { billPayments } from './pay-bills';
import { billReads } from './read-bills';
import { billWrites } from './write-bills';

/**
 * Bills to pay ('Contas a pagar', issue 39 §3, decision 0047). Other modules reach them through this file; each
 * use case lives in a file of its own: a bill as the API answers it and its status in `bill-views.ts`, the
 * reads (one bill, the list, its export, the cash flow's days, a purchase's bills, the dashboard's figure) in
 * `read-bills.ts`, the bills written (a purchase's instalments, one typed by hand, a supplier's credit, a bill
 * cancelled) in `write-bills.ts`, the payments and their undoing in `pay-bills.ts`.
 */

/** A bill's change as a row of the audit trail (pure: a bulk writer, the demo's, writes them as the bills would). */
export { payableAudit } from './bill-views';
/** A bill paid in full as it is made, in the caller's transaction (a used phone bought by Pix at the counter). */
export { paidNowRows, payPayableNow } from './pay-bills';
/** The cash flow's bills, a purchase's bills and 'A pagar nos próximos 7 dias'. */
export { billsOfPurchase, payablesDue, payablesFlow } from './read-bills';
/** A purchase's bills, one per instalment, and a supplier's credit (a negative bill), in the caller's transaction. */
export {
  billCreatedChanges,
  billRows,
  createPayables,
  type PayablesInput,
  recordSupplierCredit,
} from './write-bills';

/**
 * Bills to pay: the list by situation, period, supplier and category; bills typed by hand; payments (full or
 * partial, never above what is open, one at a time under the bill's lock) and their undoing with a reason;
 * cancelling a bill without payments; the dashboard's figure.
 */
export function createPayablesService(db: DB) {
  return {
    ...billReads(db),
    ...billWrites(db),
    ...billPayments(db),
    /** GET /payables/accounts: the shop's active accounts a payment can leave from (issue 54 §8). */
    accounts: () => activeShopAccounts(db),
  };
}
