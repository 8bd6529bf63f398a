import { type PurchaseDecisionsInput, reaisToCents } from '@backoffice/contract';
import { afterEach, beforeEach, expect } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { multipart } from '../imports/test-uploads';
import { buildTestNfe, testImei, workedExampleNfeSpec } from './nfe/test-nfe';

/** `count` Luhn-valid IMEIs from `from` on (the note builder's TAC). */
export const imeis = (count: number, from = 1) => Array.from({ length: count }, (_, i) => testImei(from + i));

/** A product through the catalogue's API (brand 'Apple Compras' must exist); `units`: its IMEIs in stock. */
export async function createProduct(
  t: TestApp,
  token: string,
  fields: { name: string; cost: number; stock?: number; units?: string[]; barcode?: string; discount?: object },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(token),
    payload: {
      name: fields.name,
      cost: fields.cost,
      stock: fields.units?.length ?? fields.stock ?? 0,
      brand: 'Apple Compras',
      reference: null,
      sellPrice: 4999,
      tags: [],
      stockAlert: 0,
      images: [],
      discount: fields.discount ?? { goldPercentage: 0, silverPercentage: 0, bronzePercentage: 0 },
      ...(fields.units ? { serialized: true, units: fields.units.map((imei) => ({ imei })) } : {}),
      ...(fields.barcode ? { barcode: fields.barcode } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string };
}

export async function createBrand(t: TestApp, token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/brand',
    headers: bearer(token),
    payload: { name: 'Apple Compras' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** What a product holds now: stock and cost in cents. */
export const productNow = (t: TestApp, id: number) =>
  t.db.selectFrom('products').select(['stock', 'cost_cents']).where('id', '=', id).executeTakeFirstOrThrow();

/** How many rows each table of an entry holds (all zero: nothing was written). */
export async function entryCounts(t: TestApp) {
  const count = async (table: 'purchases' | 'purchase_items' | 'payables' | 'suppliers' | 'supplier_product_codes') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    purchases: await count('purchases'),
    items: await count('purchase_items'),
    payables: await count('payables'),
    suppliers: await count('suppliers'),
    codes: await count('supplier_product_codes'),
  };
}

/** The shop's CNPJ in 'Configurações da Empresa'. */
export async function setShopCnpj(t: TestApp, cnpj: string | null) {
  await t.db
    .insertInto('company_settings')
    .values({ company_id: 1, name: 'Loja Exemplo', cnpj })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ cnpj }))
    .execute();
}

export const cents = reaisToCents;

/** POST /api/purchases/nfe?dryRun=… with the note's XML (and the decisions), as the 'Entrada por XML' page sends it. */
export function sendNfe(
  t: TestApp,
  token: string,
  xml: string | Buffer,
  options: { dryRun: boolean; decisions?: PurchaseDecisionsInput; key?: string },
) {
  const fields: Record<string, string> = options.decisions ? { decisions: JSON.stringify(options.decisions) } : {};
  const body = multipart(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml, 'nota.xml', fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/purchases/nfe?dryRun=${options.dryRun}`,
    headers: { ...bearer(token), ...body.headers, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: body.payload,
  });
}

/** The worked example's line 1, as the note names it. */
export const IPHONE_ITEM = 'Apple iPhone 15 128GB Preto';

/**
 * The shop the worked example's note enters (purchases*.test.ts): a fresh app and database, the stocker signed in,
 * 5 iPhones 15 in stock at R$ 3.100,00 (IMEIs `inStock`) and the case to link line 2 to.
 */
export async function openNfeShop(inStock: string[]) {
  const t = await createTestApp();
  const stocker = await signIn(t.app, DEMO.stocker);
  await createBrand(t, stocker);
  const iphone = await createProduct(t, stocker, {
    name: 'iPhone 15 128GB Preto',
    cost: 3100,
    units: inStock,
    barcode: '0195949036002',
    discount: { goldPercentage: 10, silverPercentage: 12, bronzePercentage: 0 },
  });
  const caseProduct = await createProduct(t, stocker, { name: 'Capa transparente iPhone 15', cost: 7.5 });
  return { t, stocker, iphone, caseProduct };
}

/**
 * The worked example's note and IMEIs: the 5 iPhones already in stock, the 10 arriving, and the decisions that
 * take the iPhone's line with `phones` (the arriving ones by default) and link the case's line to `caseId()`.
 */
export function workedExampleEntry(caseId: () => number) {
  const arriving = imeis(10, 1);
  return {
    worked: buildTestNfe(workedExampleNfeSpec()),
    inStock: imeis(5, 101),
    arriving,
    decisions: (phones: string[] = arriving) => ({
      items: [
        { line: 1, imeis: phones },
        { line: 2, productId: caseId() },
      ],
    }),
  };
}

/** The shop of openNfeShop: the app, the stocker's token, the iPhone (GTIN, in stock) and the case (no stock). */
export type NfeShop = Awaited<ReturnType<typeof openNfeShop>>;

/**
 * A shop opened afresh for each test of the describe it is called in, the worked example's 5 iPhones in stock (then
 * `setUp`, when given), and closed after it; with the worked example's entry, the case's line linked to its case.
 */
export function useFreshNfeShop(setUp?: (shop: NfeShop) => Promise<void>) {
  const shop = {} as NfeShop;
  const entry = workedExampleEntry(() => shop.caseProduct.id);
  beforeEach(async () => {
    Object.assign(shop, await openNfeShop(entry.inStock));
    await setUp?.(shop);
  });
  afterEach(() => shop.t.close());
  return { shop, ...entry };
}
