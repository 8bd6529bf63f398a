import {
  businessDay,
  instalmentDue,
  instalmentDueDays,
  instalmentPaidState,
  instalmentTxid,
  LATE_CHARGE_DEFAULTS,
  pixTxid,
  shiftDay,
  splitInstalments,
  splitPayment,
} from '@backoffice/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { columnTypes, insertColumns, insertMany } from './bulk';
import { demoAdminId } from './staff';

/**
 * The demo's sales on credit (issue 40, decision 0054). The wholesale customers (levels gold, silver and bronze)
 * and the companies (a CNPJ) at the list price buy on credit: each has a limit and plans by level, and every one of their sales that was to be paid in cash on
 * delivery, without parts, was made 'A prazo' instead on one of his plans (its creation audit says so). Those handed
 * over (delivered, or finalized at the counter) have their instalments from that day; the ones due before today
 * were paid — most on their due day, by Pix or deposit recorded by the administrator, one in eight late with the
 * fine and interest of that day, one in twelve not at all (overdue) — and the later ones are open. Runs before the drawer's
 * month (`seedCash`), which reads the cash sales left.
 */
export const DEMO_CREDIT_BY_LEVEL: Readonly<Record<number, { limitCents: number; terms: number[][] }>> = {
  0: { limitCents: 300_000, terms: [[28], [30, 60], [30, 60, 90], [30, 60, 90, 120]] },
  1: { limitCents: 3_000_000, terms: [[28], [30, 60, 90], [30, 60, 90, 120], [30, 60, 90, 120, 150, 180]] },
  2: { limitCents: 1_500_000, terms: [[28], [30, 60], [30, 60, 90], [30, 60, 90, 120]] },
  3: { limitCents: 800_000, terms: [[28], [30, 60], [30, 60, 90], [30, 60, 90, 120]] },
};

/** Of the instalments due before today, by their id: one in twelve unpaid, one in eight paid late, the rest on time. */
export function demoInstalmentFate(id: number): 'unpaid' | 'late' | 'onTime' {
  if (id % 12 === 5) return 'unpaid';
  if (id % 8 === 3) return 'late';
  return 'onTime';
}

/** How late a late instalment was paid: 3 to 40 days, by its id. */
export const demoDaysLate = (id: number) => 3 + ((id * 7) % 38);

type ReceivableInsert = Insertable<Database['receivables']>;
type PaymentInsert = Insertable<Database['receivable_payments']>;

export async function seedCredit(
  trx: Transaction<Database>,
  options: { anchor: number },
): Promise<Record<string, number>> {
  const today = businessDay(options.anchor);
  const manager = await trx
    .selectFrom('employees')
    .select('id')
    .where('email', '=', 'gerente@demo.com.br')
    .executeTakeFirstOrThrow();
  const admin = await demoAdminId(trx);

  // The wholesale customers' credit, given by the manager when the year began.
  const customers = await trx
    .selectFrom('customers')
    .select(['id', 'level', 'created_at'])
    .where('status', '=', 'APPROVED')
    .where((eb) => eb.or([eb('level', 'in', [1, 2, 3]), eb(sql`length(document)`, '=', 14)]))
    .orderBy('id')
    .execute();
  const byCustomer = new Map(
    customers.map((c) => [c.id, DEMO_CREDIT_BY_LEVEL[c.level] as (typeof DEMO_CREDIT_BY_LEVEL)[1]]),
  );
  const creditRows = customers.map((c) => {
    const credit = byCustomer.get(c.id) as (typeof DEMO_CREDIT_BY_LEVEL)[1];
    return {
      customer_id: c.id,
      limit_cents: credit.limitCents,
      terms: JSON.stringify(credit.terms),
      updated_by: manager.id,
      updated_at: c.created_at,
    };
  });
  await insertMany(trx, 'customer_credit', creditRows);

  // Their cash sales without parts become sales on credit, each on one of the customer's plans (by its id).
  const sales = await sql<{ id: number; code: string; customer_id: number; total_cents: number }>`
    select o.id, o.code, o.customer_id, o.total_cents::int as total_cents
    from orders o
    join customers c on c.id = o.customer_id
    where c.status = 'APPROVED' and (c.level in (1, 2, 3) or length(c.document) = 14)
      and o.payment_method = 'CASH' and not o.card_on_delivery
      and not exists (select 1 from order_payments p where p.order_id = o.id)
    order by o.id`.execute(trx);
  const termsOf = new Map<number, number[]>();
  for (const sale of sales.rows) {
    const plans = (byCustomer.get(sale.customer_id) as (typeof DEMO_CREDIT_BY_LEVEL)[1]).terms;
    termsOf.set(sale.id, plans[sale.id % plans.length] as number[]);
  }
  const ids = sales.rows.map((s) => s.id);
  for (let i = 0; i < ids.length; i += 5_000) {
    const chunk = ids.slice(i, i + 5_000);
    await sql`update orders set payment_method = 'CREDIT', change_for_cents = null,
        credit_terms = v.terms::jsonb
      from (select unnest(${chunk}::int[]) as id,
                   unnest(${chunk.map((id) => JSON.stringify(termsOf.get(id)))}::text[]) as terms) as v
      where orders.id = v.id`.execute(trx);
    await sql`update audit_events set changes = jsonb_set(changes, '{payment}', '"CREDIT"')
      where entity = 'order' and action = 'create' and entity_id = any(${chunk.map(String)}::text[])`.execute(trx);
  }

  // Handed over: the day it was delivered, or finalized from 'Aguardando cliente'.
  const handed = await sql<{ order_id: number; at: Date }>`
    select h.order_id, min(h.created_at) as at
    from order_status_history h
    join orders o on o.id = h.order_id
    where o.payment_method = 'CREDIT'
      and (h.status = 5 or (h.status = 13 and exists (select 1 from order_status_history w
        where w.order_id = o.id and w.status = 6)))
    group by h.order_id
    order by h.order_id`.execute(trx);
  const saleById = new Map(sales.rows.map((s) => [s.id, s]));
  const firstId = Number(
    (await sql<{ n: number }>`select coalesce(max(id), 0)::int + 1 as n from receivables`.execute(trx)).rows[0]?.n ?? 1,
  );
  const receivables: ReceivableInsert[] = [];
  const payments: PaymentInsert[] = [];
  let nextId = firstId;
  for (const { order_id, at } of handed.rows) {
    const sale = saleById.get(order_id);
    const terms = termsOf.get(order_id);
    if (!sale || !terms) continue;
    const day = businessDay(new Date(at));
    const parts = splitInstalments(sale.total_cents, terms.length);
    const dueDays = instalmentDueDays(day, terms);
    for (const [index, cents] of parts.entries()) {
      const id = nextId++;
      const dueDate = dueDays[index] as string;
      const row: ReceivableInsert = {
        id,
        order_id,
        customer_id: sale.customer_id,
        seq: index + 1,
        count: parts.length,
        due_date: dueDate,
        amount_cents: cents,
        principal_paid_cents: 0,
        fine_charged: false,
        last_paid_on: null,
        pix_txid: instalmentTxid(pixTxid(sale.code), index + 1),
        created_at: new Date(at),
      };
      const fate = dueDate < today ? demoInstalmentFate(id) : 'open';
      const paidOn = fate === 'onTime' ? dueDate : fate === 'late' ? shiftDay(dueDate, demoDaysLate(id)) : null;
      if (paidOn && paidOn < today) {
        const due = instalmentDue(
          { openCents: cents, dueDay: dueDate, payDay: paidOn, fineCharged: false, interestFrom: null },
          LATE_CHARGE_DEFAULTS,
        );
        const split = splitPayment(due.totalCents, due) as NonNullable<ReturnType<typeof splitPayment>>;
        payments.push({
          receivable_id: id,
          paid_on: paidOn,
          method: id % 3 === 0 ? 'DEPOSIT' : 'PIX',
          amount_cents: due.totalCents,
          principal_cents: split.principalCents,
          fine_cents: split.fineCents,
          interest_cents: split.interestCents,
          employee_id: admin,
          end_to_end_id: null,
          idempotency_key: null,
          created_at: new Date(`${paidOn}T15:00:00Z`),
        });
        const paid = instalmentPaidState([
          { principalCents: split.principalCents, fineCents: split.fineCents, paidOn, undone: false },
        ]);
        row.principal_paid_cents = paid.principalPaidCents;
        row.fine_charged = paid.fineCharged;
        row.last_paid_on = paid.lastPaidOn;
      }
      receivables.push(row);
    }
  }
  await insertColumns(trx, 'receivables', receivables, await columnTypes(trx, 'receivables'));
  await insertColumns(trx, 'receivable_payments', payments, await columnTypes(trx, 'receivable_payments'));
  await sql`select setval(pg_get_serial_sequence('receivables', 'id'), greatest((select max(id) from receivables), 1))`.execute(
    trx,
  );
  return {
    customer_credit: creditRows.length,
    credit_orders: sales.rows.length,
    receivables: receivables.length,
    receivable_payments: payments.length,
  };
}
