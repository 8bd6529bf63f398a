import {
  centsToReais,
  isSubstitutionCode,
  PRODUCT_TEXTS,
  type Product,
  type ProductListItem,
  priceFromPercentage,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { type ImageRow, type ProductRow, productsRepository as repo } from './products.repository';

/** A product as its form sends it (API units): the API's view holds it, an import line keeps what its file lacks. */
export function productForm(row: ProductRow) {
  return {
    name: row.name,
    description: row.description,
    brand: row.brand,
    reference: row.reference,
    cost: centsToReais(row.cost_cents),
    sellPrice: centsToReais(row.sell_price_cents),
    discount: {
      silverPercentage: row.silver_percentage,
      goldPercentage: row.gold_percentage,
      bronzePercentage: row.bronze_percentage,
    },
    stock: row.stock,
    stockAlert: row.stock_alert,
    tags: row.tags,
    barcode: row.barcode,
    ncm: row.ncm,
    cest: row.cest,
    unit: row.unit,
    origin: row.origin,
  };
}

/**
 * The fields of a product its history compares (the form's create and update, an import's lines): the form's,
 * the level percentages flat, and 'Controla IMEI' and the warranty where the write sets them (`own`).
 */
export function productAuditView(
  form: ReturnType<typeof productForm>,
  own?: { serialized: boolean; warrantyMonths: number; used?: boolean; grade?: string | null },
) {
  return {
    name: form.name,
    description: form.description,
    brand: form.brand,
    reference: form.reference,
    cost: form.cost,
    sellPrice: form.sellPrice,
    goldPercentage: form.discount.goldPercentage,
    silverPercentage: form.discount.silverPercentage,
    bronzePercentage: form.discount.bronzePercentage,
    stock: form.stock,
    stockAlert: form.stockAlert,
    tags: form.tags,
    ...(own ? { serialized: own.serialized, warrantyMonths: own.warrantyMonths } : {}),
    ...(own?.used !== undefined ? { used: own.used, grade: own.grade ?? null } : {}),
    barcode: form.barcode,
    ncm: form.ncm,
    cest: form.cest,
    unit: form.unit,
    origin: form.origin,
  };
}

/** A product as the list shows it (GET /products/list): no description, tags, pictures nor fiscal fields. */
export function productListItem(row: ProductRow): ProductListItem {
  const form = productForm(row);
  return {
    id: row.id,
    code: row.code,
    name: form.name,
    brand: form.brand,
    reference: form.reference,
    cost: form.cost,
    sellPrice: form.sellPrice,
    discount: form.discount,
    stock: form.stock,
    stockAlert: form.stockAlert,
    barcode: form.barcode,
    serialized: row.serialized,
    archived: row.archived,
    goldPrice: centsToReais(priceFromPercentage(row.cost_cents, row.gold_percentage)),
    silverPrice: centsToReais(priceFromPercentage(row.cost_cents, row.silver_percentage)),
  };
}

/** What every part of the products service works with: the database, the pictures' storage, the API's view. */
export interface ProductsContext {
  db: DB;
  storage: Storage;
  /** Products as the API shows them, each with its pictures (every product's in one query). */
  withImages(executor: Executor, rows: ProductRow[]): Promise<Product[]>;
  /** One product as the API shows it; 404 when there is none. */
  productById(executor: Executor, id: number): Promise<Product>;
}

export function productsContext(db: DB, storage: Storage): ProductsContext {
  function toProduct(row: ProductRow, images: ImageRow[]): Product {
    const list = images.map((image) => ({ url: storage.url(image.path), name: image.name }));
    return {
      ...productListItem(row),
      ...productForm(row),
      warrantyMonths: row.warranty_months,
      used: row.used,
      grade: row.grade as Product['grade'],
      // Issue 55 §2: invoiced under ICMS-ST, the product's note needs its CEST (the form asks for it).
      cestRequired: isSubstitutionCode(row.icms_code),
      imagesUrl: list.map((image) => image.url),
      images: list,
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

  return { db, storage, withImages, productById };
}

/** The product of this code, locked for the rest of the transaction; 404 when there is none. */
export async function lockProduct(trx: Transaction<Database>, code: string) {
  const locked = await repo.lockByCode(trx, code);
  if (!locked) throw notFound(PRODUCT_TEXTS.productNotFound);
  return locked;
}
