import { centsToReais, PURCHASE_SETTINGS_TEXTS as T } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { openRegisterOf, receiveCash, shopUsesDrawers } from '../cash/cash.service';
import type { SettledBilling } from './entry-payment';

/** The cash a 'Pago no ato' in DINHEIRO takes out of the drawer (cents): vNF's one bill; 0 otherwise. */
const cashOut = (billing: SettledBilling) =>
  billing.paidWith === 'DINHEIRO' ? billing.bills.reduce((sum, bill) => sum + bill.amountCents, 0) : 0;

/**
 * The preview's word on the drawer (decision 0090): a note paid on the spot in cash leaves the clerk's open drawer;
 * in a shop that uses drawers (one active register at least) and none open, the problem says to open one. A shop
 * without registers pays without a drawer, as its counter takes cash without one (decision 0075).
 */
export async function drawerProblem(db: Executor, employeeId: number, billing: SettledBilling): Promise<string | null> {
  const amount = cashOut(billing);
  if (amount === 0) return null;
  if (await openRegisterOf(db, employeeId)) return null;
  return (await shopUsesDrawers(db)) ? T.drawerClosed(centsToReais(amount)) : null;
}

/**
 * The cash leaving the clerk's open drawer as the entry is written, through the cash module's `receiveCash`
 * (SUPPLIER_PAYMENT, never more than the drawer holds: 409 there); no drawer open in a shop that uses drawers:
 * 409 CASH_DRAWER_CLOSED, nothing written (the whole entry's transaction is undone).
 */
export async function payFromDrawer(
  trx: Transaction<Database>,
  employeeId: number,
  billing: SettledBilling,
  reason: string,
): Promise<void> {
  const amount = cashOut(billing);
  if (amount === 0) return;
  const landed = await receiveCash(trx, { employeeId, kind: 'SUPPLIER_PAYMENT', amountCents: amount, reason });
  if (!landed && (await shopUsesDrawers(trx)))
    throw conflict(T.drawerClosed(centsToReais(amount)), 'CASH_DRAWER_CLOSED');
}
