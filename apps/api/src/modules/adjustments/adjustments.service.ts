import { randomUUID } from 'node:crypto';
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
  type Unit,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { activeCourier, lockOrder, recordOrderNote } from '../orders/workflow.service';
import { levelPriceCents } from '../selling/selling.service';
import {
  lockProducts,
  moveStock,
  receiveReturnedUnits,
  releaseUnit,
  replacementUnits,
  writeOffUnit,
} from '../stock/stock.service';
import { unitWithRepairs } from '../units/units.service';
import { adjustmentsRepository as repo } from './adjustments.repository';

/**
 * Exchanges and returns of a delivered or finished order (issue 17 §5, decision 0012), and the analysis of
 * the phones that come back (released to stock or written off).
 */
export function createAdjustmentsService(db: DB) {
  return {
    /**
     * Registers an exchange or a return, all or nothing, in one transaction with the order locked: the order
     * must be delivered or finished (409 ORDER_NOT_ADJUSTABLE); each product one of its lines (400
     * NOT_IN_ORDER) and no more units than it sold less those already exchanged or returned (409
     * ADJUSTMENT_QUANTITY_EXCEEDED); a serialized line names its unit sold in this order (quantity 1); the
     * courier, if named, an active Motoboy (400 NOT_A_COURIER). Stock: a non-serialized item comes back to
     * stock (+quantity on a RETURN / EXCHANGE ledger row at the price paid); a phone comes back in analysis
     * (RETURNED, stock unchanged). An exchange takes the replacement out of stock (the same product unless
     * another is named; a phone by its IMEI, in stock; 409 STOCK_INSUFFICIENT otherwise) at the customer's
     * level price. The difference of each line: a return refunds quantity × price paid (negative); an
     * exchange is quantity × (replacement's level price − price paid), positive = the customer pays.
     */
    async register(principal: Principal, body: AdjustmentBody): Promise<AdjustmentResult> {
      const registration = body.registration ?? randomUUID();
      const exchange = body.kind === 'EXCHANGE';
      return db.transaction().execute(async (trx) => {
        // Locked for the rest of the transaction: two registrations of one order queue here, so the
        // quantities already back hold; 404 unknown.
        const order = await lockOrder(trx, body.orderId);
        // Sent again under its key (a lost answer): the registration made is answered, nothing written twice.
        if (body.registration) {
          const made = await repo.registered(trx, order.id, body.registration);
          if (made.length > 0) {
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
        }
        if (!(ADJUSTABLE_STATUSES as readonly number[]).includes(order.status)) {
          const status = ORDER_STATUS_LABELS[order.status as OrderStatusKey] ?? String(order.status);
          throw conflict(ADJUSTMENT_TEXTS.orderNotAdjustable(order.code, status), 'ORDER_NOT_ADJUSTABLE', {
            status: order.status,
          });
        }
        const delivererId = body.delivererId ?? null;
        if (delivererId !== null && !(await activeCourier(trx, delivererId))) {
          throw badRequest(ADJUSTMENT_TEXTS.delivererNotCourier, 'NOT_A_COURIER');
        }
        const sold = await repo.soldLines(trx, order.id);
        for (const item of body.items) {
          if (!sold.has(item.productId)) {
            throw badRequest(ADJUSTMENT_TEXTS.productNotInOrder(item.productId), 'NOT_IN_ORDER', {
              productId: item.productId,
            });
          }
        }
        const imeis = body.items.flatMap((item) => (item.imei ? [item.imei] : []));
        const replacementImeis = body.items.flatMap((item) => (item.replacementImei ? [item.replacementImei] : []));
        for (const list of [imeis, replacementImeis]) {
          const repeated = [...new Set(list.filter((imei, index) => list.indexOf(imei) !== index))];
          if (repeated.length > 0) throw badRequest(IMEI_TEXTS.repeated(repeated), 'BAD_REQUEST', { imeis: repeated });
        }
        const replacementOf = (item: AdjustmentBody['items'][number]) => item.replacementProductId ?? item.productId;
        const ids = [
          ...new Set([...body.items.map((i) => i.productId), ...(exchange ? body.items.map(replacementOf) : [])]),
        ];
        // Every product of the registration locked at once, in ascending ids (the order moveStock takes).
        await lockProducts(trx, ids);
        const products = new Map((await repo.products(trx, ids)).map((p) => [p.id, p]));
        if (ids.some((id) => !products.has(id))) throw notFound(ADJUSTMENT_TEXTS.replacementNotFound);
        const product = (id: number) => products.get(id) as NonNullable<ReturnType<typeof products.get>>;

        const asked = new Map<number, number>();
        for (const item of body.items) {
          const returned = product(item.productId);
          if (returned.serialized && (!item.imei || item.quantity !== 1)) {
            throw badRequest(ADJUSTMENT_TEXTS.unitsRequired(returned.name));
          }
          if (!returned.serialized && item.imei) throw badRequest(ADJUSTMENT_TEXTS.unitNotSerialized(returned.name));
          if (exchange) {
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
            await moveStock(trx, context, [
              { productId: returned.id, quantityIn: item.quantity, unitPriceCents: paid },
            ]);
          }
          let differenceCents = -item.quantity * paid;
          let replacement: { id: number; name: string; unitId: number | null; priceCents: number } | null = null;
          if (exchange) {
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
        const inserted = await repo.insert(trx, rows);
        const totalCents = rows.reduce((sum, row) => sum + row.difference_cents, 0);
        const at = new Date(inserted[0]?.created_at ?? new Date());
        const described = lines
          .map((line) => {
            const back = `${line.quantity}× ${line.productName}${line.imei ? ` (IMEI ${line.imei})` : ''}`;
            if (!line.replacementProductName) return back;
            const given = `${line.replacementProductName}${line.replacementImei ? ` (IMEI ${line.replacementImei})` : ''}`;
            return `${back} por ${given}`;
          })
          .join('; ');
        // Not a status move: the history row stays in the order's status and says what came back; one audit row.
        await recordOrderNote(trx, order, {
          employeeId: principal.employeeId,
          note: `${ADJUSTMENT_KIND_LABELS[body.kind]} registrada: ${described}. ${describeAdjustmentDifference(totalCents)}.`,
          at,
          audit: {
            action: exchange ? 'registerExchange' : 'registerReturn',
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
        return {
          registration,
          orderId: order.id,
          orderCode: order.code,
          kind: body.kind,
          lines,
          difference: centsToReais(totalCents),
          createdAt: at.toISOString(),
        };
      });
    },

    /** A returned phone back on sale after its analysis: the unit as GET /units/{imei} answers it. */
    async release(principal: Principal, imei: string): Promise<Unit> {
      await db.transaction().execute((trx) => releaseUnit(trx, imei, principal.employeeId));
      return unitWithRepairs(db, imei);
    },

    /** A returned phone written off after its analysis: the unit as GET /units/{imei} answers it. */
    async writeOff(principal: Principal, imei: string): Promise<Unit> {
      await db.transaction().execute((trx) => writeOffUnit(trx, imei, principal.employeeId));
      return unitWithRepairs(db, imei);
    },
  };
}
