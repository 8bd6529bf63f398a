import {
  buildPixPayload,
  businessDay,
  centsToReais,
  debtDays,
  debtStatus,
  formatBRL,
  formatDay,
  hasAnyPermission,
  instalmentDue,
  instalmentDueDays,
  instalmentTxid,
  isHandover,
  type LateChargeRates,
  PERMISSIONS,
  pixTxid,
  RECEIVABLE_PAYMENT_METHOD_LABELS,
  RECEIVABLE_TEXTS,
  type Receivable,
  type ReceivableDetails,
  type ReceivableListQuery,
  type ReceivablePage,
  type ReceivablePaymentBody,
  type ReceivablePix,
  type ReceivableStatus,
  type ReceivablesSummary,
  reaisToCents,
  splitInstalments,
  splitPayment,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { receiveCash } from '../cash/cash.service';
import { onMoveEnd } from '../orders/workflow.service';
import { pixReceiver, shopIdentity } from '../settings/settings.service';
import { creditSettings } from './credit.service';
import { receiptPdf } from './receipt';
import { type ReceivableRow, receivablesRepository as repo } from './receivables.repository';

const EXPORT_BATCH = 1_000;

/** An instalment's situation on `today` (`debtStatus`): paid when its principal is. */
function statusOf(row: ReceivableRow, today: string): ReceivableStatus {
  const settled = row.principal_paid_cents >= row.amount_cents;
  return debtStatus({ canceled: Boolean(row.canceled_at), settled, dueDate: row.due_date }, today);
}

/** What the instalment asks on `day` at the shop's rates (read once by the caller). */
function dueOn(row: ReceivableRow, day: string, rates: LateChargeRates) {
  const open = row.canceled_at ? 0 : row.amount_cents - row.principal_paid_cents;
  return instalmentDue(
    {
      openCents: open,
      dueDay: row.due_date,
      payDay: day,
      fineCharged: row.fine_charged,
      interestFrom: row.last_paid_on,
    },
    rates,
  );
}

function toReceivable(row: ReceivableRow, today: string, rates: LateChargeRates): Receivable {
  const due = dueOn(row, today, rates);
  return {
    id: row.id,
    order: { id: row.order_id, code: row.order_code },
    customer: { id: row.customer_id, name: row.customer_name },
    seq: row.seq,
    count: row.count,
    dueDate: row.due_date,
    amount: centsToReais(row.amount_cents),
    paid: centsToReais(row.principal_paid_cents),
    open: centsToReais(row.canceled_at ? 0 : row.amount_cents - row.principal_paid_cents),
    status: statusOf(row, today),
    dueToday: {
      daysLate: due.daysLate,
      principal: centsToReais(due.principalCents),
      fine: centsToReais(due.fineCents),
      interest: centsToReais(due.interestCents),
      total: centsToReais(due.totalCents),
    },
  };
}

/**
 * A sale on credit's instalments, made once when it is handed over (delivered, or finalized at the counter): its
 * total in equal parts, the cents left over on the last, due at its plan's days from that business day.
 */
export async function createInstalments(trx: Executor, orderId: number, day: string): Promise<number> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'code', 'customer_id', 'payment_method', 'credit_terms', 'total_cents'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (order?.payment_method !== 'CREDIT' || order.total_cents <= 0) return 0;
  if ((await repo.ofOrder(trx, orderId)).length > 0) return 0;
  const terms = (
    typeof order.credit_terms === 'string' ? JSON.parse(order.credit_terms) : order.credit_terms
  ) as number[];
  const parts = splitInstalments(order.total_cents, terms.length);
  const dueDays = instalmentDueDays(day, terms);
  await repo.insertMany(
    trx,
    parts.map((cents, index) => ({
      order_id: order.id,
      customer_id: order.customer_id,
      seq: index + 1,
      count: parts.length,
      due_date: dueDays[index] as string,
      amount_cents: cents,
      pix_txid: instalmentTxid(pixTxid(order.code), index + 1),
    })),
  );
  return parts.length;
}

/** The cash flow's instalments (issue 40 §4): received per day before `today`, open per due day from it. */
export async function receivablesFlow(db: Executor, from: string, today: string, to: string) {
  const { received, due } = await repo.flow(db, from, today, to);
  return {
    received: received.map((r) => ({ day: r.day, cents: Number(r.cents) })),
    toReceive: due.map((r) => ({ day: r.day, cents: Number(r.cents) })),
  };
}

/**
 * What receivables do in the order workflow: a sale on credit handed over ('Entregue ao cliente', or 'Finalizar' from
 * 'Aguardando cliente') gets its instalments; one cancelled loses those not paid at all.
 */
export function registerReceivablesWorkflow(): void {
  onMoveEnd('receivables', async ({ trx, order, action, happenedAt }) => {
    if (isHandover(action, order.status)) await createInstalments(trx, order.id, businessDay(happenedAt));
    if (action === 'cancel') await repo.cancelUnpaidOfOrder(trx, order.id);
  });
}

/** A Pix the bank's webhook told of, as receivables read it. */
export interface InstalmentPix {
  endToEndId: string;
  txid: string;
  amountCents: number;
  paidAt: Date;
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
  const named = await repo.byTxid(trx, pix.txid);
  if (!named) return undefined;
  await repo.lock(trx, named.id);
  const row = (await repo.find(trx, named.id)) as ReceivableRow;
  if (row.canceled_at || row.principal_paid_cents >= row.amount_cents) return { refused: 'ALREADY_PAID' };
  const day = businessDay(pix.paidAt);
  const paidOn = row.last_paid_on && row.last_paid_on > day ? row.last_paid_on : day;
  const split = splitPayment(pix.amountCents, dueOn(row, paidOn, await creditSettings(trx)));
  if (!split) return { refused: 'AMOUNT_MISMATCH' };
  const paymentId = await repo.insertPayment(trx, {
    receivable_id: row.id,
    paid_on: paidOn,
    method: 'PIX',
    amount_cents: pix.amountCents,
    principal_cents: split.principalCents,
    fine_cents: split.fineCents,
    interest_cents: split.interestCents,
    employee_id: null,
    end_to_end_id: pix.endToEndId,
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
      method: RECEIVABLE_PAYMENT_METHOD_LABELS.PIX,
      endToEndId: pix.endToEndId,
      amount: centsToReais(pix.amountCents),
      principal: centsToReais(split.principalCents),
      fine: centsToReais(split.fineCents),
      interest: centsToReais(split.interestCents),
    },
  });
  return { orderId: row.order_id };
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

/** The receivables ('Contas a receber', issue 40 §2, decision 0054). */
export function createReceivablesService(db: DB) {
  registerReceivablesWorkflow();

  async function details(id: number, now: Date): Promise<ReceivableDetails> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(RECEIVABLE_TEXTS.notFound);
    const payments = await repo.payments(db, id);
    return {
      ...toReceivable(row, businessDay(now), await creditSettings(db)),
      payments: payments.map((p) => ({
        id: p.id,
        paidOn: p.paid_on,
        method: p.method,
        amount: centsToReais(p.amount_cents),
        principal: centsToReais(p.principal_cents),
        fine: centsToReais(p.fine_cents),
        interest: centsToReais(p.interest_cents),
        employee: p.employee_id === null ? null : { id: p.employee_id, name: p.employee_name ?? '' },
        endToEndId: p.end_to_end_id,
        createdAt: new Date(p.created_at).toISOString(),
        undoneAt: p.undone_at ? new Date(p.undone_at).toISOString() : null,
        undoReason: p.undo_reason,
      })),
    };
  }

  return {
    async page(query: ReceivableListQuery, now = new Date()): Promise<ReceivablePage> {
      const today = businessDay(now);
      const days = debtDays(today);
      const [{ rows, totals }, rates] = await Promise.all([
        repo.page(db, query, days, query.page, query.pageSize),
        creditSettings(db),
      ]);
      const items = rows.map((row) => toReceivable(row, today, rates));
      return {
        items,
        page: query.page,
        total: Number(totals.total),
        totals: {
          amount: centsToReais(Number(totals.amount)),
          paid: centsToReais(Number(totals.paid)),
          open: centsToReais(Number(totals.open)),
        },
      };
    },

    details: (id: number, now = new Date()) => details(id, now),

    /** The dashboard's 'A receber hoje / vencido' (GET /receivables/summary). */
    async summary(now = new Date()): Promise<ReceivablesSummary> {
      const row = await repo.summary(db, businessDay(now));
      return {
        today: { count: Number(row.today_count), amount: centsToReais(Number(row.today_cents)) },
        overdue: { count: Number(row.overdue_count), amount: centsToReais(Number(row.overdue_cents)) },
      };
    },

    /** Every instalment the filters match, in the list's order, a batch at a time (the CSV). */
    async *exportBatches(
      filter: Omit<ReceivableListQuery, 'page' | 'pageSize'>,
      now = new Date(),
    ): AsyncGenerator<Receivable[]> {
      const today = businessDay(now);
      const days = debtDays(today);
      const rates = await creditSettings(db);
      for (let page = 0; ; page++) {
        const { rows } = await repo.page(db, filter, days, page, EXPORT_BATCH);
        yield rows.map((row) => toReceivable(row, today, rates));
        if (rows.length < EXPORT_BATCH) return;
      }
    },

    /** GET /receivables/{id}/pix: its own txid and the BR Code for what it asks today. */
    async pix(id: number, now = new Date()): Promise<ReceivablePix> {
      const instalment = await details(id, now);
      const txid = (await repo.pixTxid(db, id)) as string;
      const amountCents = reaisToCents(instalment.dueToday.total);
      const { key, merchantName, merchantCity } = await pixReceiver(db);
      let payload: string | null = null;
      if (key && merchantName && merchantCity && amountCents > 0) {
        payload = buildPixPayload({ key, merchantName, merchantCity, amountCents, txid });
      }
      return { txid, amount: instalment.dueToday.total, payload };
    },

    /** A payment's receipt (PDF). */
    async receipt(id: number, paymentId: number, now = new Date()): Promise<Buffer> {
      const instalment = await details(id, now);
      const payment = instalment.payments.find((p) => p.id === paymentId);
      if (!payment) throw notFound(RECEIVABLE_TEXTS.paymentNotFound);
      return receiptPdf(instalment, payment, await shopIdentity(db), now);
    },

    /**
     * POST /receivables/{id}/payments: a payment on a day up to today, not before the sale nor the instalment's
     * last payment; a past day before the due day (which waives the fine and interest) only by whoever holds
     * `credit` (`paidOnRefusal`). The fine and interest due that day come first, the rest off the principal:
     * below the charges or above what the instalment asks, 409. Cash lands in the receiver's open register. The
     * same Idempotency-Key answers again without a second payment.
     */
    async pay(
      actor: ReceivingActor,
      id: number,
      body: ReceivablePaymentBody,
      key: string | undefined,
      now = new Date(),
    ): Promise<ReceivableDetails> {
      const actorId = actor.employeeId;
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
        const row = (await repo.find(trx, id)) as ReceivableRow;
        if (row.canceled_at) throw conflict(RECEIVABLE_TEXTS.canceled, 'TRANSITION_REFUSED');
        if (row.principal_paid_cents >= row.amount_cents)
          throw conflict(RECEIVABLE_TEXTS.alreadyPaid, 'TRANSITION_REFUSED');
        const refusal = paidOnRefusal(row, paidOn, today, hasAnyPermission(actor.permissions, [PERMISSIONS.credit]));
        if (refusal) throw refusal;
        const due = dueOn(row, paidOn, await creditSettings(trx));
        const split = splitPayment(amountCents, due);
        if (!split) {
          const charges = due.fineCents + due.interestCents;
          throw amountCents < charges
            ? conflict(RECEIVABLE_TEXTS.belowCharges(formatBRL(centsToReais(charges))), 'PAYMENT_OVERPAID', {
                due: centsToReais(due.totalCents),
              })
            : conflict(RECEIVABLE_TEXTS.overpaid(formatBRL(centsToReais(due.totalCents))), 'PAYMENT_OVERPAID', {
                due: centsToReais(due.totalCents),
              });
        }
        const paymentId = await repo.insertPayment(trx, {
          receivable_id: id,
          paid_on: paidOn,
          method: body.method,
          amount_cents: amountCents,
          principal_cents: split.principalCents,
          fine_cents: split.fineCents,
          interest_cents: split.interestCents,
          employee_id: actorId,
          idempotency_key: idempotencyKey,
        });
        await repo.refresh(trx, id);
        if (body.method === 'CASH') {
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
          method: RECEIVABLE_PAYMENT_METHOD_LABELS[body.method],
          amount: body.amount,
          principal: centsToReais(split.principalCents),
          fine: centsToReais(split.fineCents),
          interest: centsToReais(split.interestCents),
        });
      });
      return details(id, now);
    },

    /** POST /receivables/{id}/payments/{paymentId}/undo: the latest payment not undone no longer counts (kept, audited). */
    async undo(actorId: number, id: number, paymentId: number, reason: string, now = new Date()) {
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
      return details(id, now);
    },
  };
}
