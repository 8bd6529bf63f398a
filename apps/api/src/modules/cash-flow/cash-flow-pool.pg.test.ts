import { cashFlowSchema } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { holdReportsPool } from '../../test/hold-reports-pool';

/**
 * 'Fluxo de caixa' reads the reports' own connections (issue 59), on PostgreSQL where the pools are real: ten owners
 * asking it at once queue there, and /api/health and the other screens keep the API's pool. With every connection of
 * the reports' pool taken, health and the bills' list answer at once while the cash flow waits its turn.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(admin) });

describe("the cash flow's connections", () => {
  it("waits for the reports' pool while health and the bills answer from the API's", async () => {
    const pool = await holdReportsPool(t.db);
    let flowAnswered = false;
    const flow = get('/cash-flow').then((res) => {
      flowAnswered = true;
      return res;
    });

    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(200);
      const bills = await get('/payables');
      expect(bills.statusCode, bills.body).toBe(200);
      // The cash flow is still waiting for a connection of the reports' pool.
      expect(flowAnswered).toBe(false);
    } finally {
      await pool.release();
    }
    const answer = await flow;
    expect(answer.statusCode, answer.body).toBe(200);
    // A fresh business: no money moved, nothing due.
    expect(cashFlowSchema.parse(answer.json().data).totals).toEqual({ received: 0, paid: 0, toReceive: 0, toPay: 0 });
  });
});
