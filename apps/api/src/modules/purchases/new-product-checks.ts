import { PURCHASE_ENTRY_TEXTS as T } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { missingBrandOrReference } from '../products/products.service';

/** An item of the note as settled (settle-purchase.ts): the product it creates, if any, and its problems. */
interface NewProductItem {
  createInput: { brand: string; reference?: string | null } | null;
  preview: { problems: string[] };
}

/**
 * What the catalogue would refuse of the products the note creates ('Criar produto', issue 57 §8): a brand or a
 * reference it does not have ('Marca não encontrada.' at the confirm). Each is a problem of its item, so the
 * preview is not 'ready' and names the item (nItem and xProd) and what is missing; the confirm refuses it the same
 * way (PURCHASE_NOT_READY) before anything is written.
 */
export async function checkNewProducts(db: Executor, items: readonly NewProductItem[]): Promise<void> {
  const answers = new Map<string, 'brand' | 'reference' | null>();
  for (const settled of items) {
    const input = settled.createInput;
    if (!input) continue;
    const key = `${input.brand.toLowerCase()}\u0000${input.reference?.toLowerCase() ?? ''}`;
    let missing = answers.get(key);
    if (missing === undefined) {
      missing = await missingBrandOrReference(db, input.brand, input.reference);
      answers.set(key, missing);
    }
    if (missing === 'brand') settled.preview.problems.push(T.brandMissing(input.brand));
    if (missing === 'reference') settled.preview.problems.push(T.referenceMissing(input.brand, input.reference ?? ''));
  }
}
