import {
  businessDay,
  DEFAULT_TRADE_IN_DEDUCTIONS,
  DEFAULT_USED_WARRANTY_DAYS,
  luhnCheckDigit,
  productCreateSchema,
  type TradeInChecklist,
  tradeInCode,
  tradeInOffer,
  tradeInPhoneName,
} from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Storage } from '../lib/storage';
import { insertProducts } from '../modules/products/products.service';
import { at, DAY, localDayStart, MINUTE } from './clock';
import { receiptPicture, signaturePicture } from './images';
import { ensureBrands, pictureProducts } from './products';
import { type Random, stream } from './random';
import { seminovoShelf } from './seminovo-shelf';
import { demoAdminId } from './staff';
import { type TradeInWrites, tradeInWrites } from './trade-in-writes';

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
function checklistOf(rng: Random): TradeInChecklist {
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
 * two trade-ins a week over the year (× scale), taken in as the stock module takes them (a TRADE_IN ledger row with
 * no quantity, then one unit in stock when released five days later), each checked regular with a screenshot and
 * signed; one in twenty was 'impedido', one in twenty given up; those of the last days are still in preparation.
 * The seller is paid in cash or by Pix (a bill paid that day). Runs last, in the seed's transaction: its rows take
 * the next ids, dated the moment they happened. Written in bulk (issue 59: `tradeInWrites`, the rows the stock
 * module and the bills would write), flushed before each seminovo sold at the counter through the services.
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
  await seedPriceTable(trx, admin, options.anchor);
  const created = await seedSeminovos(trx, admin, options.storage);

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
  const writes = tradeInWrites(trx);
  const shelf = await seminovoShelf(trx, writes, { rng, admin, ...options });
  for (let n = 1; n <= count; n++) {
    const day = options.anchor - Math.round(((count - n + 1) * 365 * DAY) / (count + 1));
    const when = at(localDayStart(day), 10 + (n % 8), (n * 7) % 60);
    // Up to its acceptance (half an hour later), when its own ledger row is written.
    await shelf.advanceUntil(when + 30 * MINUTE);
    const tradeIn = await evaluateTradeIn(
      writes,
      { rng, attendant: attendant.id, screenshot },
      {
        n,
        when,
        seller: sellers[n % sellers.length] as (typeof sellers)[number],
      },
    );
    if (tradeIn.fate !== 'ACCEPTED' || tradeIn.offer === 0) continue;
    writes.file({ trade_in_id: tradeIn.id, kind: 'SIGNATURE', path: signature });
    const product = created[tradeIn.model] as { id: number };
    const { unitId, billed } = await acceptTradeIn(writes, attendant.id, tradeIn, product.id);
    if (billed) bills++;
    // Released for sale five days later, unless that is still to come (the last ones wait in preparation).
    shelf.release(unitId, tradeIn.id, when + 5 * DAY);
    accepted++;
  }
  await shelf.advanceUntil(options.anchor - 1);
  await writes.flush();
  return { trade_ins: count, trade_ins_accepted: accepted, trade_in_bills: bills, seminovos_sold: shelf.sold() };
}

/** The shop's price table of used phones, set a year ago by the admin. */
async function seedPriceTable(trx: Transaction<Database>, admin: number, anchor: number): Promise<void> {
  await trx
    .insertInto('trade_in_prices')
    .values(
      DEMO_TRADE_IN_PRICES.map((p) => ({
        brand: p.brand,
        model: p.model,
        storage_gb: p.storage,
        price_cents: p.price * 100,
        updated_by: admin,
        updated_at: new Date(anchor - 365 * DAY),
      })),
    )
    .execute();
}

/** The seminovos: serialized, used, graded; the phones' fiscal profile, as every phone of the demo; each pictured. */
async function seedSeminovos(trx: Transaction<Database>, admin: number, storage: Storage): Promise<{ id: number }[]> {
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
    storage,
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
  return created;
}

/**
 * A trade-in as the counter records it: the phone (a seminovo's model), its checklist and the offer, the seller's
 * data; one in twenty 'impedido', one in twenty given up, the rest checked regular (the screenshot) and signed.
 */
async function evaluateTradeIn(
  writes: TradeInWrites,
  ctx: { rng: Random; attendant: number; screenshot: string },
  { n, when, seller }: { n: number; when: number; seller: { id: number; name: string; document: string } },
) {
  const { rng, attendant, screenshot } = ctx;
  const model = rng.int(0, DEMO_SEMINOVOS.length - 1);
  const plan = DEMO_SEMINOVOS[model] as (typeof DEMO_SEMINOVOS)[number];
  const phone = DEMO_TRADE_IN_PRICES[plan.model] as (typeof DEMO_TRADE_IN_PRICES)[number];
  const checklist = checklistOf(rng);
  const evaluated = tradeInOffer(phone.price * 100, checklist, DEFAULT_TRADE_IN_DEDUCTIONS);
  const offer = evaluated.offerCents as number;
  const fate = n % 20 === 7 ? 'BLOCKED' : n % 20 === 13 ? 'CANCELLED' : 'ACCEPTED';
  const imei = tradeInDemoImei(n);
  const id = await writes.evaluated({
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
    value_set_by: attendant,
    check_result: fate === 'CANCELLED' ? null : fate === 'BLOCKED' ? 'IMPEDIDO' : 'REGULAR',
    checked_by: fate === 'CANCELLED' ? null : attendant,
    checked_at: fate === 'CANCELLED' ? null : new Date(when + 10 * 60_000),
    signed_at: fate === 'ACCEPTED' ? new Date(when + 20 * 60_000) : null,
    cancel_reason: fate === 'CANCELLED' ? 'O cliente desistiu da troca.' : null,
    created_by: attendant,
    created_at: new Date(when),
    updated_at: new Date(when + 30 * 60_000),
  });
  if (fate !== 'CANCELLED') writes.file({ trade_in_id: id, kind: 'CHECK', path: screenshot });
  return { id, n, fate, offer, model, imei, phone, when };
}

/**
 * An accepted trade-in: the phone taken in as the stock module takes it (a unit in preparation, its TRADE_IN ledger
 * row), the seller paid in cash or by Pix (a bill paid that day), the trade-in accepted; all at its acceptance.
 */
async function acceptTradeIn(
  writes: TradeInWrites,
  attendant: number,
  tradeIn: Awaited<ReturnType<typeof evaluateTradeIn>>,
  productId: number,
): Promise<{ unitId: number; billed: boolean }> {
  const { id, n, offer, imei, phone, when } = tradeIn;
  const code = tradeInCode(id);
  const acceptedAt = new Date(when + 30 * 60_000);
  const unitId = await writes.takeIn(
    {
      productId,
      imei,
      imei2: null,
      costCents: offer,
      tradeInId: id,
      warrantyDays: DEFAULT_USED_WARRANTY_DAYS,
      employeeId: attendant,
      note: `Recebido na avaliação de usado ${code} (em preparação)`,
    },
    acceptedAt,
  );
  const settlement = n % 2 === 0 ? 'CASH' : 'PIX';
  const payableId =
    settlement === 'PIX'
      ? await writes.paidBill(
          {
            supplierId: null,
            purchaseId: null,
            category: 'COMPRA',
            description: `Compra de aparelho usado ${code} (${tradeInPhoneName(phone)})`,
            instalments: [{ documentNumber: code, dueDate: businessDay(when), amountCents: offer }],
          },
          attendant,
          'PIX',
          businessDay(when),
        )
      : null;
  writes.accept(id, {
    status: 'ACCEPTED',
    settlement,
    product_id: productId,
    unit_id: unitId,
    payable_id: payableId,
    accepted_by: attendant,
    accepted_at: acceptedAt,
  });
  return { unitId, billed: payableId !== null };
}
