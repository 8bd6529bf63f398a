import { type CartResponse, SELLING_LIMITS, SELLING_TEXTS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { assertCanBuy } from './buyer';
import { cartOf } from './cart-view';
import { type CartLineRow, sellingRepository as repo } from './selling.repository';

/**
 * The lines of a sale not placed yet (a quote saved): `lines` given (each product must exist), else the
 * customer's cart; refused when there is none (`empty`) or one is archived. The cart is left as it is.
 */
export async function saleLines(
  trx: Transaction<Database>,
  customerId: number,
  lines: ReadonlyArray<{ productId: number; quantity: number }> | undefined,
  empty: string,
): Promise<CartLineRow[]> {
  const rows = lines ? await repo.productLines(trx, lines) : await repo.cartLines(trx, customerId);
  if (rows.length === 0) throw conflict(empty, 'CONFLICT');
  if (lines && rows.length !== lines.length) throw notFound(SELLING_TEXTS.productNotFound);
  const archived = rows.filter((line) => line.archived);
  if (archived.length > 0) {
    throw conflict(archived.map((line) => SELLING_TEXTS.productArchived(line.name)).join(' '), 'CONFLICT');
  }
  return rows;
}

/** Empties the customer's cart (it became a quote). */
export const clearCart = (trx: Transaction<Database>, customerId: number) => repo.clearCart(trx, customerId);

function stockShortage(line: { product_id: number; code: string; name: string }, available: number, requested: number) {
  return conflict(SELLING_TEXTS.quantityAboveStock(line.name, available), 'STOCK_INSUFFICIENT', {
    products: [{ productId: line.product_id, code: line.code, name: line.name, available, requested }],
  });
}

/** The server-side cart: units added, a line's quantity changed or removed, never past the stock. */
export function cartUseCases(db: DB, storage: Storage) {
  return {
    /** Adds units of a product (the line's new quantity must not pass the stock). */
    async addToCart(customerId: number, productId: number, quantity: number): Promise<CartResponse> {
      return db.transaction().execute(async (trx) => {
        const customer = await repo.lockCustomer(trx, customerId, 'share');
        if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
        assertCanBuy(customer);
        const product = await repo.findProduct(trx, productId);
        if (!product) throw notFound(SELLING_TEXTS.productNotFound);
        if (product.archived) throw conflict(SELLING_TEXTS.productArchived(product.name), 'CONFLICT');
        const existing = await repo.findCartLine(trx, customerId, productId);
        if (!existing && (await repo.countCartLines(trx, customerId)) >= SELLING_LIMITS.maxCartItems) {
          throw conflict(SELLING_TEXTS.tooManyItems, 'CONFLICT');
        }
        const newQuantity = await repo.addToCart(trx, customerId, productId, quantity);
        if (newQuantity > product.stock) {
          throw stockShortage(
            { product_id: product.id, code: product.code, name: product.name },
            product.stock,
            newQuantity,
          );
        }
        const { cart } = await cartOf(storage, trx, customer);
        return { message: SELLING_TEXTS.productAdded, cart };
      });
    },

    /** Sets a line's quantity; 0 removes it (removing a line already gone changes nothing). */
    async changeCart(customerId: number, productId: number, newQuantity: number): Promise<CartResponse> {
      return db.transaction().execute(async (trx) => {
        const customer = await repo.lockCustomer(trx, customerId, 'share');
        if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
        if (newQuantity === 0) {
          await repo.removeFromCart(trx, customerId, productId);
          const { cart } = await cartOf(storage, trx, customer);
          return { message: SELLING_TEXTS.productRemoved, cart };
        }
        const product = await repo.findProduct(trx, productId);
        if (!product) throw notFound(SELLING_TEXTS.productNotFound);
        if (!(await repo.findCartLine(trx, customerId, productId))) throw notFound(SELLING_TEXTS.notInCart);
        if (product.archived) throw conflict(SELLING_TEXTS.productArchived(product.name), 'CONFLICT');
        if (newQuantity > product.stock) {
          throw stockShortage(
            { product_id: product.id, code: product.code, name: product.name },
            product.stock,
            newQuantity,
          );
        }
        await repo.setCartQuantity(trx, customerId, productId, newQuantity);
        const { cart } = await cartOf(storage, trx, customer);
        return { message: SELLING_TEXTS.cartChanged, cart };
      });
    },
  };
}
