import {
  generateOrderCode,
  luhnCheckDigit,
  ORDER_STATUS,
  type OrderStatusKey,
  STOCK_RELEASED_ON,
} from '@backoffice/contract';
import type { Insertable } from 'kysely';
import { levelPriceCents, quote } from '../../../modules/selling/pricing';
import type { OrderAdjustmentsTable, StockMovementKind } from '../../schema';
import type { Sink } from './bulk';
import { APP_HOURS, at, DAY, HOUR, localDate, localWeekday, MINUTE } from './clock';
import type { CustomerPlan } from './customers';
import { EventQueue } from './heap';
import { type AdjustedLine, recordAdjustment, recordBankPix, recordOrderSteps } from './order-events';
import {
  ACTIVE_DECK,
  type Outcome,
  orderPath,
  type Shape,
  type Step,
  shapeForTarget,
  truncateAtStatus,
  truncateAtTime,
} from './paths';
import type { ProductPlan } from './products';
import { type Random, stream, WeightedIndex } from './random';
import type { Staff } from './staff';
import { EXCHANGE_COMMENTS, INVENTORY_NOTES, ORDER_COMMENTS, RETURN_COMMENTS } from './world/people';

const S = ORDER_STATUS;

export interface YearContext {
  sink: Sink;
  staff: Staff;
  customers: CustomerPlan[];
  products: ProductPlan[];
  anchor: number;
  windowStart: number;
  /** Total orders of the year. */
  orders: number;
  firstOrderId: number;
  /** The first free ids of the ledger and of the units (rows name each other by id). */
  firstMovementId: number;
  firstUnitId: number;
  /** product_sources ids by key. */
  sources: Record<string, number>;
  pictures: { receipts: string[]; signatures: string[]; packaging: string[] };
}

export interface YearStats {
  orders: number;
  items: number;
  byStatus: Record<number, number>;
  movements: number;
  /** Every phone of the year, in its state today (written after the year, with their ledger links). */
  units: UnitPlan[];
  /** Which ledger row moved which unit (`stock_movement_units`). */
  /** `created_at`: when the row named the unit (a packing names the checkout's row's units: decision 0039). */
  unitLinks: Array<{ movement_id: number; unit_id: number; event: UnitEvent | null; created_at: Date }>;
  /**
   * The exchanges and returns of the year (decision 0012): written after the units, which they name. A phone
   * comes back one unit a row; the others one row a line.
   */
  adjustments: Array<Insertable<OrderAdjustmentsTable>>;
}

/** One phone (a unit of a serialized product) as the year leaves it. */
export interface UnitPlan {
  id: number;
  productId: number;
  imei: string;
  imei2: string | null;
  status: 'IN_STOCK' | 'SOLD' | 'RETURNED' | 'WRITTEN_OFF';
  costCents: number;
  orderId: number | null;
  enteredAt: number;
  updatedAt: number;
}

/**
 * A phone's IMEI: the model's type allocation code (TAC: 35 and six digits of the product's id, so one
 * model's phones share it as real ones do), six digits of serial, and the Luhn check digit. Serials are
 * counted per product, so every IMEI of the demo is unique; a dual-SIM phone takes two serials in a row.
 */
export function demoImei(productId: number, serial: number): string {
  const body = `35${String(productId % 1_000_000).padStart(6, '0')}${String(serial % 1_000_000).padStart(6, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

interface Line {
  product: ProductPlan;
  quantity: number;
  unitPrice: number;
  /** A phone line: the units the sale holds (named once the order is packed). */
  units: UnitPlan[];
}

/** What a ledger row did to a unit that stays out of stock: came back in analysis, released, written off. */
type UnitEvent = 'RETURNED' | 'RELEASED' | 'WRITTEN_OFF';

interface PendingAdjustment {
  kind: 'EXCHANGE' | 'RETURN';
  originalOrderId: number;
  /** The order's code and its status when the adjustment is registered (finished: it stays there). */
  orderCode: string;
  orderStatus: OrderStatusKey;
  /** The customer's level: the replacement of an exchange is priced at it, on the day. */
  level: number;
  line: Line;
  quantity: number;
  after: number;
  comment: string;
}

type Event =
  | { kind: 'created'; product: ProductPlan }
  | { kind: 'restock'; dayStart: number }
  | { kind: 'arrival'; product: ProductPlan; quantity: number; price: number; source: number; by: number; note: string }
  | { kind: 'inventory' }
  | { kind: 'count'; product: ProductPlan; by: number }
  | { kind: 'correction'; product: ProductPlan; by: number }
  | { kind: 'order'; index: number; channel: 'store' | 'app' }
  /** A stocker's verdict on a phone that came back: on sale again, or written off. */
  | { kind: 'analysis'; product: ProductPlan; unit: UnitPlan; orderId: number; by: number; release: boolean }
  | { kind: 'release'; orderId: number; lines: Line[]; by: number | null; note: string | null; packed: boolean }
  | {
      kind: 'adjustment';
      adjustment: PendingAdjustment;
      carrierOrderId: number | null;
      employee: number;
      courier: number | null;
    };

/** The step in which the stocker closed the box (the order's phones are named by IMEI then), if any. */
function packedStep(steps: readonly Step[]): Step | undefined {
  return steps.find(
    (s, i) =>
      s.status === S.AGUARDANDO_MOTOBOY ||
      s.status === S.ENTREGA_IMEDIATA ||
      (s.status === S.AGUARDANDO_CLIENTE && steps[i - 1]?.status === S.EM_PREPARACAO),
  );
}

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

/** The customer's level price of a unit today, as the checkout prices it (selling `levelPriceCents`). */
function unitPrice(p: ProductPlan, level: number): number {
  return levelPriceCents(
    {
      cost_cents: p.cost,
      sell_price_cents: p.sellCents,
      gold_percentage: p.gold,
      silver_percentage: p.silver,
      bronze_percentage: p.bronze,
    },
    level,
  );
}

/**
 * A year of the business, event by event in time order: products arrive, customers order, stockers
 * pack, couriers deliver, attendants finalize, cancel, exchange and take returns; the supplier
 * restocks what runs low and the stock is counted monthly. Every stock change is a ledger row written
 * when it happens, so each product's stock always equals its ledger and never goes negative.
 */
export async function simulateYear(ctx: YearContext): Promise<YearStats> {
  const { sink, staff, customers, products, anchor, windowStart } = ctx;
  const timeRng = stream('order-times');
  const rng = stream('orders');
  const codeRng = stream('order-codes');
  const pixRng = stream('pix');
  const stockRng = stream('stock');
  const queue = new EventQueue<Event>();
  const stats: YearStats = {
    orders: 0,
    items: 0,
    byStatus: {},
    movements: 0,
    units: [],
    unitLinks: [],
    adjustments: [],
  };
  let nextMovementId = ctx.firstMovementId;
  let nextUnitId = ctx.firstUnitId;
  /** Each phone's units on the shelf that no sale holds, oldest first: always as many as its stock. */
  const shelf = new Map<number, UnitPlan[]>();
  const serials = new Map<number, number>();
  const unitRng = stream('units');
  /** An adjustment's registration id (a UUID drawn from the seed, so the same every run). */
  const registrationRng = stream('registrations');
  const newRegistration = () => {
    const hex = Array.from({ length: 32 }, () => registrationRng.int(0, 15).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const serialized = (p: ProductPlan) => p.category === 'phone';
  const shelfOf = (p: ProductPlan) => {
    let units = shelf.get(p.id);
    if (!units) {
      units = [];
      shelf.set(p.id, units);
    }
    return units;
  };
  /** New phones on the shelf, each with its IMEI (about half are dual-SIM). */
  const enter = (p: ProductPlan, quantity: number, cost: number, when: number): UnitPlan[] => {
    const made: UnitPlan[] = [];
    for (let i = 0; i < quantity; i++) {
      const serial = serials.get(p.id) ?? 0;
      const dual = unitRng.chance(0.5);
      serials.set(p.id, serial + (dual ? 2 : 1));
      const unit: UnitPlan = {
        id: nextUnitId++,
        productId: p.id,
        imei: demoImei(p.id, serial),
        imei2: dual ? demoImei(p.id, serial + 1) : null,
        status: 'IN_STOCK',
        costCents: cost,
        orderId: null,
        enteredAt: when,
        updatedAt: when,
      };
      stats.units.push(unit);
      made.push(unit);
    }
    shelfOf(p).push(...made);
    return made;
  };
  /** The oldest units on the shelf leave it (a sale holds them, a count misses them). */
  const takeFromShelf = (p: ProductPlan, quantity: number): UnitPlan[] => shelfOf(p).splice(0, quantity);
  const name = (movementId: number, units: readonly UnitPlan[], at: number, event: UnitEvent | null = null) => {
    for (const u of units)
      stats.unitLinks.push({ movement_id: movementId, unit_id: u.id, event, created_at: new Date(at) });
  };

  const buyers = customers.filter((c) => c.buysFrom !== null);
  const buyerIndex = new WeightedIndex(buyers.map((c) => c.weight));
  const productIndex = new WeightedIndex(products.map((p) => p.popularity));
  const usedCodes = new Set<string>();
  const pending = new Map<number, PendingAdjustment>();
  const deck = stream('active-deck').shuffle(
    ACTIVE_DECK.flatMap(([status, n]) => Array<OrderStatusKey>(n).fill(status)),
  );
  // The last orders of the year (about three days) are dealt their current status from the deck.
  const recentFrom = ctx.orders - Math.max(2 * deck.length, Math.round(ctx.orders * 0.025));
  let deckPosition = 0;
  let nextOrderId = ctx.firstOrderId;

  const move = (
    p: ProductPlan,
    kind: StockMovementKind,
    quantityIn: number,
    quantityOut: number,
    when: number,
    extra: {
      source?: number;
      costBefore?: number;
      cost?: number;
      price?: number | null;
      order?: number;
      by?: number | null;
      note?: string | null;
    },
  ): number => {
    const after = p.stock + quantityIn - quantityOut;
    if (after < 0) throw new Error(`demo ledger: ${p.code} would go negative`);
    const costAfter = extra.cost ?? p.cost;
    const id = nextMovementId++;
    sink.add('stock_movements', {
      id,
      product_id: p.id,
      kind,
      source_id: extra.source ?? null,
      stock_before: p.stock,
      quantity_in: quantityIn,
      quantity_out: quantityOut,
      stock_after: after,
      cost_before_cents: extra.costBefore ?? p.cost,
      cost_after_cents: costAfter,
      unit_price_cents: extra.price ?? null,
      order_id: extra.order ?? null,
      employee_id: extra.by ?? null,
      note: extra.note ?? null,
      created_at: new Date(when),
    });
    p.stock = after;
    p.cost = costAfter;
    stats.movements++;
    return id;
  };

  const available = (p: ProductPlan, when: number) =>
    p.createdAt <= when && (p.archivedAt === null || p.archivedAt > when) && p.stock > 0;

  const pickCustomer = (when: number, accept: (c: CustomerPlan) => boolean): CustomerPlan => {
    const eligible = (c: CustomerPlan) =>
      (c.buysFrom ?? Number.POSITIVE_INFINITY) <= when && (c.buysUntil === null || when < c.buysUntil) && accept(c);
    for (let i = 0; i < 40; i++) {
      const c = buyers[buyerIndex.draw(rng)] as CustomerPlan;
      if (eligible(c)) return c;
    }
    return buyers.find(eligible) ?? (buyers.find((c) => (c.buysFrom ?? 0) <= when) as CustomerPlan) ?? buyers[0];
  };

  const pickLines = (customer: CustomerPlan, when: number): Line[] => {
    const count = customer.company
      ? rng.int(2, 7)
      : rng.weighted([
          [1, 40],
          [2, 30],
          [3, 18],
          [4, 12],
        ] as const);
    const lines: Line[] = [];
    const taken = new Set<number>();
    for (let n = 0; n < count; n++) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const p = products[productIndex.draw(rng)] as ProductPlan;
        if (taken.has(p.id) || !available(p, when)) continue;
        const wanted =
          p.category === 'phone'
            ? customer.company
              ? rng.weighted([
                  [1, 50],
                  [2, 30],
                  [3, 20],
                ] as const)
              : 1
            : customer.company
              ? rng.int(2, 12)
              : rng.chance(0.2)
                ? 2
                : 1;
        taken.add(p.id);
        lines.push({
          product: p,
          quantity: Math.min(wanted, p.stock),
          unitPrice: unitPrice(p, customer.level),
          units: [],
        });
        break;
      }
    }
    if (lines.length === 0) {
      const start = rng.int(0, products.length - 1);
      for (let i = 0; i < products.length; i++) {
        const p = products[(start + i) % products.length] as ProductPlan;
        if (available(p, when)) {
          lines.push({ product: p, quantity: 1, unitPrice: unitPrice(p, customer.level), units: [] });
          break;
        }
      }
    }
    return lines;
  };

  const chooseOutcome = (shape: Shape): Outcome => {
    const auto = shape.payment === 'PIX' && shape.pixAuto;
    const manual = shape.payment !== 'CASH' && !auto;
    return rng.weighted<Outcome>([
      ['finish', 88],
      ['cancel', 5],
      ['refuse', manual ? 6 : 0],
      ['noReceipt', manual && shape.channel === 'app' ? 4 : 0],
      ['payFailCancel', auto ? 2 : 0],
      ['payFailRetry', auto ? 3 : 0],
      ['absent', shape.delivery === 1 && !shape.fast ? 4 : 0],
    ]);
  };

  /** Who buys, how, and the whole planned path; for recent orders, aimed at a `target` status. */
  const planOrder = (when: number, channel: 'store' | 'app', target: OrderStatusKey | undefined) => {
    const store = channel === 'store';
    let shape: Shape = {
      channel,
      payment: store
        ? rng.weighted([
            ['CASH', 75],
            ['BANK_TRANSFER', 25],
          ] as const)
        : rng.weighted([
            ['PIX', 55],
            ['CASH', 30],
            ['BANK_TRANSFER', 15],
          ] as const),
      pixAuto: when >= anchor - 120 * DAY,
      delivery: rng.chance(store ? 0.22 : 0.12) ? 2 : 1,
      fast: false,
    };
    const fastRoll = rng.chance(0.15);
    const needsFast = target === S.ENTREGA_IMEDIATA || target === S.EM_ENTREGA_IMEDIATA;
    const customer = pickCustomer(when, (c) => !needsFast || c.fastCents > 0);
    shape.fast = shape.delivery === 1 && fastRoll && customer.fastCents > 0;
    let outcome: Outcome;
    if (target !== undefined) ({ shape, outcome } = shapeForTarget(rng, target, shape, customer.fastCents > 0));
    else outcome = chooseOutcome(shape);
    const seller = shape.channel === 'store' ? staff.attendant(rng) : null;
    const assigned = customer.delivererId ?? staff.courier(rng);
    const courier = rng.chance(0.06) ? staff.courier(rng) : assigned;
    const stocker = staff.stocker(rng);
    const full = orderPath(rng, shape, outcome, when, {
      seller,
      attendant: () => staff.attendant(rng),
      stocker,
      courier,
    });
    const steps = target !== undefined ? truncateAtStatus(full, target) : truncateAtTime(full, anchor - MINUTE);
    return { shape, customer, seller, courier, stocker, steps };
  };

  const processOrder = (when: number, index: number, channel: 'store' | 'app') => {
    // The most recent orders are dealt the status they are in today from the deck, when their
    // planned path reaches it before today (a late-evening order cannot be delivered already).
    let plan: ReturnType<typeof planOrder> | undefined;
    if (index >= recentFrom) {
      for (let ahead = 0; ahead < 6 && !plan; ahead++) {
        const slot = (deckPosition + ahead) % deck.length;
        const candidate = planOrder(when, channel, deck[slot]);
        if ((candidate.steps[candidate.steps.length - 1] as Step).at < anchor - MINUTE) {
          plan = candidate;
          const first = deckPosition % deck.length;
          [deck[first], deck[slot]] = [deck[slot] as OrderStatusKey, deck[first] as OrderStatusKey];
          deckPosition++;
        }
      }
    }
    plan ??= planOrder(when, channel, undefined);
    const { shape, customer, seller, courier, stocker, steps } = plan;
    const last = steps[steps.length - 1] as Step;

    const lines = pickLines(customer, when);
    if (lines.length === 0) return;

    let code = generateOrderCode(codeRng.next);
    while (usedCodes.has(code)) code = generateOrderCode(codeRng.next);
    usedCodes.add(code);

    const itemsTotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
    const hasPhone = lines.some((l) => l.product.category === 'phone');
    const withWarranty = customer.warrantyPercentage > 0 && rng.chance(hasPhone ? 0.45 : 0.08);
    // The checkout's figures (selling `quote`): with fast delivery the fast-delivery tax replaces the shipping cost.
    const figures = quote(
      itemsTotal,
      {
        level: customer.level,
        shipping_cost_cents: customer.shippingCents,
        warranty_percentage: customer.warrantyPercentage,
        fast_delivery_tax_cents: customer.fastCents,
      },
      { typeOfDelivery: shape.delivery, isFastDelivery: shape.fast, withWarranty },
    );
    const id = nextOrderId++;
    const finished = steps.find((s) => s.status === S.FINALIZADOS);
    const prepared = steps.some((s) => s.status === S.EM_PREPARACAO);
    const packed = packedStep(steps);

    sink.add('orders', {
      id,
      code,
      customer_id: customer.id,
      status: last.status,
      delivery_type: shape.delivery,
      fast_delivery: shape.fast,
      with_warranty: withWarranty,
      payment_method: shape.payment,
      items_total_cents: figures.itemsCents,
      shipping_cost_cents: figures.shippingCents,
      fast_delivery_tax_cents: figures.fastDeliveryTaxCents,
      warranty_cents: figures.warrantyCents,
      discount_cents: 0,
      total_cents: figures.totalCents,
      neighborhood: shape.delivery === 1 ? customer.neighbourhood.name : null,
      comments: rng.chance(0.08) ? rng.pick(ORDER_COMMENTS) : null,
      attendant_id: seller,
      stocker_id: prepared ? stocker : null,
      deliverer_id: shape.delivery === 1 ? courier : null,
      created_at: new Date(when),
      updated_at: new Date(last.at),
      finished_at: finished ? new Date(finished.at) : null,
    });
    for (const l of lines) {
      sink.add('order_items', {
        order_id: id,
        product_id: l.product.id,
        product_name: l.product.name,
        product_code: l.product.code,
        quantity: l.quantity,
        unit_price_cents: l.unitPrice,
        unit_cost_cents: l.product.cost,
        total_cents: l.quantity * l.unitPrice,
      });
      // Stock goes out at checkout; a phone's units are held by count and named when the order is packed.
      const sale = move(l.product, 'SALE', 0, l.quantity, when, { price: l.unitPrice, order: id, by: seller });
      if (serialized(l.product)) {
        l.units = takeFromShelf(l.product, l.quantity);
        if (packed) {
          for (const u of l.units) Object.assign(u, { status: 'SOLD', orderId: id, updatedAt: packed.at });
          name(sale, l.units, packed.at);
        }
      }
    }
    recordBankPix(sink, pixRng, { id, code, totalCents: figures.totalCents, payer: customer.row.name }, steps);
    recordOrderSteps(sink, { id, code }, steps, {
      customerId: customer.id,
      payment: shape.payment,
      deliveryType: shape.delivery,
      withWarranty,
      fast: shape.fast,
      items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity, unitPriceCents: l.unitPrice })),
      totalCents: figures.totalCents,
    });
    addPictures(id, steps, shape);

    // Stock comes back when the order is cancelled or refused.
    if ((STOCK_RELEASED_ON as readonly number[]).includes(last.status)) {
      queue.push(last.at, {
        kind: 'release',
        orderId: id,
        lines,
        by: last.by,
        note: last.note,
        packed: packed !== undefined,
      });
    }

    // Exchanges and returns of finished orders: at the counter, or collected by the courier who
    // brings the customer's next order.
    const waiting = pending.get(customer.id);
    const delivered = steps.find((s) => s.status === S.ENTREGUE);
    if (waiting && delivered && waiting.after < when) {
      pending.delete(customer.id);
      if (when - waiting.after < 60 * DAY)
        queue.push(delivered.at, {
          kind: 'adjustment',
          adjustment: waiting,
          carrierOrderId: id,
          employee: staff.attendant(rng),
          courier,
        });
    }
    if (finished && finished.at < anchor - DAY && rng.chance(0.045)) {
      const line = rng.pick(lines);
      const kind = rng.chance(0.6) ? 'EXCHANGE' : 'RETURN';
      const adjustment: PendingAdjustment = {
        kind,
        originalOrderId: id,
        orderCode: code,
        orderStatus: last.status,
        level: customer.level,
        line,
        quantity: rng.int(1, Math.min(3, line.quantity)),
        after: finished.at,
        comment: rng.pick(kind === 'EXCHANGE' ? EXCHANGE_COMMENTS : RETURN_COMMENTS),
      };
      if (shape.delivery === 1 && rng.chance(0.45) && !pending.has(customer.id)) pending.set(customer.id, adjustment);
      else {
        const counterAt = finished.at + rng.int(1 * DAY, 15 * DAY);
        if (counterAt < anchor - HOUR)
          queue.push(counterAt, {
            kind: 'adjustment',
            adjustment,
            carrierOrderId: null,
            employee: staff.attendant(rng),
            courier: null,
          });
      }
    }

    stats.orders++;
    stats.items += lines.length;
    stats.byStatus[last.status] = (stats.byStatus[last.status] ?? 0) + 1;
  };

  const addPictures = (orderId: number, steps: Step[], shape: Shape) => {
    const { receipts, signatures, packaging } = ctx.pictures;
    if (shape.payment !== 'CASH') {
      const proof =
        steps.find((s) => s.status === S.AGUARDANDO_APROVACAO) ??
        (steps[0]?.status === S.PROCESSANDO ? steps.find((s) => s.status === S.AGUARDANDO_ESTOQUISTA) : undefined);
      if (proof)
        sink.add('order_images', {
          order_id: orderId,
          kind: 'RECEIPT',
          path: rng.pick(receipts),
          created_at: new Date(proof.at),
        });
    }
    const packed = packedStep(steps);
    if (packed) {
      const count = rng.int(1, 2);
      for (let i = 0; i < count; i++)
        sink.add('order_images', {
          order_id: orderId,
          kind: 'PACKAGING',
          path: rng.pick(packaging),
          created_at: new Date(packed.at),
        });
    }
    const signed =
      steps.find((s) => s.status === S.ENTREGUE) ??
      steps.find((s, i) => s.status === S.FINALIZADOS && steps[i - 1]?.status === S.AGUARDANDO_CLIENTE);
    if (signed)
      sink.add('order_images', {
        order_id: orderId,
        kind: 'SIGNATURE',
        path: rng.pick(signatures),
        created_at: new Date(signed.at),
      });
  };

  const restock = (when: number, dayStart: number) => {
    for (const p of products) {
      if (p.pendingPurchase || p.stock > p.stockAlert || p.createdAt > when) continue;
      if (p.archivedAt !== null && p.archivedAt < when + 10 * DAY) continue;
      if (p.supplierOut && when > anchor - 45 * DAY) continue;
      p.pendingPurchase = true;
      const arrival = at(dayStart + stockRng.int(1, 3) * DAY, 9) + stockRng.int(0, 180) * MINUTE;
      const source = stockRng.weighted([
        ['SUPPLIER_PURCHASE', 90],
        ['TRANSFER', 7],
        ['BONUS', 3],
      ] as const);
      const price = source === 'SUPPLIER_PURCHASE' ? Math.round((p.cost * stockRng.around(1, 0.05)) / 10) * 10 : p.cost;
      queue.push(arrival, {
        kind: 'arrival',
        product: p,
        quantity: p.target - p.stock + stockRng.int(0, p.stockAlert),
        price,
        source: ctx.sources[source] as number,
        by: staff.stocker(stockRng),
        note:
          source === 'SUPPLIER_PURCHASE'
            ? `NF-e ${stockRng.int(10_000, 99_999)}`
            : source === 'TRANSFER'
              ? 'Transferência da loja do Brás.'
              : 'Bonificação do fornecedor.',
      });
    }
  };

  /** The monthly count: a stocker counts some products during the morning (one event each). */
  const inventory = (when: number) => {
    const counter = staff.stocker(stockRng);
    for (const p of products) {
      if (p.createdAt > when || (p.archivedAt !== null && p.archivedAt <= when)) continue;
      if (stockRng.chance(0.12))
        queue.push(when + stockRng.int(0, 90) * MINUTE, { kind: 'count', product: p, by: counter });
      else if (stockRng.chance(0.01) && !serialized(p))
        queue.push(when + stockRng.int(90, 300) * MINUTE, { kind: 'correction', product: p, by: counter });
    }
  };

  const count = (p: ProductPlan, when: number, by: number) => {
    let delta = stockRng.weighted([
      [0, 70],
      [-1, 20],
      [-2, 5],
      [1, 5],
    ] as const);
    if (p.stock + delta < 0) delta = 0;
    // A phone is counted by scanning its units: one not found is written off; none appears from nowhere.
    if (serialized(p) && delta > 0) delta = 0;
    const note = delta < 0 ? INVENTORY_NOTES.loss : delta > 0 ? INVENTORY_NOTES.found : INVENTORY_NOTES.ok;
    const row = move(p, 'INVENTORY', Math.max(delta, 0), Math.max(-delta, 0), when, { by, note });
    if (serialized(p) && delta < 0) {
      const missing = takeFromShelf(p, -delta);
      for (const u of missing) Object.assign(u, { status: 'WRITTEN_OFF', updatedAt: when });
      name(row, missing, when);
    }
  };

  /** A stock edit in the product list after checking an invoice. */
  const correction = (p: ProductPlan, when: number, by: number) => {
    let delta = stockRng.pick([-3, -2, -1, 1, 2]);
    if (p.stock + delta < 0) delta = 1;
    move(p, 'ADJUSTMENT', Math.max(delta, 0), Math.max(-delta, 0), when, {
      by,
      note: 'Correção de estoque após conferência da nota fiscal.',
    });
  };

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
        case 'created': {
          const p = event.product;
          const row = move(p, 'PURCHASE', p.target, 0, when, {
            source: ctx.sources.SUPPLIER_PURCHASE,
            // The first entry of a product: there was no cost before it.
            costBefore: 0,
            cost: p.cost,
            price: p.cost,
            by: staff.stocker(stockRng),
            note: 'Estoque inicial',
          });
          if (serialized(p)) name(row, enter(p, p.target, p.cost, when), when);
          break;
        }
        case 'restock':
          restock(when, event.dayStart);
          break;
        case 'arrival': {
          const row = move(event.product, 'PURCHASE', event.quantity, 0, when, {
            source: event.source,
            cost: event.price,
            price: event.price,
            by: event.by,
            note: event.note,
          });
          if (serialized(event.product)) name(row, enter(event.product, event.quantity, event.price, when), when);
          event.product.pendingPurchase = false;
          break;
        }
        case 'inventory':
          inventory(when);
          break;
        case 'count':
          count(event.product, when, event.by);
          break;
        case 'correction':
          correction(event.product, when, event.by);
          break;
        case 'order':
          processOrder(when, event.index, event.channel);
          break;
        case 'release':
          for (const l of event.lines) {
            const row = move(l.product, 'CANCELLATION', l.quantity, 0, when, {
              price: l.unitPrice,
              order: event.orderId,
              by: event.by,
              note: event.note,
            });
            if (l.units.length === 0) continue;
            // The held phones go back to the shelf; once packed, they were the order's and the row names them.
            if (event.packed) {
              for (const u of l.units) Object.assign(u, { status: 'IN_STOCK', orderId: null, updatedAt: when });
              name(row, l.units, when);
            }
            shelfOf(l.product).push(...l.units);
          }
          break;
        case 'adjustment': {
          const a = event.adjustment;
          const p = a.line.product;
          const paid = a.line.unitPrice;
          const by = event.employee;
          const ledger = { price: paid, order: a.originalOrderId, by, note: a.comment };
          const registration = newRegistration();
          const row = {
            original_order_id: a.originalOrderId,
            adjustment_order_id: event.carrierOrderId,
            product_id: p.id,
            unit_price_cents: paid,
            employee_id: by,
            deliverer_id: event.courier,
            comments: a.comment,
            registration,
            created_at: new Date(when),
          };
          const lines: AdjustedLine[] = [];
          // The replacement of an exchange: the same product at the customer's level, on the day.
          const price = unitPrice(p, a.level);
          let kind = a.kind;
          if (serialized(p)) {
            // Each phone comes back in analysis (no stock change); an exchange hands out another from the shelf
            // (when there are not enough, the customer takes the refund: the registration is a return).
            const back = a.line.units
              .filter((u) => u.status === 'SOLD' && u.orderId === a.originalOrderId)
              .slice(0, a.quantity);
            if (kind === 'EXCHANGE' && p.stock < back.length) kind = 'RETURN';
            for (const u of back) {
              const returned = move(p, kind, 0, 0, when, ledger);
              Object.assign(u, { status: 'RETURNED', updatedAt: when });
              name(returned, [u], when, 'RETURNED');
              let replacement: UnitPlan | null = null;
              if (kind === 'EXCHANGE') {
                replacement = takeFromShelf(p, 1)[0] as UnitPlan;
                Object.assign(replacement, { status: 'SOLD', orderId: a.originalOrderId, updatedAt: when });
                a.line.units.push(replacement);
                name(move(p, 'EXCHANGE', 0, 1, when, { ...ledger, price }), [replacement], when);
              }
              const difference = replacement ? price - paid : -paid;
              stats.adjustments.push({
                ...row,
                kind,
                quantity: 1,
                unit_id: u.id,
                replacement_product_id: replacement ? p.id : null,
                replacement_unit_id: replacement?.id ?? null,
                replacement_unit_price_cents: replacement ? price : null,
                difference_cents: difference,
              });
              lines.push({
                productId: p.id,
                productName: p.name,
                quantity: 1,
                imei: u.imei,
                unitPriceCents: paid,
                replacement: replacement ? { imei: replacement.imei, unitPriceCents: price } : null,
                differenceCents: difference,
              });
              // Most are judged within days; some wait on the shelf of the analysis (as in any shop).
              const verdictAt = when + stockRng.int(1 * DAY, 10 * DAY);
              const verdict = stockRng.weighted([
                ['release', 80],
                ['writeOff', 10],
                ['wait', 10],
              ] as const);
              if (verdict !== 'wait' && verdictAt < anchor - HOUR)
                queue.push(verdictAt, {
                  kind: 'analysis',
                  product: p,
                  unit: u,
                  orderId: a.originalOrderId,
                  by: staff.stocker(stockRng),
                  release: verdict === 'release',
                });
            }
          } else {
            // An accessory comes straight back to stock; an exchange then hands out the same product.
            move(p, kind, a.quantity, 0, when, ledger);
            if (kind === 'EXCHANGE') move(p, 'EXCHANGE', 0, a.quantity, when, { ...ledger, price });
            const difference = kind === 'EXCHANGE' ? a.quantity * (price - paid) : -a.quantity * paid;
            stats.adjustments.push({
              ...row,
              kind,
              quantity: a.quantity,
              unit_id: null,
              replacement_product_id: kind === 'EXCHANGE' ? p.id : null,
              replacement_unit_id: null,
              replacement_unit_price_cents: kind === 'EXCHANGE' ? price : null,
              difference_cents: difference,
            });
            lines.push({
              productId: p.id,
              productName: p.name,
              quantity: a.quantity,
              imei: null,
              unitPriceCents: paid,
              replacement: kind === 'EXCHANGE' ? { imei: null, unitPriceCents: price } : null,
              differenceCents: difference,
            });
          }
          if (lines.length > 0)
            recordAdjustment(
              sink,
              { id: a.originalOrderId, code: a.orderCode, status: a.orderStatus },
              { kind, registration, employeeId: by, delivererId: event.courier, at: when, lines },
            );
          break;
        }
        case 'analysis': {
          // Released: back on sale at the product's cost, entered again today; written off: out for good.
          const { product: p, unit: u } = event;
          if (event.release) {
            const row = move(p, 'RETURN', 1, 0, when, { order: event.orderId, by: event.by });
            Object.assign(u, {
              status: 'IN_STOCK',
              orderId: null,
              costCents: p.cost,
              enteredAt: when,
              updatedAt: when,
            });
            name(row, [u], when, 'RELEASED');
            shelfOf(p).push(u);
          } else {
            const row = move(p, 'ADJUSTMENT', 0, 0, when, { order: event.orderId, by: event.by });
            Object.assign(u, { status: 'WRITTEN_OFF', updatedAt: when });
            name(row, [u], when, 'WRITTEN_OFF');
          }
          break;
        }
      }
      await sink.maybeFlush();
    }
  }
  return stats;
}
