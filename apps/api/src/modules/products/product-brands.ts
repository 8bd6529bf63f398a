import { type Brand, type BrandReference, PRODUCT_TEXTS } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/sql-errors';
import { productsRepository as repo } from './products.repository';

/**
 * Brands and their references: listed, created (one of each name), removed only while no product has them (a
 * product being written with one at the same moment is waited for and counted).
 */
export function productBrands(db: DB) {
  return {
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
  };
}
