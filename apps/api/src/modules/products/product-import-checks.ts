import {
  brandCreateSchema,
  GTIN_TEXTS,
  gtin14,
  IMEI_TEXTS,
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  importIssueMessage,
  NEW_PRODUCT_DISCOUNT,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_TEXTS,
  type ProductCreate,
  productCreateSchema,
  productUpdateSchema,
  referenceCreateSchema,
  type UnitCheck,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { type ImportLine, type ImportOptions, setPath } from '../../lib/import-lines';
import { checkImeis } from '../stock/stock.service';
import { productForm } from './product-views';
import { type ProductRow, productsRepository as repo } from './products.repository';

const CODE_PATTERN = new RegExp(`^[^\\s/]{1,${IMPORT_LIMITS.codeMaxLength}}$`);
/** The schema's path of each column (`discount.silverPercentage`) → its key. */
const KEY_OF_FIELD = new Map(PRODUCT_IMPORT_COLUMNS.map((column) => [column.field ?? column.key, column.key]));

/** A good line of the file, as it will be written. */
export interface PlannedProduct {
  line: number;
  code: string | null;
  before: ProductRow | undefined;
  data: ProductCreate;
  brandKey: string;
  /** 'Controla IMEI': the product's own, or a new product whose line lists IMEIs. */
  serialized: boolean;
  /** The IMEIs of the line that are not units yet: they come in through the ledger. */
  newUnits: string[];
}

export const lower = (text: string) => text.trim().toLowerCase();

type BrandRow = Awaited<ReturnType<typeof repo.brands>>[number];

/** What the catalogue holds of the file's lines: their products by code, the brands, references, IMEIs and barcodes. */
export interface KnownCatalogue {
  existing: Map<string, ProductRow>;
  /** By lowercase name; the brands the import creates are added when written. */
  brands: Map<string, BrandRow>;
  /** By `brandId/lowercase name`; the references the import creates are added when written. */
  references: Map<string, { id: number; name: string }>;
  imeiChecks: Map<string, UnitCheck>;
  barcodeHolders: Map<string, Awaited<ReturnType<typeof repo.byBarcodes>>[number]>;
}

/** The brands and references the file names that do not exist yet (created with `createMissing`). */
export interface MissingNames {
  brands: Map<string, string>;
  references: Map<string, { brandKey: string; name: string }>;
}

/** Reads at once what the lines name: the products of their codes (locked when writing), brands, references, IMEIs, barcodes. */
export async function readKnown(
  executor: Executor,
  lines: readonly ImportLine[],
  lock: boolean,
): Promise<KnownCatalogue> {
  const codes = [...new Set(lines.map((l) => l.values.code).filter((c): c is string => typeof c === 'string'))];
  const existing = new Map((await repo.byCodes(executor, codes, lock)).map((row) => [row.code, row]));
  const brands = new Map((await repo.brands(executor)).map((b) => [lower(b.name), b]));
  const references = new Map(
    (await repo.references(executor)).map((r) => [`${r.brand_id}/${lower(r.name)}`, { id: r.id, name: r.name }]),
  );
  // The IMEIs of every line, checked at once (check digit, and the unit each is registered to).
  const listedImeis = lines.flatMap((l) => (Array.isArray(l.values.imeis) ? (l.values.imeis as string[]) : []));
  const imeiChecks = new Map(
    (listedImeis.length > 0 ? await checkImeis(executor, listedImeis) : []).map((check) => [check.imei, check]),
  );
  // The barcodes of every line, and the products holding them (a barcode is one product's).
  const listedBarcodes = lines.flatMap((l) => (typeof l.values.barcode === 'string' ? [l.values.barcode] : []));
  const barcodeHolders = new Map(
    (
      await repo.byBarcodes(
        executor,
        listedBarcodes.filter((b) => /^\d{8,14}$/.test(b)),
      )
    ).map((row) => [row.gtin14, row]),
  );
  return { existing, brands, references, imeiChecks, barcodeHolders };
}

type Fail = (line: number, column: string, message: string) => void;

/**
 * Checks the file's lines one at a time, with what earlier lines held (codes, IMEIs and barcodes seen once in the
 * file; the brands and references to create): `check` answers the line's product, or undefined when the product
 * form's schema refused it. A line with a problem is failed (`fail`) and kept out by the caller.
 */
export function lineChecker(known: KnownCatalogue, options: ImportOptions, fail: Fail, bad: Set<number>) {
  const seenCodes = new Map<string, number>();
  const seenImeis = new Map<string, number>();
  const seenBarcodes = new Map<string, number>();
  const missing: MissingNames = { brands: new Map(), references: new Map() };

  /** The code: its pattern, and once in the file. */
  const checkCode = (line: number, code: string) => {
    if (!CODE_PATTERN.test(code)) fail(line, 'code', IMPORT_TEXTS.codeInvalid);
    const first = seenCodes.get(code);
    if (first !== undefined) fail(line, 'code', IMPORT_TEXTS.repeatedInFile('Código', first));
    else seenCodes.set(code, line);
  };

  /**
   * A phone's stock is its units: the IMEIs not registered yet come in; one already of this product is taken as
   * it is (a file imported again); the stock cell, if any, must be the count that results.
   */
  const checkUnits = (
    line: number,
    values: ImportLine['values'],
    before: ProductRow | undefined,
    input: Record<string, unknown>,
  ) => {
    const imeis = Array.isArray(values.imeis) ? (values.imeis as string[]) : [];
    const serialized = before ? before.serialized : imeis.length > 0;
    const newUnits: string[] = [];
    if (imeis.length > 0 && !serialized && before) fail(line, 'imeis', IMEI_TEXTS.notSerialized(before.name));
    for (const imei of serialized ? imeis : []) {
      const first = seenImeis.get(imei);
      if (first !== undefined) {
        fail(line, 'imeis', IMPORT_TEXTS.repeatedInFile(`IMEI ${imei}`, first));
        continue;
      }
      seenImeis.set(imei, line);
      const check = known.imeiChecks.get(imei);
      if (!check?.valid) fail(line, 'imeis', IMEI_TEXTS.invalid(imei));
      else if (!check.registered) newUnits.push(imei);
      else if (check.registered.productId !== before?.id)
        fail(line, 'imeis', IMEI_TEXTS.duplicate(imei, check.registered.productName));
    }
    if (serialized) {
      const stock = (before?.stock ?? 0) + newUnits.length;
      if (typeof values.stock === 'number' && values.stock !== stock) fail(line, 'stock', IMPORT_TEXTS.serializedStock);
      input.stock = stock;
    }
    return { serialized, newUnits };
  };

  /** The barcode: once in the file, and no other product's. */
  const checkBarcode = (line: number, data: ProductCreate, before: ProductRow | undefined) => {
    if (!data.barcode || data.barcode === before?.barcode) return;
    const gtin = gtin14(data.barcode);
    const first = seenBarcodes.get(gtin);
    const holder = known.barcodeHolders.get(gtin);
    if (first !== undefined) fail(line, 'barcode', IMPORT_TEXTS.repeatedInFile(GTIN_TEXTS.label, first));
    else if (holder && holder.id !== before?.id) fail(line, 'barcode', GTIN_TEXTS.duplicate(data.barcode, holder.name));
    seenBarcodes.set(gtin, first ?? line);
  };

  /** The brand and the reference: known, or (with `createMissing`) valid names to create. */
  const checkBrandAndReference = (line: number, data: ProductCreate, brandKey: string) => {
    const brand = known.brands.get(brandKey);
    if (!brand && !missing.brands.has(brandKey)) {
      if (!options.createMissing) fail(line, 'brand', PRODUCT_TEXTS.brandNotFound);
      else {
        const checked = brandCreateSchema.safeParse({ name: data.brand }, { error: importIssueMessage });
        if (checked.success) missing.brands.set(brandKey, checked.data.name);
        else fail(line, 'brand', checked.error.issues[0]?.message ?? PRODUCT_TEXTS.brandNotFound);
      }
    }
    if (!data.reference) return;
    const referenceKey = `${brandKey}/${lower(data.reference)}`;
    const knownReference = brand ? known.references.get(`${brand.id}/${lower(data.reference)}`) : undefined;
    if (knownReference || missing.references.has(referenceKey)) return;
    if (!options.createMissing) fail(line, 'reference', PRODUCT_TEXTS.referenceNotFound);
    else {
      const checked = referenceCreateSchema.safeParse(
        { name: data.brand, reference: data.reference },
        { error: importIssueMessage },
      );
      if (checked.success) missing.references.set(referenceKey, { brandKey, name: checked.data.reference });
      else fail(line, 'reference', checked.error.issues[0]?.message ?? PRODUCT_TEXTS.referenceNotFound);
    }
  };

  function check({ line, values, failed }: ImportLine): PlannedProduct | undefined {
    // A cell that could not be read (told by the imports module) keeps its line out, as any other problem.
    if (failed.size > 0) bad.add(line);
    const code = typeof values.code === 'string' ? values.code : null;
    if (code !== null) checkCode(line, code);
    const before = code !== null ? known.existing.get(code) : undefined;
    const input = formInput(values, before);
    const { serialized, newUnits } = checkUnits(line, values, before, input);
    const parsed = (before ? productUpdateSchema : productCreateSchema).safeParse(input, {
      error: importIssueMessage,
    });
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const key = KEY_OF_FIELD.get(issue.path.join('.')) ?? KEY_OF_FIELD.get(String(issue.path[0])) ?? 'name';
        if (failed.has(key) || reported.has(key)) continue;
        reported.add(key);
        fail(line, key, issue.message);
      }
      return undefined;
    }
    const data = parsed.data as ProductCreate;
    checkBarcode(line, data, before);
    const brandKey = lower(data.brand);
    checkBrandAndReference(line, data, brandKey);
    return { line, code, before, data, brandKey, serialized, newUnits };
  }

  return { check, missing };
}

/** The product form's input for a line: the product as it is (or as the form starts a new one), the line's cells over it. */
function formInput(values: ImportLine['values'], before: ProductRow | undefined): Record<string, unknown> {
  // A new product starts as the form starts one: no stock, the level percentages at their defaults.
  const input: Record<string, unknown> = before
    ? productForm(before)
    : { stock: 0, discount: { ...NEW_PRODUCT_DISCOUNT } };
  for (const column of PRODUCT_IMPORT_COLUMNS) {
    if (column.key === 'code' || column.key === 'imeis' || !(column.key in values)) continue;
    setPath(input, column.field ?? column.key, values[column.key]);
  }
  return input;
}
