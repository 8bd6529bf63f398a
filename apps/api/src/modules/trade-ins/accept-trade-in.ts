import {
  businessDay,
  centsToReais,
  ORDER_TEXTS,
  TRADE_IN_TEXTS,
  type TradeInAcceptBody,
  tradeInCode,
  tradeInPhoneName,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { receiveCash } from '../cash/cash.service';
import { assertOrderReadable } from '../orders/workflow.service';
import { createPayables, payPayableNow } from '../payables/payables.service';
import { addTradeInPart } from '../payments/order-payments.service';
import { takeInUsedUnit } from '../stock/stock.service';
import { tradeInSettings } from './trade-in-settings';
import { brl, missingOf, type TradeInsDeps } from './trade-in-views';
import { assertOpen, audit, locked } from './trade-in-writing';
import { tradeInsRepository as repo } from './trade-ins.repository';

type Locked = Awaited<ReturnType<typeof locked>>;

/** The same acceptance sent again (a retry whose answer was lost): the trade-in as it is, paid once. */
function sameAcceptance(row: Locked, body: TradeInAcceptBody): boolean {
  return (
    row.status === 'ACCEPTED' &&
    row.settlement === body.settlement &&
    row.product_id === body.productId &&
    row.order_id === (body.orderId ?? null)
  );
}

/**
 * The seller paid: as a TRADE_IN part of an order's payment, in cash out of the attendant's open register, or by
 * Pix (a bill paid today in 'Contas a pagar', answered).
 */
async function paySeller(
  trx: Transaction<Database>,
  principal: Principal,
  row: Locked,
  body: TradeInAcceptBody,
  tradeIn: { id: number; code: string; valueCents: number },
): Promise<number | null> {
  const { id, code, valueCents } = tradeIn;
  let payableId: number | null = null;
  if (body.settlement === 'ORDER') {
    await addTradeInPart(trx, principal, body.orderId as number, { id, code, valueCents });
  } else if (body.settlement === 'CASH') {
    await receiveCash(trx, {
      employeeId: principal.employeeId,
      kind: 'TRADE_IN',
      amountCents: valueCents,
      reason: TRADE_IN_TEXTS.cashReason(code),
    });
  } else {
    const phone = tradeInPhoneName({ brand: row.brand, model: row.model, storage: row.storage_gb });
    const [bill] = await createPayables(
      trx,
      {
        supplierId: null,
        purchaseId: null,
        category: 'COMPRA',
        description: TRADE_IN_TEXTS.payableDescription(code, phone),
        instalments: [{ documentNumber: code, dueDate: businessDay(new Date()), amountCents: valueCents }],
      },
      principal.employeeId,
    );
    payableId = bill as number;
    await payPayableNow(trx, payableId, principal.employeeId, valueCents, 'PIX');
  }
  return payableId;
}

/**
 * The phone taken: it becomes a unit of the seminovo product in preparation, at the value paid, with the shop's
 * seminovo warranty; the seller is paid as part of an order's payment (a TRADE_IN part), in cash (out of the
 * attendant's open register) or by Pix (a bill paid today in 'Contas a pagar'). Needs the value, a regular
 * check, the account removed and the signature.
 */
export async function acceptTradeIn(
  { db }: TradeInsDeps,
  principal: Principal,
  id: number,
  body: TradeInAcceptBody,
): Promise<void> {
  if (body.orderId !== undefined) await assertOrderReadable(db, principal, body.orderId, ORDER_TEXTS.notFound);
  const { warrantyDays } = await tradeInSettings(db);
  await db.transaction().execute(async (trx) => {
    const row = await locked(trx, id);
    if (sameAcceptance(row, body)) return;
    await acceptLocked(trx, principal, row, body, warrantyDays);
  });
}

/**
 * A used phone given as part of a counter sale's payment ('Balcão', decision 0078), in the sale's transaction once
 * its order is placed: accepted as any (`acceptLocked`, settlement ORDER: a TRADE_IN part of the order). Refused
 * (409) when it is another customer's, or when its value is not `valueCents`, the amount the clerk saw.
 */
export async function acceptTradeInForOrder(
  trx: Transaction<Database>,
  principal: Principal,
  tradeIn: { id: number; productId: number; orderId: number; customerId: number; valueCents: number },
): Promise<void> {
  const { warrantyDays } = await tradeInSettings(trx);
  const row = await locked(trx, tradeIn.id);
  if (row.customer_id !== null && row.customer_id !== tradeIn.customerId) {
    throw conflict(TRADE_IN_TEXTS.otherCustomer(tradeInCode(tradeIn.id)), 'CONFLICT');
  }
  if (row.status === 'OPEN' && row.value_cents !== null && row.value_cents !== tradeIn.valueCents) {
    throw conflict(TRADE_IN_TEXTS.valueChanged(tradeInCode(tradeIn.id), brl(row.value_cents)), 'STALE_DATA');
  }
  const body = { productId: tradeIn.productId, settlement: 'ORDER' as const, orderId: tradeIn.orderId };
  await acceptLocked(trx, principal, row, body, warrantyDays);
}

/** The locked open trade-in accepted (see `acceptTradeIn`). */
async function acceptLocked(
  trx: Transaction<Database>,
  principal: Principal,
  row: Locked,
  body: TradeInAcceptBody,
  warrantyDays: number,
): Promise<void> {
  const id = row.id;
  assertOpen(row);
  const missing = missingOf(row);
  if (missing.length > 0) throw conflict(missing[0] as string, 'TRANSITION_REFUSED', { missing });
  const valueCents = row.value_cents as number;
  if (valueCents === 0) throw conflict(TRADE_IN_TEXTS.valueZero, 'TRANSITION_REFUSED');
  const code = tradeInCode(id);
  const unitId = await takeInUsedUnit(trx, {
    productId: body.productId,
    imei: row.imei,
    imei2: row.imei2,
    costCents: valueCents,
    tradeInId: id,
    warrantyDays,
    employeeId: principal.employeeId,
    note: TRADE_IN_TEXTS.historyEntered(code),
  });
  const payableId = await paySeller(trx, principal, row, body, { id, code, valueCents });
  const now = new Date();
  await repo.update(trx, id, {
    status: 'ACCEPTED',
    settlement: body.settlement,
    order_id: body.orderId ?? null,
    product_id: body.productId,
    unit_id: unitId,
    payable_id: payableId,
    accepted_by: principal.employeeId,
    accepted_at: now,
  });
  await audit(trx, principal.employeeId, id, 'accepted', {
    settlement: body.settlement,
    orderId: body.orderId ?? null,
    productId: body.productId,
    value: centsToReais(valueCents),
  });
}
