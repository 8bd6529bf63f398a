import {
  buildPixPayload,
  businessDay,
  centsToReais,
  debtDays,
  instalmentDueDays,
  instalmentTxid,
  isHandover,
  pixTxid,
  RECEIVABLE_TEXTS,
  type Receivable,
  type ReceivableDetails,
  type ReceivableListQuery,
  type ReceivablePage,
  type ReceivablePaymentBody,
  type ReceivablePix,
  type ReceivablesSummary,
  reaisToCents,
  splitInstalments,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { notFound } from '../../lib/errors';
import { onMoveEnd } from '../orders/workflow.service';
import { pixReceiver, shopIdentity } from '../settings/settings.service';
import { ensureCobv, followInstalment } from './cobv/cobv';
import { pspConnection } from './cobv/psp-settings';
import { creditSettings } from './credit.service';
import {
  type HandPayment,
  type InstalmentBoletoPayment,
  type InstalmentPix,
  payInstalment,
  payInstalmentWithin,
  type ReceivingActor,
  receiveInstalmentBoleto,
  receiveInstalmentPix,
  undoInstalmentPayment,
} from './instalment-payments';
import { receiptPdf } from './receipt';
import { receivableDetails, toReceivable } from './receivable-views';
import { receivablesRepository as repo } from './receivables.repository';

/** An instalment's Pix told by the bank's webhook (the payments module), and who pays one by hand. */
/** An instalment's boleto paid at the bank (the boletos module's retorno). */
/** The Pix the shop's PSP received in a period (the bank statements' 'Importar Pix do PSP'). */
export { listReceivedPix, type ReceivedPix } from './cobv/pix-received';
/** A payment by hand in the caller's transaction (the bank statement's 'Criar recebimento'). */
export {
  type HandPayment,
  type InstalmentBoletoPayment,
  type InstalmentPix,
  payInstalmentWithin,
  type ReceivingActor,
  receiveInstalmentBoleto,
  receiveInstalmentPix,
};

/** One instalment with what it asks on `now`'s business day (the boletos module issues its boleto from it); 404 unknown. */
export const instalmentDetails = (db: Executor, id: number, now = new Date()): Promise<ReceivableDetails> =>
  receivableDetails(db, id, now);

const EXPORT_BATCH = 1_000;

/**
 * A sale on credit's instalments, made once when it is handed over (delivered, or finalized at the counter): its
 * total (or its part on credit, `credit_cents`) in equal parts, the cents left over on the last, due at its plan's days from that business day.
 */
export async function createInstalments(trx: Executor, orderId: number, day: string): Promise<number> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'code', 'customer_id', 'payment_method', 'credit_terms', 'total_cents', 'credit_cents'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (order?.payment_method !== 'CREDIT' || order.total_cents <= 0) return 0;
  if ((await repo.ofOrder(trx, orderId)).length > 0) return 0;
  const terms = (
    typeof order.credit_terms === 'string' ? JSON.parse(order.credit_terms) : order.credit_terms
  ) as number[];
  // The part on credit when the sale was paid partly otherwise ('Balcão', decision 0078), else its whole total.
  const parts = splitInstalments(order.credit_cents ?? order.total_cents, terms.length);
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

/**
 * The cash flow's instalments (issue 40 §4, issue 54 §3): received per day up to `today` (but those the bank's Pix
 * paid: the cash flow counts the Pix received), open per due day from it, and the overdue apart.
 */
export async function receivablesFlow(db: Executor, from: string, today: string, to: string) {
  const { received, due, overdueCents } = await repo.flow(db, from, today, to);
  return {
    received: received.map((r) => ({ day: r.day, cents: Number(r.cents) })),
    toReceive: due.map((r) => ({ day: r.day, cents: Number(r.cents) })),
    overdueCents: Number(overdueCents),
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

/** What the instalments' cobv need (decision 0094): the server's secret (the PSP's credentials) and the CAs it trusts. */
export interface ReceivablesPsp {
  serverSecret: string;
  ca: string[];
  /** Where a PSP's refusal to follow a payment by hand is told (the payment stands). */
  warn?: (message: string) => void;
}

/** The receivables ('Contas a receber', issue 40 §2, decision 0054). */
export function createReceivablesService(db: DB, psp?: ReceivablesPsp) {
  registerReceivablesWorkflow();

  const details = (id: number, now: Date) => receivableDetails(db, id, now);
  const connection = () => (psp ? pspConnection(db, psp.serverSecret, psp.ca) : Promise.resolve(undefined));

  /** After a payment by hand or its undo, the instalment's cobv follows it (removed or revised); best effort. */
  async function follow(instalment: ReceivableDetails): Promise<ReceivableDetails> {
    const conn = await connection().catch(() => undefined);
    if (!conn) return instalment;
    const refused = await followInstalment({ db, conn, rates: await creditSettings(db) }, instalment);
    if (refused) psp?.warn?.(`cobv of instalment ${instalment.id} not followed: ${refused}`);
    return instalment;
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
      const receiver = await pixReceiver(db);
      const { key, merchantName, merchantCity } = receiver;
      // With the shop's PSP, an open instalment is charged by its cobv (decision 0094).
      const conn = amountCents > 0 ? await connection() : undefined;
      let notice: string | null = null;
      if (conn) {
        const cobv = await ensureCobv({ db, conn, rates: await creditSettings(db), receiver }, instalment, now);
        if (cobv.kind === 'COBV') {
          const { kind, txid: cobvTxid, location, dueDate, payload } = cobv;
          return { txid: cobvTxid, amount: instalment.dueToday.total, payload, kind, location, dueDate, notice };
        }
        notice = cobv.notice;
      }
      let payload: string | null = null;
      if (key && merchantName && merchantCity && amountCents > 0) {
        payload = buildPixPayload({ key, merchantName, merchantCity, amountCents, txid });
      }
      return {
        txid,
        amount: instalment.dueToday.total,
        payload,
        kind: 'STATIC',
        location: null,
        dueDate: null,
        notice,
      };
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
      await payInstalment(db, actor, id, body, key, now);
      return follow(await details(id, now));
    },

    /**
     * After a receipt recorded in another module's transaction (the bank statement's 'Criar recebimento',
     * `payInstalmentWithin`), once committed: the instalment's cobv follows it, as after a payment here; best effort.
     */
    async followed(id: number, now = new Date()): Promise<void> {
      await follow(await details(id, now));
    },

    /** POST /receivables/{id}/payments/{paymentId}/undo: the latest payment not undone no longer counts (kept, audited). */
    async undo(actorId: number, id: number, paymentId: number, reason: string, now = new Date()) {
      await undoInstalmentPayment(db, actorId, id, paymentId, reason);
      return follow(await details(id, now));
    },
  };
}
