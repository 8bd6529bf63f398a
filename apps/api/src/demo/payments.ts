import {
  CARD_BRANDS,
  type CardKind,
  type CardSettings,
  cardFeeBasisPoints,
  cardFeeCents,
  cardSettlementDays,
  DEFAULT_CARD_SETTINGS,
  ORDER_STATUS,
  pixTxid,
  splitCents,
} from '@backoffice/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database, OrderPaymentsTable } from '../db/schema';
import { insertMany } from './bulk';
import { COMPANY } from './settings';

/**
 * The demo shop's acquirer (issue 38, decision 0042): débito 1,99 %; crédito 1× 3,19 %, 2× to 6× 3,49 %, 7× to
 * 12× 3,99 %; sells in up to 10×; débito D+1, crédito D+30 per instalment.
 */
export const DEMO_CARD_SETTINGS: CardSettings = {
  ...DEFAULT_CARD_SETTINGS,
  maxInstalments: 10,
  debitFee: 1.99,
  creditFees: Array.from({ length: 12 }, (_, i) => (i === 0 ? 3.19 : i < 6 ? 3.49 : 3.99)),
};

/** The card plans the demo rotates through: débito, crédito à vista, 3×, 6×, 10×. */
const PLANS: ReadonlyArray<{ kind: CardKind; instalments: number }> = [
  { kind: 'DEBIT', instalments: 1 },
  { kind: 'CREDIT', instalments: 1 },
  { kind: 'CREDIT', instalments: 3 },
  { kind: 'CREDIT', instalments: 6 },
  { kind: 'CREDIT', instalments: 10 },
];

/** A card part of `amountCents`, its receipt's fields made from the order's id (the same every run). */
function cardPart(
  order: { id: number; created_at: Date; attendant_id: number | null },
  seq: number,
  amountCents: number,
  plan: { kind: CardKind; instalments: number },
): Insertable<OrderPaymentsTable> {
  const basisPoints = cardFeeBasisPoints(DEMO_CARD_SETTINGS, plan.kind, plan.instalments);
  const fee = cardFeeCents(amountCents, basisPoints);
  return {
    order_id: order.id,
    seq,
    method: 'CARD',
    amount_cents: amountCents,
    status: 'CONFIRMED',
    card_kind: plan.kind,
    card_brand: CARD_BRANDS[order.id % 4] as string,
    instalments: plan.instalments,
    nsu: String(100_000 + ((order.id * 7_919) % 900_000)),
    authorization_code: ((order.id * 104_729) % 2_176_782_336).toString(36).toUpperCase().padStart(6, '0'),
    fee_basis_points: basisPoints,
    fee_cents: fee,
    net_cents: amountCents - fee,
    settlement_days: cardSettlementDays(DEMO_CARD_SETTINGS, plan.kind),
    created_by: order.attendant_id,
    created_at: order.created_at,
    confirmed_at: order.created_at,
  };
}

/**
 * Card and split payments in the demo business, from its year of orders (deterministic: chosen by id):
 * - one in nine finished cash orders was a card at the counter (paid with the sale, one card part);
 * - one in nine others was paid at the door in two parts, a card in 2× and the rest in cash;
 * - the two newest orders waiting in Processando are being paid in parts now: half by card (confirmed) and the
 *   rest by a Pix part of their own, waiting for the bank.
 * Answers how many parts were written.
 */
export async function seedPayments(trx: Transaction<Database>): Promise<number> {
  await trx
    .updateTable('company_settings')
    .set({ card_settings: JSON.stringify(DEMO_CARD_SETTINGS) })
    .where('company_id', '=', COMPANY.id)
    .execute();
  const finished = await trx
    .selectFrom('orders')
    .select(['id', 'code', 'total_cents', 'created_at', 'attendant_id'])
    .where('payment_method', '=', 'CASH')
    .where('status', '=', ORDER_STATUS.FINALIZADOS)
    .orderBy('id')
    .execute();
  const parts: Insertable<OrderPaymentsTable>[] = [];
  const cardIds: number[] = [];
  finished.forEach((order, index) => {
    if (index % 9 === 0) {
      cardIds.push(order.id);
      parts.push(cardPart(order, 1, order.total_cents, PLANS[(index / 9) % PLANS.length] as (typeof PLANS)[number]));
    } else if (index % 9 === 4) {
      const card = Math.round(order.total_cents * 0.6);
      parts.push(cardPart(order, 1, card, { kind: 'CREDIT', instalments: 2 }));
      parts.push({
        order_id: order.id,
        seq: 2,
        method: 'CASH',
        amount_cents: order.total_cents - card,
        status: 'CONFIRMED',
        created_by: order.attendant_id,
        created_at: order.created_at,
        confirmed_at: order.created_at,
      });
    }
  });
  if (cardIds.length > 0) {
    await trx.updateTable('orders').set({ payment_method: 'CARD' }).where('id', 'in', cardIds).execute();
  }
  const waiting = await trx
    .selectFrom('orders as o')
    .select(['o.id', 'o.code', 'o.total_cents', 'o.created_at', 'o.attendant_id'])
    .where('o.status', '=', ORDER_STATUS.PROCESSANDO)
    .where('o.total_cents', '>=', 200)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('pix_received as p').select('p.end_to_end_id').whereRef('p.order_id', '=', 'o.id'))),
    )
    .orderBy('o.id', 'desc')
    .limit(2)
    .execute();
  for (const order of waiting) {
    // Half on the card, the odd cent on the Pix.
    const [card, pix] = splitCents(order.total_cents, 2, 'last') as [number, number];
    parts.push(cardPart(order, 1, card, { kind: 'CREDIT', instalments: 3 }));
    parts.push({
      order_id: order.id,
      seq: 2,
      method: 'PIX',
      amount_cents: pix,
      status: 'PENDING',
      pix_txid: `${pixTxid(order.code)}P2`,
      created_by: order.attendant_id,
      created_at: order.created_at,
    });
  }
  await insertMany(trx, 'order_payments', parts);
  return parts.length;
}

/**
 * Cash always lands (decision 0075): every delivered or finished cash order (not a card at the door) gets, for what
 * its confirmed parts leave unpaid, the confirmed cash part the server records at its handover — the courier's at
 * the door (`at_door`, in his name, when delivered), else the counter's (in the name and at the moment of its first
 * 'Finalizados', the handover the drawer's month reads). Run after the sales on credit (they turn cash sales into
 * 'A prazo') and before the drawer, whose entries then name these parts. Answers how many were written.
 */
export async function seedCashParts(trx: Transaction<Database>): Promise<number> {
  const result = await sql`insert into order_payments
      (order_id, seq, method, amount_cents, status, at_door, created_by, created_at, confirmed_at)
    select o.id, coalesce(paid.last_seq, 0) + 1, 'CASH', o.total_cents - coalesce(paid.cents, 0), 'CONFIRMED',
      d.created_at is not null,
      case when d.created_at is not null then coalesce(o.deliverer_id, d.employee_id) else h.employee_id end,
      coalesce(d.created_at, h.created_at, o.finished_at, o.updated_at),
      coalesce(d.created_at, h.created_at, o.finished_at, o.updated_at)
    from orders o
    left join (select order_id, max(seq) as last_seq,
                 sum(amount_cents) filter (where status = 'CONFIRMED') as cents
               from order_payments group by order_id) paid on paid.order_id = o.id
    left join lateral (select employee_id, created_at from order_status_history
                       where order_id = o.id and status = ${ORDER_STATUS.ENTREGUE} order by id limit 1) d on true
    left join lateral (select employee_id, created_at from order_status_history
                       where order_id = o.id and status = ${ORDER_STATUS.FINALIZADOS} order by id limit 1) h on true
    where o.status in (${ORDER_STATUS.ENTREGUE}, ${ORDER_STATUS.FINALIZADOS}) and o.payment_method = 'CASH'
      and not o.card_on_delivery and o.total_cents > coalesce(paid.cents, 0)`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
