import { centsToReais, PRODUCT_TEXTS, type Product, priceFromPercentage } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { type ImageRow, type ProductRow, productsRepository as repo } from './products.repository';

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

  return { db, storage, withImages, productById };
}

/** The product of this code, locked for the rest of the transaction; 404 when there is none. */
export async function lockProduct(trx: Transaction<Database>, code: string) {
  const locked = await repo.lockByCode(trx, code);
  if (!locked) throw notFound(PRODUCT_TEXTS.productNotFound);
  return locked;
}
