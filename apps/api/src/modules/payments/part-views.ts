import {
  buildPixPayload,
  cardPartSettlements,
  centsToReais,
  describeCard,
  formatBRL,
  type OrderPayment,
  type OrderPaymentBody,
  type OrderRefund,
  PART_METHOD_LABELS,
  pixTxid,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { pixReceiver } from '../settings/settings.service';
import type { OrderPaymentRow, OrderRefundRow } from './order-payments.repository';

/** An order's parts and refunds as the API answers them and as the history and audit write them. */
export const brl = (cents: number) => formatBRL(centsToReais(cents));

/** A refund as the API answers it. */
export function refundToApi(row: OrderRefundRow): OrderRefund {
  return {
    id: row.id,
    amount: centsToReais(row.amount_cents),
    reason: row.reason,
    status: row.status as OrderRefund['status'],
    method: row.method as OrderRefund['method'],
    note: row.note,
    createdAt: isoTimestamp(row.created_at),
    createdBy: row.created_by_name ?? null,
    doneAt: row.done_at ? isoTimestamp(row.done_at) : null,
    doneBy: row.done_by_name ?? null,
  };
}

/** A Pix part's own txid: the order's (its code without the dash) + 'P' + the part's number (K7M4QPP2). */
export function partTxid(orderCode: string, seq: number): string {
  return `${pixTxid(orderCode)}P${seq}`;
}

/** The Pix part's BR Code, or null when the shop's Pix receiver (key, name, city) is not complete. */
export async function partPayload(db: Executor, amountCents: number, txid: string): Promise<string | null> {
  const { key, merchantName, merchantCity } = await pixReceiver(db);
  if (!key || !merchantName || !merchantCity) return null;
  try {
    return buildPixPayload({ key, merchantName, merchantCity, amountCents, txid });
  } catch {
    return null;
  }
}

/** A part in words for the audit trail: 'Cartão R$ 5.147,41 (Crédito 3× Visa, comprovante 004512): Confirmado'. */
export function describePart(body: OrderPaymentBody, amountCents: number, status: string): string {
  const card = body.card
    ? ` (${describeCard(body.card.kind, body.card.instalments, body.card.brand)}, comprovante ${body.card.nsu})`
    : '';
  return `${PART_METHOD_LABELS[body.method]} ${brl(amountCents)}${card}: ${status}`;
}

/** A part as the API answers it. */
export async function toApi(
  db: Executor,
  row: OrderPaymentRow | (OrderPaymentRow & { created_by_name?: string | null }),
) {
  const card =
    row.method === 'CARD' && row.card_kind && row.instalments !== null && row.net_cents !== null
      ? {
          kind: row.card_kind,
          brand: row.card_brand ?? '',
          instalments: row.instalments,
          nsu: row.nsu ?? '',
          authorizationCode: row.authorization_code ?? '',
          feePercent: (row.fee_basis_points ?? 0) / 100,
          fee: centsToReais(row.fee_cents ?? 0),
          net: centsToReais(row.net_cents),
          settlements: cardPartSettlements({
            amountCents: row.amount_cents,
            feeCents: row.fee_cents ?? 0,
            netCents: row.net_cents,
            instalments: row.instalments,
            settlementDays: row.settlement_days ?? 0,
            confirmedAt: row.confirmed_at,
            createdAt: row.created_at,
          }).map((s) => ({ date: s.date, amount: centsToReais(s.netCents) })),
        }
      : null;
  const pix =
    row.method === 'PIX' && row.pix_txid
      ? {
          txid: row.pix_txid,
          payload: row.status === 'PENDING' ? await partPayload(db, row.amount_cents, row.pix_txid) : null,
          endToEndId: row.end_to_end_id,
        }
      : null;
  return {
    id: row.id,
    seq: row.seq,
    method: row.method,
    amount: centsToReais(row.amount_cents),
    status: row.status,
    card,
    pix,
    createdAt: isoTimestamp(row.created_at),
    createdBy: row.created_by_name ?? null,
    confirmedAt: row.confirmed_at ? isoTimestamp(row.confirmed_at) : null,
    closedAt: row.closed_at ? isoTimestamp(row.closed_at) : null,
    closeReason: row.close_reason,
  } satisfies OrderPayment;
}

/** The parts' facts the contract's rules weigh (`partsBalance`, `partsSettle`, …). */
export const factsOf = (rows: readonly OrderPaymentRow[]) =>
  rows.map((row) => ({ status: row.status, amountCents: row.amount_cents }));
