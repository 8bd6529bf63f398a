import {
  GTIN_TEXTS,
  PRODUCT_LIMITS,
  PRODUCT_TEXTS,
  type Product,
  type ProductListPage,
  type ProductPage,
  type ProductSource,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { checkImeis, unitsInAnalysis } from '../stock/stock.service';
import { productBrands } from './product-brands';
import { productHistories } from './product-histories';
import { productStock } from './product-stock';
import { productListItem, productsContext } from './product-views';
import { productWrites } from './product-writes';
import { type ImageRow, type ProductRow, productsRepository as repo } from './products.repository';

/** Products created inside another module's transaction (an entry by the supplier's NF-e), together. */
export { insertProducts, type NewProduct } from './product-writes';
/** The spreadsheet import of products (issue 21 §2), for the imports module. */
export { importProducts } from './products.import';

/** The pictures of these products (every product's in one query), for modules that show products. */
export function productImagesOf(db: Executor, productIds: number[]): Promise<ImageRow[]> {
  return repo.imagesOf(db, productIds);
}

/** A page of the products list: its window, the search, and the bound of the search's count. */
interface ProductPageOptions {
  offset: number;
  limit: number;
  search?: string;
  countUpTo?: number;
}

/** Rows a CSV export reads at a time. */
const EXPORT_BATCH = 500;

/**
 * Whether the catalogue has this brand (and this reference of it), as a product's creation resolves them (names
 * compared case-insensitively): 'brand' or 'reference' missing, else null. For the entries that create products
 * (purchases), so their preview names what the creation would refuse.
 */
export async function missingBrandOrReference(
  db: Executor,
  brand: string,
  reference: string | null | undefined,
): Promise<'brand' | 'reference' | null> {
  const found = await repo.findBrand(db, brand);
  if (!found) return 'brand';
  if (reference && !(await repo.findReference(db, found.id, reference))) return 'reference';
  return null;
}

/**
 * The command palette's products (issue 20 §2): active products whose name, code, tags, brand or reference
 * hold every word, as the products list searches them (its trigram index), by name.
 */
export function searchProducts(db: Executor, term: string, limit: number): Promise<ProductRow[]> {
  return repo.page(db, { offset: 0, limit, search: term });
}

/**
 * Rules of the catalogue: its reads here; codes, prices, barcodes, archive and pictures in `product-writes.ts`;
 * stock entries and counts through the ledger in `product-stock.ts`; brands and references in
 * `product-brands.ts`; the histories in `product-histories.ts`.
 */
export function createProductsService(db: DB, storage: Storage) {
  const context = productsContext(db, storage);
  const { withImages } = context;

  /**
   * A page and the count of every match; with `countUpTo`, a search's count stops past
   * max(`countUpTo`, the page's end): `total` is then that bound and `totalCapped` true.
   */
  async function pageOf<T>(options: ProductPageOptions, view: (rows: ProductRow[]) => Promise<T[]>) {
    const upTo =
      options.countUpTo === undefined ? undefined : Math.max(options.countUpTo, options.offset + options.limit);
    const [rows, counted] = await Promise.all([repo.page(db, options), repo.count(db, options.search, upTo)]);
    const items = await view(rows);
    const page = Math.floor(options.offset / options.limit);
    if (upTo === undefined) return { items, page, total: counted.total };
    return { items, page, total: counted.total, totalCapped: counted.capped };
  }

  return {
    /** GET /products: the page with each product whole (section 7). */
    page(options: ProductPageOptions): Promise<ProductPage> {
      return pageOf(options, (rows) => withImages(db, rows));
    },

    /** The same page with the list's rows (GET /products/list): no pictures to read, 35 KB for a page of 100 where the whole products take 82–86 KB. */
    listPage(options: ProductPageOptions): Promise<ProductListPage> {
      return pageOf(options, async (rows) => rows.map(productListItem));
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

    /** The phones that came back and wait for a stocker's verdict (decision 0012), a page at a time. */
    unitsInAnalysis: (page: number, items: number) => unitsInAnalysis(db, page, items),

    ...productBrands(db),

    async sources(): Promise<ProductSource[]> {
      return (await repo.sources(db)).map((s) => ({ key: s.key, name: s.name }));
    },

    ...productWrites(context),
    ...productStock(context),
    ...productHistories(db),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
