import {
  ADJUSTABLE_STATUSES,
  ADJUSTMENT_KIND_LABELS,
  ADJUSTMENT_TEXTS,
  type AdjustmentBody,
  type AdjustmentResult,
  centsToReais,
  describeAdjustmentDifference,
  IMEI_TEXTS,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { activeCourier, lockOrder, recordOrderNote } from '../orders/workflow.service';
import { levelPriceCents } from '../selling/selling.service';
import { lockProducts, moveStock, receiveReturnedUnits, replacementUnits } from '../stock/stock.service';
import { adjustmentsRepository as repo } from './adjustments.repository';

type Trx = Transaction<Database>;
type Order = Awaited<ReturnType<typeof lockOrder>>;
type Item = AdjustmentBody['items'][number];
type SoldLines = Awaited<ReturnType<typeof repo.soldLines>>;
type AdjustedProduct = Awaited<ReturnType<typeof repo.products>>[number];

/** What was checked before anything moves: the lines sold, the products involved (locked) and each item's replacement. */
interface Checked {
  sold: SoldLines;
  product: (id: number) => AdjustedProduct;
  replacementOf: (item: Item) => number;
}

/** The figures every line of the registration shares. */
interface Registering {
  trx: Trx;
  principal: Principal;
  body: AdjustmentBody;
  order: Order;
  registration: string;
  delivererId: number | null;
}

/**
 * Registers an exchange or a return (the rules: `createAdjustmentsService().register`) in the caller's transaction,
 * with the order locked: a registration sent again is answered as made; otherwise checked, each line moved, saved
 * and noted in the order's history.
 */
export async function registerAdjustment(
  trx: Trx,
  principal: Principal,
  body: AdjustmentBody,
  registration: string,
): Promise<AdjustmentResult> {
  // Locked for the rest of the transaction: two registrations of one order queue here, so the
  // quantities already back hold; 404 unknown.
  const order = await lockOrder(trx, body.orderId);
  // Sent again under its key (a lost answer): the registration made is answered, nothing written twice.
  if (body.registration) {
    const made = await answerRegistered(trx, order, body.registration);
    if (made) return made;
  }
  checkAdjustable(order);
  const delivererId = body.delivererId ?? null;
  if (delivererId !== null && !(await activeCourier(trx, delivererId))) {
    throw badRequest(ADJUSTMENT_TEXTS.delivererNotCourier, 'NOT_A_COURIER');
  }
  const checked = await checkItems(trx, order, body);
  const { rows, lines } = await moveLines({ trx, principal, body, order, registration, delivererId }, checked);
  const inserted = await repo.insert(trx, rows);
  const totalCents = rows.reduce((sum, row) => sum + row.difference_cents, 0);
  const at = new Date(inserted[0]?.created_at ?? new Date());
  await noteAdjustment({ trx, principal, body, order, registration, delivererId }, lines, totalCents, at);
  return {
    registration,
    orderId: order.id,
    orderCode: order.code,
    kind: body.kind,
    lines,
    difference: centsToReais(totalCents),
    createdAt: at.toISOString(),
  };
}

/** The registration already made under this key, as it was answered; undefined when there is none. */
async function answerRegistered(trx: Trx, order: Order, registration: string): Promise<AdjustmentResult | undefined> {
  const made = await repo.registered(trx, order.id, registration);
  if (made.length === 0) return undefined;
  const cents = made.reduce((sum, line) => sum + (line.difference_cents ?? 0), 0);
  return {
    registration,
    orderId: order.id,
    orderCode: order.code,
    kind: made[0]?.kind as AdjustmentResult['kind'],
    lines: made.map((line) => ({
      productId: line.product_id,
      productName: line.product_name,
      quantity: line.quantity,
      imei: line.imei,
      unitPrice: centsToReais(line.unit_price_cents),
      replacementProductId: line.replacement_product_id,
      replacementProductName: line.replacement_product_name,
      replacementImei: line.replacement_imei,
      replacementUnitPrice:
        line.replacement_unit_price_cents === null ? null : centsToReais(line.replacement_unit_price_cents),
      difference: centsToReais(line.difference_cents ?? 0),
    })),
    difference: centsToReais(cents),
    createdAt: new Date(made[0]?.created_at as Date).toISOString(),
  };
}

/** 409 ORDER_NOT_ADJUSTABLE unless the order is delivered or finished. */
function checkAdjustable(order: Order): void {
  if (!(ADJUSTABLE_STATUSES as readonly number[]).includes(order.status)) {
    const status = ORDER_STATUS_LABELS[order.status as OrderStatusKey] ?? String(order.status);
    throw conflict(ADJUSTMENT_TEXTS.orderNotAdjustable(order.code, status), 'ORDER_NOT_ADJUSTABLE', {
      status: order.status,
    });
  }
}

/**
 * The items checked: each product a line of the order, no IMEI twice, every product known (and locked), units
 * named where the product is serialized and only there, and no more units back than the order sold less those
 * already back.
 */
async function checkItems(trx: Trx, order: Order, body: AdjustmentBody): Promise<Checked> {
  const exchange = body.kind === 'EXCHANGE';
  const sold = await repo.soldLines(trx, order.id);
  for (const item of body.items) {
    if (!sold.has(item.productId)) {
      throw badRequest(ADJUSTMENT_TEXTS.productNotInOrder(item.productId), 'NOT_IN_ORDER', {
        productId: item.productId,
      });
    }
  }
  checkNoRepeatedImeis(body.items);
  const replacementOf = (item: Item) => item.replacementProductId ?? item.productId;
  const ids = [...new Set([...body.items.map((i) => i.productId), ...(exchange ? body.items.map(replacementOf) : [])])];
  // Every product of the registration locked at once, in ascending ids (the order moveStock takes).
  await lockProducts(trx, ids);
  const products = new Map((await repo.products(trx, ids)).map((p) => [p.id, p]));
  if (ids.some((id) => !products.has(id))) throw notFound(ADJUSTMENT_TEXTS.replacementNotFound);
  const product = (id: number) => products.get(id) as AdjustedProduct;
  const asked = askedQuantities(body, product, replacementOf);
  const already = await repo.adjustedQuantities(trx, order.id);
  for (const [productId, quantity] of asked) {
    const line = sold.get(productId) as { name: string; quantity: number };
    const back = already.get(productId) ?? 0;
    if (quantity > line.quantity - back) {
      throw conflict(
        ADJUSTMENT_TEXTS.tooMany(product(productId).name, line.quantity, back, quantity),
        'ADJUSTMENT_QUANTITY_EXCEEDED',
        { productId, sold: line.quantity, already: back, asked: quantity },
      );
    }
  }
  return { sold, product, replacementOf };
}

/** 400 when an IMEI is named twice among the units coming back, or among the replacements. */
function checkNoRepeatedImeis(items: readonly Item[]): void {
  const imeis = items.flatMap((item) => (item.imei ? [item.imei] : []));
  const replacementImeis = items.flatMap((item) => (item.replacementImei ? [item.replacementImei] : []));
  for (const list of [imeis, replacementImeis]) {
    const repeated = [...new Set(list.filter((imei, index) => list.indexOf(imei) !== index))];
    if (repeated.length > 0) throw badRequest(IMEI_TEXTS.repeated(repeated), 'BAD_REQUEST', { imeis: repeated });
  }
}

/** The quantity asked back of each product, its units (and its replacement's) checked against `serialized`. */
function askedQuantities(
  body: AdjustmentBody,
  product: Checked['product'],
  replacementOf: Checked['replacementOf'],
): Map<number, number> {
  const asked = new Map<number, number>();
  for (const item of body.items) {
    const returned = product(item.productId);
    if (returned.serialized && (!item.imei || item.quantity !== 1)) {
      throw badRequest(ADJUSTMENT_TEXTS.unitsRequired(returned.name));
    }
    if (!returned.serialized && item.imei) throw badRequest(ADJUSTMENT_TEXTS.unitNotSerialized(returned.name));
    if (body.kind === 'EXCHANGE') {
      const replacement = product(replacementOf(item));
      if (replacement.serialized && (!item.replacementImei || item.quantity !== 1)) {
        throw badRequest(ADJUSTMENT_TEXTS.replacementImeiRequired(replacement.name));
      }
      if (!replacement.serialized && item.replacementImei) {
        throw badRequest(ADJUSTMENT_TEXTS.unitNotSerialized(replacement.name));
      }
    }
    asked.set(item.productId, (asked.get(item.productId) ?? 0) + item.quantity);
  }
  return asked;
}

/**
 * Each line's stock moved (what comes back in, an exchange's replacement out at the customer's level price) and
 * its difference: the rows to save and the lines to answer.
 */
async function moveLines(registering: Registering, { sold, product, replacementOf }: Checked) {
  const { trx, principal, body, order, registration, delivererId } = registering;
  const level = await repo.customerLevel(trx, order.customer_id);
  const context = { kind: body.kind, employeeId: principal.employeeId, orderId: order.id };
  const rows = [];
  const lines: AdjustmentResult['lines'] = [];
  for (const item of body.items) {
    const returned = product(item.productId);
    const paid = (sold.get(item.productId) as { unitPriceCents: number }).unitPriceCents;
    let unitId: number | null = null;
    if (returned.serialized) {
      [unitId] = (await receiveReturnedUnits(
        trx,
        { ...context, orderCode: order.code },
        returned.id,
        [item.imei as string],
        paid,
      )) as [number];
    } else {
      await moveStock(trx, context, [{ productId: returned.id, quantityIn: item.quantity, unitPriceCents: paid }]);
    }
    let differenceCents = -item.quantity * paid;
    let replacement: { id: number; name: string; unitId: number | null; priceCents: number } | null = null;
    if (body.kind === 'EXCHANGE') {
      const given = product(replacementOf(item));
      const priceCents = levelPriceCents(given, level);
      const unitsOut = given.serialized
        ? await replacementUnits(trx, given.id, given.name, [item.replacementImei as string])
        : undefined;
      await moveStock(trx, context, [
        { productId: given.id, quantityOut: item.quantity, unitPriceCents: priceCents, unitsOut },
      ]);
      replacement = { id: given.id, name: given.name, unitId: unitsOut?.[0] ?? null, priceCents };
      differenceCents = item.quantity * (priceCents - paid);
    }
    rows.push({
      kind: body.kind,
      original_order_id: order.id,
      product_id: returned.id,
      quantity: item.quantity,
      unit_price_cents: paid,
      employee_id: principal.employeeId,
      deliverer_id: delivererId,
      comments: body.comments?.trim() || null,
      unit_id: unitId,
      replacement_product_id: replacement?.id ?? null,
      replacement_unit_id: replacement?.unitId ?? null,
      replacement_unit_price_cents: replacement?.priceCents ?? null,
      difference_cents: differenceCents,
      registration,
    });
    lines.push({
      productId: returned.id,
      productName: returned.name,
      quantity: item.quantity,
      imei: item.imei ?? null,
      unitPrice: centsToReais(paid),
      replacementProductId: replacement?.id ?? null,
      replacementProductName: replacement?.name ?? null,
      replacementImei: item.replacementImei ?? null,
      replacementUnitPrice: replacement ? centsToReais(replacement.priceCents) : null,
      difference: centsToReais(differenceCents),
    });
  }
  return { rows, lines };
}

/** Not a status move: the history row stays in the order's status and says what came back; one audit row. */
async function noteAdjustment(
  { trx, principal, body, order, registration, delivererId }: Registering,
  lines: AdjustmentResult['lines'],
  totalCents: number,
  at: Date,
): Promise<void> {
  const described = lines
    .map((line) => {
      const back = `${line.quantity}× ${line.productName}${line.imei ? ` (IMEI ${line.imei})` : ''}`;
      if (!line.replacementProductName) return back;
      const given = `${line.replacementProductName}${line.replacementImei ? ` (IMEI ${line.replacementImei})` : ''}`;
      return `${back} por ${given}`;
    })
    .join('; ');
  await recordOrderNote(trx, order, {
    employeeId: principal.employeeId,
    note: `${ADJUSTMENT_KIND_LABELS[body.kind]} registrada: ${described}. ${describeAdjustmentDifference(totalCents)}.`,
    at,
    audit: {
      action: body.kind === 'EXCHANGE' ? 'registerExchange' : 'registerReturn',
      changes: {
        registration,
        kind: body.kind,
        // Each line with the price paid and, on an exchange, what was given at which price (the history
        // names the products and shows these prices; contract `formatAuditChanges`).
        items: lines.map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          ...(line.imei ? { imei: line.imei } : {}),
          unitPrice: line.unitPrice,
          ...(line.replacementProductId !== null
            ? {
                replacementProductId: line.replacementProductId,
                ...(line.replacementImei ? { replacementImei: line.replacementImei } : {}),
                replacementUnitPrice: line.replacementUnitPrice,
              }
            : {}),
        })),
        delivererId,
        differenceCents: totalCents,
      },
    },
  });
}
