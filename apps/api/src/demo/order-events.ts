import {
  ADJUSTMENT_KIND_LABELS,
  centsToReais,
  describeAdjustmentDifference,
  findTransitionByAction,
  PAYMENT_TEXTS,
  pixTxid,
} from '@backoffice/contract';
import type { Sink } from './bulk';
import type { Step } from './paths';
import type { Random } from './random';

/**
 * What the live code writes for an order's events, written the same way for the demo's year: one history row
 * and one audit row per event (workflow.ts `recordOrderEvent`, orders.service `recordOrderAdjustment`), and the
 * Pix the bank told of when it confirms a payment (`receivePix`). demo-invariants.test.ts binds the two.
 */

/** What the placing's audit row says (`placeOrder`). */
export interface Placing {
  customerId: number;
  payment: string;
  deliveryType: number;
  withWarranty: boolean;
  fast: boolean;
  items: ReadonlyArray<{ productId: number; quantity: number; unitPriceCents: number }>;
  totalCents: number;
}

/** A Pix's end-to-end id: 'E', the payer bank's ISPB, the minute it was paid (UTC), 11 letters and digits. */
function endToEndId(rng: Random, paidAt: number): string {
  const minute = new Date(paidAt).toISOString().slice(0, 16).replace(/\D/g, '');
  const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const tail = Array.from({ length: 11 }, () => ALPHANUMERIC[rng.int(0, ALPHANUMERIC.length - 1)]).join('');
  return `E${rng.digits(8)}${minute}${tail}`;
}

/**
 * The bank's confirmations of the order's automatic Pix (PROCESSANDO → AGUARDANDO_ESTOQUISTA by nobody): the
 * Pix received, matched to the order by its txid for exactly its total and confirmed at the move, whose E2E id
 * the move's note names (`receivePix`, `matchReceivedPix`).
 */
export function recordBankPix(
  sink: Sink,
  rng: Random,
  order: { id: number; code: string; totalCents: number; payer: string },
  steps: Step[],
): void {
  for (const step of steps) {
    if (step.action !== 'confirmPayment' || step.by !== null) continue;
    // Paid seconds before the bank's webhook made the move.
    const paidAt = step.at - rng.int(5, 50) * 1000;
    const id = endToEndId(rng, paidAt);
    step.note = PAYMENT_TEXTS.confirmedNote(id);
    sink.add('pix_received', {
      end_to_end_id: id,
      txid: pixTxid(order.code),
      amount_cents: order.totalCents,
      paid_at: new Date(paidAt),
      payer: order.payer,
      order_id: order.id,
      unmatched_reason: null,
      confirmed_at: new Date(step.at),
      matched_by: null,
      received_at: new Date(step.at),
    });
  }
}

/** The order's history and its audit trail: one row of each per step (`recordOrderEvent`). */
export function recordOrderSteps(sink: Sink, order: { id: number; code: string }, steps: Step[], placing: Placing) {
  let from: number | null = null;
  for (const s of steps) {
    sink.add('order_status_history', {
      order_id: order.id,
      status: s.status,
      employee_id: s.by,
      note: s.note,
      created_at: new Date(s.at),
    });
    let changes: Record<string, unknown>;
    if (s.action === 'create') {
      changes = {
        customerId: placing.customerId,
        status: s.status,
        payment: placing.payment,
        typeOfDelivery: placing.deliveryType,
        withWarranty: placing.withWarranty,
        isFastDelivery: placing.fast,
        items: placing.items.map((i) => ({
          productId: i.productId,
          quantity: i.quantity,
          unitPrice: centsToReais(i.unitPriceCents),
        })),
        total: centsToReais(placing.totalCents),
      };
    } else {
      changes = { status: { from, to: s.status } };
      const move = from === null ? undefined : findTransitionByAction(from, s.action);
      if (move?.does.includes('setStocker')) changes.stockerId = { from: null, to: s.by };
      if (s.note) changes.note = s.note;
    }
    sink.add('audit_events', {
      employee_id: s.by,
      entity: 'order',
      entity_id: order.code,
      action: s.action,
      changes: JSON.stringify(changes),
      created_at: new Date(s.at),
    });
    from = s.status;
  }
}

/** One line of an exchange or return registered, as the adjustments service describes it. */
export interface AdjustedLine {
  productId: number;
  productName: string;
  quantity: number;
  imei: string | null;
  unitPriceCents: number;
  replacement: { imei: string | null; unitPriceCents: number } | null;
  differenceCents: number;
}

/**
 * An exchange or return registered on an order: not a move, so a history row in the order's status saying
 * what came back, and one audit row (`registerExchange` / `registerReturn`): `recordOrderAdjustment`, with the
 * note and changes of adjustments.service `register`.
 */
export function recordAdjustment(
  sink: Sink,
  order: { id: number; code: string; status: number },
  event: {
    kind: 'EXCHANGE' | 'RETURN';
    registration: string;
    employeeId: number;
    delivererId: number | null;
    at: number;
    lines: AdjustedLine[];
  },
): void {
  const total = event.lines.reduce((sum, l) => sum + l.differenceCents, 0);
  const described = event.lines
    .map((l) => {
      const back = `${l.quantity}× ${l.productName}${l.imei ? ` (IMEI ${l.imei})` : ''}`;
      if (!l.replacement) return back;
      return `${back} por ${l.productName}${l.replacement.imei ? ` (IMEI ${l.replacement.imei})` : ''}`;
    })
    .join('; ');
  sink.add('order_status_history', {
    order_id: order.id,
    status: order.status,
    employee_id: event.employeeId,
    note: `${ADJUSTMENT_KIND_LABELS[event.kind]} registrada: ${described}. ${describeAdjustmentDifference(total)}.`,
    created_at: new Date(event.at),
  });
  sink.add('audit_events', {
    employee_id: event.employeeId,
    entity: 'order',
    entity_id: order.code,
    action: event.kind === 'EXCHANGE' ? 'registerExchange' : 'registerReturn',
    changes: JSON.stringify({
      registration: event.registration,
      kind: event.kind,
      items: event.lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        ...(l.imei ? { imei: l.imei } : {}),
        unitPrice: centsToReais(l.unitPriceCents),
        ...(l.replacement
          ? {
              replacementProductId: l.productId,
              ...(l.replacement.imei ? { replacementImei: l.replacement.imei } : {}),
              replacementUnitPrice: centsToReais(l.replacement.unitPriceCents),
            }
          : {}),
      })),
      delivererId: event.delivererId,
      differenceCents: total,
    }),
    created_at: new Date(event.at),
  });
}
