import type { PixReceivedList, PixReceivedQuery } from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import { pixMatchByHand } from './match-pix-by-hand';
import { registerPaymentsWorkflow } from './payments-workflow';
import { receivedPixPage } from './pix-received.service';
import { pixWebhook } from './pix-webhook';

/**
 * Payments the bank tells us about (issue 18). Other modules reach them through this file; each use case lives
 * in a file of its own: the webhook's URL and deliveries in `pix-webhook.ts`, one entry read in
 * `read-pix-entry.ts`, one Pix stored in `receive-pix.ts`, matched to its order, part or instalment in
 * `match-received-pix.ts` (why it cannot pay: `pix-refusal.ts`), its refunds in `pix-refunds.ts`, the match by
 * hand in `match-pix-by-hand.ts`, the order workflow's hooks in `payments-workflow.ts`.
 */

/** What payments does in the order workflow: the 'pixReceived' requirement and the moves' ends. */
export { registerPaymentsWorkflow } from './payments-workflow';
/** Another module's charge a Pix pays by its txid (the boleto híbrido, decision 0100). */
export { type PixClaimer, registerPixClaimer } from './pix-claimers';
/** LGPD: the payer of the Pix that paid nothing but named an anonymised customer's txids or CPF, forgotten (issue 53 §6). */
export { forgetPixPayersOf } from './pix-payers';
/** A Pix the bank told us of, in our units. */
export type { ReceivedPix } from './read-pix-entry';
/** One Pix of the webhook stored once, matched, confirmed, its refunds recorded. */
export { receivePix } from './receive-pix';

/**
 * Payments the bank tells us about (issue 18): the Pix webhook (its URL and secret, and each delivery),
 * the list of Pix received and the match of one by hand. This module stores the Pix and moves the orders
 * through the workflow (`receivePix`, `matchPixByHand`); the settings module keeps the secret and 'Pix
 * automático'.
 */
export function createPaymentsService(db: DB, publicUrl: string, log: FastifyBaseLogger) {
  registerPaymentsWorkflow();
  return {
    ...pixWebhook(db, publicUrl, log),
    list: (query: PixReceivedQuery): Promise<PixReceivedList> => receivedPixPage(db, query),
    ...pixMatchByHand(db),
  };
}
