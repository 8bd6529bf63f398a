import {
  businessDay,
  centsToReais,
  formatBRL,
  PAYABLE_TEXTS,
  type PayableDetails,
  type PayablePaymentInput,
  type PayablePaymentMethod,
  reaisToCents,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkoutKey } from '../selling/selling.service';
import { activeShopAccount } from '../settings/settings.service';
import { auditPayable, billDetails } from './bill-views';
import { type NewPaymentRow, payablesRepository as repo } from './payables.repository';

/**
 * A bill paid in full as it is made, in the caller's transaction (a used phone bought by Pix at the counter, issue
 * 42 §1): one payment of its whole amount today, audited; answers the payment's id. `from`: the day and the shop's
 * account it left (a bank statement's line made a bill, issue 58 §3), else today and none.
 */
export async function payPayableNow(
  trx: Transaction<Database>,
  payableId: number,
  actorId: number,
  amountCents: number,
  method: PayablePaymentMethod,
  from?: { paidOn: string; account: { id: number; name: string } },
): Promise<number> {
  const paid = paidNowRows(payableId, actorId, amountCents, method, from);
  const paymentId = await repo.insertPayment(trx, paid.payment);
  await repo.setPaid(trx, payableId, amountCents);
  await auditPayable(trx, actorId, payableId, 'paid', paid.changes(paymentId));
  return paymentId;
}

/**
 * `payPayableNow`'s rows (pure: its rule, and a bulk writer's, the demo's): the payment of the whole amount (today
 * and no account unless `from` says), and what the bill's 'paid' row of the audit trail says once it has its id.
 */
export function paidNowRows(
  payableId: number,
  actorId: number,
  amountCents: number,
  method: PayablePaymentMethod,
  from?: { paidOn: string; account: { id: number; name: string } },
): { payment: NewPaymentRow; changes: (paymentId: number) => object } {
  const paidOn = from?.paidOn ?? businessDay(new Date());
  return {
    payment: {
      payable_id: payableId,
      paid_on: paidOn,
      method,
      account: from?.account.name ?? null,
      account_id: from?.account.id ?? null,
      amount_cents: amountCents,
      note: null,
      employee_id: actorId,
      idempotency_key: null,
    },
    changes: (paymentId) => ({ paymentId, paidOn, method, amount: centsToReais(amountCents), open: 0 }),
  };
}

/** A payment's charges and discount in cents (0 when not given). */
function extrasOf(input: PayablePaymentInput) {
  return {
    fine_cents: reaisToCents(input.fine ?? 0),
    interest_cents: reaisToCents(input.interest ?? 0),
    discount_cents: reaisToCents(input.discount ?? 0),
  };
}

/**
 * A discount is taken off the part of the bill this payment settles (issue 54 §8): never above what is open,
 * never above the principal paid (what left the account is never negative). 400 in Portuguese otherwise.
 */
function checkDiscount(discountCents: number, amountCents: number, openCents: number) {
  if (discountCents > openCents) {
    throw badRequest(PAYABLE_TEXTS.discountAboveOpen(formatBRL(centsToReais(openCents))), 'BAD_REQUEST', {
      open: centsToReais(openCents),
    });
  }
  if (discountCents > amountCents) throw badRequest(PAYABLE_TEXTS.discountAbovePrincipal);
}

/**
 * 'Conta de saída': one of the shop's active accounts by its id (its name kept beside it, as it is now), else
 * the free text of the calls before issue 54, else none. An unknown or disabled account is 400.
 */
async function accountOf(trx: Transaction<Database>, input: PayablePaymentInput) {
  if (input.accountId === undefined || input.accountId === null) {
    return { account: input.account ?? null, account_id: null };
  }
  const found = await activeShopAccount(trx, input.accountId);
  if (!found) throw badRequest(PAYABLE_TEXTS.accountNotFound, 'BAD_REQUEST', { accountId: input.accountId });
  return { account: found.name, account_id: found.id };
}

/** A bill's payments (full or partial, never above what is open, one at a time under the bill's lock) and their undoing with a reason. */
export function billPayments(db: DB) {
  return {
    /**
     * POST /payables/{id}/payments: a payment of part or all of what is open, on a day up to today. Under the
     * bill's lock: a cancelled or settled bill is 409, an amount above what is open is 409 (PAYMENT_OVERPAID,
     * `details.open`). The same Idempotency-Key again answers the bill as it is, without a second payment.
     */
    async pay(
      actorId: number,
      id: number,
      input: PayablePaymentInput,
      headerKey: string | undefined,
      now = new Date(),
    ): Promise<PayableDetails> {
      const today = businessDay(now);
      if (input.paidOn > today) throw badRequest(PAYABLE_TEXTS.paidOnFuture);
      const key = headerKey === undefined ? null : checkoutKey(headerKey, undefined);
      const amountCents = reaisToCents(input.amount);
      const extras = extrasOf(input);
      await db.transaction().execute(async (trx) => {
        const bill = await repo.lock(trx, id);
        if (!bill) throw notFound(PAYABLE_TEXTS.notFound);
        if (key !== null) {
          const earlier = await repo.paymentByKey(trx, key);
          if (earlier && earlier.payable_id === id) return;
          if (earlier) throw conflict(PAYABLE_TEXTS.alreadyPaid, 'CONFLICT', { payableId: earlier.payable_id });
        }
        if (bill.canceled_at) throw conflict(PAYABLE_TEXTS.canceled, 'TRANSITION_REFUSED');
        const paid = Number(bill.paid_cents);
        const open = Math.abs(Number(bill.amount_cents)) - paid;
        if (open <= 0) throw conflict(PAYABLE_TEXTS.alreadyPaid, 'TRANSITION_REFUSED');
        if (amountCents > open) {
          throw conflict(PAYABLE_TEXTS.overpaid(formatBRL(centsToReais(open))), 'PAYMENT_OVERPAID', {
            open: centsToReais(open),
          });
        }
        checkDiscount(extras.discount_cents, amountCents, open);
        const account = await accountOf(trx, input);
        const paymentId = await repo.insertPayment(trx, {
          payable_id: id,
          paid_on: input.paidOn,
          method: input.method,
          ...account,
          amount_cents: amountCents,
          ...extras,
          note: input.note ?? null,
          employee_id: actorId,
          idempotency_key: key,
        });
        await repo.setPaid(trx, id, paid + amountCents);
        await auditPayable(trx, actorId, id, 'paid', {
          paymentId,
          paidOn: input.paidOn,
          method: input.method,
          ...(account.account_id !== null ? { accountId: account.account_id, account: account.account } : {}),
          amount: input.amount,
          ...(extras.fine_cents > 0 ? { fine: centsToReais(extras.fine_cents) } : {}),
          ...(extras.interest_cents > 0 ? { interest: centsToReais(extras.interest_cents) } : {}),
          ...(extras.discount_cents > 0 ? { discount: centsToReais(extras.discount_cents) } : {}),
          open: centsToReais(open - amountCents),
        });
      });
      return billDetails(db, id, now);
    },

    /** POST /payables/{id}/payments/{paymentId}/undo: the payment no longer counts (kept, with who, when, why). */
    async undo(actorId: number, id: number, paymentId: number, reason: string, now = new Date()) {
      await db.transaction().execute(async (trx) => {
        const bill = await repo.lock(trx, id);
        if (!bill) throw notFound(PAYABLE_TEXTS.notFound);
        const payment = await repo.payment(trx, id, paymentId);
        if (!payment) throw notFound(PAYABLE_TEXTS.paymentNotFound);
        if (payment.undone_at) throw conflict(PAYABLE_TEXTS.alreadyUndone, 'TRANSITION_REFUSED');
        const amount = Number(payment.amount_cents);
        await repo.undoPayment(trx, paymentId, actorId, reason);
        await repo.setPaid(trx, id, Number(bill.paid_cents) - amount);
        await auditPayable(trx, actorId, id, 'payment_undone', { paymentId, amount: centsToReais(amount), reason });
      });
      return billDetails(db, id, now);
    },
  };
}
