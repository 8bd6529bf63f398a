import type {
  Purchase,
  PurchaseDecisions,
  PurchaseListQuery,
  PurchasePreview,
  PurchaseProductSearchQuery,
  PurchaseSettings,
  SupplierReturnBody,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { confirmNfe, previewNfe } from './enter-nfe';
import { purchaseById, purchaseExportBatches, purchaseProductOptions, purchasesPage } from './purchase-reads';
import { purchaseSettings, savePurchaseSettings } from './purchase-settings';
import { returnToSupplier } from './return-to-supplier';

/**
 * The purchases module: entries by the supplier's NF-e XML and returns to the supplier. Its use cases each in a
 * file of its own: the note read, previewed and entered in `enter-nfe.ts` (settled with the user's decisions by
 * `settle-purchase.ts`, written by `write-purchase.ts`), the returns in `return-to-supplier.ts`, the reads in
 * `purchase-reads.ts`.
 */

/** The note read from its file and entered in the caller's transaction: the confirm's steps and the demo seed's. */
export { enterNfe, readNfeFile } from './enter-nfe';

/** Entries by the supplier's NF-e XML (issue 39 §2, decision 0049). */
export function createPurchasesService(db: DB) {
  const get = (id: number): Promise<Purchase> => purchaseById(db, id);

  return {
    /** The preview of the note with the user's decisions so far: nothing is written. */
    preview: (actorId: number, bytes: Buffer, decisions: PurchaseDecisions): Promise<PurchasePreview> =>
      previewNfe(db, actorId, bytes, decisions),

    /** The entry by XML's settings (decision 0090): new products' level percentages, the cost's ±%. */
    settings: (): Promise<PurchaseSettings> => purchaseSettings(db),

    saveSettings: (actorId: number, settings: PurchaseSettings) => savePurchaseSettings(db, actorId, settings),

    /**
     * 'Confirmar entrada': in ONE transaction, under a lock of the note's key (two confirms of one note at once:
     * the second waits, then finds the first's entry). The same Idempotency-Key answers the entry it made.
     */
    async confirm(
      actorId: number,
      bytes: Buffer,
      decisions: PurchaseDecisions,
      idempotencyKey: string | undefined,
    ): Promise<{ purchase: Purchase; replayed: boolean }> {
      const answer = await confirmNfe(db, actorId, bytes, decisions, idempotencyKey);
      return { purchase: await get(answer.id), replayed: answer.replayed };
    },

    get,

    /** Phones sent back to their supplier (issue 39 §4), in one transaction (`return-to-supplier.ts`). */
    returnToSupplier: (actorId: number, body: SupplierReturnBody) => returnToSupplier(db, actorId, body),

    /** 'Vincular a um produto': active products found by the catalogue's own search. */
    products: (query: PurchaseProductSearchQuery) => purchaseProductOptions(db, query),

    page: (query: PurchaseListQuery) => purchasesPage(db, query),

    exportBatches: (search?: string) => purchaseExportBatches(db, search),
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
