import { averageCostCents, businessDay, PURCHASE_ENTRY_TEXTS, shiftDay } from '@backoffice/contract';
import { composeAccessKey } from '../lib/nfe/access-key';
import { at, DAY, HOUR, MINUTE } from './clock';
import { type AdjustedLine, recordAdjustment } from './order-events';
import type { ProductPlan } from './products';
import { hashString } from './random';
import type { Distributor } from './suppliers';
import { INVENTORY_NOTES } from './world/people';
import { type Event, type PurchaseRef, type UnitPlan, unitPrice, type Year } from './year-state';

/** The stock's events of the year: arrivals, restocking, counts, corrections, releases, exchanges, returns. */

/** A new product: its first stock (its phones entered with their IMEIs). */
export function productCreated(y: Year, event: Extract<Event, { kind: 'created' }>, when: number): void {
  const { ctx, staff, stockRng } = y;
  const { serialized, enter, name, move } = y.ledger;
  const p = event.product;
  const row = move(p, 'PURCHASE', p.target, 0, when, {
    source: ctx.sources.SUPPLIER_PURCHASE,
    // The first entry of a product: there was no cost before it.
    costBefore: 0,
    cost: p.cost,
    entryCost: p.cost,
    price: p.cost,
    by: staff.stocker(stockRng),
    note: 'Estoque inicial',
  });
  if (serialized(p)) name(row, enter(p, p.target, p.cost, when), when);
}

export function restock(y: Year, when: number, dayStart: number) {
  const { ctx, staff, products, anchor, stockRng, queue } = y;
  for (const p of products) {
    if (p.pendingPurchase || p.stock > p.stockAlert || p.createdAt > when) continue;
    if (p.archivedAt !== null && p.archivedAt < when + 10 * DAY) continue;
    if (p.supplierOut && when > anchor - 45 * DAY) continue;
    p.pendingPurchase = true;
    // The draws in the order they always were, so the same seed gives the same year.
    const arrivalDay = dayStart + stockRng.int(1, 3) * DAY;
    let arrivalAt = at(arrivalDay, 9) + stockRng.int(0, 180) * MINUTE;
    const source = stockRng.weighted([
      ['SUPPLIER_PURCHASE', 90],
      ['TRANSFER', 7],
      ['BONUS', 3],
    ] as const);
    const price = source === 'SUPPLIER_PURCHASE' ? Math.round((p.cost * stockRng.around(1, 0.05)) / 10) * 10 : p.cost;
    const quantity = p.target - p.stock + stockRng.int(0, p.stockAlert);
    let by = staff.stocker(stockRng);
    let note =
      source === 'SUPPLIER_PURCHASE'
        ? `NF-e ${stockRng.int(10_000, 99_999)}`
        : source === 'TRANSFER'
          ? 'Transferência da loja do Brás.'
          : 'Bonificação do fornecedor.';
    const purchase =
      source === 'SUPPLIER_PURCHASE' && ctx.purchases && arrivalDay >= ctx.purchases.from
        ? purchaseRef(ctx.purchases.distributorOf(p), arrivalDay, anchor)
        : undefined;
    if (purchase) {
      // One note a distributor a day: its items arrive together, entered by one stocker at one time.
      const hash = hashString(purchase.accessKey);
      arrivalAt = at(arrivalDay, 9) + (hash % 180) * MINUTE;
      by = (staff.stockers[hash % staff.stockers.length] as { id: number }).id;
      note = PURCHASE_ENTRY_TEXTS.ledgerNote(String(purchase.number), '1', purchase.accessKey);
    }
    queue.push(arrivalAt, {
      kind: 'arrival',
      product: p,
      quantity,
      price,
      source: ctx.sources[source] as number,
      by,
      note,
      ...(purchase ? { purchase } : {}),
    });
  }
}

/**
 * The note by which a distributor's goods arriving on `arrivalDay` came: issued the day before at 10:15, numbered
 * back from its note of today (one a day), its access key composed as the issuer's would be (series 1, normal
 * emission, cNF from the number).
 */
function purchaseRef(distributor: Distributor, arrivalDay: number, anchor: number): PurchaseRef {
  const number = distributor.todayNumber - Math.round((anchor - arrivalDay) / DAY);
  const issuedDay = shiftDay(businessDay(arrivalDay), -1);
  const accessKey = composeAccessKey({
    stateCode: distributor.stateCode,
    yearMonth: `${issuedDay.slice(2, 4)}${issuedDay.slice(5, 7)}`,
    issuerDocument: distributor.cnpj,
    model: '55',
    series: '1',
    number: String(number),
    emissionType: '1',
    numericCode: String((number * 7_919 + 12_345_678) % 100_000_000).padStart(8, '0'),
  });
  return { distributor, number, issuedDay, accessKey };
}

export function arrival(y: Year, event: Extract<Event, { kind: 'arrival' }>, when: number): void {
  const { serialized, enter, name, move } = y.ledger;
  const p = event.product;
  const costBefore = p.cost;
  const row = move(p, 'PURCHASE', event.quantity, 0, when, {
    source: event.source,
    cost: averageCostCents(p.stock, p.cost, event.quantity, event.price),
    entryCost: event.price,
    price: event.price,
    by: event.by,
    note: event.note,
  });
  const units = serialized(p) ? enter(p, event.quantity, event.price, when) : [];
  if (units.length > 0) name(row, units, when);
  if (event.purchase)
    y.stats.purchaseLines.push({
      ...event.purchase,
      when,
      by: event.by,
      productId: p.id,
      movementId: row,
      quantity: event.quantity,
      unitCost: event.price,
      costBefore,
      costAfter: p.cost,
      unitIds: units.map((u) => u.id),
    });
  p.pendingPurchase = false;
}

/** The monthly count: a stocker counts some products during the morning (one event each). */
export function inventory(y: Year, when: number) {
  const { staff, products, stockRng, queue } = y;
  const { serialized } = y.ledger;
  const counter = staff.stocker(stockRng);
  for (const p of products) {
    if (p.createdAt > when || (p.archivedAt !== null && p.archivedAt <= when)) continue;
    if (stockRng.chance(0.12))
      queue.push(when + stockRng.int(0, 90) * MINUTE, { kind: 'count', product: p, by: counter });
    else if (stockRng.chance(0.01) && !serialized(p))
      queue.push(when + stockRng.int(90, 300) * MINUTE, { kind: 'correction', product: p, by: counter });
  }
}

export function count(y: Year, p: ProductPlan, when: number, by: number) {
  const { stockRng } = y;
  const { serialized, takeFromShelf, name, move } = y.ledger;
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
}

/** A stock edit in the product list after checking an invoice. */
export function correction(y: Year, p: ProductPlan, when: number, by: number) {
  const { stockRng } = y;
  const { move } = y.ledger;
  let delta = stockRng.pick([-3, -2, -1, 1, 2]);
  if (p.stock + delta < 0) delta = 1;
  move(p, 'ADJUSTMENT', Math.max(delta, 0), Math.max(-delta, 0), when, {
    by,
    note: 'Correção de estoque após conferência da nota fiscal.',
  });
}

/** A cancelled or refused order gives its goods back (transition's `releaseStock`). */
export function release(y: Year, event: Extract<Event, { kind: 'release' }>, when: number): void {
  const { shelfOf, name, move } = y.ledger;
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
}

/** An exchange or return registered on a finished order, as adjustments.service `register` makes it. */
export function registerAdjustment(y: Year, event: Extract<Event, { kind: 'adjustment' }>, when: number): void {
  const { sink, staff, anchor, stockRng, queue, stats, newRegistration } = y;
  const { serialized, takeFromShelf, name, move } = y.ledger;
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
      // Most are judged within days; some wait on the shelf of the analysis (as in any shop: a phone or two
      // a year at scale 1, which the screens of the analysis need).
      const verdictAt = when + stockRng.int(1 * DAY, 10 * DAY);
      const verdict = stockRng.weighted([
        ['release', 70],
        ['writeOff', 10],
        ['wait', 20],
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
}

/** A stocker's verdict on a phone that came back: released to stock or written off. */
export function analysis(y: Year, event: Extract<Event, { kind: 'analysis' }>, when: number): void {
  const { shelfOf, name, move } = y.ledger;
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
}
