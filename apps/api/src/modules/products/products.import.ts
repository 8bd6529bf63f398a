import {
  brandCreateSchema,
  GTIN_TEXTS,
  gtin14,
  IMEI_TEXTS,
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  importIssueMessage,
  importLinePricing,
  NEW_PRODUCT_DISCOUNT,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_TEXTS,
  type ProductCreate,
  productCreateSchema,
  productUpdateSchema,
  referenceCreateSchema,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { type AuditEntry, diff, recordAudits } from '../../lib/audit';
import { eventLoopTurns } from '../../lib/event-loop-turns';
import {
  type ImportIssue,
  type ImportLine,
  type ImportOptions,
  type ImportOutcome,
  type ImportTarget,
  issueList,
  setPath,
} from '../../lib/import-lines';
import { checkImeis, moveStock, type StockMoveLine } from '../stock/stock.service';
import { productAuditView, productForm } from './product-views';
import { productValues } from './product-writes';
import { type ProductRow, type ProductValues, productsRepository as repo } from './products.repository';

const CODE_PATTERN = new RegExp(`^[^\\s/]{1,${IMPORT_LIMITS.codeMaxLength}}$`);
/** The schema's path of each column (`discount.silverPercentage`) → its key. */
const KEY_OF_FIELD = new Map(PRODUCT_IMPORT_COLUMNS.map((column) => [column.field ?? column.key, column.key]));

interface PlannedProduct {
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

const lower = (text: string) => text.trim().toLowerCase();

/**
 * Products from a spreadsheet (issue 21 §2): every line checked with the product form's own schema
 * (create, or update when its code exists), brands and references found or, with `createMissing`,
 * created; then, when writing (`target.write`, the caller's transaction) and the file is not refused: products upserted by code a
 * thousand per statement, the stock each line sets moved through `moveStock` (ledger kind IMPORT), one
 * audit row per product. A line without a code is a new product (code from the sequence).
 */
export async function importProducts(
  target: ImportTarget,
  actorId: number,
  lines: readonly ImportLine[],
  options: ImportOptions,
): Promise<ImportOutcome> {
  return 'write' in target ? plan(target.write, true, target.write) : plan(target.check, false);

  async function plan(executor: Executor, lock: boolean, trx?: Transaction<Database>): Promise<ImportOutcome> {
    const { issues, bad, fail } = issueList();

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
    const seenBarcodes = new Map<string, number>();
    const seenImeis = new Map<string, number>();
    const newBrands = new Map<string, string>();
    const newReferences = new Map<string, { brandKey: string; name: string }>();
    const seenCodes = new Map<string, number>();
    const planned: PlannedProduct[] = [];

    const turn = eventLoopTurns();
    for (const { line, values, failed } of lines) {
      await turn();
      // A cell that could not be read (told by the imports module) keeps its line out, as any other problem.
      if (failed.size > 0) bad.add(line);
      const code = typeof values.code === 'string' ? values.code : null;
      if (code !== null) {
        if (!CODE_PATTERN.test(code)) fail(line, 'code', IMPORT_TEXTS.codeInvalid);
        const first = seenCodes.get(code);
        if (first !== undefined) fail(line, 'code', IMPORT_TEXTS.repeatedInFile('Código', first));
        else seenCodes.set(code, line);
      }
      const before = code !== null ? existing.get(code) : undefined;
      // A new product starts as the form starts one: no stock, the level percentages at their defaults.
      const input: Record<string, unknown> = before
        ? productForm(before)
        : { stock: 0, discount: { ...NEW_PRODUCT_DISCOUNT } };
      for (const column of PRODUCT_IMPORT_COLUMNS) {
        if (column.key === 'code' || column.key === 'imeis' || !(column.key in values)) continue;
        setPath(input, column.field ?? column.key, values[column.key]);
      }
      // A phone's stock is its units: the IMEIs not registered yet come in; one already of this product is
      // taken as it is (a file imported again); the stock cell, if any, must be the count that results.
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
        const check = imeiChecks.get(imei);
        if (!check?.valid) fail(line, 'imeis', IMEI_TEXTS.invalid(imei));
        else if (!check.registered) newUnits.push(imei);
        else if (check.registered.productId !== before?.id)
          fail(line, 'imeis', IMEI_TEXTS.duplicate(imei, check.registered.productName));
      }
      if (serialized) {
        const stock = (before?.stock ?? 0) + newUnits.length;
        if (typeof values.stock === 'number' && values.stock !== stock)
          fail(line, 'stock', IMPORT_TEXTS.serializedStock);
        input.stock = stock;
      }
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
        continue;
      }
      const data = parsed.data as ProductCreate;
      if (data.barcode && data.barcode !== before?.barcode) {
        const gtin = gtin14(data.barcode);
        const first = seenBarcodes.get(gtin);
        const holder = barcodeHolders.get(gtin);
        if (first !== undefined) fail(line, 'barcode', IMPORT_TEXTS.repeatedInFile(GTIN_TEXTS.label, first));
        else if (holder && holder.id !== before?.id)
          fail(line, 'barcode', GTIN_TEXTS.duplicate(data.barcode, holder.name));
        seenBarcodes.set(gtin, first ?? line);
      }

      const brandKey = lower(data.brand);
      const brand = brands.get(brandKey);
      if (!brand && !newBrands.has(brandKey)) {
        if (!options.createMissing) fail(line, 'brand', PRODUCT_TEXTS.brandNotFound);
        else {
          const checked = brandCreateSchema.safeParse({ name: data.brand }, { error: importIssueMessage });
          if (checked.success) newBrands.set(brandKey, checked.data.name);
          else fail(line, 'brand', checked.error.issues[0]?.message ?? PRODUCT_TEXTS.brandNotFound);
        }
      }
      if (data.reference) {
        const referenceKey = `${brandKey}/${lower(data.reference)}`;
        const known = brand ? references.get(`${brand.id}/${lower(data.reference)}`) : undefined;
        if (!known && !newReferences.has(referenceKey)) {
          if (!options.createMissing) fail(line, 'reference', PRODUCT_TEXTS.referenceNotFound);
          else {
            const checked = referenceCreateSchema.safeParse(
              { name: data.brand, reference: data.reference },
              { error: importIssueMessage },
            );
            if (checked.success) newReferences.set(referenceKey, { brandKey, name: checked.data.reference });
            else fail(line, 'reference', checked.error.issues[0]?.message ?? PRODUCT_TEXTS.referenceNotFound);
          }
        }
      }
      if (!bad.has(line)) planned.push({ line, code, before, data, brandKey, serialized, newUnits });
    }

    const good = planned.filter((p) => !bad.has(p.line));
    const created = good.filter((p) => !p.before).length;
    const updated = good.length - created;
    // What each good line's customers will pay, and the prices worth a second look.
    const warnings: ImportIssue[] = [];
    const prices: NonNullable<ImportOutcome['prices']> = [];
    for (const p of good) {
      await turn();
      const pricing = importLinePricing(p.data);
      for (const warning of pricing.warnings) warnings.push({ line: p.line, ...warning });
      prices.push({ line: p.line, name: p.data.name, ...pricing.prices });
    }
    if (!trx || (bad.size > 0 && !options.skipInvalid) || good.length === 0) {
      return { created: trx ? 0 : created, updated: trx ? 0 : updated, issues, imported: false, warnings, prices };
    }

    // ---------- writing, in the caller's transaction ----------
    const usedBrands = new Set(good.map((p) => p.brandKey));
    for (const row of await repo.insertBrands(
      trx,
      [...newBrands].filter(([key]) => usedBrands.has(key)).map(([, name]) => name),
    )) {
      brands.set(lower(row.name), row);
    }
    const usedReferences = new Set(
      good.map((p) => (p.data.reference ? `${p.brandKey}/${lower(p.data.reference)}` : '')),
    );
    const referenceRows = [...newReferences]
      .filter(([key]) => usedReferences.has(key))
      .map(([, r]) => ({ brand_id: (brands.get(r.brandKey) as { id: number }).id, name: r.name }));
    for (const row of await repo.insertReferences(trx, referenceRows)) {
      references.set(`${row.brand_id}/${lower(row.name)}`, { id: row.id, name: row.name });
    }
    const issued = await repo.nextCodes(trx, good.filter((p) => p.code === null).length);
    let highestImported = 0;

    const audits: AuditEntry[] = [];
    const stockLines: StockMoveLine[] = [];
    for (let start = 0; start < good.length; start += IMPORT_LIMITS.batchSize) {
      await turn();
      const batch = good.slice(start, start + IMPORT_LIMITS.batchSize);
      const values: (ProductValues & { code: string })[] = batch.map((p) => {
        const code = p.code ?? (issued.shift() as string);
        p.code = code;
        if (!p.before) {
          const numeric = /^P(\d{1,15})$/.exec(code);
          if (numeric) highestImported = Math.max(highestImported, Number(numeric[1]));
        }
        const brand = brands.get(p.brandKey) as { id: number; name: string };
        const reference = p.data.reference ? references.get(`${brand.id}/${lower(p.data.reference)}`) : undefined;
        return {
          code,
          // The catalogue's own values (cents, search text); a file's empty fiscal cell clears the field.
          ...productValues(p.data, code, brand, reference, p.data.barcode ?? null),
          ncm: p.data.ncm ?? null,
          cest: p.data.cest ?? null,
          unit: p.data.unit ?? null,
          origin: p.data.origin ?? null,
          serialized: p.serialized,
        };
      });
      const ids = new Map((await repo.upsertByCode(trx, values)).map((row) => [row.code, row.id]));
      for (const p of batch) {
        const id = ids.get(p.code as string) as number;
        const stockBefore = p.before?.stock ?? 0;
        if (p.serialized) {
          if (p.newUnits.length > 0) {
            const units = p.newUnits.map((imei) => ({ imei }));
            stockLines.push({ productId: id, quantityIn: units.length, units });
          }
        } else if (p.data.stock !== stockBefore) stockLines.push({ productId: id, newStock: p.data.stock });
        const brand = brands.get(p.brandKey) as { name: string };
        const after = productAuditView({
          name: p.data.name,
          description: p.data.description,
          brand: brand.name,
          reference: p.data.reference ?? null,
          cost: p.data.cost,
          sellPrice: p.data.sellPrice,
          discount: p.data.discount,
          stock: p.data.stock,
          stockAlert: p.data.stockAlert,
          tags: p.data.tags,
          barcode: p.data.barcode ?? null,
          ncm: p.data.ncm ?? null,
          cest: p.data.cest ?? null,
          unit: p.data.unit ?? null,
          origin: p.data.origin ?? null,
        });
        audits.push({
          employeeId: actorId,
          entity: 'product',
          entityId: p.code as string,
          action: p.before ? 'import-update' : 'import-create',
          changes: p.before
            ? { ...diff(productAuditView(productForm(p.before)), after), line: p.line }
            : { ...after, line: p.line },
        });
      }
    }
    for (let start = 0; start < stockLines.length; start += IMPORT_LIMITS.batchSize) {
      await moveStock(
        trx,
        { kind: 'IMPORT', employeeId: actorId, note: 'Importação de planilha' },
        stockLines.slice(start, start + IMPORT_LIMITS.batchSize),
      );
    }
    if (highestImported > 0) await repo.codeSequenceAtLeast(trx, highestImported);
    await recordAudits(trx, audits);
    return { created, updated, issues, imported: true, warnings, prices };
  }
}
