import {
  type AmountDue,
  businessDay,
  centsToReais,
  formatBRL,
  formatDay,
  hasAnyPermission,
  PERMISSIONS,
  RECEIVABLE_PAYMENT_METHOD_LABELS,
  RECEIVABLE_TEXTS,
  type ReceivablePaymentBody,
  reaisToCents,
  splitPayment,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { receiveCash } from '../cash/cash.service';
import { cobvInstalment, cobvSplit, concludeCobv } from './cobv/cobv-pix';
import { creditSettings } from './credit.service';
import { dueOn } from './receivable-views';
import { type ReceivableRow, receivablesRepository as repo } from './receivables.repository';

/*
 * An instalment's payments: paid by hand at the desk (its day, its charges first, cash into the drawer), the
 * latest undone, and paid by its own Pix through the bank's webhook.
 */

/** A Pix the bank's webhook told of, as receivables read it. */
export interface InstalmentPix {
  endToEndId: string;
  txid: string;
  amountCents: number;
  paidAt: Date;
  /** Of a cobv's Pix: the fine and interest the PSP computed (its `componentesValor`). */
  components?: { fineCents: number; interestCents: number; discountCents: number };
}

/**
 * A Pix naming an instalment's own txid (the bank's webhook, in its transaction): paid on the business day of the
 * Pix, its fine and interest first as any payment; once per E2E id (the webhook stores each Pix once). Answers
 * undefined when the txid is no instalment's, the order it paid when it was recorded, or why it was not.
 */
export async function receiveInstalmentPix(
  trx: Transaction<Database>,
  pix: InstalmentPix,
): Promise<{ orderId: number } | { refused: 'ALREADY_PAID' | 'AMOUNT_MISMATCH' } | undefined> {
  // A cobv's txid (decision 0094) or the instalment's own static one (decision 0054).
  const cobv = await cobvInstalment(trx, pix.txid);
  const named = cobv ?? (await repo.byTxid(trx, pix.txid));
  if (!named) return undefined;
  await repo.lock(trx, named.id);
  const row = (await repo.find(trx, named.id)) as ReceivableRow;
  if (row.canceled_at || row.principal_paid_cents >= row.amount_cents) return { refused: 'ALREADY_PAID' };
  const day = businessDay(pix.paidAt);
  const paidOn = row.last_paid_on && row.last_paid_on > day ? row.last_paid_on : day;
  const due = dueOn(row, paidOn, await creditSettings(trx));
  // A cobv's Pix is what the PSP computed that day: its fine and interest as it says them (cobvSplit).
  const split = cobv
    ? cobvSplit(pix.amountCents, row.amount_cents - row.principal_paid_cents, due, pix.components)
    : splitPayment(pix.amountCents, due);
  if (!split) return { refused: 'AMOUNT_MISMATCH' };
  if (cobv) await concludeCobv(trx, cobv.txid);
  return recordBankPayment(trx, row, paidOn, pix.amountCents, split, { method: 'PIX', endToEndId: pix.endToEndId });
}

/** Who records a payment by hand, and what he may (a past day before the due day needs `credit`). */
export interface ReceivingActor {
  employeeId: number;
  permissions: readonly string[];
}

/**
 * Why a payment cannot be dated `paidOn` (already no later than today), or undefined: before the sale's business
 * day or the instalment's last payment, 400; a past day before the due day, which leaves out the fine and the
 * interest the instalment asks today, 403 unless `mayBackdate` (the `credit` permission). Today before the due
 * day is paying early: anyone at the desk.
 */
function paidOnRefusal(row: ReceivableRow, paidOn: string, today: string, mayBackdate: boolean) {
  const saleDay = businessDay(row.sold_at);
  if (paidOn < saleDay) return badRequest(RECEIVABLE_TEXTS.paidOnBeforeSale(formatDay(saleDay)));
  if (row.last_paid_on && paidOn < row.last_paid_on) return badRequest(RECEIVABLE_TEXTS.paidOnBeforeLast);
  if (paidOn < today && paidOn < row.due_date && !mayBackdate) return forbidden(RECEIVABLE_TEXTS.paidOnBeforeDue);
  return undefined;
}

async function audit(trx: Transaction<Database>, actorId: number, id: number, action: string, changes: object) {
  await recordAudit(trx, { employeeId: actorId, entity: 'receivable', entityId: id, action, changes: { ...changes } });
}

/**
 * POST /receivables/{id}/payments: a payment on a day up to today, not before the sale nor the instalment's
 * last payment; a past day before the due day (which waives the fine and interest) only by whoever holds
 * `credit` (`paidOnRefusal`). The fine and interest due that day come first, the rest off the principal:
 * below the charges or above what the instalment asks, 409. Cash lands in the receiver's open register. The
 * same Idempotency-Key answers again without a second payment.
 */
export async function payInstalment(
  db: DB,
  actor: ReceivingActor,
  id: number,
  body: ReceivablePaymentBody,
  key: string | undefined,
  now: Date,
): Promise<void> {
  const today = businessDay(now);
  const paidOn = body.paidOn ?? today;
  if (paidOn > today) throw badRequest(RECEIVABLE_TEXTS.paidOnFuture);
  // The header's key (checked and unquoted by the route's schema), apart from other calls' keys by its prefix.
  const idempotencyKey = key === undefined ? null : `receivable:${key}`;
  const amountCents = reaisToCents(body.amount);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lock(trx, id))) throw notFound(RECEIVABLE_TEXTS.notFound);
    if (idempotencyKey) {
      const earlier = await repo.paymentByKey(trx, idempotencyKey);
      if (earlier && earlier.receivable_id === id) return;
      if (earlier) throw conflict(RECEIVABLE_TEXTS.keyReused, 'CONFLICT');
    }
    await payLocked(trx, actor, id, { paidOn, method: body.method, amountCents }, today, idempotencyKey);
  });
}

/** A payment by hand of an instalment (as POST /receivables/{id}/payments), without the request's shape. */
export interface HandPayment {
  paidOn: string;
  method: ReceivablePaymentBody['method'];
  amountCents: number;
}

/**
 * A payment by hand recorded in the caller's transaction (the bank statement's 'Criar recebimento', decision 0098):
 * the rules of `payInstalment` (a day up to today, not before the sale nor the last payment, a past day before the
 * due day only with `credit`; charges first; below them or above what the instalment asks that day, 409), no
 * Idempotency-Key. Answers the payment's id. The instalment's cobv is not followed here: the caller asks the service's
 * `followed` once committed.
 */
export async function payInstalmentWithin(
  trx: Transaction<Database>,
  actor: ReceivingActor,
  id: number,
  payment: HandPayment,
  now: Date,
): Promise<number> {
  const today = businessDay(now);
  if (payment.paidOn > today) throw badRequest(RECEIVABLE_TEXTS.paidOnFuture);
  if (!(await repo.lock(trx, id))) throw notFound(RECEIVABLE_TEXTS.notFound);
  return payLocked(trx, actor, id, payment, today, null);
}

/** The payment of a locked instalment: checked, split, written, cash into the drawer, audited; its id. */
async function payLocked(
  trx: Transaction<Database>,
  actor: ReceivingActor,
  id: number,
  payment: HandPayment,
  today: string,
  idempotencyKey: string | null,
): Promise<number> {
  const actorId = actor.employeeId;
  const { paidOn, method, amountCents } = payment;
  const row = (await repo.find(trx, id)) as ReceivableRow;
  if (row.canceled_at) throw conflict(RECEIVABLE_TEXTS.canceled, 'TRANSITION_REFUSED');
  if (row.principal_paid_cents >= row.amount_cents) throw conflict(RECEIVABLE_TEXTS.alreadyPaid, 'TRANSITION_REFUSED');
  const refusal = paidOnRefusal(row, paidOn, today, hasAnyPermission(actor.permissions, [PERMISSIONS.credit]));
  if (refusal) throw refusal;
  const split = splitOrRefuse(amountCents, dueOn(row, paidOn, await creditSettings(trx)));
  const paymentId = await repo.insertPayment(trx, {
    receivable_id: id,
    paid_on: paidOn,
    method,
    amount_cents: amountCents,
    principal_cents: split.principalCents,
    fine_cents: split.fineCents,
    interest_cents: split.interestCents,
    employee_id: actorId,
    idempotency_key: idempotencyKey,
  });
  await repo.refresh(trx, id);
  if (method === 'CASH') {
    await receiveCash(trx, {
      employeeId: actorId,
      kind: 'INSTALMENT',
      amountCents,
      orderId: row.order_id,
      reason: RECEIVABLE_TEXTS.instalmentOf(row.seq, row.count),
    });
  }
  await audit(trx, actorId, id, 'paid', {
    paymentId,
    paidOn,
    method: RECEIVABLE_PAYMENT_METHOD_LABELS[method],
    amount: centsToReais(amountCents),
    principal: centsToReais(split.principalCents),
    fine: centsToReais(split.fineCents),
    interest: centsToReais(split.interestCents),
  });
  return paymentId;
}

/** The payment split into fine, interest and principal; 409 below the charges or above what the instalment asks. */
function splitOrRefuse(amountCents: number, due: AmountDue): NonNullable<ReturnType<typeof splitPayment>> {
  const split = splitPayment(amountCents, due);
  if (split) return split;
  const charges = due.fineCents + due.interestCents;
  throw amountCents < charges
    ? conflict(RECEIVABLE_TEXTS.belowCharges(formatBRL(centsToReais(charges))), 'PAYMENT_OVERPAID', {
        due: centsToReais(due.totalCents),
      })
    : conflict(RECEIVABLE_TEXTS.overpaid(formatBRL(centsToReais(due.totalCents))), 'PAYMENT_OVERPAID', {
        due: centsToReais(due.totalCents),
      });
}

/** POST /receivables/{id}/payments/{paymentId}/undo: the latest payment not undone no longer counts (kept, audited). */
export async function undoInstalmentPayment(
  db: DB,
  actorId: number,
  id: number,
  paymentId: number,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lock(trx, id))) throw notFound(RECEIVABLE_TEXTS.notFound);
    const payments = await repo.payments(trx, id);
    const payment = payments.find((p) => p.id === paymentId);
    if (!payment) throw notFound(RECEIVABLE_TEXTS.paymentNotFound);
    if (payment.undone_at) throw conflict(RECEIVABLE_TEXTS.alreadyUndone, 'TRANSITION_REFUSED');
    const latest = payments.filter((p) => !p.undone_at).at(-1);
    if (latest?.id !== paymentId) throw conflict(RECEIVABLE_TEXTS.undoLatestFirst, 'TRANSITION_REFUSED');
    await repo.undoPayment(trx, paymentId, actorId, reason);
    await repo.refresh(trx, id);
    // Cash taken back out: it leaves the open register of who undoes it, as a cash refund does.
    if (payment.method === 'CASH') {
      const row = (await repo.find(trx, id)) as ReceivableRow;
      await receiveCash(trx, {
        employeeId: actorId,
        kind: 'REFUND',
        amountCents: payment.amount_cents,
        orderId: row.order_id,
        reason,
      });
    }
    await audit(trx, actorId, id, 'payment_undone', {
      paymentId,
      amount: centsToReais(payment.amount_cents),
      reason,
    });
  });
}

/** A boleto the bank's retorno says was paid (liquidação), as receivables read it. */
export interface InstalmentBoletoPayment {
  receivableId: number;
  /** The boleto's nosso número: the instalment is paid once per boleto. */
  bankReference: string;
  paidOn: string;
  amountCents: number;
}

/**
 * What the bank took for an instalment split as any payment, but never refused (the money is in the account): its
 * fine and interest due that day first, then the principal up to what is open, and what the bank charged beyond
 * that (its own count of the interest) as interest; less than the principal pays part of it.
 */
export function splitBankPayment(amountCents: number, due: AmountDue) {
  const fineCents = Math.min(due.fineCents, amountCents);
  let rest = amountCents - fineCents;
  const principalCents = Math.min(due.principalCents, Math.max(0, rest - due.interestCents));
  rest -= principalCents;
  return { fineCents, interestCents: rest, principalCents };
}

/**
 * A boleto of an instalment paid at the bank (the boletos module's retorno, in its transaction): paid on the day
 * the bank tells, by BOLETO, with no employee (`bank_reference` the nosso número: once per boleto). Answers the
 * order it paid, or why it was not: the instalment already paid in full or cancelled (the shop owes the payer back).
 */
export async function receiveInstalmentBoleto(
  trx: Transaction<Database>,
  payment: InstalmentBoletoPayment,
): Promise<{ orderId: number } | { refused: 'ALREADY_PAID' }> {
  if (!(await repo.lock(trx, payment.receivableId))) throw notFound(RECEIVABLE_TEXTS.notFound);
  const row = (await repo.find(trx, payment.receivableId)) as ReceivableRow;
  if (row.canceled_at || row.principal_paid_cents >= row.amount_cents) return { refused: 'ALREADY_PAID' };
  const paidOn = row.last_paid_on && row.last_paid_on > payment.paidOn ? row.last_paid_on : payment.paidOn;
  const split = splitBankPayment(payment.amountCents, dueOn(row, paidOn, await creditSettings(trx)));
  return recordBankPayment(trx, row, paidOn, payment.amountCents, split, {
    method: 'BOLETO',
    bankReference: payment.bankReference,
  });
}

/**
 * A payment the bank made (a Pix or a boleto): written with no employee and its reference (the E2E id, or the
 * nosso número), the instalment's figures refreshed, and audited. Answers the order it paid.
 */
async function recordBankPayment(
  trx: Transaction<Database>,
  row: ReceivableRow,
  paidOn: string,
  amountCents: number,
  split: { principalCents: number; fineCents: number; interestCents: number },
  via: { method: 'PIX'; endToEndId: string } | { method: 'BOLETO'; bankReference: string },
): Promise<{ orderId: number }> {
  const reference = via.method === 'PIX' ? { end_to_end_id: via.endToEndId } : { bank_reference: via.bankReference };
  const paymentId = await repo.insertPayment(trx, {
    receivable_id: row.id,
    paid_on: paidOn,
    method: via.method,
    amount_cents: amountCents,
    principal_cents: split.principalCents,
    fine_cents: split.fineCents,
    interest_cents: split.interestCents,
    employee_id: null,
    ...reference,
  });
  await repo.refresh(trx, row.id);
  await recordAudit(trx, {
    employeeId: null,
    entity: 'receivable',
    entityId: row.id,
    action: 'paid',
    changes: {
      paymentId,
      paidOn,
      method: RECEIVABLE_PAYMENT_METHOD_LABELS[via.method],
      ...(via.method === 'PIX' ? { endToEndId: via.endToEndId } : { nossoNumero: via.bankReference }),
      amount: centsToReais(amountCents),
      principal: centsToReais(split.principalCents),
      fine: centsToReais(split.fineCents),
      interest: centsToReais(split.interestCents),
    },
  });
  return { orderId: row.order_id };
}
