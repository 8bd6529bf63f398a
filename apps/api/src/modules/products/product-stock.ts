import {
  centsToReais,
  type InventoryInput,
  PRODUCT_TEXTS,
  type Product,
  reaisToCents,
  type StockEntryBatch,
  type UnitCountResult,
} from '@backoffice/contract';
import { diff, recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { changeStock, countUnits, moveStock, type StockChangeResult } from '../stock/stock.service';
import { lockProduct, type ProductsContext } from './product-views';
import { productsRepository as repo } from './products.repository';

/** What a ledger movement changed, as the audit trail records it (API units). */
function stockAndCostChanges(moved: StockChangeResult) {
  return diff(
    { stock: moved.stockBefore, cost: centsToReais(moved.costBeforeCents) },
    { stock: moved.stockAfter, cost: centsToReais(moved.costAfterCents) },
  );
}

/**
 * A product's stock by hand, through the stock module's ledger: stock entries (purchases), the count of a
 * product ('Inventário') and the shelf count of a serialized one by its IMEIs; each with its audit row.
 */
export function productStock({ db, productById, withImages }: ProductsContext) {
  return {
    /**
     * Stock entries: each line brings `stock` units in at unit `cost` from `source`; all or nothing. The
     * product's cost becomes the weighted average of its stock and the units arriving (decision 0046).
     */
    async stockEntries(actorId: number, batch: StockEntryBatch): Promise<Product[]> {
      const ids = await db.transaction().execute(async (trx) => {
        const sources = new Map((await repo.sources(trx)).map((s) => [s.key, s.id]));
        for (const line of batch.products) {
          if (!sources.has(line.source)) throw badRequest(PRODUCT_TEXTS.sourceNotFound);
        }
        // One move for the whole batch: the stock module locks the products in a fixed order (no deadlock
        // between two concurrent batches) and refuses it whole if any line fails.
        const lines = batch.products;
        const moved = await moveStock(
          trx,
          { kind: 'PURCHASE', employeeId: actorId },
          lines.map((line) => ({
            productId: line.productId,
            quantityIn: line.stock,
            ...(line.units ? { units: line.units } : {}),
            entryUnitCostCents: reaisToCents(line.cost),
            sourceId: sources.get(line.source) ?? null,
          })),
        );
        for (const [index, line] of lines.entries()) {
          const result = moved[index] as StockChangeResult;
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'product',
            entityId: result.code,
            action: 'stock-entry',
            changes: {
              ...stockAndCostChanges(result),
              quantity: line.stock,
              // What one unit arriving cost; the cost above is the product's weighted average (decision 0046).
              entryUnitCost: line.cost,
              source: line.source,
              ...(line.units ? { imeis: line.units.map((u) => u.imei) } : {}),
              movementId: result.movementId,
            },
          });
        }
        return [...new Set(lines.map((line) => line.productId))];
      });
      return withImages(db, await repo.findByIds(db, ids));
    },

    /**
     * The shelf count of a serialized product by its IMEIs (issue 17 §2): what is missing and unknown; with
     * `dryRun` false the missing units are written off (one INVENTORY row naming them), all in one transaction.
     */
    async countUnits(
      actorId: number,
      code: string,
      imeis: readonly string[],
      dryRun: boolean,
    ): Promise<UnitCountResult> {
      return db.transaction().execute(async (trx) => {
        const locked = await lockProduct(trx, code);
        const result = await countUnits(trx, { productId: locked.id, imeis, employeeId: actorId, dryRun });
        if (result.written) {
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'product',
            entityId: code,
            action: 'inventory',
            changes: {
              stock: { from: result.stockBefore, to: result.stockAfter },
              writtenOff: result.missing.map((u) => u.imei),
            },
          });
        }
        return result;
      });
    },

    async inventory(actorId: number, code: string, input: InventoryInput & { newStock: number }): Promise<Product> {
      if (input.code !== undefined && input.code !== code) throw badRequest(PRODUCT_TEXTS.codeMismatch);
      const id = await db.transaction().execute(async (trx) => {
        const locked = await lockProduct(trx, code);
        const moved = await changeStock(trx, {
          productId: locked.id,
          kind: 'INVENTORY',
          newStock: input.newStock,
          employeeId: actorId,
        });
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'product',
          entityId: code,
          action: 'inventory',
          changes: { ...stockAndCostChanges(moved), movementId: moved.movementId },
        });
        return locked.id;
      });
      return productById(db, id);
    },
  };
}
