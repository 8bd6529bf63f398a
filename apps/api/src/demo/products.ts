import { gtinCheckDigit, productSearchText } from '@backoffice/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database, ProductsTable } from '../db/schema';
import type { Storage } from '../lib/storage';
import { insertMany } from './bulk';
import { businessTime, DAY } from './clock';
import { productPicture } from './images';
import type { Random } from './random';
import { fileName } from './text';
import { curatedCatalogue, expansionCatalogue, type ProductSeed } from './world/catalogue';
import { type Category, CEST, NCM } from './world/catalogue-kinds';

/** What the order generator needs to know about a product; `stock` and `cost` move with the ledger. */
export interface ProductPlan {
  id: number;
  code: string;
  name: string;
  brand: string;
  reference: string;
  category: Category;
  sellCents: number;
  cost: number;
  gold: number;
  silver: number;
  bronze: number;
  stock: number;
  stockAlert: number;
  /** Restock up to this level. */
  target: number;
  popularity: number;
  createdAt: number;
  /** Archived products stop selling at this time. */
  archivedAt: number | null;
  /** The supplier has had none for the last weeks: the product stays under its alert. */
  supplierOut: boolean;
  pendingPurchase: boolean;
  searchText: string;
}

interface Context {
  rng: Random;
  anchor: number;
  windowStart: number;
}

/**
 * The GTIN-13 (EAN-13) of the demo's `index`-th product: GS1 Brasil's prefix 789, a fictitious company prefix (5432,
 * the next one every 100,000 products), the item's five digits and the GS1 check digit (contract's gtinCheckDigit).
 */
export function demoGtin(index: number): string {
  const body = `789${String(5432 + Math.floor(index / 100_000)).padStart(4, '0')}${String(index % 100_000).padStart(5, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** Unique images are drawn for this many products; beyond it (large scales) a picture per brand and line. */
const UNIQUE_PICTURES = 1_000;

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The ~400 × scale products: the curated shop first (below scale 1, its most popular products, in
 * catalogue order), then plausible variants for large scales.
 */
function chooseSeeds(rng: Random, count: number): ProductSeed[] {
  const curated = curatedCatalogue();
  if (count <= curated.length) {
    const keep = new Set(
      curated
        .map((p, i) => ({ p, i }))
        .sort((a, b) => b.p.popularity - a.p.popularity || a.i - b.i)
        .slice(0, count)
        .map(({ i }) => i),
    );
    return curated.filter((_, i) => keep.has(i));
  }
  const names = new Set(curated.map((p) => p.name));
  const extra = rng.shuffle(expansionCatalogue()).filter((p) => {
    if (names.has(p.name)) return false;
    names.add(p.name);
    return true;
  });
  const out = [...curated, ...extra].slice(0, count);
  // Beyond every plausible variant: new batches of the same products, with a lot number.
  for (let lot = 2; out.length < count; lot++) {
    for (const seed of curated) {
      if (out.length >= count) break;
      out.push({ ...seed, name: `${seed.name} (lote ${lot})` });
    }
  }
  return out;
}

export async function seedCatalogue(
  trx: Transaction<Database>,
  ctx: Context,
  count: number,
  storage: Storage,
): Promise<ProductPlan[]> {
  const { rng, anchor, windowStart } = ctx;
  const seeds = chooseSeeds(rng, count);

  // Brands and their references (ids from the database: few rows).
  const brandNames = [...new Set(seeds.map((s) => s.brand))].sort((a, b) => a.localeCompare(b));
  const brands = await trx
    .insertInto('brands')
    .values(brandNames.map((name) => ({ name, created_at: new Date(windowStart - 400 * DAY) })))
    .returning(['id', 'name'])
    .execute();
  const brandId = new Map(brands.map((b) => [b.name, b.id]));
  const referenceKeys = [...new Set(seeds.map((s) => `${s.brand}\u0000${s.reference}`))].sort();
  const references = [];
  for (let i = 0; i < referenceKeys.length; i += 2000) {
    const rows = await trx
      .insertInto('brand_references')
      .values(
        referenceKeys.slice(i, i + 2000).map((key) => {
          const [brand, name] = key.split('\u0000') as [string, string];
          return { brand_id: brandId.get(brand) as number, name, created_at: new Date(windowStart - 400 * DAY) };
        }),
      )
      .returning(['id', 'brand_id', 'name'])
      .execute();
    references.push(...rows);
  }
  const referenceId = new Map(references.map((r) => [`${r.brand_id}\u0000${r.name}`, r.id]));

  // Codes come from the product code sequence, in order.
  const codes = await sql<{
    code: string;
  }>`select 'P' || nextval('product_code_seq') as code from generate_series(1, ${count})`.execute(trx);
  const firstId = Number(
    (await sql<{ n: number }>`select coalesce(max(id), 0)::int + 1 as n from products`.execute(trx)).rows[0]?.n ?? 1,
  );

  const plans: ProductPlan[] = [];
  const rows: Insertable<ProductsTable>[] = [];
  seeds.forEach((seed, i) => {
    const phone = seed.category === 'phone';
    const markup = phone ? rng.float(0.18, 0.28) : rng.float(1.1, 1.6);
    const cost = Math.round(seed.sellCents / (1 + markup) / 10) * 10;
    const gold = round1(phone ? rng.float(5, 8) : rng.float(40, 55));
    const silver = round1(gold + (phone ? rng.float(3, 5) : rng.float(12, 18)));
    const bronze = round1(Math.min(silver + (phone ? rng.float(3, 5) : rng.float(12, 18)), markup * 100 - 2));
    const popular = seed.popularity >= 5;
    const stockAlert = phone ? rng.int(2, popular ? 8 : 4) : rng.int(popular ? 15 : 5, popular ? 40 : 15);
    const target = stockAlert * rng.int(3, 5) + (phone ? 2 : 10);
    const createdAt = businessTime(
      rng.chance(0.85) ? windowStart - rng.int(10 * DAY, 420 * DAY) : windowStart + rng.int(0, 270 * DAY),
    );
    const archivedRoll = rng.int(60 * DAY, 300 * DAY);
    const archivedAt = seed.archived ? Math.max(createdAt + 30 * DAY, windowStart + archivedRoll) : null;
    const supplierOut = rng.chance(0.05);
    const code = codes.rows[i]?.code as string;
    const id = firstId + i;
    const brand = brandId.get(seed.brand) as number;
    const barcode = demoGtin(i);
    const searchText = productSearchText({
      name: seed.name,
      code,
      tags: seed.tags,
      brand: seed.brand,
      reference: seed.reference,
      barcode,
    });
    plans.push({
      id,
      code,
      name: seed.name,
      brand: seed.brand,
      reference: seed.reference,
      category: seed.category,
      sellCents: seed.sellCents,
      cost,
      gold,
      silver,
      bronze,
      stock: 0,
      stockAlert,
      target,
      popularity: seed.popularity * (phone ? 0.45 : 1),
      createdAt,
      archivedAt: archivedAt !== null && archivedAt < anchor ? archivedAt : null,
      supplierOut,
      pendingPurchase: false,
      searchText,
    });
    rows.push({
      id,
      code,
      name: seed.name,
      description: seed.description,
      brand_id: brand,
      reference_id: referenceId.get(`${brand}\u0000${seed.reference}`) ?? null,
      cost_cents: cost,
      sell_price_cents: seed.sellCents,
      gold_percentage: gold,
      silver_percentage: silver,
      bronze_percentage: bronze,
      // Stock and cost are set from the ledger once the year has been generated.
      stock: 0,
      stock_alert: stockAlert,
      // Issue 41: the NCM of its kind; the phones are imported goods bought in the country (origin 2). Issue 55: the
      // CEST of its NCM where the annex has one, and a GTIN-13 on its box.
      ncm: NCM[seed.category],
      cest: CEST[seed.category],
      barcode,
      origin: seed.category === 'phone' ? 2 : 0,
      tags: [...new Set(seed.tags)],
      archived: seed.archived === true && archivedAt !== null && archivedAt < anchor,
      search_text: searchText,
      created_at: new Date(createdAt),
      updated_at: new Date(createdAt),
    });
  });
  await insertMany(trx, 'products', rows);
  await seedPictures(trx, plans, storage);
  return plans;
}

/**
 * One picture per product (JPEG through the storage, in the seed's transaction), a `product_images` row
 * each. Products of one line beyond the first UNIQUE_PICTURES share the line's picture: one file, stored
 * once (the storage keys files by their content's hash).
 */
async function seedPictures(trx: Transaction<Database>, plans: ProductPlan[], storage: Storage): Promise<void> {
  const lineOf = (p: ProductPlan) => `${p.brand} ${p.reference}`;
  const drawnLines = new Map<string, Promise<Buffer>>();
  const storedLines = new Map<string, string>();
  // A line's picture is drawn and stored once (at scale 100, 39,000 products share a few hundred).
  const pictureOf = (p: ProductPlan, i: number): Promise<Buffer> | undefined => {
    if (i < UNIQUE_PICTURES) return productPicture(p);
    const line = lineOf(p);
    if (storedLines.has(line)) return undefined;
    let picture = drawnLines.get(line);
    if (!picture) {
      picture = productPicture({ name: p.reference, brand: p.brand, category: p.category });
      drawnLines.set(line, picture);
    }
    return picture;
  };
  // Drawing is CPU work in sharp's thread pool; a few at a time keeps memory flat. The transaction is one
  // connection: the files are written one after the other.
  const paths: string[] = [];
  for (let i = 0; i < plans.length; i += 16) {
    const batch = plans.slice(i, i + 16);
    const pictures = await Promise.all(batch.map((p, j) => pictureOf(p, i + j)));
    for (const [j, p] of batch.entries()) {
      const line = lineOf(p);
      const stored = i + j >= UNIQUE_PICTURES ? storedLines.get(line) : undefined;
      if (stored) {
        paths.push(stored);
        continue;
      }
      const key = await storage.put(trx, 'products', (await pictures[j]) as Buffer, 'jpg');
      if (i + j >= UNIQUE_PICTURES) {
        storedLines.set(line, key);
        drawnLines.delete(line);
      }
      paths.push(key);
    }
  }
  await insertMany(
    trx,
    'product_images',
    plans.map((p, i) => ({
      product_id: p.id,
      path: paths[i] as string,
      name: `${fileName(p.name)}.jpg`,
      position: 0,
      created_at: new Date(p.createdAt),
    })),
  );
}

/**
 * The brands of products the demo adds after its catalogue (seminovos, repair parts): a small demo (only the most
 * popular products) may lack one, and a product is created under a brand that exists.
 */
export async function ensureBrands(trx: Transaction<Database>, names: readonly string[]): Promise<void> {
  const existing = new Set((await trx.selectFrom('brands').select('name').execute()).map((b) => b.name.toLowerCase()));
  const missing = [...new Set(names)].filter((name) => !existing.has(name.toLowerCase()));
  if (missing.length > 0)
    await trx
      .insertInto('brands')
      .values(missing.map((name) => ({ name })))
      .execute();
}

/** A picture for each product the demo adds after its catalogue (as every product of the demo has one). */
export async function pictureProducts(
  trx: Transaction<Database>,
  storage: Storage,
  products: ReadonlyArray<{ id: number; name: string; brand: string; file: string }>,
): Promise<void> {
  for (const product of products) {
    const picture = await productPicture({ name: product.name, brand: product.brand, category: 'phone' });
    await trx
      .insertInto('product_images')
      .values({
        product_id: product.id,
        path: await storage.put(trx, 'products', picture, 'jpg'),
        name: product.file,
        position: 0,
      })
      .execute();
  }
}
