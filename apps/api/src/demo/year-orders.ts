import {
  applyDiscounts,
  findTransitionByAction,
  generateOrderCode,
  ORDER_STATUS,
  type OrderStatusKey,
  type SaleDiscounts,
  STOCK_RELEASED_ON,
} from '@backoffice/contract';
import { quote } from '../modules/selling/pricing';
import { DAY, HOUR, MINUTE } from './clock';
import { isWalkInSale, walkInNoteDocument } from './counter';
import type { CustomerPlan } from './customers';
import { recordBankPix, recordOrderSteps } from './order-events';
import {
  type Outcome,
  orderPath,
  type Shape,
  type Step,
  shapeForTarget,
  truncateAtStatus,
  truncateAtTime,
} from './paths';
import type { ProductPlan } from './products';
import { EXCHANGE_COMMENTS, ORDER_COMMENTS, RETURN_COMMENTS } from './world/people';
import { type Line, type PendingAdjustment, unitPrice, type Year } from './year-state';

/** The orders of the year: who buys what, how it is paid and delivered, and the path it takes (paths.ts). */

const S = ORDER_STATUS;

/**
 * The step in which the stocker closed the box, if any: the move whose effect takes the order's phones by
 * IMEI (the contract's `takeUnits`: the packing moves; stock.service `sellUnits`).
 */
export function packedStep(steps: readonly Step[]): Step | undefined {
  return steps.find((s, i) => i > 0 && moveOf(steps[i - 1] as Step, s)?.does.includes('takeUnits'));
}

/** The workflow table's move that made `to` from `from`. */
function moveOf(from: Step, to: Step) {
  return findTransitionByAction(from.status, to.action);
}

function available(p: ProductPlan, when: number): boolean {
  return p.createdAt <= when && (p.archivedAt === null || p.archivedAt > when) && p.stock > 0;
}

export function pickCustomer(y: Year, when: number, accept: (c: CustomerPlan) => boolean): CustomerPlan {
  const { rng, buyers, buyerIndex } = y;
  const eligible = (c: CustomerPlan) =>
    (c.buysFrom ?? Number.POSITIVE_INFINITY) <= when && (c.buysUntil === null || when < c.buysUntil) && accept(c);
  for (let i = 0; i < 40; i++) {
    const c = buyers[buyerIndex.draw(rng)] as CustomerPlan;
    if (eligible(c)) return c;
  }
  return buyers.find(eligible) ?? (buyers.find((c) => (c.buysFrom ?? 0) <= when) as CustomerPlan) ?? buyers[0];
}

export function pickLines(y: Year, customer: CustomerPlan, when: number): Line[] {
  const { products, rng, productIndex } = y;
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
}

export function chooseOutcome(y: Year, shape: Shape): Outcome {
  const { rng } = y;
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
}

/** Who buys, how, and the whole planned path; for recent orders, aimed at a `target` status. */
export function planOrder(y: Year, when: number, channel: 'store' | 'app', target: OrderStatusKey | undefined) {
  const { staff, anchor, rng } = y;
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
  const customer = pickCustomer(y, when, (c) => !needsFast || c.fastCents > 0);
  shape.fast = shape.delivery === 1 && fastRoll && customer.fastCents > 0;
  let outcome: Outcome;
  if (target !== undefined) ({ shape, outcome } = shapeForTarget(rng, target, shape, customer.fastCents > 0));
  else outcome = chooseOutcome(y, shape);
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
}

/**
 * The demo's discounts at the counter, by the order's id: 5 % on the whole order (1 in 11), 5 % on its first
 * line (1 in 17), or R$ 10,00 off an order of at least R$ 200,00 (1 in 23); none otherwise.
 */
function counterDiscounts(
  id: number,
  firstProductId: number | undefined,
  itemsCents: number,
): SaleDiscounts | undefined {
  if (id % 11 === 4) return { order: { kind: 'percent', value: 5 } };
  if (id % 17 === 9 && firstProductId !== undefined) {
    return { lines: [{ productId: firstProductId, kind: 'percent', value: 5 }] };
  }
  if (id % 23 === 2 && itemsCents >= 20_000) return { order: { kind: 'amount', value: 10 } };
  return undefined;
}

export function processOrder(y: Year, when: number, index: number, channel: 'store' | 'app') {
  const { sink, anchor, rng, codeRng, pixRng, queue, stats, usedCodes, deck, recentFrom } = y;
  const { serialized, takeFromShelf, name, move } = y.ledger;
  // The most recent orders are dealt the status they are in today from the deck, when their
  // planned path reaches it before today (a late-evening order cannot be delivered already).
  let plan: ReturnType<typeof planOrder> | undefined;
  if (index >= recentFrom) {
    for (let ahead = 0; ahead < 6 && !plan; ahead++) {
      const slot = (y.deckPosition + ahead) % deck.length;
      const candidate = planOrder(y, when, channel, deck[slot]);
      if ((candidate.steps[candidate.steps.length - 1] as Step).at < anchor - MINUTE) {
        plan = candidate;
        const first = y.deckPosition % deck.length;
        [deck[first], deck[slot]] = [deck[slot] as OrderStatusKey, deck[first] as OrderStatusKey];
        y.deckPosition++;
      }
    }
  }
  plan ??= planOrder(y, when, channel, undefined);
  const { shape, seller, courier, stocker, steps } = plan;
  // A few store pickups at the list price are a walk-in's (decision 0040): the same lines, prices and draws.
  const walkIn = isWalkInSale({
    index,
    channel: shape.channel,
    delivery: shape.delivery,
    seller,
    customer: plan.customer,
  })
    ? y.ctx.walkIns?.get(seller as number)
    : undefined;
  const customer = walkIn ?? plan.customer;
  const last = steps[steps.length - 1] as Step;

  const lines = pickLines(y, customer, when);
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
  const id = y.nextOrderId++;
  // Discounts at the counter (issue 38 §3), within the attendants' 5 %: chosen by the order's id, so no
  // random stream draws more and the rest of the year stays as it was.
  const discounted = applyDiscounts(
    lines.map((l) => ({ productId: l.product.id, name: l.product.name, valueCents: l.quantity * l.unitPrice })),
    seller === null ? undefined : counterDiscounts(id, lines[0]?.product.id, itemsTotal),
  );
  const totalCents = figures.totalCents - discounted.discountCents;
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
    discount_cents: discounted.discountCents,
    total_cents: totalCents,
    neighborhood: shape.delivery === 1 ? customer.neighbourhood.name : null,
    note_document: walkIn ? walkInNoteDocument(index) : null,
    comments: rng.chance(0.08) ? rng.pick(ORDER_COMMENTS) : null,
    attendant_id: seller,
    stocker_id: prepared ? stocker : null,
    deliverer_id: shape.delivery === 1 ? courier : null,
    created_at: new Date(when),
    updated_at: new Date(last.at),
    finished_at: finished ? new Date(finished.at) : null,
  });
  for (const [index, l] of lines.entries()) {
    sink.add('order_items', {
      order_id: id,
      product_id: l.product.id,
      product_name: l.product.name,
      product_code: l.product.code,
      quantity: l.quantity,
      unit_price_cents: l.unitPrice,
      unit_cost_cents: l.product.cost,
      total_cents: l.quantity * l.unitPrice,
      discount_cents: discounted.lines[index]?.discountCents ?? 0,
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
  recordBankPix(sink, pixRng, { id, code, totalCents, payer: customer.row.name }, steps);
  recordOrderSteps(sink, { id, code }, steps, {
    customerId: customer.id,
    payment: shape.payment,
    deliveryType: shape.delivery,
    withWarranty,
    fast: shape.fast,
    items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity, unitPriceCents: l.unitPrice })),
    totalCents,
  });
  addPictures(y, id, steps, shape);

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

  scheduleAdjustments(y, { id, code, status: last.status, when, customer, shape, steps, lines, courier });

  stats.orders++;
  stats.items += lines.length;
  stats.byStatus[last.status] = (stats.byStatus[last.status] ?? 0) + 1;
}

/**
 * Exchanges and returns of finished orders: at the counter, or collected by the courier who brings the
 * customer's next order (this one, when it is delivered).
 */
function scheduleAdjustments(
  y: Year,
  order: {
    id: number;
    code: string;
    status: OrderStatusKey;
    when: number;
    customer: CustomerPlan;
    shape: Shape;
    steps: Step[];
    lines: Line[];
    courier: number;
  },
): void {
  const { staff, anchor, rng, queue, pending } = y;
  const { id, code, when, customer, shape, steps, lines, courier } = order;
  const finished = steps.find((s) => s.status === S.FINALIZADOS);
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
      orderStatus: order.status,
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
}

export function addPictures(y: Year, orderId: number, steps: Step[], shape: Shape) {
  const { ctx, sink, rng } = y;
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
  // The customer signs for his goods: the delivery (the table's `signature`), or at the counter when he
  // collects them.
  const signed =
    steps.find((s, i) => i > 0 && moveOf(steps[i - 1] as Step, s)?.requires.includes('signature')) ??
    steps.find((s, i) => s.status === S.FINALIZADOS && steps[i - 1]?.status === S.AGUARDANDO_CLIENTE);
  if (signed)
    sink.add('order_images', {
      order_id: orderId,
      kind: 'SIGNATURE',
      path: rng.pick(signatures),
      created_at: new Date(signed.at),
    });
}
