import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Other modules' charges a Pix may pay by its txid, asked before the orders' own (decision 0100: the boleto
 * híbrido's QR code). The boletos module registers its claimer when its routes are built, so payments never
 * imports it (boletos reaches payables, payables selling, selling payments: that would be a loop). A claimer
 * answers the order the Pix paid (or why it pays nothing), or undefined when the txid is not its.
 */
export type PixClaim = { orderId: number } | { refused: 'ALREADY_PAID' | 'AMOUNT_MISMATCH' };
export type PixClaimer = (
  trx: Transaction<Database>,
  pix: { txid: string; amountCents: number; paidAt: Date },
) => Promise<PixClaim | undefined>;

const claimers = new Set<PixClaimer>();

/** Registered once per function (each app built in a process registers the same one). */
export function registerPixClaimer(claimer: PixClaimer): void {
  claimers.add(claimer);
}

export async function claimPix(
  trx: Transaction<Database>,
  pix: { txid: string; amountCents: number; paidAt: Date },
): Promise<PixClaim | undefined> {
  for (const claimer of claimers) {
    const claim = await claimer(trx, pix);
    if (claim) return claim;
  }
  return undefined;
}
