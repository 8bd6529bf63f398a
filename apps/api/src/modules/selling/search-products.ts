import { centsToReais, SELLING_LIMITS, SELLING_TEXTS, type SellingProduct } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { imagesByProduct } from './cart-view';
import { levelPriceCents } from './pricing';
import { sellingRepository as repo } from './selling.repository';

/** The selling search: products for the customer of an e-mail, at his level price. */
export function productSearch(db: DB, storage: Storage) {
  return {
    /** Active products matching every word, at the customer's level price, in stock first (at most 50). */
    async searchProducts(search: string, email: string): Promise<SellingProduct[]> {
      const customer = await repo.findCustomerByEmail(db, email);
      if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
      const rows = await repo.searchProducts(db, search, SELLING_LIMITS.searchResults);
      const images = await imagesByProduct(
        storage,
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        productId: row.id,
        code: row.code,
        name: row.name,
        brand: row.brand,
        reference: row.reference,
        imagesUrl: images.get(row.id) ?? [],
        priceDiscounted: centsToReais(levelPriceCents(row, customer.level)),
        stock: row.stock,
        serialized: row.serialized,
      }));
    },
  };
}
