import { DELIVERY_TYPES, FULL_ACCESS, ORDER_STATUS, type OrderActor, SELLING_TEXTS } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Storage } from '../lib/storage';
import { lockOrder, transition } from '../modules/orders/workflow.service';
import { levelPriceCents } from '../modules/selling/pricing';
import { placeOrder } from '../modules/selling/selling.service';
import { DAY, HOUR, MINUTE } from './clock';
import { assertNoOpenDrawer, dateSince, marks, recodeOrder } from './dated';
import { packagingPicture } from './images';
import { type Random, stream } from './random';
import type { TradeInWrites } from './trade-in-writes';

interface Sale {
  unitId: number;
  at: number;
}

/**
 * The seminovos' shelf over the year: each phone taken in released for sale five days later (`release`), most of
 * them sold within weeks at the counter; `advanceUntil` writes the releases and sales due by then, in the order
 * things happened (each ledger row in its place in the chain of stock). The releases are held by `writes` with the
 * trade-ins' rows, flushed before each sale (which goes through the services and reads them).
 */
export async function seminovoShelf(
  trx: Transaction<Database>,
  writes: TradeInWrites,
  context: { rng: Random; admin: number; anchor: number; scale: number; storage: Storage },
) {
  const { rng, admin, anchor, scale, storage } = context;
  // Releases wait their day.
  const pending: Array<{ unitId: number; tradeInId: number; at: number }> = [];
  /** The seminovos sold, in time order with the releases. */
  const sales: Sale[] = [];
  const counter = await counterSale(trx, { rng, admin, storage });

  const releaseUntil = async (until: number) => {
    while (pending.length > 0 && (pending[0] as (typeof pending)[number]).at <= until) {
      const next = pending.shift() as (typeof pending)[number];
      await writes.release(next.unitId, next.tradeInId, new Date(next.at), admin);
      // Most seminovos sell within weeks at the counter; the last ones are still on the shelf.
      // A larger business takes in more than its counter sells here: at most 80 × scale (up to 3) sold again.
      if (rng.chance(0.65) && counter.sold() + sales.length < Math.round(80 * Math.min(scale, 3))) {
        const saleAt = next.at + rng.int(2, 45) * DAY + rng.int(0, 6) * HOUR;
        if (saleAt < anchor - DAY) sales.push({ unitId: next.unitId, at: saleAt });
      }
    }
  };
  const advanceUntil = async (until: number) => {
    for (;;) {
      sales.sort((a, b) => a.at - b.at);
      const release = pending[0]?.at ?? Number.POSITIVE_INFINITY;
      const sale = sales[0]?.at ?? Number.POSITIVE_INFINITY;
      if (Math.min(release, sale) > until) return;
      if (release <= sale) await releaseUntil(release);
      else {
        await writes.flush();
        await counter.sell(sales.shift() as Sale);
      }
    }
  };
  return {
    /** A phone taken in, released for sale at `at` (unless that is still to come: it waits in preparation). */
    release: (unitId: number, tradeInId: number, at: number) => pending.push({ unitId, tradeInId, at }),
    advanceUntil,
    sold: counter.sold,
  };
}

/**
 * Sold at the counter to an approved customer, at his level's price, picked up at once: placed by the admin (the
 * checkout's placing), separated and packed by a stocker naming its IMEI, handed over ('Finalizar').
 */
async function counterSale(
  trx: Transaction<Database>,
  { rng, admin, storage }: { rng: Random; admin: number; storage: Storage },
) {
  const buyers = await trx
    .selectFrom('customers')
    .select(['id', 'level', 'approved_at'])
    .where('status', '=', 'APPROVED')
    .where('approved_at', 'is not', null)
    .orderBy('approved_at')
    .orderBy('id')
    .execute();
  const stockerRow = await trx
    .selectFrom('employees as e')
    .leftJoin('roles as r', 'r.id', 'e.role_id')
    .select(['e.id', 'e.func', sql<string[]>`coalesce(r.permissions, '{}')`.as('permissions')])
    .where('e.email', '=', 'estoquista@demo.com.br')
    .executeTakeFirstOrThrow();
  const seller: OrderActor = { employeeId: admin, permissions: [FULL_ACCESS], func: 1 };
  await assertNoOpenDrawer(trx, admin);
  const stocker: OrderActor = { employeeId: stockerRow.id, permissions: stockerRow.permissions, func: stockerRow.func };
  const packaging = await storage.put(trx, 'orders', await packagingPicture(rng), 'jpg');
  const codes = stream('seminovo-sale-codes');
  let sold = 0;
  const step = async (atMs: number, call: () => Promise<unknown>) => {
    const mark = await marks(trx);
    await call();
    await dateSince(trx, mark, new Date(atMs));
  };
  const sell = async (sale: Sale) => {
    const unit = await trx
      .selectFrom('product_units as u')
      .innerJoin('products as p', 'p.id', 'u.product_id')
      .select([
        'u.imei',
        'p.id',
        'p.code',
        'p.name',
        'p.cost_cents',
        'p.sell_price_cents',
        'p.gold_percentage',
        'p.silver_percentage',
        'p.bronze_percentage',
      ])
      .where('u.id', '=', sale.unitId)
      .where('u.status', '=', 'IN_STOCK')
      .executeTakeFirst();
    const known = buyers.filter((b) => new Date(b.approved_at as Date).getTime() < sale.at - DAY);
    if (!unit || known.length === 0) return;
    const buyer = known[rng.int(0, known.length - 1)] as (typeof buyers)[number];
    const price = levelPriceCents(unit, buyer.level);
    let orderId = 0;
    await step(sale.at, async () => {
      const placed = await placeOrder(trx, storage, {
        employeeId: admin,
        customerId: buyer.id,
        payment: 'CASH',
        initialStatus: ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
        deliveryType: DELIVERY_TYPES.PICKUP,
        fastDelivery: false,
        withWarranty: false,
        itemsCents: price,
        shippingCents: 0,
        fastDeliveryTaxCents: 0,
        warrantyCents: 0,
        totalCents: price,
        neighborhood: null,
        delivererId: null,
        items: [
          {
            productId: unit.id,
            name: unit.name,
            code: unit.code,
            quantity: 1,
            unitPriceCents: price,
            unitCostCents: unit.cost_cents,
          },
        ],
        note: SELLING_TEXTS.historyNote,
      });
      orderId = placed.id;
    });
    await recodeOrder(trx, orderId, codes.next);
    await step(sale.at + 10 * MINUTE, async () =>
      transition(trx, await lockOrder(trx, orderId), 'startPreparation', stocker),
    );
    await step(sale.at + 20 * MINUTE, async () =>
      transition(trx, await lockOrder(trx, orderId), 'readyForPickup', stocker, {
        packagingKeys: [packaging],
        units: [{ productId: unit.id, imei: unit.imei }],
      }),
    );
    const handedOver = new Date(sale.at + 30 * MINUTE);
    await step(handedOver.getTime(), async () => transition(trx, await lockOrder(trx, orderId), 'finalize', seller));
    await trx
      .updateTable('orders')
      .set({ updated_at: handedOver, status_since: handedOver, finished_at: handedOver })
      .where('id', '=', orderId)
      .execute();
    await trx
      .updateTable('product_units')
      .set({ updated_at: new Date(sale.at + 20 * MINUTE) })
      .where('id', '=', sale.unitId)
      .execute();
    sold++;
  };
  return { sell, sold: () => sold };
}
