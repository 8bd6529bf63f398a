import {
  cardSettlementReportSchema,
  cashFlowSchema,
  dashboardSchema,
  dashboardTodaySchema,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from './helpers';
import { holdReportsPool } from './hold-reports-pool';

/**
 * No report takes the landing page down (issue 59, decision 0093), on PostgreSQL where the pools are real: with every
 * connection of the reports' pool taken (two 12-month reports at once, and more), the dashboard's cards, today's
 * figures and its charts of the last 7 days still answer at once from their own small pool, while a report waits for
 * its own pool and answers once it is free. 'Fluxo de caixa' reads the reports' pool too: ten owners asking it at once
 * queue there, and /api/health and the other screens keep the API's pool.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(admin) });

describe("the dashboard's own connections", () => {
  it("answers the landing page while the reports' pool is all taken; the report waits its turn", async () => {
    const pool = await holdReportsPool(t.db);
    let reportAnswered = false;
    const report = get('/reports/card/settlements/start/2025-12-01T00:00:00/end/2026-11-30T23:59:59').then((res) => {
      reportAnswered = true;
      return res;
    });

    // A fresh business: nothing sold today nor the same day last week, no order waiting, no chart point.
    const today = await get('/dashboard/today');
    expect(today.statusCode, today.body).toBe(200);
    expect(dashboardTodaySchema.parse(today.json().data)).toMatchObject({ salesToday: 0 });
    const cards = await get('/dashboard');
    expect(cards.statusCode, cards.body).toBe(200);
    dashboardSchema.parse(cards.json().data);
    for (const chart of ['/reports/top-ten/products/sold/desc', '/reports/product/top-ten/viewed']) {
      const res = await get(chart);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual([]);
    }
    // The 12-month report is still waiting for a connection of its own pool.
    expect(reportAnswered).toBe(false);

    await pool.release();
    const answer = await report;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(cardSettlementReportSchema.parse(answer.json().data)).toMatchObject({ total: 0, settlements: [] });
  });
});

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
