import type { DB } from '../../db/database';

/**
 * A brand with `products` products (sell price R$ 2,00, cost R$ 1,00, `stock` units each) and `customers`
 * customers, for the summary tests' random runs. `tag` keeps codes, names and e-mails apart from the other
 * rows of the test's database.
 */
export async function insertSmallBusiness(
  db: DB,
  { tag, products, customers, stock }: { tag: string; products: number; customers: number; stock: number },
): Promise<{ products: number[]; customers: number[] }> {
  const brand = (
    await db
      .insertInto('brands')
      .values({ name: `Marca ${tag}` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const productIds: number[] = [];
  for (let i = 0; i < products; i++) {
    const row = await db
      .insertInto('products')
      .values({
        code: `${tag}${i}`,
        name: `Produto ${tag}${i}`,
        brand_id: brand,
        cost_cents: 100,
        sell_price_cents: 200,
        stock,
        tags: [],
        search_text: `produto ${tag.toLowerCase()}${i}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productIds.push(row.id);
  }
  const customerIds: number[] = [];
  for (let i = 0; i < customers; i++) {
    const row = await db
      .insertInto('customers')
      .values({
        name: `Cliente ${tag}${i}`,
        email: `cliente.${tag.toLowerCase()}${i}@x.com.br`,
        phone: '11988887777',
        document: '52998224725',
        search_text: `cliente ${tag.toLowerCase()}${i}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    customerIds.push(row.id);
  }
  return { products: productIds, customers: customerIds };
}
