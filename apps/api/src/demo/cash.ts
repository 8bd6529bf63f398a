import { businessDay, centsToReais, dayStart, shiftDay, weekdayOf } from '@backoffice/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { insertMany } from './bulk';
import { DAY, HOUR, MINUTE } from './clock';
import { demoAdminId } from './staff';

/**
 * The demo's cash drawer (issue 40 §3, decision 0053): a month of the counter's registers opened and closed,
 * made from the cash the demo's counter took in that month — the cash parts recorded at the counter and the cash
 * orders handed over there ('Finalizar' from 'Aguardando cliente'), each in the session of the employee who took
 * it, as the server puts them. Every business day (Monday to Saturday) of the last `DEMO_CASH_DAYS` days before
 * today has sessions: the employees who took the most cash that day each run a register (at most
 * `demoRegisterCount(scale)`; the others' cash landed in no register, as when one does not open one); a day
 * without cash at the counter still has the attendant's register opened and closed. Floats of R$ 200,00; a top-up
 * of coins on Mondays; a removal to the bank whenever a drawer holds more than R$ 1.500,00; most closings exact,
 * one in nine with a difference and its reason, approved by the manager (the administrator when the difference is
 * the manager's own) the next morning, except the last business day's, still waiting for approval. Nothing is
 * left open today.
 */
export const DEMO_CASH_DAYS = 30;
export const DEMO_CASH_FLOAT_CENTS = 20_000;
/** A removal ('Depósito no banco') takes the drawer back to its float, in whole R$ 100,00, above this. */
export const DEMO_CASH_REMOVAL_ABOVE_CENTS = 150_000;
export const DEMO_CASH_TOP_UP_CENTS = 5_000;
/** The differences of the closings that have one (one in nine), in turn, with their reasons. */
export const DEMO_CASH_DIFFERENCES: readonly { cents: number; reason: string }[] = [
  { cents: -1_000, reason: 'Troco dado a mais numa venda' },
  { cents: 250, reason: 'Moedas a mais no caixa' },
  { cents: -50, reason: 'Moeda faltando na contagem' },
  { cents: -2_000, reason: 'Nota de R$ 20,00 recusada pelo banco (falsa)' },
];
/** The last business day's difference, left for the manager to approve. */
export const DEMO_CASH_PENDING = { cents: -500, reason: 'Falta a conferir com o vendedor' };

/** The registers of a shop of `scale`: two counters, one more per ten units of scale. */
export function demoRegisterCount(scale: number): number {
  return 2 + Math.floor((Math.max(1, scale) - 1) / 10);
}

interface Receipt {
  employeeId: number;
  at: number;
  cents: number;
  orderId: number;
  paymentId: number | null;
}

/**
 * The cash the counter took in [from, to): cash parts, and what cash orders still owed when handed over (their first
 * 'Finalizados': an exchange later writes that status again).
 */
async function counterReceipts(trx: Transaction<Database>, from: Date, to: Date): Promise<Receipt[]> {
  const parts = await sql<{ id: number; order_id: number; cents: string; employee_id: number; at: Date }>`
    select p.id, p.order_id, p.amount_cents as cents, p.created_by as employee_id, p.confirmed_at as at
    from order_payments p
    where p.method = 'CASH' and p.status = 'CONFIRMED' and p.created_by is not null and not p.at_door
      and p.confirmed_at >= ${from} and p.confirmed_at < ${to}`.execute(trx);
  const handovers = await sql<{ order_id: number; cents: string; employee_id: number; at: Date }>`
    select o.id as order_id, h.employee_id, h.created_at as at, o.total_cents - coalesce(paid.cents, 0) as cents
    from (select distinct on (order_id) order_id, employee_id, created_at
          from order_status_history where status = 13 order by order_id, id) h
    join orders o on o.id = h.order_id
    left join (select order_id, sum(amount_cents) as cents from order_payments
               where status = 'CONFIRMED' group by order_id) paid on paid.order_id = o.id
    where o.payment_method = 'CASH' and h.employee_id is not null
      and h.created_at >= ${from} and h.created_at < ${to}
      and exists (select 1 from order_status_history w where w.order_id = o.id and w.status = 6)`.execute(trx);
  return [
    ...parts.rows.map((r) => ({
      employeeId: r.employee_id,
      at: new Date(r.at).getTime(),
      cents: Number(r.cents),
      orderId: r.order_id,
      paymentId: r.id,
    })),
    ...handovers.rows
      .filter((r) => Number(r.cents) > 0)
      .map((r) => ({
        employeeId: r.employee_id,
        at: new Date(r.at).getTime(),
        cents: Number(r.cents),
        orderId: r.order_id,
        paymentId: null,
      })),
  ].sort((a, b) => a.at - b.at || a.orderId - b.orderId);
}

async function employeeId(trx: Transaction<Database>, email: string): Promise<number> {
  const row = await trx.selectFrom('employees').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

type EntryRow = Insertable<Database['cash_entries']>;
type AuditRow = Insertable<Database['audit_events']>;

export async function seedCash(
  trx: Transaction<Database>,
  options: { anchor: number; scale: number },
): Promise<Record<string, number>> {
  const { anchor, scale } = options;
  const admin = await demoAdminId(trx);
  const manager = await employeeId(trx, 'gerente@demo.com.br');
  const attendant = await employeeId(trx, 'atendente@demo.com.br');
  const today = businessDay(anchor);
  const first = shiftDay(today, -DEMO_CASH_DAYS);
  const registerCount = demoRegisterCount(scale);
  const registerIds: number[] = [];
  for (let i = 1; i <= registerCount; i++) {
    const row = await trx
      .insertInto('cash_registers')
      .values({ name: `Caixa balcão ${i}`, created_by: admin, created_at: new Date(dayStart(first).getTime() - DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    registerIds.push(row.id);
  }

  const receipts = await counterReceipts(trx, dayStart(first), dayStart(today));
  const byDay = new Map<string, Receipt[]>();
  for (const receipt of receipts) {
    const day = businessDay(receipt.at);
    byDay.set(day, [...(byDay.get(day) ?? []), receipt]);
  }
  const days: string[] = [];
  for (let day = first; day < today; day = shiftDay(day, 1)) if (weekdayOf(day) !== 0) days.push(day);
  const lastDay = days[days.length - 1];

  const entries: EntryRow[] = [];
  const audits: AuditRow[] = [];
  let sessions = 0;
  for (const day of days) {
    const start = dayStart(day).getTime();
    const closing = start + (weekdayOf(day) === 6 ? 13 * HOUR + 10 * MINUTE : 18 * HOUR + 40 * MINUTE);
    const dayReceipts = byDay.get(day) ?? [];
    const totals = new Map<number, number>();
    for (const r of dayReceipts) totals.set(r.employeeId, (totals.get(r.employeeId) ?? 0) + r.cents);
    const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, registerCount);
    const operators = ranked.length > 0 ? ranked.map(([id]) => id).sort((a, b) => a - b) : [attendant];
    for (const [index, operator] of operators.entries()) {
      const own = dayReceipts.filter((r) => r.employeeId === operator);
      const openedAt = Math.min(start + 8 * HOUR + 20 * MINUTE, (own[0]?.at ?? Infinity) - 10 * MINUTE);
      const closedAt = Math.max(closing, (own[own.length - 1]?.at ?? 0) + 10 * MINUTE);
      const sessionEntries: EntryRow[] = [];
      let expected = DEMO_CASH_FLOAT_CENTS;
      if (weekdayOf(day) === 1 && index === 0) {
        sessionEntries.push({
          kind: 'TOP_UP',
          amount_cents: DEMO_CASH_TOP_UP_CENTS,
          reason: 'Moedas para troco',
          employee_id: operator,
          created_at: new Date(openedAt + 5 * MINUTE),
          session_id: 0,
        });
        expected += DEMO_CASH_TOP_UP_CENTS;
      }
      for (const r of own) {
        sessionEntries.push({
          kind: 'SALE',
          amount_cents: r.cents,
          order_id: r.orderId,
          payment_id: r.paymentId,
          employee_id: operator,
          created_at: new Date(r.at),
          session_id: 0,
        });
        expected += r.cents;
        if (expected > DEMO_CASH_REMOVAL_ABOVE_CENTS) {
          const removal = Math.floor((expected - DEMO_CASH_FLOAT_CENTS) / 10_000) * 10_000;
          sessionEntries.push({
            kind: 'REMOVAL',
            amount_cents: removal,
            reason: 'Depósito no banco',
            employee_id: operator,
            created_at: new Date(r.at + 3 * MINUTE),
            session_id: 0,
          });
          expected -= removal;
        }
      }
      const isPending = day === lastDay && index === operators.length - 1;
      const difference = isPending
        ? DEMO_CASH_PENDING
        : sessions % 9 === 4
          ? (DEMO_CASH_DIFFERENCES[Math.floor(sessions / 9) % DEMO_CASH_DIFFERENCES.length] as {
              cents: number;
              reason: string;
            })
          : { cents: 0, reason: null };
      const counted = Math.max(0, expected + difference.cents);
      const approver = operator === manager ? admin : manager;
      const approvedAt = new Date(dayStart(shiftDay(day, weekdayOf(day) === 6 ? 2 : 1)).getTime() + 8 * HOUR);
      const approved = counted !== expected && !isPending;
      const { id } = await trx
        .insertInto('cash_sessions')
        .values({
          register_id: registerIds[index] as number,
          operator_id: operator,
          opened_at: new Date(openedAt),
          float_cents: DEMO_CASH_FLOAT_CENTS,
          closed_at: new Date(closedAt),
          closed_by: operator,
          expected_cents: expected,
          counted_cents: counted,
          close_reason: counted === expected ? null : difference.reason,
          approval: counted === expected ? 'NOT_NEEDED' : approved ? 'APPROVED' : 'PENDING',
          ...(approved ? { approved_by: approver, approved_at: approvedAt } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sessions++;
      for (const entry of sessionEntries) entries.push({ ...entry, session_id: id });
      const audit = (employee: number, action: string, at: number | Date, changes: Record<string, unknown>) =>
        audits.push({
          employee_id: employee,
          entity: 'cash_session',
          entity_id: String(id),
          action,
          changes: JSON.stringify(changes),
          created_at: new Date(at),
        });
      audit(operator, 'open', openedAt, { registerId: registerIds[index], float: centsToReais(DEMO_CASH_FLOAT_CENTS) });
      audit(operator, 'close', closedAt, {
        expected: centsToReais(expected),
        counted: centsToReais(counted),
        difference: centsToReais(counted - expected),
        reason: counted === expected ? null : difference.reason,
        approval: counted === expected ? 'NOT_NEEDED' : 'PENDING',
      });
      if (approved)
        audit(approver, 'approve', approvedAt, { difference: centsToReais(counted - expected), note: null });
    }
  }
  await insertMany(trx, 'cash_entries', entries);
  await insertMany(trx, 'audit_events', audits);
  return {
    cash_registers: registerCount,
    cash_sessions: sessions,
    cash_entries: entries.length,
  };
}
