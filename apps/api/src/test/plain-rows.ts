import type { DB } from '../db/database';

/**
 * Rows written as plain rows, of the columns the first migrations' tables already have: for a test that migrates
 * a database only part of the way (the demo's foundation and the test worlds write columns of later migrations).
 */

/** A role with its `permissions` and one employee on it; answers the role's id. */
export async function insertRoleWithEmployee(
  db: DB,
  role: { name: string; permissions: string[] },
  employee: { name: string; email: string; phone: string; document: string; func: number },
): Promise<number> {
  const { id } = await db.insertInto('roles').values(role).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('employees')
    .values({ ...employee, role_id: id })
    .execute();
  return id;
}

/** A product of a brand of its own named `brand`, no tags; answers the product's id. */
export async function insertBrandProduct(
  db: DB,
  brand: string,
  product: { code: string; name: string; cost_cents: number; sell_price_cents: number; search_text: string },
): Promise<number> {
  const { id: brandId } = await db
    .insertInto('brands')
    .values({ name: brand })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('products')
    .values({ ...product, brand_id: brandId, tags: [] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
