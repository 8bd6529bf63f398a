import { luhnCheckDigit, type OrderStatusKey } from '@backoffice/contract';
import type { Insertable } from 'kysely';
import type { OrderAdjustmentsTable, StockMovementKind } from '../db/schema';
import { levelPriceCents } from '../modules/selling/pricing';
import type { Sink } from './bulk';
import type { CustomerPlan } from './customers';
import type { EventQueue } from './heap';
import type { ProductPlan } from './products';
import { type Random, stream, type WeightedIndex } from './random';
import type { Staff } from './staff';
import type { Distributor } from './suppliers';

/** What the year's simulation shares: its input, its streams of chance, its queue of events, what it wrote. */

export interface YearContext {
  sink: Sink;
  staff: Staff;
  customers: CustomerPlan[];
  /** Each attendant's 'Consumidor final' by the attendant's id (decision 0040): a few store pickups go to it. */
  walkIns?: ReadonlyMap<number, CustomerPlan>;
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
  /**
   * The purchases by the distributors' notes (issue 39): from `from` (when the suppliers were registered), a
   * distributor's arrivals of one day are one note of theirs, entered at one time ('Entradas').
   */
  purchases?: { from: number; distributorOf: (product: ProductPlan) => Distributor };
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
  /** The lines of the distributors' notes entered (`YearContext.purchases`): one per arrival, in time order. */
  purchaseLines: PurchaseLine[];
}

/** Which note of a distributor an arrival came by (the same for all its arrivals of that day). */
export interface PurchaseRef {
  distributor: Distributor;
  number: number;
  /** The note's issue day (the day before it arrived), YYYY-MM-DD. */
  issuedDay: string;
  accessKey: string;
}

/** One item of a note entered: the arrival's ledger row and phones, its cost, the product's cost before and after. */
export interface PurchaseLine extends PurchaseRef {
  when: number;
  by: number;
  productId: number;
  movementId: number;
  quantity: number;
  unitCost: number;
  costBefore: number;
  costAfter: number;
  unitIds: number[];
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

export interface Line {
  product: ProductPlan;
  quantity: number;
  unitPrice: number;
  /** A phone line: the units the sale holds (named once the order is packed). */
  units: UnitPlan[];
}

/** What a ledger row did to a unit that stays out of stock: came back in analysis, released, written off. */
export type UnitEvent = 'RETURNED' | 'RELEASED' | 'WRITTEN_OFF';

export interface PendingAdjustment {
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

export type Event =
  | { kind: 'created'; product: ProductPlan }
  | { kind: 'restock'; dayStart: number }
  | {
      kind: 'arrival';
      product: ProductPlan;
      quantity: number;
      price: number;
      source: number;
      by: number;
      note: string;
      purchase?: PurchaseRef;
    }
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

/** The customer's level price of a unit today, as the checkout prices it (selling `levelPriceCents`). */
export function unitPrice(p: ProductPlan, level: number): number {
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
 * The stock ledger and the phones' units of the year, in memory: every stock change is a ledger row written
 * when it happens (as `moveStock` does), so each product's stock always equals its ledger and never goes
 * negative; a phone's units are on the shelf, held by a sale, sold, back in analysis or written off.
 */
export function createLedger(sink: Sink, stats: YearStats, firstMovementId: number, firstUnitId: number) {
  let nextMovementId = firstMovementId;
  let nextUnitId = firstUnitId;
  /** Each phone's units on the shelf that no sale holds, oldest first: always as many as its stock. */
  const shelf = new Map<number, UnitPlan[]>();
  const serials = new Map<number, number>();
  const unitRng = stream('units');
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
      /** A stock entry: what one unit arriving cost (the ledger's `entry_unit_cost_cents`, decision 0046). */
      entryCost?: number;
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
      entry_unit_cost_cents: extra.entryCost ?? null,
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
  return { serialized, shelfOf, enter, takeFromShelf, name, move };
}

export type Ledger = ReturnType<typeof createLedger>;

/** The state of the year's simulation, passed to each of its steps. */
export interface Year {
  ctx: YearContext;
  sink: Sink;
  staff: Staff;
  customers: CustomerPlan[];
  products: ProductPlan[];
  anchor: number;
  windowStart: number;
  timeRng: Random;
  rng: Random;
  codeRng: Random;
  pixRng: Random;
  stockRng: Random;
  queue: EventQueue<Event>;
  stats: YearStats;
  ledger: Ledger;
  /** An adjustment's registration id (a UUID drawn from the seed, so the same every run). */
  newRegistration: () => string;
  buyers: CustomerPlan[];
  buyerIndex: WeightedIndex;
  productIndex: WeightedIndex;
  usedCodes: Set<string>;
  /** Exchanges and returns waiting for the customer's next delivery (the courier collects them). */
  pending: Map<number, PendingAdjustment>;
  /** The statuses dealt to the last orders of the year. */
  deck: OrderStatusKey[];
  recentFrom: number;
  deckPosition: number;
  nextOrderId: number;
}
