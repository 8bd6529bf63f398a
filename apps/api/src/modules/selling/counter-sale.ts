import {
  businessDay,
  COUNTER_TEXTS,
  type CounterSaleBody,
  type CounterSaleResponse,
  type CounterSaleState,
  type CounterWaitingPage,
  type CounterWaitingQuery,
  type CounterWaitingSale,
  centsToReais,
  counterPaymentsCheck,
  DELIVERY_TYPES,
  type DeliveryChoices,
  dayStart,
  formatBRL,
  hasAnyPermission,
  ORDER_STATUS,
  PERMISSIONS,
  reaisToCents,
  SELLING_TEXTS,
  TRADE_IN_PERMISSIONS,
  WALK_IN_TEXTS,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { decideCreditSale } from '../credit/credit.service';
import { walkInCustomer } from '../customers/customers.service';
import {
  acceptCounterTradeIn,
  handOverCounterSale,
  runAfterCounterSale,
  takeCounterUnits,
} from '../orders/workflow.service';
import {
  assertCounterDrawer,
  assertCounterPixReceiver,
  type CounterPart,
  counterPixPart,
  recordCounterPayments,
} from '../payments/order-payments.service';
import { initialOrderStatusFor } from '../settings/settings.service';
import { lockProducts } from '../stock/stock.service';
import { assertCanBuy, isWalkIn, lockBuyer } from './buyer';
import { checkoutKey, sha256 } from './checkout-input';
import { markApprovalUsed } from './discount-approvals.service';
import { placeOrder } from './place-order';
import { priceSale } from './sale-discounts';
import { assertLinesSellable } from './sale-lines';
import { sellingRepository as repo } from './selling.repository';

/** Who reads every seller's waiting counter sales (as the receipt: the orders' readers). */
const ORDER_READERS = [PERMISSIONS.orders, PERMISSIONS.products];

/** A counter sale is collected at once: no courier, no warranty plan, no fast delivery. */
const AT_THE_COUNTER: DeliveryChoices = {
  typeOfDelivery: DELIVERY_TYPES.PICKUP,
  withWarranty: false,
  isFastDelivery: false,
};

/** The body's payments in cents, as the payments module records them (a used phone is recorded by its acceptance). */
function partsOf(body: CounterSaleBody): CounterPart[] {
  return body.payments.flatMap((payment): CounterPart[] =>
    payment.method === 'TRADE_IN' || payment.method === 'CREDIT' ? [] : [partOf(payment)],
  );
}

/** A used phone given as payment, accepted in the sale once its order is placed (decision 0078). */
function tradeInsOf(body: CounterSaleBody) {
  return body.payments.flatMap((payment) =>
    payment.method === 'TRADE_IN'
      ? [{ id: payment.tradeInId, productId: payment.productId, valueCents: reaisToCents(payment.amount) }]
      : [],
  );
}

function partOf(payment: Exclude<CounterSaleBody['payments'][number], { method: 'TRADE_IN' | 'CREDIT' }>): CounterPart {
  return payment.method === 'CARD'
    ? { method: 'CARD', amountCents: reaisToCents(payment.amount), card: payment.card }
    : payment.method === 'CASH'
      ? {
          method: 'CASH',
          amountCents: reaisToCents(payment.amount),
          receivedCents: payment.received === undefined ? undefined : reaisToCents(payment.received),
        }
      : { method: 'PIX', amountCents: reaisToCents(payment.amount) };
}

/**
 * How the order is placed: a sale with a Pix part is a Pix order waiting for the bank where any Pix sale would
 * (Processando with 'Pix automático', else Aguardando comprovante: an attendant confirms it); else cash or card,
 * handed over at once.
 */
async function placingOf(trx: Transaction<Database>, body: CounterSaleBody, customerId: number, totalCents: number) {
  const parts = partsOf(body);
  const credit = body.payments.find((payment) => payment.method === 'CREDIT');
  if (credit) {
    // 'A prazo' as 'Vendas' takes it (issue 40 §1): his plan and limit under his lock; above them, held for approval.
    const creditCents = reaisToCents(credit.amount);
    const decision = await decideCreditSale(trx, customerId, credit.terms, creditCents);
    // Held with other payments taken: the customer would pay now for goods that may not leave (decision 0078).
    if (decision.held && creditCents < totalCents) {
      throw conflict(COUNTER_TEXTS.creditHeldWithParts(decision.note), 'TRANSITION_REFUSED');
    }
    return {
      payment: 'CREDIT' as const,
      initialStatus: decision.held ? ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO : ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
      note: `${decision.held ? COUNTER_TEXTS.creditHeldNote : COUNTER_TEXTS.historyNote} ${decision.note}`,
      waits: decision.held,
      creditTerms: decision.terms,
      creditCents: creditCents < totalCents ? creditCents : null,
    };
  }
  const pix = parts.find((part) => part.method === 'PIX');
  if (pix) {
    return {
      payment: 'PIX' as const,
      initialStatus: await initialOrderStatusFor(trx, 'PIX'),
      note: COUNTER_TEXTS.pixWaitingNote(formatBRL(centsToReais(pix.amountCents))),
      waits: true,
      creditTerms: null,
      creditCents: null,
    };
  }
  return {
    payment: parts.some((part) => part.method === 'CASH') ? ('CASH' as const) : ('CARD' as const),
    initialStatus: ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
    note: COUNTER_TEXTS.historyNote,
    waits: false,
    creditTerms: null,
    creditCents: null,
  };
}

/** The change of the sale: the cash received less the cash part (checked: never negative). */
function changeOf(body: CounterSaleBody, totalCents: number): number {
  const checked = counterPaymentsCheck(
    totalCents,
    body.payments.map((payment) => ({
      method: payment.method,
      amountCents: reaisToCents(payment.amount),
      receivedCents:
        payment.method === 'CASH' && payment.received !== undefined ? reaisToCents(payment.received) : undefined,
    })),
  );
  if (!checked.ok) throw badRequest(checked.message, 'PAYMENTS_DIFFER');
  return checked.changeCents;
}

/** The sale's lines locked (ascending ids, as moveStock takes them) and read as they are now; archived refused. */
async function lockLines(trx: Transaction<Database>, body: CounterSaleBody) {
  const wanted = body.items.map((item) => ({ productId: item.productId, quantity: item.quantity }));
  await lockProducts(
    trx,
    wanted.map((line) => line.productId),
  );
  const lines = await repo.productLines(trx, wanted);
  return assertLinesSellable(lines, wanted.length);
}

/**
 * 'Concluir venda' at the counter ('Balcão', issue 54 §1, decision 0074), one transaction: the buyer (the seller's
 * 'Consumidor final' when none is named), the lines priced at his level with the discounts within the seller's
 * maximum, the payments adding up to the total (cash needs the seller's open drawer), the order placed (stock out),
 * its payments recorded as received, its units named by IMEI and the order finalized at once through the
 * workflow's system moves (the NFC-e and every handover step as for any order collected at the store).
 * Idempotent by its key: the same sale sent again answers the order it made.
 */
export function counterSaleUseCases(db: DB, storage: Storage) {
  return {
    async sellAtCounter(principal: Principal, body: CounterSaleBody, headerKey?: string): Promise<CounterSaleResponse> {
      // A used phone is taken only by who takes trade-ins ('Vendas' accepts it with the same permissions).
      if (
        body.payments.some((payment) => payment.method === 'TRADE_IN') &&
        !hasAnyPermission(principal.permissions, TRADE_IN_PERMISSIONS)
      ) {
        throw forbidden(COUNTER_TEXTS.tradeInNotAllowed);
      }
      const customerId = body.customerId ?? (await walkInCustomer(db, principal.employeeId)).id;
      const key = checkoutKey(headerKey, body.idempotencyKey);
      const { idempotencyKey: _key, customerId: _customer, ...asked } = body;
      const hash = sha256(JSON.stringify({ counter: true, customerId, ...asked }));
      const earlier = await repo.findCheckoutRequest(db, key);
      if (earlier) return replayed(db, earlier, customerId, hash, body);
      const sold = await db.transaction().execute(async (trx): Promise<CounterSaleResponse> => {
        const customer = await lockBuyer(trx, customerId);
        const claimed = await repo.claimCheckoutRequest(trx, {
          idempotency_key: key,
          customer_id: customerId,
          employee_id: principal.employeeId,
          request_hash: hash,
        });
        if (!claimed) return replayed(trx, await repo.findCheckoutRequest(trx, key), customerId, hash, body);
        assertCanBuy(customer);
        if (body.noteDocument && !isWalkIn(customer)) throw badRequest(WALK_IN_TEXTS.noteDocumentOnlyWalkIn);
        const lines = await lockLines(trx, body);
        const { priced, sale, figures, approval } = await priceSale(
          trx,
          principal,
          customer,
          AT_THE_COUNTER,
          lines,
          body.discounts,
          body.discountApprovalId,
        );
        if (body.expectedTotal !== undefined && reaisToCents(body.expectedTotal) !== figures.totalCents) {
          throw conflict(SELLING_TEXTS.totalChanged(formatBRL(centsToReais(figures.totalCents))), 'STALE_DATA', {
            total: centsToReais(figures.totalCents),
          });
        }
        const changeCents = changeOf(body, figures.totalCents);
        const parts = partsOf(body);
        const registerName = await assertCounterDrawer(trx, principal.employeeId, parts);
        await assertCounterPixReceiver(trx, parts);
        const placing = await placingOf(trx, body, customer.id, figures.totalCents);
        const order = await placeOrder(trx, storage, {
          employeeId: principal.employeeId,
          customerId: customer.id,
          payment: placing.payment,
          initialStatus: placing.initialStatus,
          creditTerms: placing.creditTerms,
          creditCents: placing.creditCents,
          deliveryType: DELIVERY_TYPES.PICKUP,
          fastDelivery: false,
          withWarranty: false,
          itemsCents: figures.itemsCents,
          shippingCents: figures.shippingCents,
          fastDeliveryTaxCents: figures.fastDeliveryTaxCents,
          warrantyCents: figures.warrantyCents,
          discountCents: sale.discountCents,
          totalCents: figures.totalCents,
          neighborhood: null,
          noteDocument: body.noteDocument ?? null,
          delivererId: null,
          soldAtCounter: true,
          items: priced.map(({ line, unitCents }, index) => ({
            productId: line.product_id,
            name: line.name,
            code: line.code,
            quantity: line.quantity,
            unitPriceCents: unitCents,
            unitCostCents: line.cost_cents,
            discountCents: sale.lines[index]?.discountCents ?? 0,
          })),
          note: placing.note,
          ...(approval ? { discountApproval: { id: approval.id, approvedBy: approval.approverName } } : {}),
        });
        if (approval) await markApprovalUsed(trx, approval.id, order.id);
        const pix = await recordCounterPayments(trx, order, parts, principal.employeeId);
        // A used phone given as payment: accepted as any (a unit of its seminovo, a TRADE_IN part of this order).
        for (const tradeIn of tradeInsOf(body)) {
          await acceptCounterTradeIn(trx, principal, { ...tradeIn, orderId: order.id, customerId: customer.id });
        }
        const units = body.items.flatMap((item) =>
          (item.imeis ?? []).map((imei) => ({ productId: item.productId, imei })),
        );
        await takeCounterUnits(trx, order.id, units);
        const status = placing.waits
          ? placing.initialStatus
          : await handOverCounterSale(trx, order.id, principal.employeeId, COUNTER_TEXTS.historyNote);
        await repo.completeCheckoutRequest(trx, key, order.id);
        return {
          orderId: order.id,
          code: order.code,
          statusKey: status,
          total: centsToReais(figures.totalCents),
          change: centsToReais(changeCents),
          registerName,
          pix,
          replayed: false,
        };
      });
      // Handed over and committed: its NFC-e emitted now when the shop emits on handover, so the receipt printed next
      // is its DANFE (a SEFAZ away never fails the sale: the note follows its contingency and the scheduler's round).
      if (!sold.replayed && sold.statusKey === ORDER_STATUS.FINALIZADOS) await runAfterCounterSale(db, sold.orderId);
      return sold;
    },

    /**
     * GET /api/counter/sales/waiting-pix ('Vendas aguardando Pix'): today's counter sales still waiting for their Pix
     * (its QR reopened from 'Balcão' after leaving the screen), newest first, paged. A seller sees his own; who
     * reads orders, everyone's.
     */
    async waitingCounterSales(principal: Principal, query: CounterWaitingQuery): Promise<CounterWaitingPage> {
      const { rows, total } = await repo.waitingCounterSales(db, {
        since: dayStart(businessDay(new Date())),
        sellerId: hasAnyPermission(principal.permissions, ORDER_READERS) ? null : principal.employeeId,
        statuses: [ORDER_STATUS.PROCESSANDO, ORDER_STATUS.AGUARDANDO_COMPROVANTE],
        page: query.page,
        pageSize: query.pageSize,
      });
      const items = [];
      for (const row of rows) {
        const pix = await counterPixPart(db, row.id);
        if (!pix) continue;
        items.push({
          orderId: row.id,
          code: row.code,
          statusKey: row.status as CounterWaitingSale['statusKey'],
          total: centsToReais(row.total_cents),
          cash: centsToReais(Number(row.cash_cents)),
          card: centsToReais(Number(row.card_cents)),
          customer: row.customer,
          seller: row.seller,
          createdAt: isoTimestamp(row.created_at),
          pix,
        });
      }
      return { items, total, page: query.page };
    },

    /**
     * GET /api/counter/sales/{orderId}: where a counter sale is and its Pix part (the 'Balcão' asks until the bank
     * confirmed it and the sale is Finalizados). 404 for an order not sold at the counter.
     */
    async counterSaleState(orderId: number): Promise<CounterSaleState> {
      const order = await repo.counterSale(db, orderId);
      if (!order) throw notFound(COUNTER_TEXTS.notACounterSale);
      return {
        orderId: order.id,
        code: order.code,
        statusKey: order.status as CounterSaleState['statusKey'],
        pix: await counterPixPart(db, order.id),
      };
    },
  };
}

/** The same sale sent again (same key, same body): the order it made; the key used for another sale: 409. */
async function replayed(
  db: Executor,
  request: Awaited<ReturnType<typeof repo.findCheckoutRequest>>,
  customerId: number,
  hash: string,
  body: CounterSaleBody,
): Promise<CounterSaleResponse> {
  if (!request || request.customer_id !== customerId || request.request_hash !== hash || request.order_id === null) {
    throw conflict(SELLING_TEXTS.idempotencyKeyReused, 'CONFLICT');
  }
  const totalCents = request.total_cents ?? 0;
  return {
    orderId: request.order_id,
    code: request.code as string,
    statusKey: request.status as CounterSaleResponse['statusKey'],
    total: centsToReais(totalCents),
    change: centsToReais(changeOf(body, totalCents)),
    registerName: null,
    pix: await counterPixPart(db, request.order_id),
    replayed: true,
  };
}
