import { dayStart, shiftDay } from '@backoffice/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/**
 * The drawer's cash deposited in an account whose business day falls in [first, last] (decision 0099), read-only:
 * each sangria (the cash module's REMOVAL) that names the account, money in of its amount on the day it left the
 * drawer, its ref the cash entry's id, its detail the register and the sangria's reason.
 */
export async function cashDepositEntries(db: Executor, accountId: number, first: string, last: string, zone: string) {
  const rows = await db
    .selectFrom('cash_entries as e')
    .innerJoin('cash_sessions as s', 's.id', 'e.session_id')
    .innerJoin('cash_registers as r', 'r.id', 's.register_id')
    .select([
      sql<string>`e.id::text`.as('ref'),
      sql<string>`to_char(e.created_at at time zone ${zone}, 'YYYY-MM-DD')`.as('day'),
      sql<string>`e.amount_cents::text`.as('amount_cents'),
      sql<string>`r.name || ' · ' || coalesce(e.reason, '')`.as('detail'),
    ])
    .where('e.kind', '=', 'REMOVAL')
    .where('e.deposit_account_id', '=', accountId)
    .where('e.created_at', '>=', dayStart(first))
    .where('e.created_at', '<', dayStart(shiftDay(last, 1)))
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({ kind: 'CASH_DEPOSIT' as const, ...row, amount_cents: Number(row.amount_cents) }));
}
