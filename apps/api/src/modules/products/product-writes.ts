import {
  CEST_TEXTS,
  centsToReais,
  cestFitsNcm,
  formatBRL,
  GTIN_TEXTS,
  isSubstitutionCode,
  PRODUCT_LIMITS,
  PRODUCT_TEXTS,
  type Product,
  type ProductCreate,
  type ProductUpdate,
  productSearchText,
  reaisToCents,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { diff, recordAudit, recordAudits } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { changeStock } from '../stock/stock.service';
import { normalizeImages, storeImages } from './images';
import { lockProduct, type ProductsContext, productAuditView, productForm } from './product-views';
import { type ProductRow, type ProductValues, productsRepository as repo } from './products.repository';

const barcodeTaken = (barcode: string, name: string, code: string) =>
  conflict(GTIN_TEXTS.duplicate(barcode, name), 'DUPLICATE', { barcode, productCode: code, productName: name });

/** The comparable fields of a product, for the audit trail. */
const auditView = (row: ProductRow) =>
  productAuditView(productForm(row), {
    serialized: row.serialized,
    warrantyMonths: row.warranty_months,
    used: row.used,
    grade: row.grade,
  });

/**
 * The fiscal columns a body sets (issue 21): a field left out is not written (kept on an edit, none on a
 * create); null removes it. The formats were checked by the contract's schemas (`fiscal.ts`).
 */
function fiscalValues(input: ProductCreate | ProductUpdate): Pick<ProductValues, 'ncm' | 'cest' | 'unit' | 'origin'> {
  return {
    ...(input.ncm !== undefined ? { ncm: input.ncm } : {}),
    ...(input.cest !== undefined ? { cest: input.cest } : {}),
    ...(input.unit !== undefined ? { unit: input.unit } : {}),
    ...(input.origin !== undefined ? { origin: input.origin } : {}),
  };
}

/**
 * The CEST a product is saved with (issue 55 §2): one that goes with its NCM in the Convênio ICMS 142/2018's annex
 * (the contract's CEST_ANNEX), and present when the product is invoiced under ICMS-ST (`icmsCode`, its profile's or
 * the default's) — the SEFAZ rejects an ICMS-ST item without it (806). 400 in Portuguese, naming the product.
 */
function checkCest(name: string, ncm: string | null, cest: string | null, icmsCode: string | null | undefined) {
  if (cest && !ncm) throw badRequest(CEST_TEXTS.needsNcm, 'VALIDATION_FAILED');
  if (cest && ncm && !cestFitsNcm(cest, ncm)) throw badRequest(CEST_TEXTS.mismatch(cest, ncm), 'VALIDATION_FAILED');
  if (!cest && isSubstitutionCode(icmsCode)) throw badRequest(CEST_TEXTS.required(name), 'VALIDATION_FAILED');
}

/**
 * The brand and reference a product is written with, held (`for key share`) until the end of the
 * transaction, so that a brand or reference removal running at the same time waits and then sees
 * the product, instead of both passing their checks.
 */
async function resolveBrand(trx: Transaction<Database>, brandName: string, referenceName: string | null) {
  const brand = await repo.findBrand(trx, brandName, 'keyShare');
  if (!brand) throw badRequest(PRODUCT_TEXTS.brandNotFound);
  let reference: { id: number; name: string } | undefined;
  if (referenceName) {
    reference = await repo.findReference(trx, brand.id, referenceName, 'keyShare');
    if (!reference) throw badRequest(PRODUCT_TEXTS.referenceNotFound);
  }
  return { brand, reference };
}

/** A product's columns from its form: money in cents, the level percentages, its search text, the fiscal fields sent. */
export function productValues(
  input: ProductCreate | ProductUpdate,
  code: string,
  brand: { id: number; name: string },
  reference: { id: number; name: string } | undefined,
  barcode: string | null,
): ProductValues {
  return {
    name: input.name,
    description: input.description,
    brand_id: brand.id,
    reference_id: reference?.id ?? null,
    cost_cents: reaisToCents(input.cost),
    sell_price_cents: reaisToCents(input.sellPrice),
    gold_percentage: input.discount.goldPercentage,
    silver_percentage: input.discount.silverPercentage,
    bronze_percentage: input.discount.bronzePercentage,
    stock_alert: input.stockAlert,
    tags: input.tags,
    search_text: productSearchText({
      name: input.name,
      code,
      tags: input.tags,
      brand: brand.name,
      reference: reference?.name,
      barcode,
    }),
    barcode,
    ...fiscalValues(input),
  };
}

/** 'Código de barras' is one product's: another product that has it (in GTIN-14 form) is named (409). */
async function ensureBarcodeFree(trx: Transaction<Database>, barcode: string | null, productId?: number) {
  if (barcode === null) return;
  const holder = await repo.findByBarcode(trx, barcode);
  if (holder && holder.id !== productId) throw barcodeTaken(barcode, holder.name, holder.code);
}

/** A product to create: the catalogue's checked fields, and what the audit row adds to them (where it came from). */
export interface NewProduct {
  input: ProductCreate;
  origin: Record<string, unknown>;
}

/**
 * New products' rows in the caller's transaction, in one statement for up to a thousand, each audited with
 * `origin` added to its fields: each one's brand and reference held, its barcode free (of every product, and of the
 * products before it in the list), its code the next, in the list's order. A refusal is the first product's, in
 * that order, that a one-by-one creation would have met. Answers each one's id and code, in the list's order.
 */
export async function insertProducts(
  trx: Transaction<Database>,
  actorId: number,
  products: readonly NewProduct[],
): Promise<{ id: number; code: string }[]> {
  if (products.length === 0) return [];
  const codes = await repo.nextCodes(trx, products.length);
  const barcodes = products.flatMap(({ input }) => (input.barcode ? [input.barcode] : []));
  const holders = new Map((await repo.byBarcodes(trx, barcodes)).map((row) => [row.gtin14, row]));
  const brands = new Map<string, Awaited<ReturnType<typeof resolveBrand>>>();
  const rows = [];
  for (const [index, { input }] of products.entries()) {
    const code = codes[index] as string;
    const key = `${input.brand.toLowerCase()}\u0000${input.reference?.toLowerCase() ?? ''}`;
    let resolved = brands.get(key);
    if (!resolved) {
      resolved = await resolveBrand(trx, input.brand, input.reference);
      brands.set(key, resolved);
    }
    const barcode = input.barcode ?? null;
    if (barcode !== null) {
      const gtin = barcode.padStart(14, '0');
      const holder = holders.get(gtin);
      if (holder) throw barcodeTaken(barcode, holder.name, holder.code);
      holders.set(gtin, { id: 0, code, name: input.name, gtin14: gtin });
    }
    rows.push({
      code,
      ...productValues(input, code, resolved.brand, resolved.reference, barcode),
      serialized: input.serialized,
      ...(input.warrantyMonths !== undefined ? { warranty_months: input.warrantyMonths } : {}),
      used: input.used,
      grade: input.used ? (input.grade ?? null) : null,
    });
  }
  const ids = new Map((await repo.insertMany(trx, rows)).map((row) => [row.code, row.id]));
  await recordAudits(
    trx,
    products.map(({ input, origin }, index) => {
      const { images: _images, units: _units, ...fields } = input;
      return {
        employeeId: actorId,
        entity: 'product',
        entityId: codes[index] as string,
        action: 'create',
        changes: { ...fields, ...origin },
      };
    }),
  );
  return codes.map((code) => ({ id: ids.get(code) as number, code }));
}

/**
 * A new product's row in the caller's transaction (`insertProducts` of one). The catalogue's create adds its
 * pictures and initial stock; an entry by the supplier's NF-e (issue 39) creates its new products together.
 */
export async function insertProduct(
  trx: Transaction<Database>,
  actorId: number,
  input: ProductCreate,
  origin: Record<string, unknown>,
): Promise<{ id: number; code: string }> {
  const [created] = await insertProducts(trx, actorId, [{ input, origin }]);
  return created as { id: number; code: string };
}

/**
 * Rules of the catalogue's writes on a product: create and edit (codes, prices, brand and reference, barcode,
 * fiscal fields, the stock typed on the form through the ledger), archive, and its pictures.
 */
export function productWrites({ db, storage, productById, withImages }: ProductsContext) {
  /** The unique index settles two writes of the same barcode at the same moment: the loser is told so. */
  async function orBarcodeTaken<T>(barcode: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (barcode !== null && isUniqueViolation(error)) {
        const holder = await repo.findByBarcode(db, barcode);
        if (holder) throw barcodeTaken(barcode, holder.name, holder.code);
      }
      throw error;
    }
  }

  return {
    async create(actorId: number, input: ProductCreate): Promise<Product> {
      checkCest(input.name, input.ncm ?? null, input.cest ?? null, await repo.defaultIcmsCode(db));
      const pictures = await normalizeImages(input.images);
      const barcode = input.barcode ?? null;
      const id = await orBarcodeTaken(barcode, () =>
        db.transaction().execute(async (trx) => {
          const { units } = input;
          const { id, code } = await insertProduct(trx, actorId, input, {
            images: pictures.length,
            ...(units ? { imeis: units.map((u) => u.imei) } : {}),
          });
          const keys = await storeImages(storage, trx, pictures);
          for (const [position, key] of keys.entries()) {
            await repo.insertImage(trx, { product_id: id, path: key, name: `${code}-${position + 1}.jpg`, position });
          }
          if (input.stock > 0 || (units?.length ?? 0) > 0) {
            // A serialized product's initial stock comes in by its units (their count must be the stock).
            await changeStock(trx, {
              productId: id,
              kind: 'ADJUSTMENT',
              ...(input.serialized ? { quantityIn: input.stock, units: units ?? [] } : { newStock: input.stock }),
              ...(!input.serialized && units ? { units } : {}),
              employeeId: actorId,
              note: 'Estoque inicial no cadastro',
            });
          }
          return id;
        }),
      );
      return productById(db, id);
    },

    async update(actorId: number, code: string, input: ProductUpdate): Promise<Product> {
      if (input.code !== undefined && input.code !== code) throw badRequest(PRODUCT_TEXTS.codeMismatch);
      const id = await orBarcodeTaken(input.barcode ?? null, () =>
        db.transaction().execute(async (trx) => {
          const locked = await lockProduct(trx, code);
          const before = await repo.findById(trx, locked.id);
          if (!before) throw notFound(PRODUCT_TEXTS.productNotFound);
          const { brand, reference } = await resolveBrand(trx, input.brand, input.reference);
          // Absent keeps the product's barcode; null (or blank) removes it.
          const barcode = input.barcode === undefined ? before.barcode : input.barcode;
          if (barcode !== before.barcode) await ensureBarcodeFree(trx, barcode, locked.id);
          // A stock or cost moved by someone else since the form was opened wins over the form's stale copy.
          let stock = input.stock;
          if (input.previousStock !== undefined && locked.stock !== input.previousStock) {
            if (input.stock !== input.previousStock)
              throw conflict(PRODUCT_TEXTS.stockChangedMeanwhile(locked.stock), 'STALE_DATA', {
                stock: locked.stock,
              });
            stock = locked.stock;
          }
          let costCents = reaisToCents(input.cost);
          if (input.previousCost !== undefined && before.cost_cents !== reaisToCents(input.previousCost)) {
            if (costCents !== reaisToCents(input.previousCost)) {
              throw conflict(
                PRODUCT_TEXTS.costChangedMeanwhile(formatBRL(centsToReais(before.cost_cents))),
                'STALE_DATA',
                {
                  cost: centsToReais(before.cost_cents),
                },
              );
            }
            costCents = before.cost_cents;
          }
          checkCest(
            input.name,
            input.ncm === undefined ? before.ncm : input.ncm,
            input.cest === undefined ? before.cest : input.cest,
            before.icms_code,
          );
          const serialized = input.serialized ?? before.serialized;
          // The stock of a serialized product is its units: the switch moves only while there is none.
          if (serialized !== before.serialized && (locked.stock !== 0 || stock !== 0)) {
            throw badRequest(PRODUCT_TEXTS.serializedChangeNeedsZeroStock);
          }
          await repo.update(trx, locked.id, {
            ...productValues(input, code, brand, reference, barcode),
            cost_cents: costCents,
            serialized,
            ...(input.warrantyMonths !== undefined ? { warranty_months: input.warrantyMonths } : {}),
            ...usedValues(input, before),
          });
          if (stock !== locked.stock) {
            await changeStock(trx, {
              productId: locked.id,
              kind: 'ADJUSTMENT',
              newStock: stock,
              employeeId: actorId,
              note: 'Edição do produto',
            });
          }
          const after = await repo.findById(trx, locked.id);
          if (after) {
            await recordAudit(trx, {
              employeeId: actorId,
              entity: 'product',
              entityId: code,
              action: 'update',
              changes: diff(auditView(before), auditView(after)),
            });
          }
          return locked.id;
        }),
      );
      return productById(db, id);
    },

    async archive(actorId: number, codesParam: string): Promise<Product[]> {
      const codes = [
        ...new Set(
          codesParam
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean),
        ),
      ];
      if (codes.length === 0) throw badRequest(PRODUCT_TEXTS.codesRequired);
      const ids = await db.transaction().execute(async (trx) => {
        const found = await repo.findIdsByCodes(trx, codes);
        const missing = codes.filter((code) => !found.some((f) => f.code === code));
        if (missing.length) throw notFound(`${PRODUCT_TEXTS.productsNotFound}${missing.join(', ')}`);
        const toArchive = found.filter((f) => !f.archived);
        await repo.setArchived(
          trx,
          toArchive.map((f) => f.id),
          true,
        );
        for (const product of toArchive) {
          await recordAudit(trx, { employeeId: actorId, entity: 'product', entityId: product.code, action: 'archive' });
        }
        return found.map((f) => f.id);
      });
      return withImages(db, await repo.findByIds(db, ids));
    },

    async unarchive(actorId: number, code: string): Promise<Product> {
      const id = await db.transaction().execute(async (trx) => {
        const locked = await lockProduct(trx, code);
        await repo.setArchived(trx, [locked.id], false);
        await recordAudit(trx, { employeeId: actorId, entity: 'product', entityId: code, action: 'unarchive' });
        return locked.id;
      });
      return productById(db, id);
    },

    /** Adds one picture to the product (after the existing ones). */
    async addImage(actorId: number, code: string, image: string): Promise<Product> {
      const pictures = await normalizeImages([image]);
      const id = await db.transaction().execute(async (trx) => {
        const locked = await lockProduct(trx, code);
        const count = await repo.countImages(trx, locked.id);
        if (count >= PRODUCT_LIMITS.maxImages) throw conflict(PRODUCT_TEXTS.tooManyImages);
        const name = `${code}-${count + 1}.jpg`;
        const [key] = await storeImages(storage, trx, pictures);
        await repo.insertImage(trx, { product_id: locked.id, path: key as string, name, position: count });
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'product',
          entityId: code,
          action: 'image',
          changes: { name },
        });
        return locked.id;
      });
      return productById(db, id);
    },
  };
}

/** A product's 'Seminovo' and grade after an edit: unchanged when absent; a new product (not used) has no grade. */
function usedValues(
  input: { used?: boolean; grade?: 'A' | 'B' | 'C' | null },
  before: { used: boolean; grade: string | null },
): { used: boolean; grade: 'A' | 'B' | 'C' | null } {
  const used = input.used ?? before.used;
  const grade = input.grade !== undefined ? input.grade : (before.grade as 'A' | 'B' | 'C' | null);
  if (!used && grade !== null && input.grade !== undefined) throw badRequest(PRODUCT_TEXTS.gradeOnlyUsed);
  return { used, grade: used ? grade : null };
}
