import { businessDay, dayStart, EMPLOYEE_FUNCS, isValidCnpj, isValidImei, ORDER_STATUS } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAccessKey } from '../lib/nfe/access-key';
import { payablesDue } from '../modules/payables/payables.service';
import { createPurchasesService } from '../modules/purchases/purchases.service';
import type { TestDatabase } from '../test/database';
import { SHARED_DEMO_TIMEOUT_MS, sharedDemo } from './shared-demo';
import { NOW, rows } from './test-demo';

/**
 * The demo business at scale 1: exchanges and returns, analytics, payments, quotes, suppliers and their notes, the
 * counter's registers (seeded once for the run's demo files by ./shared-demo).
 */
const S = ORDER_STATUS;
/** The start of the demo's today (21/11/2026 in São Paulo): today's entries by XML are after it, the months' before. */
const TODAY_START = dayStart('2026-11-21');

describe('the demo business (scale 1)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    ({ t } = await sharedDemo());
  }, SHARED_DEMO_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('records exchanges and returns of finished orders, by attendants and couriers, as the API does (decision 0012)', async () => {
    const adjustments = await t.db
      .selectFrom('order_adjustments as a')
      .innerJoin('orders as o', 'o.id', 'a.original_order_id')
      .innerJoin('products as p', 'p.id', 'a.product_id')
      .selectAll('a')
      .select(['o.finished_at', 'o.status', 'p.serialized'])
      .execute();
    expect(new Set(adjustments.map((a) => a.kind))).toEqual(new Set(['EXCHANGE', 'RETURN']));
    expect(adjustments.some((a) => a.deliverer_id !== null && a.adjustment_order_id !== null)).toBe(true);
    expect(adjustments.some((a) => a.deliverer_id === null)).toBe(true);
    expect(adjustments.some((a) => a.serialized)).toBe(true);
    // The lines of one registration (the phones of one line come back a row each) share its order and time.
    const registrations = new Map<string, string>();
    for (const a of adjustments) {
      const key = `${a.original_order_id}@${a.created_at.toISOString()}`;
      expect(registrations.get(a.registration as string) ?? key).toBe(key);
      registrations.set(a.registration as string, key);
    }
    for (const a of adjustments) {
      expect(a.status).toBe(S.FINALIZADOS);
      expect(a.employee_id).not.toBeNull();
      expect(a.created_at.getTime()).toBeGreaterThan((a.finished_at as Date).getTime());
      // A phone comes back one unit a row; an accessory without unit.
      expect(a.unit_id !== null).toBe(a.serialized);
      if (a.serialized) expect(a.quantity).toBe(1);
      // The money: a return refunds what was paid; an exchange costs the difference to the replacement's price.
      if (a.kind === 'RETURN') {
        expect(a.replacement_product_id).toBeNull();
        expect(a.difference_cents).toBe(-a.quantity * a.unit_price_cents);
      } else {
        expect(a.replacement_product_id).toBe(a.product_id);
        expect(a.replacement_unit_id !== null).toBe(a.serialized);
        expect(a.difference_cents).toBe(a.quantity * ((a.replacement_unit_price_cents as number) - a.unit_price_cents));
      }
    }
    // A returned phone is in analysis, or was released to stock (no order any more) or written off.
    const phones = await rows<{ status: string; order_id: number | null; events: string }>(
      t,
      sql`select u.status, u.order_id, string_agg(mu.event, ',' order by m.created_at, m.id) as events
          from order_adjustments a join product_units u on u.id = a.unit_id
          join stock_movement_units mu on mu.unit_id = u.id and mu.event is not null
          join stock_movements m on m.id = mu.movement_id
          group by u.id, u.status, u.order_id`,
    );
    expect(phones.length).toBeGreaterThan(0);
    for (const p of phones) {
      expect(p.events.startsWith('RETURNED')).toBe(true);
      const verdict = { IN_STOCK: 'RETURNED,RELEASED', WRITTEN_OFF: 'RETURNED,WRITTEN_OFF', RETURNED: 'RETURNED' };
      // A phone released, then sold and returned again, lists every turn; its last verdict is its status.
      expect(p.events.endsWith(verdict[p.status as keyof typeof verdict] ?? 'RETURNED,RELEASED')).toBe(true);
    }
    expect(phones.some((p) => p.status === 'IN_STOCK')).toBe(true);
    expect(phones.filter((p) => p.status === 'RETURNED').every((p) => p.order_id !== null)).toBe(true);
    // The replacements handed out went to the exchange's order.
    const replacements = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from order_adjustments a join product_units u on u.id = a.replacement_unit_id
          where u.order_id is distinct from a.original_order_id`,
    );
    expect(replacements[0]?.n).toBe(0);
  });

  it('has a year of sign-ins, product views and searches, some searches without result', async () => {
    const zero = await rows<{ term: string }>(
      t,
      sql`select distinct normalized_term as term from search_terms where result_count = 0`,
    );
    expect(zero.map((z) => z.term)).toContain('iphnoe 15');
    const found = await rows<{ n: number }>(
      t,
      sql`select max(result_count)::int as n from search_terms where normalized_term = 'iphone 15'`,
    );
    expect(found[0]?.n).toBeGreaterThan(0);
    const span = await rows<{ days: number }>(
      t,
      sql`select extract(day from max(created_at) - min(created_at))::int as days from customer_signins`,
    );
    expect(span[0]?.days).toBeGreaterThan(300);
  });

  it('has bank settings with a Pix key and an account, and the company settings', async () => {
    const banks = await t.db.selectFrom('bank_settings').selectAll().where('disabled', '=', false).execute();
    expect(banks.some((b) => b.type === 'Pix' && b.pix_key)).toBe(true);
    expect(banks.some((b) => b.type === 'Transfer' && b.account && b.agency)).toBe(true);
    const company = await t.db.selectFrom('company_settings').selectAll().execute();
    expect(company).toMatchObject([{ company_id: 1, pix_auto: false }]);
  });

  it('has card and split-paid orders (issue 38): their parts sum to the total, a card part nets its fee', async () => {
    const parts = await t.db.selectFrom('order_payments').selectAll().execute();
    const byOrder = new Map<number, typeof parts>();
    for (const part of parts) byOrder.set(part.order_id, [...(byOrder.get(part.order_id) ?? []), part]);
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_method', 'total_cents'])
      .where('id', 'in', [...byOrder.keys()])
      .execute();
    const cardOnly = orders.filter((o) => o.payment_method === 'CARD');
    const split = orders.filter((o) => (byOrder.get(o.id) ?? []).length === 2);
    expect(cardOnly.length).toBeGreaterThan(10);
    expect(split.length).toBeGreaterThan(10);
    for (const order of orders) {
      const own = byOrder.get(order.id) ?? [];
      expect(
        own.reduce((sum, p) => sum + p.amount_cents, 0),
        `order ${order.id}`,
      ).toBe(order.total_cents);
      const paid = own.filter((p) => p.status === 'CONFIRMED').reduce((sum, p) => sum + p.amount_cents, 0);
      // A finished or delivered order is paid in full; one still in Processando waits for its Pix part.
      if (order.status === S.FINALIZADOS || order.status === S.ENTREGUE) expect(paid).toBe(order.total_cents);
      else expect(own.some((p) => p.method === 'PIX' && p.status === 'PENDING')).toBe(true);
      for (const card of own.filter((p) => p.method === 'CARD')) {
        expect((card.net_cents ?? 0) + (card.fee_cents ?? 0)).toBe(card.amount_cents);
        expect(card.nsu).toMatch(/^\d{6}$/);
      }
    }
  });

  it("shows every handed-over cash order paid (decision 0075): its confirmed parts pay its total, 'Pago' right", async () => {
    const short = await rows<{ id: number; total: number; paid: number }>(
      t,
      sql`select o.id, o.total_cents::int as total, coalesce((select sum(p.amount_cents) from order_payments p
            where p.order_id = o.id and p.status = 'CONFIRMED'), 0)::int as paid
          from orders o where o.status in (${S.ENTREGUE}, ${S.FINALIZADOS}) and o.payment_method = 'CASH'
            and not o.card_on_delivery`,
    );
    expect(short.length).toBeGreaterThan(10);
    expect(short.filter((o) => o.paid !== o.total)).toEqual([]);
    // The courier's cash is his at the door (in his name); the counter's in the name of who finalized it.
    const [door] = await rows<{ parts: number; couriers: number }>(
      t,
      sql`select count(*)::int as parts, count(*) filter (where e.func = ${EMPLOYEE_FUNCS.DELIVERER})::int as couriers
          from order_payments p join employees e on e.id = p.created_by where p.at_door`,
    );
    expect(door?.parts).toBeGreaterThan(0);
    expect(door?.couriers).toBe(door?.parts);
  });

  it("has quotes (issue 38 §4): converted at their order's figures, open and expired", async () => {
    const quotes = await t.db.selectFrom('quotes').selectAll().orderBy('id').execute();
    const today = businessDay(NOW);
    const converted = quotes.filter((q) => q.status === 'CONVERTED');
    const open = quotes.filter((q) => q.status === 'OPEN' && q.valid_until >= today);
    const expired = quotes.filter((q) => q.status === 'OPEN' && q.valid_until < today);
    expect([converted.length, open.length, expired.length]).toEqual([6, 4, 3]);
    for (const quote of converted) {
      const order = await t.db
        .selectFrom('orders')
        .select(['customer_id', 'total_cents', 'discount_cents'])
        .where('id', '=', quote.order_id as number)
        .executeTakeFirstOrThrow();
      expect([order.customer_id, order.total_cents, order.discount_cents]).toEqual([
        quote.customer_id,
        quote.total_cents,
        quote.discount_cents,
      ]);
    }
    for (const quote of quotes) {
      const items = await t.db.selectFrom('quote_items').selectAll().where('quote_id', '=', quote.id).execute();
      const goods = items.reduce((sum, item) => sum + item.unit_price_cents * item.quantity, 0);
      expect(goods, `quote ${quote.id}`).toBe(quote.items_total_cents);
      expect(quote.total_cents).toBe(
        quote.items_total_cents +
          quote.shipping_cost_cents +
          quote.fast_delivery_tax_cents +
          quote.warranty_cents -
          quote.discount_cents,
      );
    }
  });

  it('has suppliers with valid CNPJs and bills to pay (issue 39): paid, one paid in part and overdue, open, a credit', async () => {
    const suppliers = await t.db.selectFrom('suppliers').select(['name', 'document']).orderBy('id').execute();
    expect(suppliers).toHaveLength(5);
    for (const s of suppliers) expect(isValidCnpj(s.document), s.document).toBe(true);
    // The bills typed by hand and those of today's three entries by XML (the months' notes: the test below).
    const bills = await t.db
      .selectFrom('payables')
      .select(['category', 'amount_cents', 'paid_cents'])
      .select(sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due'))
      .where((eb) =>
        eb.or([
          eb('purchase_id', 'is', null),
          eb('purchase_id', 'in', eb.selectFrom('purchases').select('id').where('created_at', '>=', TODAY_START)),
        ]),
      )
      // Not the used phones bought by Pix (issue 42 §1: the test of the trade-ins).
      .where((eb) => eb.or([eb('document_number', 'is', null), eb('document_number', 'not like', 'AV-%')]))
      .orderBy('id')
      .execute();
    // 4 rents, 4 fuel bills, 4 purchases typed by hand and the 5 instalments of the 3 entries by XML, and a credit.
    expect(bills).toHaveLength(18);
    const byCategory = (category: string) => bills.filter((b) => b.category === category).length;
    expect([byCategory('ALUGUEL'), byCategory('COMBUSTIVEL'), byCategory('COMPRA'), byCategory('DEVOLUCAO')]).toEqual([
      4, 4, 9, 1,
    ]);
    const paid = bills.filter((b) => Number(b.paid_cents) === Math.abs(Number(b.amount_cents)));
    expect(paid).toHaveLength(7);
    // The techcell bill's undone payment counts for nothing: each bill's paid is its payments not undone.
    const undone = await t.db
      .selectFrom('payable_payments')
      .select('amount_cents')
      .where('undone_at', 'is not', null)
      .execute();
    expect(undone.map((p) => Number(p.amount_cents))).toEqual([512_000]);
    // On the demo's today (21/11/2026): next 7 days 4.800,00 + 2.340,00 + 8.900,00; overdue 701,30 − 300,00 (the
    // entries' bills fall due in 21 days or more); with them, the open bills of the months' notes in each window.
    const notes = await rows<{ next: number; nextCount: number; overdue: number; overdueCount: number }>(
      t,
      sql`select coalesce(sum(amount_cents) filter (where due_date between '2026-11-21' and '2026-11-27'), 0)::int as next,
            count(*) filter (where due_date between '2026-11-21' and '2026-11-27')::int as "nextCount",
            coalesce(sum(amount_cents) filter (where due_date < '2026-11-21'), 0)::int as overdue,
            count(*) filter (where due_date < '2026-11-21')::int as "overdueCount"
          from payables where paid_cents = 0 and purchase_id in
            (select id from purchases where created_at < ${TODAY_START})`,
    );
    const months = notes[0] as { next: number; nextCount: number; overdue: number; overdueCount: number };
    expect(await payablesDue(t.db, NOW)).toEqual({
      from: '2026-11-21',
      to: '2026-11-27',
      next7Days: { amount: (1_604_000 + months.next) / 100, count: 3 + months.nextCount },
      overdue: { amount: (40_130 + months.overdue) / 100, count: 1 + months.overdueCount },
    });
  });

  it("has months of the distributors' notes entered (issue 39): items at the ledger's rows, phones, bills paid and open", async () => {
    const entered = await rows<{
      id: number;
      access_key: string;
      supplier: string;
      number: string;
      total_cents: number;
      items_count: number;
      created_at: Date;
      created_by: number;
    }>(
      t,
      sql`select p.id, p.access_key, s.name as supplier, p.number, p.total_cents::int as total_cents, p.items_count,
            p.created_at, p.created_by
          from purchases p join suppliers s on s.id = p.supplier_id
          where p.created_at < ${TODAY_START} order by p.created_at, p.id`,
    );
    // The business day each was entered on, by the business clock.
    const purchases = entered.map((p) => ({ ...p, day: businessDay(p.created_at) }));
    // From the suppliers' registration, 120 days before today (24/07/2026), to yesterday: notes of every month.
    expect(purchases.length).toBeGreaterThan(20);
    expect((purchases[0]?.day ?? '') >= '2026-07-24').toBe(true);
    expect(purchases.at(-1)?.day).toBe('2026-11-20');
    expect(new Set(purchases.map((p) => p.day.slice(0, 7)))).toEqual(
      new Set(['2026-07', '2026-08', '2026-09', '2026-10', '2026-11']),
    );
    expect(new Set(purchases.map((p) => p.supplier))).toEqual(
      new Set([
        'Distribuidora Paulista de Celulares Ltda',
        'Mega Acessórios Importação e Comércio Ltda',
        'TechCell Distribuidora de Eletrônicos S.A.',
      ]),
    );
    // Each a valid, unique access key, one note a distributor a day, entered by a stocker.
    expect(purchases.every((p) => isValidAccessKey(p.access_key))).toBe(true);
    expect(new Set(purchases.map((p) => p.access_key)).size).toBe(purchases.length);
    expect(new Set(purchases.map((p) => `${p.supplier} ${p.day}`)).size).toBe(purchases.length);
    const stockers = await t.db
      .selectFrom('employees')
      .select('id')
      .where('func', '=', EMPLOYEE_FUNCS.STOCKER)
      .execute();
    expect(purchases.every((p) => stockers.some((s) => s.id === p.created_by))).toBe(true);
    // Each item is its ledger row: a PURCHASE naming the note, at the note's time, its units and costs.
    const strays = await rows<{ id: number }>(
      t,
      sql`select i.id from purchase_items i join purchases p on p.id = i.purchase_id
          join stock_movements m on m.id = i.movement_id
          where p.created_at < ${TODAY_START} and (m.kind <> 'PURCHASE' or m.purchase_id <> p.id
            or m.created_at <> p.created_at or m.quantity_in <> i.units or m.entry_unit_cost_cents <> i.unit_cost_cents
            or m.cost_before_cents <> i.cost_before_cents or m.cost_after_cents <> i.cost_after_cents
            or m.product_id <> i.product_id or i.total_cost_cents <> i.units * i.unit_cost_cents)`,
    );
    expect(strays).toEqual([]);
    const unlinked = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from stock_movements m where m.purchase_id is not null
          and not exists (select 1 from purchase_items i where i.movement_id = m.id)`,
    );
    expect(unlinked[0]?.n).toBe(0);
    // Each note's total and count are its items'; its bills add up to its total.
    const sums = await rows<{ id: number }>(
      t,
      sql`select p.id from purchases p where p.created_at < ${TODAY_START} and (
            p.total_cents <> (select sum(total_cost_cents) from purchase_items where purchase_id = p.id)
            or p.items_count <> (select count(*) from purchase_items where purchase_id = p.id)
            or p.total_cents <> (select sum(amount_cents) from payables where purchase_id = p.id))`,
    );
    expect(sums).toEqual([]);
    // The phones that came by a note are named by its ledger row.
    const phones = await rows<{ n: number; named: number }>(
      t,
      sql`select count(*)::int as n, count(*) filter (where exists (select 1 from stock_movement_units mu
            join stock_movements m on m.id = mu.movement_id
            where mu.unit_id = u.id and m.kind = 'PURCHASE' and m.purchase_id = u.purchase_id))::int as named
          from product_units u join purchases p on p.id = u.purchase_id where p.created_at < ${TODAY_START}`,
    );
    expect(phones[0]?.n).toBeGreaterThan(0);
    expect(phones[0]?.named).toBe(phones[0]?.n);
    // Bills: those due before today paid on their day, but for some of the last ten days (overdue); later ones open.
    const bills = await rows<{ due: string; amount: number; paid: number; paidOn: string | null }>(
      t,
      sql`select to_char(b.due_date, 'YYYY-MM-DD') as due, b.amount_cents::int as amount, b.paid_cents::int as paid,
            (select to_char(min(paid_on), 'YYYY-MM-DD') from payable_payments where payable_id = b.id) as "paidOn"
          from payables b join purchases p on p.id = b.purchase_id where p.created_at < ${TODAY_START}`,
    );
    const open = bills.filter((b) => b.paid === 0);
    const paid = bills.filter((b) => b.paid === b.amount);
    expect(open.length + paid.length).toBe(bills.length);
    expect(paid.every((b) => b.due < '2026-11-21' && b.paidOn === b.due)).toBe(true);
    expect(open.every((b) => b.due >= '2026-11-11' && b.paidOn === null)).toBe(true);
    expect(paid.length).toBeGreaterThan(0);
    expect(open.some((b) => b.due < '2026-11-21')).toBe(true);
    expect(open.some((b) => b.due >= '2026-11-21')).toBe(true);
    // The distributor's code of each item is remembered for its product.
    const forgotten = await rows<{ id: number }>(
      t,
      sql`select i.id from purchase_items i join purchases p on p.id = i.purchase_id
          where not exists (select 1 from supplier_product_codes c where c.supplier_id = p.supplier_id
            and c.supplier_code = i.supplier_code and c.product_id = i.product_id)`,
    );
    expect(forgotten).toEqual([]);
  });

  it("has three entries by the suppliers' NF-e XML (issue 39 §2): their items, phones by IMEI, bills and ledger rows", async () => {
    const purchases = createPurchasesService(t.db);
    // 'Entradas', newest first: entered by the stocker this morning, 09:10, 09:45 and 10:20 (São Paulo, 12:10Z…).
    const page = await purchases.page({ page: 0, size: 20 });
    const todays = page.items.slice(0, 3);
    expect(
      todays.map((p) => [
        p.supplier.name,
        p.number,
        p.total,
        p.itemsCount,
        p.signatureStatus,
        p.createdBy,
        p.createdAt,
      ]),
    ).toEqual([
      [
        'Distribuidora Paulista de Celulares Ltda',
        '1204',
        2874,
        3,
        'VALID',
        'Carlos Estoquista',
        '2026-11-21T13:20:00.000Z',
      ],
      [
        'Mega Acessórios Importação e Comércio Ltda',
        '9127',
        1923,
        4,
        'VALID',
        'Carlos Estoquista',
        '2026-11-21T12:45:00.000Z',
      ],
      [
        'TechCell Distribuidora de Eletrônicos S.A.',
        '48213',
        4264,
        2,
        'VALID',
        'Carlos Estoquista',
        '2026-11-21T12:10:00.000Z',
      ],
    ]);
    expect((page.items[3]?.createdAt ?? '9') < '2026-11-21').toBe(true);
    const entries = await Promise.all([...todays].reverse().map((p) => purchases.get(p.id)));
    const ids = todays.map((p) => p.id);
    // Unit cost = (vProd + vFrete) ÷ units: TechCell (2.436,00 + 30,00) ÷ 3 = 822,00 and (1.778,00 + 20,00) ÷ 2 =
    // 899,00; Mega's cables come in boxes of 10: 89,00 ÷ 10 = 8,90; the rest is vUnCom.
    expect(entries.map((e) => e.items.map((i) => [i.product.name, i.units, i.unitCost, i.imeis.length]))).toEqual([
      [
        ['Samsung Galaxy A15 5G 128GB Azul Escuro', 3, 822, 3],
        ['Samsung Galaxy A16 5G 128GB Cinza', 2, 899, 2],
      ],
      [
        ['Película de Vidro 3D Geonav Galaxy A15', 50, 9.8, 0],
        ['Capa Anti-impacto Gshield Galaxy A15 Transparente', 30, 24.5, 0],
        ['Carregador Samsung 25W USB-C Super Fast Charging Preto', 10, 52, 0],
        ['Cabo i2GO USB para USB-C 2m Reforçado Preto', 20, 8.9, 0],
      ],
      [
        ['Xiaomi Redmi Note 13 128GB Preto', 2, 1045, 2],
        ['Capa Anti-impacto Gshield Redmi Note 13 Transparente', 20, 24.5, 0],
        ['Película de Vidro 3D Geonav Redmi Note 13', 30, 9.8, 0],
      ],
    ]);
    // 4.264,00 in one bill at 28 days; 1.923,00 in two of 961,50 (21 and 42 days); 2.874,00 in two of 1.437,00 (30
    // and 60 days): R$ 9.061,00, each note's bills its total.
    expect(entries.map((e) => e.payables.map((b) => [b.documentNumber, b.dueDate, b.amount]))).toEqual([
      [['001', '2026-12-19', 4264]],
      [
        ['001', '2026-12-12', 961.5],
        ['002', '2027-01-02', 961.5],
      ],
      [
        ['001', '2026-12-21', 1437],
        ['002', '2027-01-20', 1437],
      ],
    ]);
    // The 7 phones are in stock, each named by the PURCHASE row of its entry, at that row's time; 167 units came in.
    const phones = await rows<{ imei: string; status: string; named: number }>(
      t,
      sql`select u.imei, u.status, (select count(*)::int from stock_movement_units mu join stock_movements m
            on m.id = mu.movement_id where mu.unit_id = u.id and m.kind = 'PURCHASE' and m.purchase_id = u.purchase_id
            and mu.created_at = m.created_at and u.entered_at = m.created_at) as named
          from product_units u where u.purchase_id in (${sql.join(ids)})`,
    );
    expect(phones).toHaveLength(7);
    expect(phones.every((p) => p.status === 'IN_STOCK' && p.named === 1 && isValidImei(p.imei))).toBe(true);
    const moved = await rows<{ n: number; units: number }>(
      t,
      sql`select count(*)::int as n, sum(quantity_in)::int as units from stock_movements where purchase_id in (${sql.join(ids)})`,
    );
    expect(moved[0]).toEqual({ n: 9, units: 3 + 2 + 50 + 30 + 10 + 20 + 2 + 20 + 30 });
    // Each product's cost is now the average its entry made, and its stock its ledger (the test above).
    for (const item of entries.flatMap((e) => e.items)) {
      const product = await t.db
        .selectFrom('products')
        .select('cost_cents')
        .where('id', '=', item.product.id)
        .executeTakeFirstOrThrow();
      expect(product.cost_cents / 100, item.product.name).toBe(item.costAfter);
    }
  });

  it("has a month of the counter's registers (issue 40 §3), fed by the counter's cash, closed, one difference pending", async () => {
    const registers = await t.db.selectFrom('cash_registers').select('name').orderBy('id').execute();
    expect(registers.map((r) => r.name)).toEqual(['Caixa balcão 1', 'Caixa balcão 2']);
    const sessions = await rows<{
      id: number;
      day: string;
      operator_id: number;
      float_cents: number;
      expected_cents: number;
      counted_cents: number;
      close_reason: string | null;
      approval: string;
      approved_by: number | null;
      opened_at: Date;
      closed_at: Date | null;
      sum_in: number;
      sum_out: number;
      outside: number;
    }>(
      t,
      sql`select s.id, to_char(s.opened_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day, s.operator_id,
            s.float_cents::int, s.expected_cents::int, s.counted_cents::int, s.close_reason, s.approval, s.approved_by,
            s.opened_at, s.closed_at,
            coalesce((select sum(e.amount_cents) from cash_entries e where e.session_id = s.id
              and e.kind in ('SALE', 'SETTLEMENT', 'INSTALMENT', 'TOP_UP')), 0)::int as sum_in,
            coalesce((select sum(e.amount_cents) from cash_entries e where e.session_id = s.id
              and e.kind in ('REMOVAL', 'REFUND')), 0)::int as sum_out,
            (select count(*) from cash_entries e where e.session_id = s.id
              and (e.created_at < s.opened_at or e.created_at > s.closed_at))::int as outside
          from cash_sessions s order by s.opened_at, s.id`,
    );
    // 30 days before Saturday 21/11: 22/10 (Thursday) to 20/11 (Friday), less the Sundays 25/10, 1/11, 8/11, 15/11.
    const days = new Set(sessions.map((s) => s.day));
    expect(days.size).toBe(26);
    expect([...days][0]).toBe('2026-10-22');
    expect([...days].at(-1)).toBe('2026-11-20');
    for (const sunday of ['2026-10-25', '2026-11-01', '2026-11-08', '2026-11-15']) expect(days.has(sunday)).toBe(false);
    for (const s of sessions) {
      expect(s.closed_at, `session ${s.id}`).not.toBeNull();
      expect(s.float_cents).toBe(20_000);
      expect(s.expected_cents, `session ${s.id}`).toBe(s.float_cents + s.sum_in - s.sum_out);
      expect(s.outside, `session ${s.id}`).toBe(0);
      if (s.counted_cents === s.expected_cents) {
        expect([s.approval, s.close_reason]).toEqual(['NOT_NEEDED', null]);
      } else {
        expect(s.close_reason).toBeTruthy();
        if (s.approval === 'APPROVED') expect(s.approved_by).not.toBe(s.operator_id);
      }
    }
    const pending = sessions.filter((s) => s.approval === 'PENDING');
    expect(pending.map((s) => [s.day, s.counted_cents - s.expected_cents])).toEqual([['2026-11-20', -500]]);
    expect(sessions.filter((s) => s.approval === 'APPROVED').length).toBeGreaterThanOrEqual(2);

    // Each sale in a drawer is cash the counter took: a cash part its operator recorded, or what a cash order still
    // owed when its operator handed it over from 'Aguardando cliente'.
    const sales = await rows<{
      id: number;
      amount: number;
      operator: number;
      payment_id: number | null;
      order_id: number;
    }>(
      t,
      sql`select e.id, e.amount_cents::int as amount, s.operator_id as operator, e.payment_id, e.order_id
          from cash_entries e join cash_sessions s on s.id = e.session_id where e.kind = 'SALE'`,
    );
    expect(sales.length).toBeGreaterThan(10);
    for (const sale of sales) {
      if (sale.payment_id !== null) {
        const part = await t.db
          .selectFrom('order_payments')
          .select(['method', 'amount_cents', 'created_by', 'order_id'])
          .where('id', '=', sale.payment_id)
          .executeTakeFirstOrThrow();
        expect(part).toEqual({
          method: 'CASH',
          amount_cents: sale.amount,
          created_by: sale.operator,
          order_id: sale.order_id,
        });
      } else {
        const [order] = await rows<{ total: number; parts: number; finalizer: number; waited: boolean }>(
          t,
          sql`select o.total_cents::int as total,
                coalesce((select sum(p.amount_cents) from order_payments p where p.order_id = o.id
                  and p.status = 'CONFIRMED'), 0)::int as parts,
                (select h.employee_id from order_status_history h where h.order_id = o.id and h.status = 13
                  order by h.id limit 1) as finalizer,
                exists (select 1 from order_status_history h where h.order_id = o.id and h.status = 6) as waited
              from orders o where o.id = ${sale.order_id} and o.payment_method = 'CASH'`,
        );
        expect(order, `sale ${sale.id}`).toEqual({
          total: sale.amount + (order?.parts ?? 0),
          parts: order?.parts,
          finalizer: sale.operator,
          waited: true,
        });
      }
    }
    // Removals to the bank carry their reason.
    const removals = await t.db.selectFrom('cash_entries').select(['reason']).where('kind', '=', 'REMOVAL').execute();
    expect(removals.length).toBeGreaterThan(0);
    expect(new Set(removals.map((r) => r.reason))).toEqual(new Set(['Depósito no banco']));
  });
});
