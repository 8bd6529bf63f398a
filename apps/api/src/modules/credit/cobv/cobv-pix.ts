import type { AmountDue } from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { cobvRepository as repo } from './cobv.repository';

/** The instalment a cobv's txid names, if the txid is a cobv's. */
export async function cobvInstalment(db: Executor, txid: string): Promise<{ id: number; txid: string } | undefined> {
  const row = await repo.byTxid(db, txid);
  return row ? { id: row.receivable_id, txid: row.txid } : undefined;
}

/** The cobv paid: CONCLUIDA, as the PSP has it once a Pix settles it. */
export async function concludeCobv(db: Executor, txid: string): Promise<void> {
  await repo.revise(db, txid, { status: 'CONCLUIDA' });
}

/**
 * How a cobv's Pix splits (decision 0094): the PSP computed the fine and interest of the day it was paid, and its
 * `componentesValor` says them: those first, the rest off the principal, which must not pass what is open. Without
 * `componentesValor`, the amount is read as what the instalment asks that day (`due`): the whole of it pays fine,
 * interest and principal; less, the charges first as any payment. Null when it cannot be read (above what is open).
 */
export function cobvSplit(
  amountCents: number,
  openCents: number,
  due: AmountDue,
  components: { fineCents: number; interestCents: number; discountCents: number } | undefined,
): { fineCents: number; interestCents: number; principalCents: number } | null {
  if (components) {
    const { fineCents, interestCents } = components;
    const principalCents = amountCents - fineCents - interestCents;
    if (principalCents < 0 || principalCents > openCents) return null;
    return { fineCents, interestCents, principalCents };
  }
  const charges = due.fineCents + due.interestCents;
  if (amountCents < charges || amountCents - charges > openCents) return null;
  return { fineCents: due.fineCents, interestCents: due.interestCents, principalCents: amountCents - charges };
}
