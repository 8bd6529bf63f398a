import {
  type Brand,
  type BrandReference,
  centsToReais,
  formatBRL,
  GTIN_TEXTS,
  type InventoryHistoryRow,
  type InventoryInput,
  PRODUCT_LIMITS,
  PRODUCT_TEXTS,
  type Product,
  type ProductCreate,
  type ProductPage,
  type ProductSource,
  type ProductUpdate,
  type PurchaseHistoryRow,
  priceFromPercentage,
  productSearchText,
  reaisToCents,
  type SalesHistoryRow,
  STOCK_MOVEMENT_LABELS,
  type StockChangeRow,
  type StockEntryBatch,
  type StockMovementKindKey,
  UNSOLD_ORDER_STATUSES,
  type UnitCountResult,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { diff, recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { periodOrThrow } from '../../lib/period';
import type { Storage } from '../../lib/storage';
import {
  changeStock,
  checkImeis,
  countUnits,
  imeisOfOrders,
  moveStock,
  type StockChangeResult,
  unitByImei,
  unitsInAnalysis,
} from '../stock/stock.service';
import { normalizeProductImage } from './images';
import { type ImageRow, type ProductRow, type ProductValues, productsRepository as repo } from './products.repository';

/** The spreadsheet import of products (issue 21 §2), for the imports module. */
export { importProducts } from './products.import';

const IMAGE_FOLDER = 'products';

const sqlState = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';

const barcodeTaken = (barcode: string, name: string, code: string) =>
  conflict(GTIN_TEXTS.duplicate(barcode, name), 'DUPLICATE', { barcode, productCode: code, productName: name });

function period(start: string, end: string): [Date, Date] {
  const { from, until } = periodOrThrow(start, end);
  return [from, until];
}

/** What a ledger movement changed, as the audit trail records it (API units). */
function stockAndCostChanges(moved: StockChangeResult) {
  return diff(
    { stock: moved.stockBefore, cost: centsToReais(moved.costBeforeCents) },
    { stock: moved.stockAfter, cost: centsToReais(moved.costAfterCents) },
  );
}

/** The comparable fields of a product, for the audit trail. */
function auditView(row: ProductRow) {
  return {
    name: row.name,
    description: row.description,
    brand: row.brand,
    reference: row.reference,
    cost: centsToReais(row.cost_cents),
    sellPrice: centsToReais(row.sell_price_cents),
    goldPercentage: row.gold_percentage,
    silverPercentage: row.silver_percentage,
    bronzePercentage: row.bronze_percentage,
    stock: row.stock,
    stockAlert: row.stock_alert,
    tags: row.tags,
    serialized: row.serialized,
    warrantyMonths: row.warranty_months,
    barcode: row.barcode,
    ncm: row.ncm,
    cest: row.cest,
    unit: row.unit,
    origin: row.origin,
  };
}

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

/** The pictures of these products (every product's in one query), for modules that show products. */
export function productImagesOf(db: Executor, productIds: number[]): Promise<ImageRow[]> {
  return repo.imagesOf(db, productIds);
}

/** Rows a CSV export reads at a time. */
const EXPORT_BATCH = 500;

/** Rules of the catalogue: codes, prices, brands and references, images, archive and the stock ledger. */
/**
 * The command palette's products (issue 20 §2): active products whose name, code, tags, brand or reference
 * hold every word, as the products list searches them (its trigram index), by name.
 */
export function searchProducts(db: Executor, term: string, limit: number): Promise<ProductRow[]> {
  return repo.page(db, { offset: 0, limit, search: term });
}

export function createProductsService(db: DB, storage: Storage) {
  function toProduct(row: ProductRow, images: ImageRow[]): Product {
    const list = images.map((image) => ({ url: storage.url(image.path), name: image.name }));
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      description: row.description,
      brand: row.brand,
      reference: row.reference,
      cost: centsToReais(row.cost_cents),
      sellPrice: centsToReais(row.sell_price_cents),
      stock: row.stock,
      stockAlert: row.stock_alert,
      tags: row.tags,
      serialized: row.serialized,
      warrantyMonths: row.warranty_months,
      barcode: row.barcode,
      ncm: row.ncm,
      cest: row.cest,
      unit: row.unit,
      origin: row.origin,
      imagesUrl: list.map((image) => image.url),
      images: list,
      discount: {
        silverPercentage: row.silver_percentage,
        goldPercentage: row.gold_percentage,
        bronzePercentage: row.bronze_percentage,
      },
      archived: row.archived,
      goldPrice: centsToReais(priceFromPercentage(row.cost_cents, row.gold_percentage)),
      silverPrice: centsToReais(priceFromPercentage(row.cost_cents, row.silver_percentage)),
    };
  }

  async function withImages(executor: Executor, rows: ProductRow[]): Promise<Product[]> {
    const images = await repo.imagesOf(
      executor,
      rows.map((row) => row.id),
    );
    const byProduct = new Map<number, ImageRow[]>();
    for (const image of images) {
      const list = byProduct.get(image.product_id) ?? [];
      list.push(image);
      byProduct.set(image.product_id, list);
    }
    return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? []));
  }

  async function productById(executor: Executor, id: number): Promise<Product> {
    const row = await repo.findById(executor, id);
    if (!row) throw notFound(PRODUCT_TEXTS.productNotFound);
    const [product] = await withImages(executor, [row]);
    return product as Product;
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

  function productValues(
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

  /** Decodes and checks pictures before the transaction (sharp is slow); `storeImages` writes them in it. */
  function normalizeImages(images: string[]): Promise<Buffer[]> {
    return Promise.all(images.map((image) => normalizeProductImage(image)));
  }

  /** Stores the pictures in the caller's transaction: a refused write stores none of them. */
  async function storeImages(trx: Transaction<Database>, buffers: Buffer[]): Promise<string[]> {
    const keys: string[] = [];
    for (const buffer of buffers) keys.push(await storage.put(trx, IMAGE_FOLDER, buffer, 'jpg'));
    return keys;
  }

  async function lockProduct(trx: Transaction<Database>, code: string) {
    const locked = await repo.lockByCode(trx, code);
    if (!locked) throw notFound(PRODUCT_TEXTS.productNotFound);
    return locked;
  }

  async function ensureProduct(id: number) {
    if (!(await repo.findById(db, id))) throw notFound(PRODUCT_TEXTS.productNotFound);
  }

  return {
    async page(options: { offset: number; limit: number; search?: string }): Promise<ProductPage> {
      const [rows, total] = await Promise.all([repo.page(db, options), repo.count(db, options.search)]);
      return { items: await withImages(db, rows), page: Math.floor(options.offset / options.limit), total };
    },

    /**
     * Every active product that matches `search`, in the list's order, in batches for a CSV download
     * (images left out: the CSV has no picture column).
     */
    async *exportBatches(search?: string): AsyncGenerator<ProductRow[]> {
      const ids = await repo.allIds(db, search);
      for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
        yield repo.findByIds(db, ids.slice(start, start + EXPORT_BATCH));
      }
    },

    async search(term: string): Promise<Product[]> {
      const rows = await repo.page(db, { offset: 0, limit: PRODUCT_LIMITS.searchResults, search: term });
      return withImages(db, rows);
    },

    async archived(): Promise<Product[]> {
      return withImages(db, await repo.archived(db));
    },

    async byBrandAndReference(brandName: string, referenceName: string): Promise<Product[]> {
      const brand = await repo.findBrand(db, brandName);
      if (!brand) throw notFound(PRODUCT_TEXTS.brandNotFound);
      const reference = await repo.findReference(db, brand.id, referenceName);
      if (!reference) throw notFound(PRODUCT_TEXTS.referenceNotFound);
      return withImages(db, await repo.byBrandAndReference(db, brand.id, reference.id));
    },

    /** A scanned box: the active product whose 'Código de barras' is this GTIN (any of its lengths); 404 none. */
    async byBarcode(gtin: string): Promise<Product> {
      const row = await repo.findByBarcode(db, gtin, true);
      if (!row) throw notFound(GTIN_TEXTS.notFound(gtin));
      const [product] = await withImages(db, [row]);
      return product as Product;
    },

    /** 'Controla IMEI': the IMEIs an entry is about to send, checked (valid, and where registered). */
    checkImeis: (imeis: readonly string[]) => checkImeis(db, imeis),

    /** 'Consultar IMEI': the phone, its customer and order, its warranty and its history. */
    unit: (imei: string) => unitByImei(db, imei),
    /** The phones that came back and wait for a stocker's verdict (decision 0012), a page at a time. */
    unitsInAnalysis: (page: number, items: number) => unitsInAnalysis(db, page, items),

    async brands(): Promise<Brand[]> {
      const [brands, references] = await Promise.all([repo.brands(db), repo.references(db)]);
      return brands.map((brand) => ({
        name: brand.name,
        references: references.filter((r) => r.brand_id === brand.id).map((r) => r.name),
      }));
    },

    async references(): Promise<BrandReference[]> {
      return (await repo.references(db)).map((r) => ({ brand: r.brand, name: r.name }));
    },

    async sources(): Promise<ProductSource[]> {
      return (await repo.sources(db)).map((s) => ({ key: s.key, name: s.name }));
    },

    async create(actorId: number, input: ProductCreate): Promise<Product> {
      const pictures = await normalizeImages(input.images);
      const barcode = input.barcode ?? null;
      const id = await orBarcodeTaken(barcode, () =>
        db.transaction().execute(async (trx) => {
          const { brand, reference } = await resolveBrand(trx, input.brand, input.reference);
          await ensureBarcodeFree(trx, barcode);
          const code = await repo.nextCode(trx);
          const { id } = await repo.insert(trx, {
            code,
            ...productValues(input, code, brand, reference, barcode),
            serialized: input.serialized,
            ...(input.warrantyMonths !== undefined ? { warranty_months: input.warrantyMonths } : {}),
          });
          const keys = await storeImages(trx, pictures);
          for (const [position, key] of keys.entries()) {
            await repo.insertImage(trx, { product_id: id, path: key, name: `${code}-${position + 1}.jpg`, position });
          }
          if (input.stock > 0 || (input.units?.length ?? 0) > 0) {
            // A serialized product's initial stock comes in by its units (their count must be the stock).
            await changeStock(trx, {
              productId: id,
              kind: 'ADJUSTMENT',
              ...(input.serialized ? { quantityIn: input.stock, units: input.units ?? [] } : { newStock: input.stock }),
              ...(!input.serialized && input.units ? { units: input.units } : {}),
              employeeId: actorId,
              note: 'Estoque inicial no cadastro',
            });
          }
          const { images: _images, units, ...fields } = input;
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'product',
            entityId: code,
            action: 'create',
            changes: { ...fields, images: keys.length, ...(units ? { imeis: units.map((u) => u.imei) } : {}) },
          });
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

    /** Stock entries: each line brings `stock` units in at unit `cost` from `source`; all or nothing. */
    async stockEntries(actorId: number, batch: StockEntryBatch): Promise<Product[]> {
      const ids = await db.transaction().execute(async (trx) => {
        const sources = new Map((await repo.sources(trx)).map((s) => [s.key, s.id]));
        for (const line of batch.products) {
          if (!sources.has(line.source)) throw badRequest(PRODUCT_TEXTS.sourceNotFound);
        }
        // One move for the whole batch: the stock module locks the products in a fixed order (no deadlock
        // between two concurrent batches) and refuses it whole if any line fails.
        const lines = batch.products;
        const moved = await moveStock(
          trx,
          { kind: 'PURCHASE', employeeId: actorId },
          lines.map((line) => ({
            productId: line.productId,
            quantityIn: line.stock,
            ...(line.units ? { units: line.units } : {}),
            newCostCents: reaisToCents(line.cost),
            sourceId: sources.get(line.source) ?? null,
          })),
        );
        for (const [index, line] of lines.entries()) {
          const result = moved[index] as StockChangeResult;
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'product',
            entityId: result.code,
            action: 'stock-entry',
            changes: {
              ...stockAndCostChanges(result),
              quantity: line.stock,
              source: line.source,
              ...(line.units ? { imeis: line.units.map((u) => u.imei) } : {}),
              movementId: result.movementId,
            },
          });
        }
        return [...new Set(lines.map((line) => line.productId))];
      });
      return withImages(db, await repo.findByIds(db, ids));
    },

    /**
     * The shelf count of a serialized product by its IMEIs (issue 17 §2): what is missing and unknown; with
     * `dryRun` false the missing units are written off (one INVENTORY row naming them), all in one transaction.
     */
    async countUnits(
      actorId: number,
      code: string,
      imeis: readonly string[],
      dryRun: boolean,
    ): Promise<UnitCountResult> {
      return db.transaction().execute(async (trx) => {
        const locked = await lockProduct(trx, code);
        const result = await countUnits(trx, { productId: locked.id, imeis, employeeId: actorId, dryRun });
        if (result.written) {
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'product',
            entityId: code,
            action: 'inventory',
            changes: {
              stock: { from: result.stockBefore, to: result.stockAfter },
              writtenOff: result.missing.map((u) => u.imei),
            },
          });
        }
        return result;
      });
    },

    async inventory(actorId: number, code: string, input: InventoryInput & { newStock: number }): Promise<Product> {
      if (input.code !== undefined && input.code !== code) throw badRequest(PRODUCT_TEXTS.codeMismatch);
      const id = await db.transaction().execute(async (trx) => {
        const locked = await lockProduct(trx, code);
        const moved = await changeStock(trx, {
          productId: locked.id,
          kind: 'INVENTORY',
          newStock: input.newStock,
          employeeId: actorId,
        });
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'product',
          entityId: code,
          action: 'inventory',
          changes: { ...stockAndCostChanges(moved), movementId: moved.movementId },
        });
        return locked.id;
      });
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
        const [key] = await storeImages(trx, pictures);
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

    // ---------- brands and references ----------
    async createBrand(actorId: number, name: string): Promise<Brand> {
      try {
        return await db.transaction().execute(async (trx) => {
          if (await repo.findBrand(trx, name)) throw conflict(PRODUCT_TEXTS.duplicateBrand, 'DUPLICATE');
          const brand = await repo.insertBrand(trx, name);
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'brand',
            entityId: brand.id,
            action: 'create',
            changes: { name },
          });
          return { name: brand.name, references: [] };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(PRODUCT_TEXTS.duplicateBrand, 'DUPLICATE');
        throw error;
      }
    },

    async addReference(actorId: number, brandName: string, referenceName: string): Promise<Brand> {
      try {
        return await db.transaction().execute(async (trx) => {
          // Held so that a removal of the brand running at the same time waits for this reference.
          const brand = await repo.findBrand(trx, brandName, 'keyShare');
          if (!brand) throw notFound(PRODUCT_TEXTS.brandNotFound);
          if (await repo.findReference(trx, brand.id, referenceName))
            throw conflict(PRODUCT_TEXTS.duplicateReference, 'DUPLICATE');
          const reference = await repo.insertReference(trx, brand.id, referenceName);
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'brand_reference',
            entityId: reference.id,
            action: 'create',
            changes: { brand: brand.name, reference: referenceName },
          });
          const references = await repo.referencesOf(trx, brand.id);
          return { name: brand.name, references: references.map((r) => r.name) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(PRODUCT_TEXTS.duplicateReference, 'DUPLICATE');
        throw error;
      }
    },

    async deleteBrand(actorId: number, name: string): Promise<void> {
      try {
        await db.transaction().execute(async (trx) => {
          // Locked before counting: a product being written with this brand commits first and is counted.
          const brand = await repo.findBrand(trx, name, 'update');
          if (!brand) throw notFound(PRODUCT_TEXTS.brandNotFound);
          if ((await repo.countProductsWhere(trx, 'brand_id', brand.id)) > 0)
            throw conflict(PRODUCT_TEXTS.brandInUse, 'IN_USE');
          await repo.deleteBrand(trx, brand.id);
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'brand',
            entityId: brand.id,
            action: 'delete',
            changes: { name: brand.name },
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict(PRODUCT_TEXTS.brandInUse, 'IN_USE');
        throw error;
      }
    },

    async deleteReference(actorId: number, brandName: string, referenceName: string): Promise<void> {
      try {
        await db.transaction().execute(async (trx) => {
          const brand = await repo.findBrand(trx, brandName);
          if (!brand) throw notFound(PRODUCT_TEXTS.brandNotFound);
          const reference = await repo.findReference(trx, brand.id, referenceName, 'update');
          if (!reference) throw notFound(PRODUCT_TEXTS.referenceNotFound);
          if ((await repo.countProductsWhere(trx, 'reference_id', reference.id)) > 0) {
            throw conflict(PRODUCT_TEXTS.referenceInUse, 'IN_USE');
          }
          await repo.deleteReference(trx, reference.id);
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'brand_reference',
            entityId: reference.id,
            action: 'delete',
            changes: { brand: brand.name, reference: reference.name },
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict(PRODUCT_TEXTS.referenceInUse, 'IN_USE');
        throw error;
      }
    },

    // ---------- histories (section 3) ----------
    async salesHistory(productId: number, start: string, end: string): Promise<SalesHistoryRow[]> {
      const [from, to] = period(start, end);
      await ensureProduct(productId);
      const rows = await repo.sales(db, productId, from, to, UNSOLD_ORDER_STATUSES);
      const imeis = await imeisOfOrders(
        db,
        rows.map((row) => row.order_id),
      );
      return rows.map((row) => {
        const phones = imeis.get(`${row.order_id}:${productId}`);
        return {
          orderCode: row.code,
          customerName: row.customer_name,
          customerEmail: row.customer_email,
          salesDate: row.created_at.toISOString(),
          quantity: row.quantity,
          unitPrice: centsToReais(row.unit_price_cents),
          totalSold: centsToReais(row.total_cents),
          ...(phones ? { imeis: phones } : {}),
        };
      });
    },

    async purchaseHistory(productId: number, start: string, end: string): Promise<PurchaseHistoryRow[]> {
      const [from, to] = period(start, end);
      await ensureProduct(productId);
      const rows = await repo.movements(db, productId, from, to, 'PURCHASE');
      return rows.map((row) => ({
        costBefore: centsToReais(row.cost_before_cents),
        costAfter: centsToReais(row.cost_after_cents),
        quantity: row.quantity_in - row.quantity_out,
        quantityBefore: row.stock_before,
        actualQuantity: row.stock_after,
        source: row.source,
        who: row.who,
        when: row.created_at.toISOString(),
      }));
    },

    async inventoryHistory(productId: number, start: string, end: string): Promise<InventoryHistoryRow[]> {
      const [from, to] = period(start, end);
      await ensureProduct(productId);
      const rows = await repo.movements(db, productId, from, to, 'INVENTORY');
      return rows.map((row) => ({
        stockBefore: row.stock_before,
        stockAfter: row.stock_after,
        who: row.who,
        when: row.created_at.toISOString(),
      }));
    },

    async stockChanges(productId: number, start: string, end: string): Promise<StockChangeRow[]> {
      const [from, to] = period(start, end);
      await ensureProduct(productId);
      const rows = await repo.movements(db, productId, from, to);
      return rows.map((row) => ({
        stockBefore: row.stock_before,
        input: row.quantity_in,
        output: row.quantity_out,
        stockAfter: row.stock_after,
        eventType: STOCK_MOVEMENT_LABELS[row.kind as StockMovementKindKey] ?? row.kind,
        note: row.note,
        who: row.who,
        when: row.created_at.toISOString(),
      }));
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
