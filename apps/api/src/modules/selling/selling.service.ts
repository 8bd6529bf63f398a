import type { DB } from '../../db/database';
import type { Storage } from '../../lib/storage';
import { cartUseCases } from './cart';
import { discountChange } from './change-discount';
import { checkoutUseCases } from './checkout';
import { counterSaleUseCases } from './counter-sale';
import { preCheckoutUseCase } from './pre-checkout';
import { saleReceiptUseCase } from './sale-receipt';
import { productSearch } from './search-products';

/**
 * The selling module: the counter's sale, from the product search to the placed order. Other modules reach it
 * through this file only; each use case lives in a file of its own.
 */

/** Who may buy and with which choices (approved or the counter's walk-in, decision 0040). */
export { assertCanBuy, assertChoices, isWalkIn, lockBuyer } from './buyer';
/** The lines of a sale not placed yet (a quote's), and the cart emptied once it became a quote. */
export { clearCart, saleLines } from './cart';
/** The checkout's input, its idempotency key, and a sale whose prices were frozen (a quote, decision 0043). */
export { type CheckoutInput, checkoutKey, type FrozenSale } from './checkout-input';
/** Placing an order priced elsewhere (a repair's bill, issue 42 §2): the workflow's entry, in the caller's transaction. */
export { type PlaceOrderInput, placeOrder } from './place-order';
/** The customer's level price of one unit (an exchange's replacement is priced the way the cart is). */
export { levelPriceCents } from './pricing';
/** A sale priced at the customer's level with its discounts, within the seller's maximum or approved above it. */
export { discountSale, priceSale } from './sale-discounts';

/**
 * Internal selling: product search at the customer's level price (`search-products.ts`), the server-side cart
 * (`cart.ts`), pre-checkout totals (section 4's rule, integer cents; `pre-checkout.ts`), the checkouts
 * (`checkout.ts`) and an order's discounts changed after the sale (`change-discount.ts`).
 */
export function createSellingService(db: DB, storage: Storage) {
  return {
    ...discountChange(db),
    ...productSearch(db, storage),
    ...preCheckoutUseCase(db, storage),
    ...cartUseCases(db, storage),
    ...checkoutUseCases(db, storage),
    ...counterSaleUseCases(db, storage),
    ...saleReceiptUseCase(db),
  };
}

export type SellingService = ReturnType<typeof createSellingService>;
