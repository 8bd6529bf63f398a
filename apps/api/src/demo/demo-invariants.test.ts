/**
 * The binding test of the demo seed (issue 37 §4): the year the seed writes in bulk obeys the invariants the
 * live code guarantees, so a rule changed in a service and not in the seed fails here. Each check names the
 * code that makes the invariant true for live data. It runs on a fresh database of each engine (PGlite, and
 * PostgreSQL with DATABASE_URL), on the demo at scale 1.
 *
 * The demo has one actor the API has not: the shop app, where a customer places an order and sends its proof
 * himself (`attendant_id` and the history's employee empty; docs/api.md, docs/order-workflow.md "Pictures and
 * history"). Everything else an order goes through is a move of the workflow, made as `transition` makes it.
 */
import {
  ADJUSTABLE_STATUSES,
  averageCostCents,
  findTransition,
  isPackingAction,
  ORDER_CREATION,
  type OrderStatusKey,
  PAYMENT_TEXTS,
  percentOfCents,
  pixTxid,
  placedStatus,
  ruleRefusal,
  STOCK_RELEASED_ON,
} from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelPriceCents, quote } from '../modules/selling/pricing';
import type { TestDatabase } from '../test/database';
import { SHARED_DEMO_TIMEOUT_MS, sharedDemo } from './shared-demo';
import { BANK_MOVES, byOrder, type Event, type Order, orderEvents, rowsIn } from './test-demo';

let t: TestDatabase;

const rows = rowsIn(() => t);

beforeAll(async () => {
  ({ t } = await sharedDemo());
}, SHARED_DEMO_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
});

describe('the demo year obeys the invariants of live data (scale 1)', () => {
  let orders: Order[];
  let events: Map<number, Event[]>;

  beforeAll(async () => {
    ({ orders, events } = await orderEvents(t));
  });

  it("writes every order's history as the workflow does: placed, then moves of the table by whom it allows, ending in its status", async () => {
    const employees = new Map(
      (
        await rows<{ id: number; func: number; permissions: string[] }>(
          sql`select e.id, e.func, coalesce(r.permissions, '{}') as permissions from employees e left join roles r on r.id = e.role_id`,
        )
      ).map((e) => [e.id, e]),
    );
    const images = byOrder(
      await rows<{ order_id: number; kind: string; created_at: Date }>(
        sql`select order_id, kind, created_at from order_images`,
      ),
    );
    const adjustments = byOrder(
      await rows<{ order_id: number; employee_id: number; created_at: Date }>(
        sql`select distinct original_order_id as order_id, employee_id, created_at from order_adjustments`,
      ),
    );
    const pix = new Map(
      (
        await rows<{ order_id: number; amount_cents: number; confirmed_at: Date | null; matched_by: number | null }>(
          sql`select order_id, amount_cents, confirmed_at, matched_by from pix_received where order_id is not null`,
        )
      ).map((p) => [p.order_id, p]),
    );
    // Each kind of problem once, with its first order and how many orders have it.
    const problems: Record<string, string> = {};
    const seen = new Map<string, number>();
    const fail = (o: Order, what: string) => {
      seen.set(what, (seen.get(what) ?? 0) + 1);
      problems[what] = `order ${o.id} (${o.code}) and ${(seen.get(what) ?? 1) - 1} more`;
    };
    const imageAt = (o: Order, kind: string, at: Date) =>
      (images.get(o.id) ?? []).some((i) => i.kind === kind && i.created_at.getTime() === at.getTime());

    for (const o of orders) {
      const list = events.get(o.id) ?? [];
      const placing = list[0];
      if (!placing) {
        fail(o, 'no history');
        continue;
      }
      // Placing (orders.service `placeOrder`, contract ORDER_CREATION): lands in one of its statuses, at the
      // order's creation, by the seller (the order's attendant; the shop app: nobody); with the proof, the
      // status attaching it leads to and the RECEIPT picture at once (placedStatus).
      const landed = placing.row.status as OrderStatusKey;
      if (!ORDER_CREATION.to.includes(landed)) fail(o, `placed in ${landed}`);
      if (placing.row.created_at.getTime() !== o.created_at.getTime()) fail(o, 'placing is not at created_at');
      if (placing.row.employee_id !== o.attendant_id) fail(o, 'placed by someone else than its attendant');
      if (landed !== placedStatus(landed, false) && !imageAt(o, 'RECEIPT', o.created_at))
        fail(o, 'placed without proof');

      let lastMove = placing.row;
      let stocker: number | null = null;
      let finishedAt: Date | null = null;
      for (const [i, event] of list.entries()) {
        const previous = list[i - 1]?.row;
        // Every row after the one before it (`nextUpdatedAt`: each change later than the last).
        if (previous && event.row.created_at.getTime() <= previous.created_at.getTime()) fail(o, 'history out of time');
        if (event.kind === 'note') {
          // A row that keeps the status: an exchange or return registered (`recordOrderAdjustment`), by its
          // attendant at its time, on an order it may be made on (ADJUSTABLE_STATUSES).
          const registered = (adjustments.get(o.id) ?? []).some(
            (a) => a.created_at.getTime() === event.row.created_at.getTime() && a.employee_id === event.row.employee_id,
          );
          if (!registered) fail(o, `${event.row.status} → ${event.row.status} is neither a move nor an adjustment`);
          if (!(ADJUSTABLE_STATUSES as readonly number[]).includes(event.row.status))
            fail(o, 'adjusted while not adjustable');
          continue;
        }
        if (event.kind !== 'move') continue;
        lastMove = event.row;
        const move = findTransition(event.from, event.row.status);
        if (!move) continue;
        const by = event.row.employee_id;
        if (by === null) {
          // Nobody: the bank, settling a Pix it told us of for exactly the total (`receivePix`,
          // `matchReceivedPix`: matched, then `transition(…, 'bank')`, which confirms it at the move's time); or
          // the customer sending his proof from the shop app.
          const paid = pix.get(o.id);
          const bank =
            BANK_MOVES.includes(move.action) &&
            paid !== undefined &&
            paid.amount_cents === o.total_cents &&
            paid.matched_by === null &&
            paid.confirmed_at?.getTime() === event.row.created_at.getTime();
          const customer = move.action === 'attachReceipt' && o.attendant_id === null;
          if (!bank && !customer) fail(o, `${move.action} by nobody`);
        } else {
          // An employee: what `transition` checks (`ruleRefusal`: permission or field function, function,
          // the packing matching the delivery, a courier's own orders).
          const e = employees.get(by);
          const refused = e
            ? ruleRefusal(
                move,
                {
                  status: move.from,
                  deliveryType: o.delivery_type,
                  fastDelivery: o.fast_delivery,
                  delivererId: o.deliverer_id,
                },
                { employeeId: e.id, permissions: e.permissions, func: e.func },
              )
            : 'no such employee';
          if (refused) fail(o, `${move.action} by employee ${by} refused: ${refused}`);
        }
        // What the move requires (`transition`'s requirements).
        for (const requirement of move.requires) {
          if (requirement === 'reason' && !event.row.note?.trim()) fail(o, `${move.action} without a reason`);
          if (requirement === 'packagingPhotos' && !imageAt(o, 'PACKAGING', event.row.created_at))
            fail(o, `${move.action} without packaging photos`);
          if (requirement === 'signature' && !imageAt(o, 'SIGNATURE', event.row.created_at))
            fail(o, `${move.action} without a signature`);
          if (requirement === 'receipt' && !imageAt(o, 'RECEIPT', event.row.created_at))
            fail(o, `${move.action} without its proof`);
          if (requirement === 'pixReceived' && pix.get(o.id)?.amount_cents !== o.total_cents)
            fail(o, `${move.action} without the Pix`);
        }
        if (move.does.includes('setStocker')) stocker = by;
        if (move.does.includes('setFinishedAt')) finishedAt = event.row.created_at;
        if (isPackingAction(move.action) && o.stocker_id === null) fail(o, 'packed without a stocker');
      }
      // The order is where its last move left it, changed last then (`transition` writes status and
      // updated_at with the row; an adjustment keeps both).
      if (o.status !== lastMove.status) fail(o, `status ${o.status}, history ends in ${lastMove.status}`);
      if (o.updated_at.getTime() !== lastMove.created_at.getTime()) fail(o, 'updated_at is not its last move');
      if (o.stocker_id !== stocker) fail(o, `stocker ${o.stocker_id}, the preparation's ${stocker}`);
      if (o.finished_at?.getTime() !== finishedAt?.getTime()) fail(o, 'finished_at is not its finalization');
    }
    expect(problems).toEqual({});
    // And the moves are the whole table's variety: the bank, the shop app and every action.
    const actions = new Set(
      [...events.values()].flatMap((list) => list.flatMap((e) => (e.kind === 'move' ? [e.action] : []))),
    );
    for (const action of [
      'confirmPayment',
      'failPayment',
      'retryPayment',
      'attachReceipt',
      'approve',
      'refuse',
      'startPreparation',
      'readyForCourier',
      'readyForFastCourier',
      'readyForPickup',
      'withdraw',
      'deliver',
      'customerAbsent',
      'finalize',
      'cancel',
    ] as const)
      expect(actions).toContain(action);
  });

  it('records one audit row per order event, as `recordOrderEvent` and `recordOrderAdjustment` do', async () => {
    const audit = await rows<{ code: string; action: string; employee_id: number | null; created_at: Date }>(
      sql`select entity_id as code, action, employee_id, created_at from audit_events where entity = 'order'
          order by entity_id, created_at, id`,
    );
    const kept = new Map<string, string[]>();
    for (const a of audit) kept.set(a.code, [...(kept.get(a.code) ?? []), `${a.action}:${a.employee_id}`]);
    const kinds = new Map(
      (
        await rows<{ order_id: number; created_at: Date; kind: string }>(
          sql`select distinct original_order_id as order_id, created_at, kind from order_adjustments`,
        )
      ).map((a) => [`${a.order_id}@${a.created_at.getTime()}`, a.kind]),
    );
    const wrong: string[] = [];
    for (const o of orders) {
      const expected = (events.get(o.id) ?? []).map((e) => {
        const action =
          e.kind === 'create'
            ? 'create'
            : e.kind === 'move'
              ? e.action
              : kinds.get(`${o.id}@${e.row.created_at.getTime()}`) === 'EXCHANGE'
                ? 'registerExchange'
                : 'registerReturn';
        return `${action}:${e.row.employee_id}`;
      });
      const got = kept.get(o.code) ?? [];
      if (JSON.stringify(got) !== JSON.stringify(expected) && wrong.length < 10)
        wrong.push(`${o.code}: ${got.join(' ')} ≠ ${expected.join(' ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('pays every automatic Pix with a Pix the bank told of, matched to its order for its total', async () => {
    // `receivePix`: a Pix is stored once per E2E id, names its order by the txid (the code without punctuation,
    // `pixTxid`), is matched for exactly the total and, settled by the bank, confirmed at the move's time.
    const received = await rows<{
      end_to_end_id: string;
      txid: string | null;
      order_id: number | null;
      amount_cents: number;
      paid_at: Date;
      confirmed_at: Date | null;
      unmatched_reason: string | null;
    }>(
      sql`select end_to_end_id, txid, order_id, amount_cents, paid_at, confirmed_at, unmatched_reason from pix_received`,
    );
    const byId = new Map(orders.map((o) => [o.id, o]));
    const bankPaid = orders.filter((o) =>
      (events.get(o.id) ?? []).some(
        (e) => e.kind === 'move' && e.row.employee_id === null && BANK_MOVES.includes(e.action),
      ),
    );
    expect(bankPaid.length).toBeGreaterThan(50);
    expect(received.filter((p) => p.order_id !== null).length).toBe(bankPaid.length);
    for (const p of received) {
      expect(p.end_to_end_id).toMatch(/^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/);
      const order = byId.get(p.order_id as number);
      expect(order, p.end_to_end_id).toBeDefined();
      if (!order) continue;
      expect(order.payment_method).toBe('PIX');
      expect(p.txid).toBe(pixTxid(order.code));
      expect(p.amount_cents).toBe(order.total_cents);
      expect(p.unmatched_reason).toBeNull();
      expect(p.paid_at.getTime()).toBeLessThanOrEqual((p.confirmed_at as Date).getTime());
      const confirmation = (events.get(order.id) ?? []).find(
        (e) => e.kind === 'move' && e.row.employee_id === null && BANK_MOVES.includes(e.action),
      );
      expect(confirmation?.row.note).toBe(PAYMENT_TEXTS.confirmedNote(p.end_to_end_id));
    }
  });

  it('prices every order as the checkout does: level prices, freight or fast-delivery tax, warranty, total', async () => {
    // selling.service `checkout`: each unit at `levelPriceCents` of the product's cost then (the item's
    // unit_cost_cents), the figures by `quote` from the customer's settings; the discounts at the counter
    // (issue 38) are the items' sum, come off the total, and stay within the attendants' 5 % of the goods.
    const items = await rows<{
      order_id: number;
      quantity: number;
      unit_price_cents: number;
      unit_cost_cents: number;
      total_cents: number;
      discount_cents: number;
      sell_price_cents: number;
      gold_percentage: number;
      silver_percentage: number;
      bronze_percentage: number;
    }>(
      sql`select i.order_id, i.quantity, i.unit_price_cents, i.unit_cost_cents, i.total_cents, i.discount_cents, p.sell_price_cents,
            p.gold_percentage, p.silver_percentage, p.bronze_percentage
          from order_items i join products p on p.id = i.product_id`,
    );
    const customers = new Map(
      (
        await rows<{
          id: number;
          level: number;
          shipping_cost_cents: number;
          warranty_percentage: number;
          fast_delivery_tax_cents: number;
        }>(sql`select id, level, shipping_cost_cents, warranty_percentage, fast_delivery_tax_cents from customers`)
      ).map((c) => [c.id, c]),
    );
    const lines = byOrder(items);
    // repairs.service `approve` (decision 0059): a repair's bill is its estimate, the parts at the prices the
    // customer approved (the service order's parts) plus its labour, picked up at the shop: no freight, no warranty.
    const estimates = new Map(
      (
        await rows<{ repair_id: number; parts: string; labour_cents: number }>(
          sql`select r.id as repair_id, r.labour_cents,
                coalesce((select string_agg(p.product_id || 'x' || p.quantity || '@' || p.unit_price_cents, ',' order by p.product_id)
                          from repair_parts p where p.repair_id = r.id), '') as parts
              from repairs r`,
        )
      ).map((r) => [r.repair_id, r]),
    );
    const billLines = byOrder(
      await rows<{ order_id: number; line: string }>(
        sql`select order_id, product_id || 'x' || quantity || '@' || unit_price_cents as line from order_items order by product_id`,
      ),
    );
    const wrong: string[] = [];
    const bills = orders.filter((o) => o.repair_id !== null);
    for (const o of bills) {
      const estimate = estimates.get(o.repair_id as number);
      const billed = (billLines.get(o.id) ?? []).map((l) => l.line).join(',');
      const parts = (lines.get(o.id) ?? []).reduce((sum, i) => sum + i.total_cents, 0);
      if (
        !estimate ||
        billed !== estimate.parts ||
        o.labour_cents !== estimate.labour_cents ||
        o.items_total_cents !== parts ||
        o.total_cents !== parts + o.labour_cents ||
        o.delivery_type !== 2 ||
        o.shipping_cost_cents + o.fast_delivery_tax_cents + o.warranty_cents + o.discount_cents !== 0
      )
        wrong.push(
          `repair bill ${o.id}: ${billed} + ${o.labour_cents} ≠ ${estimate?.parts} + ${estimate?.labour_cents}`,
        );
    }
    for (const o of orders) {
      if (o.repair_id !== null) continue;
      const customer = customers.get(o.customer_id);
      if (!customer) throw new Error(`order ${o.id}: no customer`);
      let itemsCents = 0;
      let discountCents = 0;
      for (const i of lines.get(o.id) ?? []) {
        discountCents += i.discount_cents;
        if (i.discount_cents < 0 || i.discount_cents > i.total_cents) wrong.push(`order ${o.id}: item discount`);
        const price = levelPriceCents({ ...i, cost_cents: i.unit_cost_cents }, customer.level);
        if (i.unit_price_cents !== price || i.total_cents !== i.quantity * price)
          wrong.push(`order ${o.id}: item price`);
        itemsCents += i.total_cents;
      }
      const q = quote(itemsCents, customer, {
        typeOfDelivery: o.delivery_type as 1 | 2,
        isFastDelivery: o.fast_delivery,
        withWarranty: o.with_warranty,
      });
      const figures = [
        o.items_total_cents,
        o.shipping_cost_cents,
        o.fast_delivery_tax_cents,
        o.warranty_cents,
        o.total_cents,
      ];
      const expected = [
        q.itemsCents,
        q.shippingCents,
        q.fastDeliveryTaxCents,
        q.warrantyCents,
        q.totalCents - discountCents,
      ];
      const withinFive = o.discount_cents <= percentOfCents(o.items_total_cents, 5);
      if (o.discount_cents !== discountCents || !withinFive || JSON.stringify(figures) !== JSON.stringify(expected))
        wrong.push(`order ${o.id}: ${figures} ≠ ${expected}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // The demo's year of repairs billed some (issue 42).
    expect(bills.length).toBeGreaterThan(50);
  });

  it("moves stock only through the ledger: each product's stock is its ledger, never negative, the order's rows at its events", async () => {
    // stock.service `moveStock`: one row per change, from the locked product's stock, never below zero.
    const drift = await rows<{ id: number }>(
      sql`select p.id from products p
          left join (select product_id, sum(quantity_in - quantity_out)::int as net from stock_movements group by product_id) s
            on s.product_id = p.id
          where coalesce(s.net, 0) <> p.stock or p.stock < 0
          union all
          select id from (select id, stock_before, stock_after, quantity_in, quantity_out,
              lag(stock_after) over (partition by product_id order by created_at, id) as previous
              from stock_movements) m
          where m.stock_after <> m.stock_before + m.quantity_in - m.quantity_out or m.stock_after < 0
             or (m.previous is not null and m.previous <> m.stock_before)
          limit 10`,
    );
    expect(drift).toEqual([]);
    // moveStock's cost (decision 0046): an entry averages the stock's cost with its unit cost
    // (`averageCostCents`) and records that unit cost — a purchase, or a used phone released for sale at what the
    // shop paid for it (decision 0058); no other row moves the cost or has one.
    const costs = await rows<{
      id: number;
      kind: string;
      stock_before: number;
      quantity_in: number;
      cost_before_cents: number;
      cost_after_cents: number;
      entry_unit_cost_cents: number | null;
    }>(
      sql`select id, kind, stock_before, quantity_in, cost_before_cents, cost_after_cents, entry_unit_cost_cents
          from stock_movements`,
    );
    const badCosts = costs
      .filter((m) =>
        m.kind === 'PURCHASE' || (m.kind === 'TRADE_IN' && m.quantity_in > 0)
          ? m.entry_unit_cost_cents === null ||
            m.cost_after_cents !==
              averageCostCents(m.stock_before, m.cost_before_cents, m.quantity_in, m.entry_unit_cost_cents)
          : m.entry_unit_cost_cents !== null || m.cost_after_cents !== m.cost_before_cents,
      )
      .map((m) => m.id);
    expect(costs.length).toBeGreaterThan(0);
    expect(badCosts.slice(0, 10)).toEqual([]);
    // placeOrder: one SALE row per item at the placing, by the seller, at the sale's price; none for a repair's bill,
    // whose parts left by the repair's REPAIR rows, one per part, at the approval that placed the bill (decision 0059).
    const sales = await rows<{ id: number }>(
      sql`select i.order_id as id from order_items i join orders o on o.id = i.order_id
          where (select count(*) from stock_movements m where m.order_id = o.id and m.product_id = i.product_id
                   and m.kind = 'SALE' and m.quantity_out = i.quantity and m.unit_price_cents = i.unit_price_cents
                   and m.created_at = o.created_at and m.employee_id is not distinct from o.attendant_id)
                <> case when o.repair_id is null then 1 else 0 end
             or (o.repair_id is not null and (select count(*) from stock_movements m
                   where m.repair_id = o.repair_id and m.product_id = i.product_id and m.kind = 'REPAIR'
                     and m.quantity_out = i.quantity and m.created_at = o.created_at) <> 1)
          limit 10`,
    );
    expect(sales).toEqual([]);
    // transition's `releaseStock`, once: a CANCELLATION row per item at the move into CANCELADO or REPROVADOS,
    // by its employee, with its reason; no order released otherwise.
    const releases = byOrder(
      await rows<{
        order_id: number;
        product_id: number;
        quantity_in: number;
        employee_id: number | null;
        created_at: Date;
      }>(
        sql`select order_id, product_id, quantity_in, employee_id, created_at from stock_movements where kind = 'CANCELLATION'`,
      ),
    );
    const items = byOrder(
      await rows<{ order_id: number; product_id: number; quantity: number }>(
        sql`select order_id, product_id, quantity from order_items`,
      ),
    );
    const wrong: string[] = [];
    for (const o of orders) {
      const released = releases.get(o.id) ?? [];
      const move = (events.get(o.id) ?? []).find(
        (e) => e.kind === 'move' && (STOCK_RELEASED_ON as readonly number[]).includes(e.row.status),
      );
      if (!move) {
        if (released.length > 0) wrong.push(`order ${o.id}: released without a release`);
        continue;
      }
      const expected = (items.get(o.id) ?? []).map((i) => `${i.product_id}:${i.quantity}`).sort();
      const got = released.map((r) => `${r.product_id}:${r.quantity_in}`).sort();
      const atMove = released.every(
        (r) => r.created_at.getTime() === move.row.created_at.getTime() && r.employee_id === move.row.employee_id,
      );
      if (JSON.stringify(got) !== JSON.stringify(expected) || !atMove)
        wrong.push(`order ${o.id}: release ${got} ≠ ${expected}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});
