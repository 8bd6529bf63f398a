import type { OrderStatusKey } from '@backoffice/contract';
import { APP_HOURS, at, DAY, HOUR, localDate, localWeekday, MINUTE } from './clock';
import { EventQueue } from './heap';
import { ACTIVE_DECK } from './paths';
import { type Random, stream, WeightedIndex } from './random';
import { processOrder } from './year-orders';
import { createLedger, type Event, type Year, type YearContext, type YearStats } from './year-state';
import {
  analysis,
  arrival,
  correction,
  count,
  inventory,
  productCreated,
  registerAdjustment,
  release,
  restock,
} from './year-stock';

export { demoImei, type UnitPlan, type YearContext, type YearStats } from './year-state';

/** Sunday (shop app only) … Saturday (the store closes at 13h). */
const WEEKDAY_WEIGHTS = [0.2, 1.1, 1, 1, 1, 1.05, 0.6];

/** How busy each day of the year is: the business grows, weekends are quiet, some dates sell more. */
function dayWeight(dayStart: number, progress: number): number {
  const weekday = localWeekday(dayStart + 12 * HOUR);
  const { month, day } = localDate(dayStart + 12 * HOUR);
  let weight = (0.75 + 0.5 * progress) * (WEEKDAY_WEIGHTS[weekday] ?? 1);
  // Black Friday week (the fourth Friday of November and the days around it).
  if (month === 10) {
    const firstFriday = ((5 - new Date(Date.UTC(localDate(dayStart).year, 10, 1)).getUTCDay() + 7) % 7) + 1;
    const blackFriday = firstFriday + 21;
    if (Math.abs(day - blackFriday) <= 3) weight *= 1.8;
  }
  if (month === 11 && day <= 23) weight *= 1.4; // Christmas
  if (month === 0) weight *= 0.85; // January is slow
  if (month === 4 && day >= 3 && day <= 11) weight *= 1.3; // Mother's Day
  if (month === 7 && day >= 2 && day <= 10) weight *= 1.2; // Father's Day
  return weight;
}

/** Splits `total` orders over the days by weight (largest remainder), so the total is exact. */
export function ordersPerDay(windowStart: number, days: number, total: number): number[] {
  const weights = Array.from({ length: days }, (_, d) => dayWeight(windowStart + d * DAY, d / (days - 1)));
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  let missing = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (missing-- <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts;
}

/** Minutes after midnight when orders come in: the store while open, the shop app mostly at night. */
function orderTime(rng: Random, dayStart: number, channel: 'store' | 'app'): number {
  if (channel === 'store') {
    const saturday = localWeekday(dayStart + 12 * HOUR) === 6;
    return at(dayStart, 8, 30) + rng.int(0, (saturday ? 270 : 600) * MINUTE - 1);
  }
  const hour = rng.weighted(APP_HOURS);
  return at(dayStart, hour) + rng.int(0, 2 * HOUR - 31 * MINUTE);
}

/**
 * A year of the business, event by event in time order: products arrive, customers order, stockers
 * pack, couriers deliver, attendants finalize, cancel, exchange and take returns; the supplier
 * restocks what runs low and the stock is counted monthly. Every stock change is a ledger row written
 * when it happens, so each product's stock always equals its ledger and never goes negative. Each kind of
 * event is one function of year-orders.ts or year-stock.ts, over the shared state (year-state.ts).
 */
export async function simulateYear(ctx: YearContext): Promise<YearStats> {
  const { sink, customers, products, anchor, windowStart } = ctx;
  const stats: YearStats = {
    orders: 0,
    items: 0,
    byStatus: {},
    movements: 0,
    units: [],
    unitLinks: [],
    adjustments: [],
    purchaseLines: [],
  };
  const registrationRng = stream('registrations');
  const buyers = customers.filter((c) => c.buysFrom !== null);
  const deck = stream('active-deck').shuffle(
    ACTIVE_DECK.flatMap(([status, n]) => Array<OrderStatusKey>(n).fill(status)),
  );
  const y: Year = {
    ctx,
    sink,
    staff: ctx.staff,
    customers,
    products,
    anchor,
    windowStart,
    timeRng: stream('order-times'),
    rng: stream('orders'),
    codeRng: stream('order-codes'),
    pixRng: stream('pix'),
    stockRng: stream('stock'),
    queue: new EventQueue<Event>(),
    stats,
    ledger: createLedger(sink, stats, ctx.firstMovementId, ctx.firstUnitId),
    newRegistration: () => {
      const hex = Array.from({ length: 32 }, () => registrationRng.int(0, 15).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
    },
    buyers,
    buyerIndex: new WeightedIndex(buyers.map((c) => c.weight)),
    productIndex: new WeightedIndex(products.map((p) => p.popularity)),
    usedCodes: new Set<string>(),
    pending: new Map(),
    deck,
    // The last orders of the year (about three days) are dealt their current status from the deck.
    recentFrom: ctx.orders - Math.max(2 * deck.length, Math.round(ctx.orders * 0.025)),
    deckPosition: 0,
    nextOrderId: ctx.firstOrderId,
  };
  const { queue, timeRng } = y;

  for (const p of products) queue.push(p.createdAt, { kind: 'created', product: p });

  const days = Math.round((anchor - windowStart) / DAY);
  const counts = ordersPerDay(windowStart, days, ctx.orders);
  let index = 0;
  let lastMonth = -1;
  for (let d = 0; d < days; d++) {
    const dayStart = windowStart + d * DAY;
    const weekday = localWeekday(dayStart + 12 * HOUR);
    if (weekday !== 0) queue.push(at(dayStart, 7), { kind: 'restock', dayStart });
    const { month } = localDate(dayStart + 12 * HOUR);
    if (weekday === 1 && month !== lastMonth) {
      lastMonth = month;
      queue.push(at(dayStart, 8), { kind: 'inventory' });
    }
    for (let k = 0; k < (counts[d] ?? 0); k++) {
      const channel = weekday === 0 || timeRng.chance(0.35) ? 'app' : 'store';
      queue.push(orderTime(timeRng, dayStart, channel), { kind: 'order', index: index++, channel });
    }
    const dayEnd = dayStart + DAY;
    while (queue.peekTime() < dayEnd) {
      const { at: when, value: event } = queue.pop() as { at: number; value: Event };
      switch (event.kind) {
        case 'created':
          productCreated(y, event, when);
          break;
        case 'restock':
          restock(y, when, event.dayStart);
          break;
        case 'arrival':
          arrival(y, event, when);
          break;
        case 'inventory':
          inventory(y, when);
          break;
        case 'count':
          count(y, event.product, when, event.by);
          break;
        case 'correction':
          correction(y, event.product, when, event.by);
          break;
        case 'order':
          processOrder(y, when, event.index, event.channel);
          break;
        case 'release':
          release(y, event, when);
          break;
        case 'adjustment':
          registerAdjustment(y, event, when);
          break;
        case 'analysis':
          analysis(y, event, when);
          break;
      }
      await sink.maybeFlush();
    }
  }
  return stats;
}
