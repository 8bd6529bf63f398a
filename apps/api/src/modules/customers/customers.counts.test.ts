import { customerSearchText } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOUNT_CUSTOMERS } from '../../db/migrations/0038-customer-status-counts';
import type { CustomerStatus } from '../../db/schema';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * The customers page reads its total from the per-status counters of migration 0038 (issue 22 §2): the
 * totals a user sees must follow every status change, and equal a recount after bulk SQL fixes.
 */
describe('customer status counters (migration 0038)', () => {
  let t: TestApp;
  let admin: string;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
    // 6 approved, 3 waiting, 1 blocked.
    const statuses: CustomerStatus[] = [
      ...Array<CustomerStatus>(6).fill('APPROVED'),
      ...Array<CustomerStatus>(3).fill('AWAITING'),
      'BLOCKED',
    ];
    let n = 0;
    for (const status of statuses) {
      n++;
      const c = {
        name: `Contado ${n}`,
        email: `contado${n}@exemplo.com.br`,
        document: String(20_000_000_000 + n),
        phone: `219${String(n).padStart(8, '0')}`,
      };
      const row = await t.db
        .insertInto('customers')
        .values({
          ...c,
          status,
          approved_at: status === 'APPROVED' ? new Date() : null,
          level: 1,
          shipping_cost_cents: 1000,
          warranty_percentage: 5,
          status_note: status === 'BLOCKED' ? 'Cheque sem fundo' : null,
          search_text: customerSearchText(c),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  });
  afterAll(() => t.close());

  const total = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `${url}?page=0&items=20`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    return response.json().total as number;
  };
  const totals = async () => ({
    approved: await total('/api/customers'),
    awaiting: await total('/api/administrator/customers/unnaproved'),
    blocked: await total('/api/customers/blocked'),
    reproved: await total('/api/customers/reproved'),
  });
  const id = (index: number) => {
    const value = ids[index];
    if (value === undefined) throw new Error(`no customer ${index}`);
    return value;
  };
  const patchStatus = (index: number, body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/administrator/customer/${id(index)}/status`,
      headers: bearer(admin),
      payload: body,
    });

  it('follow the status changes a user makes, and equal a recount after bulk fixes', async () => {
    expect(await totals()).toEqual({ approved: 6, awaiting: 3, blocked: 1, reproved: 0 });

    // Approve one waiting customer (7 approved, 2 waiting), reprove another (1 waiting, 1 reproved).
    const approve = await t.app.inject({
      method: 'PATCH',
      url: '/api/administrator/customers/approve',
      headers: bearer(admin),
      payload: { email: 'contado7@exemplo.com.br', approve: true, level: 1, shippingCost: 10, warrantyPercentage: 5 },
    });
    expect(approve.statusCode).toBe(200);
    expect((await patchStatus(7, { status: 'Reproved' })).statusCode).toBe(200);
    // Block two approved customers: 5 approved, 3 blocked.
    expect((await patchStatus(0, { status: 'Blocked', note: 'Devolveu sem motivo' })).statusCode).toBe(200);
    expect((await patchStatus(1, { status: 'Blocked', note: 'Devolveu sem motivo' })).statusCode).toBe(200);
    expect(await totals()).toEqual({ approved: 5, awaiting: 1, blocked: 3, reproved: 1 });

    // A refused change (a block without its note) changes no total.
    expect((await patchStatus(2, { status: 'Blocked' })).statusCode).toBe(400);
    expect(await totals()).toEqual({ approved: 5, awaiting: 1, blocked: 3, reproved: 1 });

    // Bulk SQL, as a data fix would do: every blocked customer approved in one statement, one deleted.
    await sql`update customers set status = 'APPROVED' where status = 'BLOCKED'`.execute(t.db);
    await sql`delete from customers where id = ${id(3)}`.execute(t.db);
    expect(await totals()).toEqual({ approved: 7, awaiting: 1, blocked: 0, reproved: 1 });

    // The migration's backfill gives the same counters as the triggers kept.
    const kept = await sql<{ status: string; customers: string }>`select status, customers
      from customer_status_counts where customers <> 0 order by status`.execute(t.db);
    await sql`truncate customer_status_counts`.execute(t.db);
    for (const statement of RECOUNT_CUSTOMERS) await sql.raw(statement).execute(t.db);
    const recounted = await sql<{ status: string; customers: string }>`select status, customers
      from customer_status_counts where customers <> 0 order by status`.execute(t.db);
    expect(recounted.rows).toEqual(kept.rows);
    expect(await totals()).toEqual({ approved: 7, awaiting: 1, blocked: 0, reproved: 1 });
  });
});
