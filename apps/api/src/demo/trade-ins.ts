import {
  businessDay,
  DEFAULT_TRADE_IN_DEDUCTIONS,
  DEFAULT_USED_WARRANTY_DAYS,
  DELIVERY_TYPES,
  FULL_ACCESS,
  luhnCheckDigit,
  ORDER_STATUS,
  type OrderActor,
  productCreateSchema,
  SELLING_TEXTS,
  type TradeInChecklist,
  tradeInCode,
  tradeInOffer,
  tradeInPhoneName,
} from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Storage } from '../lib/storage';
import { lockOrder, transition } from '../modules/orders/workflow.service';
import { createPayables, payPayableNow } from '../modules/payables/payables.service';
import { insertProducts } from '../modules/products/products.service';
import { levelPriceCents } from '../modules/selling/pricing';
import { placeOrder } from '../modules/selling/selling.service';
import { releaseUsedUnit, takeInUsedUnit } from '../modules/stock/stock.service';
import { at, DAY, HOUR, localDayStart, MINUTE } from './clock';
import { assertNoOpenDrawer, dateSince, marks, recodeOrder } from './dated';
import { packagingPicture, receiptPicture, signaturePicture } from './images';
import { ensureBrands, pictureProducts } from './products';
import { stream } from './random';
import { demoAdminId } from './staff';

/** The shop's price table of used phones (reais): what a phone in perfect order is worth to it. */
export const DEMO_TRADE_IN_PRICES: ReadonlyArray<{ brand: string; model: string; storage: number; price: number }> = [
  { brand: 'Apple', model: 'iPhone 11', storage: 64, price: 1100 },
  { brand: 'Apple', model: 'iPhone 11', storage: 128, price: 1250 },
  { brand: 'Apple', model: 'iPhone 12', storage: 128, price: 1500 },
  { brand: 'Apple', model: 'iPhone 13', storage: 128, price: 2100 },
  { brand: 'Apple', model: 'iPhone 14', storage: 128, price: 2700 },
  { brand: 'Samsung', model: 'Galaxy S21', storage: 128, price: 1200 },
  { brand: 'Samsung', model: 'Galaxy S22', storage: 256, price: 1700 },
  { brand: 'Samsung', model: 'Galaxy A54', storage: 128, price: 900 },
  { brand: 'Motorola', model: 'Moto G84', storage: 256, price: 700 },
  { brand: 'Xiaomi', model: 'Redmi Note 12', storage: 128, price: 550 },
];

/** The seminovos the shop resells: one product per model and grade, priced above what it pays. */
export const DEMO_SEMINOVOS: ReadonlyArray<{ model: number; grade: 'A' | 'B' | 'C' }> = [
  { model: 1, grade: 'A' },
  { model: 2, grade: 'A' },
  { model: 2, grade: 'B' },
  { model: 3, grade: 'B' },
  { model: 4, grade: 'A' },
  { model: 5, grade: 'B' },
  { model: 6, grade: 'B' },
  { model: 7, grade: 'C' },
];

/** A trade-in's IMEI: TAC 86 (no demo model has it), the trade-in's number, the Luhn check digit. */
export function tradeInDemoImei(n: number): string {
  const body = `86${String(n).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** A checklist as a counter sees them: most screens fine, batteries between 70 % and 100 %. */
function checklistOf(rng: ReturnType<typeof stream>): TradeInChecklist {
  return {
    screen: rng.weighted([
      ['OK', 6],
      ['SCRATCHED', 3],
      ['CRACKED', 1],
    ]),
    body: rng.weighted([
      ['OK', 5],
      ['MARKED', 4],
      ['DAMAGED', 1],
    ]),
    batteryHealth: rng.int(70, 100),
    biometrics: !rng.chance(0.05),
    camera: !rng.chance(0.04),
    charging: !rng.chance(0.03),
    accountRemoved: true,
  };
}

/**
 * The demo's used phones taken in (issue 42 §1, decision 0058): the price table, eight seminovo products and about
 * two trade-ins a week over the year (× scale), taken in by the stock module's own functions (a TRADE_IN ledger row
 * with no quantity, then one unit in stock when released five days later), each checked regular with a screenshot
 * and signed; one in twenty was 'impedido', one in twenty given up; those of the last days are still in preparation.
 * The seller is paid in cash or by Pix (a bill paid that day). Runs last, in the seed's transaction: its rows take
 * the next ids; their dates are then set to the day they happened.
 */
export async function seedTradeIns(
  trx: Transaction<Database>,
  options: { anchor: number; scale: number; storage: Storage },
): Promise<Record<string, number>> {
  const rng = stream('trade-ins');
  const admin = await demoAdminId(trx);
  const attendant = await trx
    .selectFrom('employees')
    .select('id')
    .where('email', '=', 'atendente@demo.com.br')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('trade_in_prices')
    .values(
      DEMO_TRADE_IN_PRICES.map((p) => ({
        brand: p.brand,
        model: p.model,
        storage_gb: p.storage,
        price_cents: p.price * 100,
        updated_by: admin,
        updated_at: new Date(options.anchor - 365 * DAY),
      })),
    )
    .execute();

  // The seminovos: serialized, used, graded; the phones' fiscal profile, as every phone of the demo.
  const phoneFiscal = (await trx
    .selectFrom('products')
    .select(['fiscal_profile_id', 'origin', 'cest'])
    .where('ncm', '=', '85171300')
    .where('fiscal_profile_id', 'is not', null)
    .limit(1)
    .executeTakeFirst()) ?? { fiscal_profile_id: null, origin: 2, cest: null };
  await ensureBrands(
    trx,
    DEMO_TRADE_IN_PRICES.map((p) => p.brand),
  );
  const created = await insertProducts(
    trx,
    admin,
    DEMO_SEMINOVOS.map(({ model, grade }) => {
      const phone = DEMO_TRADE_IN_PRICES[model] as (typeof DEMO_TRADE_IN_PRICES)[number];
      const sell = Math.round(phone.price * (grade === 'A' ? 1.45 : grade === 'B' ? 1.35 : 1.25));
      return {
        input: productCreateSchema.parse({
          name: `${tradeInPhoneName(phone)} Seminovo Grau ${grade}`,
          brand: phone.brand,
          cost: phone.price,
          sellPrice: sell,
          // The level prices over the cost, as the catalogue's phones: gold below silver below bronze.
          discount: { goldPercentage: 10, silverPercentage: 15, bronzePercentage: 20 },
          stock: 0,
          tags: ['seminovo'],
          serialized: true,
          used: true,
          grade,
          ncm: '85171300',
          ...(phoneFiscal.cest ? { cest: phoneFiscal.cest } : {}),
          origin: phoneFiscal.origin ?? 2,
        }),
        origin: { source: 'demo' },
      };
    }),
  );
  await trx
    .updateTable('products')
    .set({ fiscal_profile_id: phoneFiscal.fiscal_profile_id })
    .where(
      'id',
      'in',
      created.map((p) => p.id),
    )
    .execute();

  // Each seminovo with its picture, as every product of the demo.
  await pictureProducts(
    trx,
    options.storage,
    created.map((product, index) => {
      const plan = DEMO_SEMINOVOS[index] as (typeof DEMO_SEMINOVOS)[number];
      const phone = DEMO_TRADE_IN_PRICES[plan.model] as (typeof DEMO_TRADE_IN_PRICES)[number];
      return {
        id: product.id,
        name: `${phone.model} Grau ${plan.grade}`,
        brand: phone.brand,
        file: `seminovo-${index + 1}.jpg`,
      };
    }),
  );

  const sellers = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'document'])
    .where(sql<boolean>`length(document) = 11`)
    .where('status', '=', 'APPROVED')
    .orderBy('id')
    .limit(200)
    .execute();
  const count = Math.max(8, Math.round(100 * options.scale));
  const signature = await options.storage.put(trx, 'trade-ins', await signaturePicture(rng), 'png');
  const screenshot = await options.storage.put(
    trx,
    'trade-ins',
    await receiptPicture(0, rng, { name: 'Consulta de aparelho impedido', cnpj: 'Regular' }),
    'jpg',
  );
  let accepted = 0;
  let bills = 0;
  // Releases wait their day: each ledger row is written in the order things happened (the chain of stock).
  const pending: Array<{ unitId: number; tradeInId: number; at: number }> = [];
  const releaseUntil = async (until: number) => {
    while (pending.length > 0 && (pending[0] as (typeof pending)[number]).at <= until) {
      const next = pending.shift() as (typeof pending)[number];
      await releaseUsedUnit(trx, next.unitId, admin);
      const releasedAt = new Date(next.at);
      const [row] = await trx
        .selectFrom('stock_movement_units')
        .select('movement_id')
        .where('unit_id', '=', next.unitId)
        .orderBy('movement_id', 'desc')
        .limit(1)
        .execute();
      if (row) {
        await trx
          .updateTable('stock_movements')
          .set({ created_at: releasedAt })
          .where('id', '=', row.movement_id)
          .execute();
        await trx
          .updateTable('stock_movement_units')
          .set({ created_at: releasedAt })
          .where('movement_id', '=', row.movement_id)
          .execute();
      }
      await trx
        .updateTable('product_units')
        .set({ entered_at: releasedAt, updated_at: releasedAt })
        .where('id', '=', next.unitId)
        .execute();
      await trx
        .updateTable('trade_ins')
        .set({ released_by: admin, released_at: releasedAt })
        .where('id', '=', next.tradeInId)
        .execute();
      // Most seminovos sell within weeks at the counter; the last ones are still on the shelf.
      // A larger business takes in more than its counter sells here: at most 80 × scale (up to 3) sold again.
      if (rng.chance(0.65) && sold + sales.length < Math.round(80 * Math.min(options.scale, 3))) {
        const saleAt = next.at + rng.int(2, 45) * DAY + rng.int(0, 6) * HOUR;
        if (saleAt < options.anchor - DAY) sales.push({ unitId: next.unitId, at: saleAt });
      }
    }
  };
  /** The seminovos sold, in time order with the releases (each ledger row written in the order things happened). */
  const sales: Array<{ unitId: number; at: number }> = [];
  const advanceUntil = async (until: number) => {
    for (;;) {
      sales.sort((a, b) => a.at - b.at);
      const release = pending[0]?.at ?? Number.POSITIVE_INFINITY;
      const sale = sales[0]?.at ?? Number.POSITIVE_INFINITY;
      if (Math.min(release, sale) > until) return;
      if (release <= sale) await releaseUntil(release);
      else await sellUsed(sales.shift() as (typeof sales)[number]);
    }
  };
  // Sold at the counter to an approved customer, at his level's price, picked up at once: placed by the admin (the
  // checkout's placing), separated and packed by a stocker naming its IMEI, handed over ('Finalizar').
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
  const packaging = await options.storage.put(trx, 'orders', await packagingPicture(rng), 'jpg');
  const codes = stream('seminovo-sale-codes');
  let sold = 0;
  const sellUsed = async (sale: { unitId: number; at: number }) => {
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
    const step = async (atMs: number, call: () => Promise<unknown>) => {
      const mark = await marks(trx);
      await call();
      await dateSince(trx, mark, new Date(atMs));
    };
    let orderId = 0;
    await step(sale.at, async () => {
      const placed = await placeOrder(trx, options.storage, {
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
  for (let n = 1; n <= count; n++) {
    const day = options.anchor - Math.round(((count - n + 1) * 365 * DAY) / (count + 1));
    const when = at(localDayStart(day), 10 + (n % 8), (n * 7) % 60);
    // Up to its acceptance (half an hour later), when its own ledger row is written.
    await advanceUntil(when + 30 * MINUTE);
    const model = rng.int(0, DEMO_SEMINOVOS.length - 1);
    const plan = DEMO_SEMINOVOS[model] as (typeof DEMO_SEMINOVOS)[number];
    const phone = DEMO_TRADE_IN_PRICES[plan.model] as (typeof DEMO_TRADE_IN_PRICES)[number];
    const seller = sellers[n % sellers.length] as (typeof sellers)[number];
    const checklist = checklistOf(rng);
    const evaluated = tradeInOffer(phone.price * 100, checklist, DEFAULT_TRADE_IN_DEDUCTIONS);
    const offer = evaluated.offerCents as number;
    const fate = n % 20 === 7 ? 'BLOCKED' : n % 20 === 13 ? 'CANCELLED' : 'ACCEPTED';
    const imei = tradeInDemoImei(n);
    const { id } = await trx
      .insertInto('trade_ins')
      .values({
        status: fate === 'ACCEPTED' ? 'OPEN' : fate,
        customer_id: seller.id,
        seller_name: seller.name,
        seller_cpf: seller.document,
        brand: phone.brand,
        model: phone.model,
        storage_gb: phone.storage,
        colour: rng.pick(['Preto', 'Branco', 'Azul', 'Verde', 'Grafite']),
        imei,
        checklist: JSON.stringify(checklist),
        table_price_cents: phone.price * 100,
        deductions: JSON.stringify(evaluated.deductions),
        offer_cents: offer,
        value_cents: offer,
        value_set_by: attendant.id,
        check_result: fate === 'CANCELLED' ? null : fate === 'BLOCKED' ? 'IMPEDIDO' : 'REGULAR',
        checked_by: fate === 'CANCELLED' ? null : attendant.id,
        checked_at: fate === 'CANCELLED' ? null : new Date(when + 10 * 60_000),
        signed_at: fate === 'ACCEPTED' ? new Date(when + 20 * 60_000) : null,
        cancel_reason: fate === 'CANCELLED' ? 'O cliente desistiu da troca.' : null,
        created_by: attendant.id,
        created_at: new Date(when),
        updated_at: new Date(when + 30 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (fate !== 'CANCELLED') {
      await trx.insertInto('trade_in_files').values({ trade_in_id: id, kind: 'CHECK', path: screenshot }).execute();
    }
    if (fate !== 'ACCEPTED' || offer === 0) continue;
    await trx.insertInto('trade_in_files').values({ trade_in_id: id, kind: 'SIGNATURE', path: signature }).execute();
    const product = created[model] as { id: number };
    const code = tradeInCode(id);
    const acceptedAt = new Date(when + 30 * 60_000);
    const unitId = await takeInUsedUnit(trx, {
      productId: product.id,
      imei,
      imei2: null,
      costCents: offer,
      tradeInId: id,
      warrantyDays: DEFAULT_USED_WARRANTY_DAYS,
      employeeId: attendant.id,
      note: `Recebido na avaliação de usado ${code} (em preparação)`,
    });
    const settlement = n % 2 === 0 ? 'CASH' : 'PIX';
    let payableId: number | null = null;
    if (settlement === 'PIX') {
      const [bill] = await createPayables(
        trx,
        {
          supplierId: null,
          purchaseId: null,
          category: 'COMPRA',
          description: `Compra de aparelho usado ${code} (${tradeInPhoneName(phone)})`,
          instalments: [{ documentNumber: code, dueDate: businessDay(when), amountCents: offer }],
        },
        attendant.id,
      );
      payableId = bill as number;
      await payPayableNow(trx, payableId, attendant.id, offer, 'PIX');
      await trx
        .updateTable('payable_payments')
        .set({ paid_on: businessDay(when) })
        .where('payable_id', '=', payableId)
        .execute();
      bills++;
    }
    // Released for sale five days later, unless that is still to come (the last ones wait in preparation).
    pending.push({ unitId, tradeInId: id, at: when + 5 * DAY });
    await trx
      .updateTable('trade_ins')
      .set({
        status: 'ACCEPTED',
        settlement,
        product_id: product.id,
        unit_id: unitId,
        payable_id: payableId,
        accepted_by: attendant.id,
        accepted_at: acceptedAt,
      })
      .where('id', '=', id)
      .execute();
    // The ledger row and the unit say when it happened.
    const [takenIn] = await trx
      .selectFrom('stock_movement_units')
      .select('movement_id')
      .where('unit_id', '=', unitId)
      .orderBy('movement_id', 'desc')
      .limit(1)
      .execute();
    if (takenIn) {
      await trx
        .updateTable('stock_movements')
        .set({ created_at: acceptedAt })
        .where('id', '=', takenIn.movement_id)
        .execute();
      await trx
        .updateTable('stock_movement_units')
        .set({ created_at: acceptedAt })
        .where('movement_id', '=', takenIn.movement_id)
        .execute();
    }
    await trx
      .updateTable('product_units')
      .set({ entered_at: acceptedAt, updated_at: acceptedAt })
      .where('id', '=', unitId)
      .execute();
    accepted++;
  }
  await advanceUntil(options.anchor - 1);
  return { trade_ins: count, trade_ins_accepted: accepted, trade_in_bills: bills, seminovos_sold: sold };
}
