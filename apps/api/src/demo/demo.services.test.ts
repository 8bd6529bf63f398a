import { ORDER_STATUS, shiftDay } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKFILL } from '../db/migrations/0007-reports';
import { RECOUNT } from '../db/migrations/0008-order-status-counts';
import { RANKING_BACKFILL, RANKINGS } from '../db/migrations/0009-report-rankings';
import { RECOUNT_DAYS } from '../db/migrations/0012-order-status-days';
import { RECOUNT_CUSTOMERS } from '../db/migrations/0038-customer-status-counts';
import { RECOUNT_PRODUCTS } from '../db/migrations/0052-product-counts';
import { RECOUNT_RECEIVABLE_DAYS } from '../db/migrations/0072-receivables';
import { fiscalRepository } from '../modules/fiscal/fiscal.repository';
import { buildSignedDps } from '../modules/fiscal/nfse/dps';
import { approximateTaxesOf, repairDpsInput, takerOf } from '../modules/fiscal/nfse/emit-nfse';
import { nfseRepository } from '../modules/fiscal/nfse/nfse.repository';
import { createSefinClient } from '../modules/fiscal/nfse/sefin-client';
import { startTestSefin } from '../modules/fiscal/nfse/test-sefin';
import { testSefazServerIdentity } from '../modules/fiscal/sefaz/test-pki';
import { makeTestCertificate, TEST_CERTIFICATE_KEY_PEM } from '../modules/fiscal/test-certificate';
import { levelPriceCents } from '../modules/selling/pricing';
import type { TestDatabase } from '../test/database';
import { rioStateRegistration } from './out-of-state';
import { SHARED_DEMO_TIMEOUT_MS, sharedDemo } from './shared-demo';
import { NOW, Rollback, rows, rowsIn } from './test-demo';

/**
 * The demo business at scale 1: credit, the fiscal setup, used phones, repairs, the id sequences; and the invariants
 * of live data its exchanges and returns, phones, counters and summaries obey (demo-invariants.test.ts has the
 * others). One demo for both, seeded once a run for the demo's files
 * (./shared-demo): what a test writes it rolls back.
 */
const S = ORDER_STATUS;

let t: TestDatabase;
beforeAll(async () => {
  ({ t } = await sharedDemo());
}, SHARED_DEMO_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
});

describe('the demo business (scale 1)', () => {
  it('has credit customers and their sales on credit with a year of instalments, paid, paid late and overdue (issue 40)', async () => {
    const credit = await rows<{ customer_id: number; limit_cents: number; terms: number[][]; level: number }>(
      t,
      sql`select k.customer_id, k.limit_cents::int, k.terms, c.level from customer_credit k
          join customers c on c.id = k.customer_id`,
    );
    expect(credit.length).toBeGreaterThan(100);
    const plansOf = new Map(credit.map((k) => [k.customer_id, k.terms.map((p) => p.join('/'))]));
    const orders = await rows<{
      id: number;
      customer_id: number;
      total_cents: number;
      credit_terms: number[];
      status: number;
    }>(
      t,
      sql`select id, customer_id, total_cents::int, credit_terms, status from orders where payment_method = 'CREDIT'`,
    );
    expect(orders.length).toBeGreaterThan(1000);
    for (const o of orders) expect(plansOf.get(o.customer_id), `order ${o.id}`).toContain(o.credit_terms.join('/'));
    const instalments = await rows<{
      order_id: number;
      seq: number;
      count: number;
      amount_cents: number;
      due: string;
      paid: number;
      handed: string | null;
    }>(
      t,
      sql`select r.order_id, r.seq, r.count, r.amount_cents::int, to_char(r.due_date, 'YYYY-MM-DD') as due,
            r.principal_paid_cents::int as paid,
            (select to_char(min(h.created_at) at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') from order_status_history h
              where h.order_id = r.order_id and (h.status = 5 or h.status = 13)) as handed
          from receivables r order by r.order_id, r.seq`,
    );
    expect(instalments.length).toBeGreaterThan(2000);
    const byOrder = new Map<number, typeof instalments>();
    for (const r of instalments) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r]);
    for (const o of orders) {
      const mine = byOrder.get(o.id);
      // Handed over: Entregue or Finalizados (and not cancelled since).
      if (!mine) continue;
      expect(mine.map((r) => r.seq)).toEqual(mine.map((_, i) => i + 1));
      expect(
        mine.reduce((sum, r) => sum + r.amount_cents, 0),
        `order ${o.id}`,
      ).toBe(o.total_cents);
      expect(mine.map((r) => r.due)).toEqual(o.credit_terms.map((days) => shiftDay(mine[0]?.handed as string, days)));
    }
    const payments = await rows<{
      receivable_id: number;
      amount: number;
      principal: number;
      fine: number;
      interest: number;
      late: number;
    }>(
      t,
      sql`select p.receivable_id, p.amount_cents::int as amount, p.principal_cents::int as principal,
            p.fine_cents::int as fine, p.interest_cents::int as interest, (p.paid_on - r.due_date)::int as late
          from receivable_payments p join receivables r on r.id = p.receivable_id`,
    );
    for (const p of payments) {
      expect(p.amount).toBe(p.principal + p.fine + p.interest);
      // On time: no charges; late: the fine is 2 % of the instalment, rounded half up.
      if (p.late <= 0) expect([p.fine, p.interest]).toEqual([0, 0]);
      else expect(p.fine).toBe(Math.round(p.principal * 0.02));
    }
    expect(payments.filter((p) => p.late > 0).length).toBeGreaterThan(50);
    const overdue = instalments.filter((r) => r.due < '2026-11-21' && r.paid === 0);
    expect(overdue.length).toBeGreaterThan(50);
    const paidCents = new Map<number, number>();
    for (const p of payments) paidCents.set(p.receivable_id, (paidCents.get(p.receivable_id) ?? 0) + p.principal);
    const open = await rows<{ id: number; paid: number }>(
      t,
      sql`select id, principal_paid_cents::int as paid from receivables`,
    );
    for (const r of open) expect(r.paid, `receivable ${r.id}`).toBe(paidCents.get(r.id) ?? 0);
  });

  it("has the fiscal setup (issue 41): the issuer in homologação, the default profile, every product's NCM, phones with ST", async () => {
    const issuer = await t.db.selectFrom('fiscal_issuer').selectAll().executeTakeFirstOrThrow();
    expect(issuer).toMatchObject({ cnpj: '34512778000100', crt: 1, environment: 2, city_code: '3550308', uf: 'SP' });
    const profiles = await t.db
      .selectFrom('fiscal_profiles')
      .select(['id', 'name', 'is_default', 'icms_csosn'])
      .execute();
    expect(profiles.map((p) => [p.name, p.is_default, p.icms_csosn])).toEqual([
      ['Revenda de acessórios - Simples', true, '102'],
      ['Celulares com ICMS-ST - Simples', false, '500'],
    ]);
    const products = await t.db.selectFrom('products').select(['ncm', 'origin', 'fiscal_profile_id']).execute();
    expect(products.every((p) => p.ncm !== null && /^\d{8}$/.test(p.ncm))).toBe(true);
    const phones = products.filter((p) => p.ncm === '85171300');
    expect(phones.length).toBeGreaterThan(0);
    expect(phones.every((p) => p.origin === 2 && p.fiscal_profile_id === profiles[1]?.id)).toBe(true);
    expect(products.filter((p) => p.ncm !== '85171300').every((p) => p.fiscal_profile_id === null)).toBe(true);
  });

  it("emits a repair's NFS-e with its settings (decision 0095): the Sefin Nacional's double authorises the DPS", async () => {
    const [settings, issuer] = [await nfseRepository.settings(t.db), await fiscalRepository.issuer(t.db)];
    expect(settings).toMatchObject({ national: true, simples_option: 3, simples_tax_rate_hundredths: 600 });
    if (!issuer) throw new Error('no issuer');
    const [repairId] = await nfseRepository.deliveredWithoutInvoice(t.db, 1);
    const bill = await nfseRepository.repairBill(t.db, repairId as number);
    if (!bill) throw new Error('no repair to invoice');
    // What emitting would send: the settings' totTrib (refused in words when missing), with a certificate of the
    // demo's CNPJ (the demo has none: the shop uploads its own A1).
    const approximateTaxes = await approximateTaxesOf(t.db, settings, issuer.uf, new Date().toISOString().slice(0, 10));
    expect(approximateTaxes).toEqual({ kind: 'simples', rateHundredths: 600 });
    const labour = {
      ...{ series: settings.dps_series, number: Number(settings.next_dps_number), issuedAt: new Date() },
      ...{ taker: takerOf(bill.document, bill.name), description: 'Mão de obra', approximateTaxes },
      amountCents: Number(bill.labour_cents),
    };
    const certificate = makeTestCertificate({ cnpj: issuer.cnpj, holder: 'CONECTA CELL DISTRIBUIDORA LTDA' });
    const signer = {
      keyPem: TEST_CERTIFICATE_KEY_PEM,
      certificateBase64: certificate.certPem.replace(/-----[^-]+-----|\s/g, ''),
    };
    const dps = buildSignedDps(repairDpsInput(settings, issuer, labour), signer);
    const server = testSefazServerIdentity();
    const place = { street: issuer.street, number: issuer.number, district: issuer.district, cep: issuer.cep };
    const sefin = await startTestSefin({
      ...server,
      trusted: [certificate.certPem],
      provider: { name: issuer.legal_name, ...place, cityCode: issuer.city_code, uf: issuer.uf },
      taxpayers: [{ cnpj: issuer.cnpj, cityCode: issuer.city_code, simplesOption: 3 }],
    });
    const identity = { keyPem: TEST_CERTIFICATE_KEY_PEM, certPem: certificate.certPem };
    const client = createSefinClient({ identity, baseUrl: sefin.url, ca: [server.certPem], timeoutMs: 5_000 });
    try {
      const answer = await client.emit(dps.xml);
      expect(answer.kind, JSON.stringify(answer)).toBe('authorized');
      expect(dps.xml).toContain('<totTrib><pTotTribSN>6.00</pTotTribSN></totTrib>');
    } finally {
      client.close();
      await sefin.close();
    }
  });

  it("has a few customers in other states and companies 'ISENTO', for the notes of every kind (issue 55 §2)", async () => {
    const customers = await t.db
      .selectFrom('customers')
      .select(['document', 'state', 'state_registration'])
      .where('status', '=', 'APPROVED')
      .execute();
    const kinds = customers
      .filter((c) => c.state !== 'SP' || c.state_registration)
      .map((c) => `${c.document.length === 14 ? 'company' : 'consumer'} ${c.state} ${c.state_registration ?? '-'}`)
      .map((kind) => kind.replace(/ \d{8}$/, ' IE'))
      .sort();
    expect(kinds).toEqual([
      'company BA -',
      'company MG ISENTO',
      'company RJ IE',
      'company RJ IE',
      'company SP ISENTO',
      'consumer BA -',
      'consumer MG -',
      'consumer RJ -',
    ]);
    // Rio's IE: 7 digits and a check digit, weights 2 7 6 5 4 3 2. 8512345: 16 + 35 + 6 + 10 + 12 + 12 + 10 = 101;
    // 101 mod 11 = 2 → 11 − 2 = 9. 1000000: 2 → 9. 0000000: 0 → 0.
    expect(rioStateRegistration('8512345')).toBe('85123459');
    expect(rioStateRegistration('1000000')).toBe('10000009');
    expect(rioStateRegistration('0000000')).toBe('00000000');
    for (const c of customers.filter((c) => c.state === 'RJ' && c.state_registration))
      expect(rioStateRegistration(String(c.state_registration).slice(0, 7))).toBe(c.state_registration);
  });

  it("has São Paulo's IBPT table (issue 55 §2), labelled a demonstration, a row for every product's NCM", async () => {
    const table = await t.db.selectFrom('fiscal_ibpt_tables').selectAll().executeTakeFirstOrThrow();
    expect(table).toMatchObject({
      uf: 'SP',
      key: 'DEMO26',
      version: '26.1.DEMO',
      source: 'IBPT (tabela de demonstração)',
    });
    const rows = await t.db.selectFrom('fiscal_ibpt_rates').select(['code', 'uf', 'kind', 'ex']).execute();
    const products = await t.db.selectFrom('products').select('ncm').distinct().execute();
    const codes = new Set(rows.filter((row) => row.uf === 'SP' && row.kind === 0 && row.ex === '').map((r) => r.code));
    for (const { ncm } of products) expect(codes.has(ncm as string), `NCM ${ncm}`).toBe(true);
    // The repairs' parts (8517.79.00) too.
    expect(codes.has('85177900')).toBe(true);
  });

  it('has a year of used phones taken in (issue 42 §1): priced by the table, checked, signed, paid, in stock or in preparation', async () => {
    const tradeIns = await t.db.selectFrom('trade_ins').selectAll().orderBy('id').execute();
    expect(tradeIns.length).toBe(100);
    const months = new Set(tradeIns.map((row) => new Date(row.created_at).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    const byStatus = (status: string) => tradeIns.filter((row) => row.status === status);
    // One in twenty 'impedido' (n ≡ 7 mod 20), one in twenty given up (n ≡ 13): 5 each of 100.
    expect(byStatus('BLOCKED').map((row) => row.check_result)).toEqual(Array(5).fill('IMPEDIDO'));
    expect(byStatus('CANCELLED').every((row) => row.check_result === null && row.cancel_reason !== null)).toBe(true);
    expect(byStatus('CANCELLED')).toHaveLength(5);
    const accepted = byStatus('ACCEPTED');
    expect(accepted.length).toBeGreaterThanOrEqual(85);
    for (const row of accepted) {
      // The offer is the table's price less the deductions kept with it; the value paid is the offer.
      const deductions = (row.deductions as Array<{ cents: number }>).reduce((sum, d) => sum + d.cents, 0);
      expect(row.offer_cents).toBe(Math.max(0, (row.table_price_cents as number) - deductions));
      expect(row.value_cents).toBe(row.offer_cents);
      expect(row.check_result).toBe('REGULAR');
      expect(row.signed_at).not.toBeNull();
    }
    expect(new Set(accepted.map((row) => row.settlement))).toEqual(new Set(['CASH', 'PIX']));
    // Each accepted phone is a unit of a seminovo at the value paid; the last ones still in preparation.
    const units = await t.db
      .selectFrom('product_units as u')
      .innerJoin('products as p', 'p.id', 'u.product_id')
      .innerJoin('trade_ins as t', 't.unit_id', 'u.id')
      .select(['u.status', 'u.cost_cents', 't.value_cents', 'p.used', 'p.serialized', 'u.warranty_days'])
      .execute();
    expect(units).toHaveLength(accepted.length);
    expect(units.every((u) => u.used && u.serialized && u.cost_cents === u.value_cents && u.warranty_days === 90)).toBe(
      true,
    );
    expect(units.some((u) => u.status === 'PREPARING')).toBe(true);
    // Most of those released were sold again at the counter, each by a finalized order of a customer at his level's
    // price of the seminovo, with the used phone's own warranty (90 days).
    const resold = await rows<{ n: number; wrong: number }>(
      t,
      sql`select count(*)::int as n, count(*) filter (where o.status <> ${S.FINALIZADOS} or o.finished_at is null
              or i.product_id <> u.product_id or o.created_at < t.released_at)::int as wrong
          from product_units u join trade_ins t on t.unit_id = u.id
          join orders o on o.id = u.order_id join order_items i on i.order_id = o.id
          where u.status = 'SOLD'`,
    );
    expect(resold[0]?.n).toBeGreaterThan(accepted.length / 3);
    expect(resold[0]?.wrong).toBe(0);
    // A Pix purchase is a bill paid that day.
    const pix = accepted.filter((row) => row.settlement === 'PIX');
    const bills = await t.db
      .selectFrom('payables')
      .select(['id', 'amount_cents', 'paid_cents'])
      .where(
        'id',
        'in',
        pix.map((row) => row.payable_id as number),
      )
      .execute();
    expect(bills.every((bill) => Number(bill.paid_cents) === Number(bill.amount_cents))).toBe(true);
    expect(bills).toHaveLength(pix.length);
  });

  it('has a year of repairs (issue 42 §2): about two a week, delivered and billed at the counter, some refused or returned', async () => {
    const year = await rows<{ month: string; opened: number; delivered: number; refused: number; returned: number }>(
      t,
      sql`select to_char(created_at, 'YYYY-MM') as month, count(*)::int as opened,
            count(*) filter (where status = 'DELIVERED')::int as delivered,
            count(*) filter (where exists (select 1 from repair_history h where h.repair_id = r.id and h.status = 'REFUSED'))::int as refused,
            count(*) filter (where status = 'RETURNED')::int as returned
          from repairs r where created_at < ${NOW} group by 1 order by 1`,
    );
    expect(year.length).toBeGreaterThanOrEqual(12);
    const total = (key: 'opened' | 'delivered' | 'refused' | 'returned') => year.reduce((sum, m) => sum + m[key], 0);
    expect(total('opened')).toBe(100);
    // One in ten refused at the estimate (then returned), one in twelve returned from the bench, the rest delivered.
    expect(total('refused')).toBe(10);
    expect(total('delivered') + total('returned')).toBe(100);
    expect(total('delivered')).toBeGreaterThan(75);
    // Each delivered one billed by a finalized order of its customer: its parts and labour, its parts out by a REPAIR
    // row of the ledger (never a SALE).
    const bills = await rows<{ n: number; wrong: number }>(
      t,
      sql`select count(*)::int as n, count(*) filter (where o.status <> ${S.FINALIZADOS} or o.customer_id <> r.customer_id
              or o.total_cents <> r.parts_cents + r.labour_cents
              or exists (select 1 from stock_movements m where m.order_id = o.id)
              or not exists (select 1 from stock_movements m where m.repair_id = r.id and m.kind = 'REPAIR'))::int as wrong
          from repairs r join orders o on o.repair_id = r.id where r.created_at < ${NOW}`,
    );
    expect(bills[0]).toEqual({ n: total('delivered'), wrong: 0 });
  });

  it("has the repair counter's day (issue 42 §2): each step of the bench, an estimate waiting, one late, one returned, two under our warranty", async () => {
    // The counter's day: the service orders opened in the last days (the year's are over, tested below).
    const repairs = await t.db
      .selectFrom('repairs')
      .select(['id', 'status', 'late_at', 'warranty_source', 'device_password'])
      .where('created_at', '>=', new Date(Date.now() - 5 * 86_400_000))
      .orderBy('id')
      .execute();
    const count = (status: string) => repairs.filter((r) => r.status === status).length;
    // 2 received, 2 + 1 late in diagnosis, 2 estimates waiting, 1 refused and returned, 2 under warranty (1 ready,
    // 1 delivered).
    expect(repairs).toHaveLength(10);
    expect([count('RECEIVED'), count('DIAGNOSIS'), count('AWAITING_APPROVAL'), count('RETURNED')]).toEqual([
      2, 3, 2, 1,
    ]);
    expect([count('READY'), count('DELIVERED')]).toEqual([1, 1]);
    expect(repairs.filter((r) => new Date(r.late_at).getTime() < Date.now())).toHaveLength(1);
    // Under our warranty: no bill; the devices that left have no password kept.
    const covered = repairs.filter((r) => r.warranty_source !== null).map((r) => r.id);
    expect(covered).toHaveLength(2);
    expect(await t.db.selectFrom('orders').select('id').where('repair_id', 'in', covered).execute()).toEqual([]);
    expect(
      repairs.filter((r) => ['DELIVERED', 'RETURNED'].includes(r.status)).every((r) => r.device_password === null),
    ).toBe(true);
    // Their screens and batteries left stock by REPAIR rows naming them.
    const rows = await t.db
      .selectFrom('stock_movements')
      .select(['repair_id', 'quantity_out'])
      .where('kind', '=', 'REPAIR')
      .where(
        'repair_id',
        'in',
        repairs.map((r) => r.id),
      )
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.repair_id !== null && row.quantity_out === 1)).toBe(true);
  });

  it('leaves the id sequences after the demo rows', async () => {
    // Inserted in a transaction rolled back: the run's other demo files read the same demo.
    let id: number | undefined;
    await t.db
      .transaction()
      .execute(async (trx) => {
        const customer = await trx
          .insertInto('customers')
          .values({
            name: 'Novo',
            email: 'novo@example.com',
            phone: '11987654321',
            document: '52998224725',
            search_text: '',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = customer.id;
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    // After the 300 of the year, one 'Consumidor final' per attendant (3 at scale 1) and the 4 registered by hand.
    expect(id).toBe(308);
  });
});

describe('the demo year obeys the invariants of live data (scale 1)', () => {
  /** Rows of the seeded database, as demo-invariants.test.ts reads them. */
  const rows = rowsIn(() => t);

  it('registers exchanges and returns as the adjustments service does: ledger, units, quantities, prices', async () => {
    const adjustments = await rows<{
      kind: 'EXCHANGE' | 'RETURN';
      original_order_id: number;
      product_id: number;
      quantity: number;
      unit_price_cents: number;
      unit_id: number | null;
      replacement_unit_id: number | null;
      replacement_unit_price_cents: number | null;
      employee_id: number;
      created_at: Date;
      paid: number;
      sold: number;
      level: number;
      serialized: boolean;
    }>(
      sql`select a.kind, a.original_order_id, a.product_id, a.quantity, a.unit_price_cents, a.unit_id,
            a.replacement_unit_id, a.replacement_unit_price_cents, a.employee_id, a.created_at,
            i.unit_price_cents as paid, i.quantity as sold, c.level, p.serialized
          from order_adjustments a join order_items i on i.order_id = a.original_order_id and i.product_id = a.product_id
          join orders o on o.id = a.original_order_id join customers c on c.id = o.customer_id
          join products p on p.id = a.product_id order by a.created_at, a.id`,
    );
    expect(adjustments.length).toBeGreaterThan(30);
    const ledger = await rows<{
      id: number;
      product_id: number;
      kind: string;
      order_id: number | null;
      quantity_in: number;
      quantity_out: number;
      unit_price_cents: number | null;
      cost_before_cents: number;
      sell_price_cents: number;
      gold_percentage: number;
      silver_percentage: number;
      bronze_percentage: number;
      employee_id: number | null;
      created_at: Date;
      units: string | null;
    }>(
      sql`select m.id, m.product_id, m.kind, m.order_id, m.quantity_in, m.quantity_out, m.unit_price_cents,
            m.cost_before_cents, p.sell_price_cents, p.gold_percentage, p.silver_percentage, p.bronze_percentage,
            m.employee_id, m.created_at,
            (select string_agg(mu.unit_id || ':' || coalesce(mu.event, ''), ',' order by mu.unit_id)
               from stock_movement_units mu where mu.movement_id = m.id) as units
          from stock_movements m join products p on p.id = m.product_id where m.kind in ('EXCHANGE', 'RETURN')
            and m.order_id is not null and exists (select 1 from order_adjustments a where a.original_order_id = m.order_id
              and a.created_at = m.created_at)`,
    );
    const unused = new Set(ledger.map((m) => m.id));
    const take = (match: (m: (typeof ledger)[number]) => boolean) => {
      const found = ledger.find((m) => unused.has(m.id) && match(m));
      if (found) unused.delete(found.id);
      return found;
    };
    const back = new Map<string, number>();
    const wrong: string[] = [];
    for (const a of adjustments) {
      const where = `order ${a.original_order_id} product ${a.product_id}`;
      // No more back than sold (ADJUSTMENT_QUANTITY_EXCEEDED), the price paid, a phone one unit a row.
      const key = `${a.original_order_id}:${a.product_id}`;
      back.set(key, (back.get(key) ?? 0) + a.quantity);
      if ((back.get(key) ?? 0) > a.sold) wrong.push(`${where}: more back than sold`);
      if (a.unit_price_cents !== a.paid) wrong.push(`${where}: not the price paid`);
      if (a.serialized !== (a.unit_id !== null) || (a.serialized && a.quantity !== 1)) wrong.push(`${where}: units`);
      const same = (m: (typeof ledger)[number]) =>
        m.order_id === a.original_order_id &&
        m.product_id === a.product_id &&
        m.kind === a.kind &&
        m.created_at.getTime() === a.created_at.getTime() &&
        m.employee_id === a.employee_id;
      // What comes back: an accessory to stock at the price paid (`moveStock`), a phone in analysis, named
      // RETURNED on a row that moves nothing (`receiveReturnedUnits`).
      const returned = a.serialized
        ? take((m) => same(m) && m.quantity_in === 0 && m.quantity_out === 0 && m.units === `${a.unit_id}:RETURNED`)
        : take((m) => same(m) && m.quantity_in === a.quantity && m.quantity_out === 0 && m.unit_price_cents === a.paid);
      if (!returned) wrong.push(`${where}: no ledger row for what came back`);
      if (a.kind !== 'EXCHANGE') continue;
      // What is given: the same product out of stock at the customer's level price on the day (cost then).
      const given = take(
        (m) =>
          same(m) &&
          m.quantity_in === 0 &&
          m.quantity_out === a.quantity &&
          (!a.serialized || m.units === `${a.replacement_unit_id}:`),
      );
      if (!given) {
        wrong.push(`${where}: no ledger row for the replacement`);
        continue;
      }
      const price = levelPriceCents({ ...given, cost_cents: given.cost_before_cents }, a.level);
      if (given.unit_price_cents !== price || a.replacement_unit_price_cents !== price)
        wrong.push(`${where}: replacement at ${a.replacement_unit_price_cents}, level price ${price}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect([...unused]).toEqual([]);
    // One registration, one kind (the request's `kind`), one order, one moment.
    const mixed = await rows<{ registration: string }>(
      sql`select registration from order_adjustments group by registration
          having count(distinct kind) > 1 or count(distinct original_order_id) > 1 or count(distinct created_at) > 1`,
    );
    expect(mixed).toEqual([]);
  });

  it("keeps each phone where its orders and adjustments put it (stock.service's units)", async () => {
    // `sellUnits` at the packing names the order's units (SOLD, order_id); `receiveReturnedUnits` keeps a
    // returned one on its order (RETURNED) until `releaseUnit` (IN_STOCK, no order) or `writeOffUnit`; an
    // exchange's replacement goes SOLD to the order. So the SOLD units of an order are its sale's units and
    // the replacements it got, less those that came back; a unit in stock belongs to no order.
    const wrong = await rows<{ id: number; status: string }>(
      sql`with sold as (
            select mu.unit_id, m.order_id from stock_movement_units mu join stock_movements m on m.id = mu.movement_id
            where m.kind = 'SALE'
            union all
            select replacement_unit_id, original_order_id from order_adjustments where replacement_unit_id is not null),
          back as (select unit_id, original_order_id as order_id from order_adjustments where unit_id is not null)
          select u.id, u.status from product_units u
          where (u.status = 'SOLD' and ((select count(*) from sold s where s.unit_id = u.id and s.order_id = u.order_id)
                   <= (select count(*) from back b where b.unit_id = u.id and b.order_id = u.order_id)
                 or exists (select 1 from orders o where o.id = u.order_id and o.status in (${S.CANCELADO}, ${S.REPROVADOS}))))
             or (u.status = 'IN_STOCK' and u.order_id is not null)
             or (u.status = 'RETURNED' and not exists (select 1 from back b where b.unit_id = u.id and b.order_id = u.order_id))
          limit 10`,
    );
    expect(wrong).toEqual([]);
  });

  it('keeps every counter and summary the database maintains equal to a recount (migrations 0007–0072)', async () => {
    // Triggers keep these tables in the statement that writes their source, whoever writes (the checkout,
    // the workflow, the seed's bulk inserts): rebuilt by each migration's own backfill, they are the same.
    const counters = [
      'order_status_counts',
      'order_status_days',
      'customer_status_counts',
      'product_counts',
      'receivable_days',
    ];
    const summaries = [
      'report_product_sales',
      'report_customer_sales',
      'report_product_views',
      'report_search_terms',
      'report_customer_signins',
    ];
    // The rankings are kept from 0007's monthly rows (their triggers): rebuilt after those, from them.
    const rankings = RANKINGS.map((r) => r.table);
    const tables = [...counters, ...summaries, ...rankings];
    // A row whose figures all came back to 0 (a day a status's orders all left; an order moved to another day) is
    // one the recount does not write: the same count.
    const figures: Record<string, readonly string[]> = {
      order_status_days: ['orders'],
      report_product_sales: ['quantity'],
      report_customer_sales: ['orders', 'total_cents'],
      ...Object.fromEntries(RANKINGS.map((r) => [r.table, r.figures])),
    };
    const zero = (table: string, line: string) => {
      const row = JSON.parse(line) as Record<string, unknown>;
      return figures[table]?.every((name) => Number(row[name]) === 0) ?? false;
    };
    const content = async (db: Pick<TestDatabase['db'], 'executeQuery' | 'getExecutor'>, table: string) =>
      (await sql<{ line: string }>`select row_to_json(x)::text as line from ${sql.table(table)} x`.execute(db)).rows
        .map((r) => r.line)
        .filter((line) => !zero(table, line))
        .sort();
    const kept = new Map<string, string[]>();
    for (const table of tables) kept.set(table, await content(t.db, table));
    // Rebuilt in a transaction rolled back afterwards: the seeded rows stay as they are.
    await t.db
      .transaction()
      .execute(async (trx) => {
        const empty = async (list: string[]) => {
          for (const table of list) await sql`truncate ${sql.table(table)}`.execute(trx);
        };
        await empty([...counters, ...summaries]);
        for (const statement of [
          ...RECOUNT,
          ...RECOUNT_DAYS,
          ...RECOUNT_CUSTOMERS,
          ...RECOUNT_PRODUCTS,
          ...RECOUNT_RECEIVABLE_DAYS,
          ...BACKFILL,
        ])
          await sql.raw(statement).execute(trx);
        await empty(rankings);
        for (const statement of RANKING_BACKFILL) await sql.raw(statement).execute(trx);
        for (const table of tables) {
          const rebuilt = await content(trx, table);
          expect(rebuilt.length, table).toBeGreaterThan(0);
          expect(kept.get(table), table).toEqual(rebuilt);
        }
        throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
    // Since when each order is in its status (migration 0048): its last history row of it, else its creation.
    const drifted = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders o
          where o.status_since is distinct from coalesce((select max(h.created_at) from order_status_history h
            where h.order_id = o.id and h.status = o.status), o.created_at)`,
    );
    expect(drifted[0]?.n).toBe(0);
  });
});
