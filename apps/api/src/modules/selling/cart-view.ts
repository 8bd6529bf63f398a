import { type Cart, type CartItem, centsToReais, DELIVERY_TYPES } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import type { Storage } from '../../lib/storage';
import { productImagesOf } from '../products/products.service';
import { levelPriceCents, quote } from './pricing';
import { type CartLineRow, sellingRepository as repo, type SellingCustomerRow } from './selling.repository';

/** The products' pictures as links, by product (every product's in one query). */
export async function imagesByProduct(
  storage: Storage,
  executor: Executor,
  ids: number[],
): Promise<Map<number, string[]>> {
  const images = await productImagesOf(executor, ids);
  const byProduct = new Map<number, string[]>();
  for (const image of images) {
    const list = byProduct.get(image.product_id) ?? [];
    list.push(storage.url(image.path));
    byProduct.set(image.product_id, list);
  }
  return byProduct;
}

/** The cart priced at the customer's level now, in cents and as the API answers it. */
export async function cartOf(
  storage: Storage,
  executor: Executor,
  customer: SellingCustomerRow,
  lines?: CartLineRow[],
): Promise<{ cart: Cart; itemsCents: number }> {
  const rows = lines ?? (await repo.cartLines(executor, customer.id));
  const images = await imagesByProduct(
    storage,
    executor,
    rows.map((row) => row.product_id),
  );
  let itemsCents = 0;
  const items: CartItem[] = rows.map((row) => {
    const unitCents = levelPriceCents(row, customer.level);
    const totalCents = unitCents * row.quantity;
    itemsCents += totalCents;
    return {
      productId: row.product_id,
      code: row.code,
      name: row.name,
      imageUrls: images.get(row.product_id) ?? [],
      quantity: row.quantity,
      unitPrice: centsToReais(unitCents),
      totalPrice: centsToReais(totalCents),
      stock: row.stock,
      archived: row.archived,
    };
  });
  const withWarranty = quote(itemsCents, customer, {
    typeOfDelivery: DELIVERY_TYPES.PICKUP,
    withWarranty: true,
    isFastDelivery: false,
  });
  const cart: Cart = {
    customerId: customer.id,
    items,
    totalAmount: centsToReais(itemsCents),
    totalAmountWarranty: centsToReais(withWarranty.totalWithWarrantyCents),
  };
  return { cart, itemsCents };
}
