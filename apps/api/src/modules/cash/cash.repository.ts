import type { CashEntryKind, CashSessionFilter } from '@backoffice/contract';
import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

export type NewEntryRow = Omit<Insertable<Database['cash_entries']>, 'id' | 'created_at'>;

/** A session as the lists read it, its sums by kind beside it (`sums`: kind → cents). */
export interface SessionRow {
  id: number;
  register_id: number;
  register_name: string;
  operator_id: number;
  operator_name: string;
  opened_at: Date;
  float_cents: number;
  closed_at: Date | null;
  closed_by: number | null;
  closed_by_name: string | null;
  expected_cents: number | null;
  counted_cents: number | null;
  close_reason: string | null;
  approval: 'NOT_NEEDED' | 'PENDING' | 'APPROVED' | null;
  approved_by: number | null;
  approved_by_name: string | null;
  approved_at: Date | null;
  approval_note: string | null;
}

export interface EntryRow {
  id: number;
  session_id: number;
  kind: CashEntryKind;
  amount_cents: number;
  reason: string | null;
  order_id: number | null;
  order_code: string | null;
  run_id: number | null;
  deposit_account_id: number | null;
  deposit_account_name: string | null;
  employee_id: number;
  employee_name: string;
  created_at: Date;
}

export interface RegisterRow {
  id: number;
  name: string;
  active: boolean;
}

function selectSessions(db: Executor) {
  return db
    .selectFrom('cash_sessions as s')
    .innerJoin('cash_registers as r', 'r.id', 's.register_id')
    .innerJoin('employees as o', 'o.id', 's.operator_id')
    .leftJoin('employees as c', 'c.id', 's.closed_by')
    .leftJoin('employees as a', 'a.id', 's.approved_by')
    .select([
      's.id',
      's.register_id',
      'r.name as register_name',
      's.operator_id',
      'o.name as operator_name',
      's.opened_at',
      's.float_cents',
      's.closed_at',
      's.closed_by',
      'c.name as closed_by_name',
      's.expected_cents',
      's.counted_cents',
      's.close_reason',
      's.approval',
      's.approved_by',
      'a.name as approved_by_name',
      's.approved_at',
      's.approval_note',
    ]);
}

const toSession = (row: Record<string, unknown>): SessionRow => ({
  ...(row as unknown as SessionRow),
  float_cents: Number(row.float_cents),
  expected_cents: row.expected_cents === null ? null : Number(row.expected_cents),
  counted_cents: row.counted_cents === null ? null : Number(row.counted_cents),
});

export const cashRepository = {
  async anyActiveRegister(db: Executor): Promise<boolean> {
    const row = await db
      .selectFrom('cash_registers')
      .select('id')
      .where('active', '=', true)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async registers(db: Executor): Promise<RegisterRow[]> {
    return db.selectFrom('cash_registers').select(['id', 'name', 'active']).orderBy('name').orderBy('id').execute();
  },

  async register(db: Executor, id: number): Promise<RegisterRow | undefined> {
    return db.selectFrom('cash_registers').select(['id', 'name', 'active']).where('id', '=', id).executeTakeFirst();
  },

  async insertRegister(db: Executor, name: string, createdBy: number): Promise<number> {
    const row = await db
      .insertInto('cash_registers')
      .values({ name, created_by: createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async updateRegister(db: Executor, id: number, changes: { name?: string; active?: boolean }): Promise<void> {
    await db.updateTable('cash_registers').set(changes).where('id', '=', id).execute();
  },

  /** Another register (not `exceptId`) has this name, whatever its case. */
  async registerNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
    let query = db.selectFrom('cash_registers').select('id').where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  /** The register's row locked, so two openings, entries or closings of it run one after the other. */
  async lockRegister(db: Executor, id: number): Promise<RegisterRow | undefined> {
    return db
      .selectFrom('cash_registers')
      .select(['id', 'name', 'active'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  async openSessionOf(db: Executor, registerId: number): Promise<SessionRow | undefined> {
    const row = await selectSessions(db)
      .where('s.register_id', '=', registerId)
      .where('s.closed_at', 'is', null)
      .executeTakeFirst();
    return row ? toSession(row) : undefined;
  },

  async openSessions(db: Executor): Promise<SessionRow[]> {
    const rows = await selectSessions(db).where('s.closed_at', 'is', null).execute();
    return rows.map(toSession);
  },

  /** The operator's open session (at most one: a unique index), its register locked when `lock`. */
  async operatorSession(db: Executor, operatorId: number): Promise<SessionRow | undefined> {
    const row = await selectSessions(db)
      .where('s.operator_id', '=', operatorId)
      .where('s.closed_at', 'is', null)
      .executeTakeFirst();
    return row ? toSession(row) : undefined;
  },

  async session(db: Executor, id: number): Promise<SessionRow | undefined> {
    const row = await selectSessions(db).where('s.id', '=', id).executeTakeFirst();
    return row ? toSession(row) : undefined;
  },

  async lockSession(db: Executor, id: number): Promise<{ id: number; register_id: number } | undefined> {
    return db
      .selectFrom('cash_sessions')
      .select(['id', 'register_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  async insertSession(db: Executor, registerId: number, operatorId: number, floatCents: number): Promise<number> {
    const row = await db
      .insertInto('cash_sessions')
      .values({ register_id: registerId, operator_id: operatorId, float_cents: floatCents })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async closeSession(
    db: Executor,
    id: number,
    values: {
      closed_by: number;
      expected_cents: number;
      counted_cents: number;
      close_reason: string | null;
      approval: 'NOT_NEEDED' | 'PENDING';
    },
  ): Promise<void> {
    await db
      .updateTable('cash_sessions')
      .set({ ...values, closed_at: new Date() })
      .where('id', '=', id)
      .execute();
  },

  async approve(db: Executor, id: number, approvedBy: number, note: string | null): Promise<void> {
    await db
      .updateTable('cash_sessions')
      .set({ approval: 'APPROVED', approved_by: approvedBy, approved_at: new Date(), approval_note: note })
      .where('id', '=', id)
      .execute();
  },

  async insertEntry(db: Executor, entry: NewEntryRow): Promise<number> {
    const row = await db.insertInto('cash_entries').values(entry).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async entryByKey(db: Executor, key: string): Promise<{ id: number; session_id: number } | undefined> {
    return db
      .selectFrom('cash_entries')
      .select(['id', 'session_id'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  async entries(db: Executor, sessionId: number): Promise<EntryRow[]> {
    const rows = await db
      .selectFrom('cash_entries as e')
      .innerJoin('employees as m', 'm.id', 'e.employee_id')
      .leftJoin('orders as o', 'o.id', 'e.order_id')
      .leftJoin('bank_settings as b', 'b.id', 'e.deposit_account_id')
      .select([
        'e.id',
        'e.session_id',
        'e.kind',
        'e.amount_cents',
        'e.reason',
        'e.order_id',
        'o.code as order_code',
        'e.run_id',
        'e.deposit_account_id',
        'b.name as deposit_account_name',
        'e.employee_id',
        'm.name as employee_name',
        'e.created_at',
      ])
      .where('e.session_id', '=', sessionId)
      .orderBy('e.id')
      .execute();
    return rows.map((row) => ({ ...row, kind: row.kind as CashEntryKind, amount_cents: Number(row.amount_cents) }));
  },

  /**
   * What the operator took by Pix, card and used phone while the session was open (issue 54 §9: the closing
   * report's totals by method): the confirmed parts he recorded between its opening and its closing (now while
   * open), cents by method. The cash is the drawer's own entries.
   */
  async partsByMethod(
    db: Executor,
    session: { operatorId: number; openedAt: Date; closedAt: Date | null },
  ): Promise<{ method: 'PIX' | 'CARD' | 'TRADE_IN'; cents: number }[]> {
    const rows = await db
      .selectFrom('order_payments')
      .select('method')
      .select(sql<string>`sum(amount_cents)`.as('cents'))
      .where('status', '=', 'CONFIRMED')
      .where('method', 'in', ['PIX', 'CARD', 'TRADE_IN'])
      .where('created_by', '=', session.operatorId)
      .where(sql<Date>`coalesce(confirmed_at, created_at)`, '>=', session.openedAt)
      .where(sql<Date>`coalesce(confirmed_at, created_at)`, '<=', session.closedAt ?? new Date())
      .groupBy('method')
      .execute();
    return rows.map((row) => ({ method: row.method as 'PIX' | 'CARD' | 'TRADE_IN', cents: Number(row.cents) }));
  },

  /** Each session's sums by kind (cents). */
  async sums(
    db: Executor,
    sessionIds: readonly number[],
  ): Promise<Map<number, { kind: CashEntryKind; amountCents: number }[]>> {
    const out = new Map<number, { kind: CashEntryKind; amountCents: number }[]>();
    if (sessionIds.length === 0) return out;
    const rows = await db
      .selectFrom('cash_entries')
      .select(['session_id', 'kind'])
      .select(sql<string>`sum(amount_cents)`.as('cents'))
      .where('session_id', 'in', [...sessionIds])
      .groupBy(['session_id', 'kind'])
      .execute();
    for (const row of rows) {
      const list = out.get(row.session_id) ?? [];
      list.push({ kind: row.kind as CashEntryKind, amountCents: Number(row.cents) });
      out.set(row.session_id, list);
    }
    return out;
  },

  /** A page of sessions, newest first, and the count of all that match. */
  async page(
    db: Executor,
    filter: { registerId?: number; status?: CashSessionFilter },
    page: number,
    pageSize: number,
  ): Promise<{ rows: SessionRow[]; total: number }> {
    const where = <T extends ReturnType<typeof selectSessions>>(query: T): T => {
      let q = query;
      if (filter.registerId !== undefined) q = q.where('s.register_id', '=', filter.registerId) as T;
      if (filter.status === 'open') q = q.where('s.closed_at', 'is', null) as T;
      if (filter.status === 'pending') q = q.where('s.approval', '=', 'PENDING') as T;
      if (filter.status === 'closed') q = q.where('s.closed_at', 'is not', null) as T;
      return q;
    };
    const rows = await where(selectSessions(db))
      .orderBy('s.opened_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute();
    let countQuery = db.selectFrom('cash_sessions as s').select(sql<string>`count(*)`.as('n'));
    if (filter.registerId !== undefined) countQuery = countQuery.where('s.register_id', '=', filter.registerId);
    if (filter.status === 'open') countQuery = countQuery.where('s.closed_at', 'is', null);
    if (filter.status === 'pending') countQuery = countQuery.where('s.approval', '=', 'PENDING');
    if (filter.status === 'closed') countQuery = countQuery.where('s.closed_at', 'is not', null);
    const count = await countQuery.executeTakeFirstOrThrow();
    return { rows: rows.map(toSession), total: Number(count.n) };
  },

  /**
   * The bell's count (issue 54 §6): the closings whose difference waits for approval that `employeeId` may approve
   * (`cashApprovalRefusal`: never one he ran nor one he counted and closed, unless he has full access), as one row
   * (newest id, count, newest closing time); no row when none does.
   */
  pendingApprovalQuery(employeeId: number, fullAccess: boolean) {
    const his = fullAccess ? sql`false` : sql`(s.operator_id = ${employeeId} or s.closed_by = ${employeeId})`;
    return sql<{ newest: number; count: number; at: Date }>`select max(s.id) as newest, count(*)::int as count,
      max(s.closed_at) as at from cash_sessions s where s.approval = 'PENDING' and not ${his} having count(*) > 0`;
  },

  async pendingCount(db: Executor): Promise<number> {
    const row = await db
      .selectFrom('cash_sessions')
      .select(sql<string>`count(*)`.as('n'))
      .where('approval', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** When each register's last session was closed. */
  async lastClosed(db: Executor): Promise<Map<number, Date>> {
    const rows = await db
      .selectFrom('cash_sessions')
      .select('register_id')
      .select(sql<Date>`max(closed_at)`.as('at'))
      .where('closed_at', 'is not', null)
      .groupBy('register_id')
      .execute();
    return new Map(rows.map((row) => [row.register_id, new Date(row.at)]));
  },

  async toleranceCents(db: Executor, companyId: number): Promise<number | undefined> {
    const row = await db
      .selectFrom('cash_settings')
      .select('tolerance_cents')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return row ? Number(row.tolerance_cents) : undefined;
  },

  async setTolerance(db: Executor, companyId: number, cents: number): Promise<void> {
    await db
      .insertInto('cash_settings')
      .values({ company_id: companyId, tolerance_cents: cents })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ tolerance_cents: cents }))
      .execute();
  },
};
