import type {
  TradeIn,
  TradeInAcceptBody,
  TradeInCheckBody,
  TradeInCreateBody,
  TradeInEvaluateBody,
  TradeInEvaluation,
  TradeInListQuery,
  TradeInPriceBody,
  TradeInSettings,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { FileLinks } from '../../lib/file-links';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { onCounterTradeIn } from '../orders/workflow.service';
import { acceptTradeIn, acceptTradeInForOrder } from './accept-trade-in';
import { createTradeIn } from './create-trade-in';
import { evaluation } from './trade-in-evaluation';
import { cancelTradeIn, checkTradeIn, releaseTradeIn, setTradeInValue, signTradeIn } from './trade-in-moves';
import { deleteTradeInPrice, saveTradeInPrice, tradeInPrices } from './trade-in-prices';
import { tradeInExportBatches, tradeInsPage, tradeInsReport, tradeInTerm } from './trade-in-reads';
import { saveTradeInSettings, tradeInSettingsView } from './trade-in-settings';
import { evaluationToApi, tradeInDetails } from './trade-in-views';

/** The shop's deductions (cents) and seminovo warranty, the defaults where it typed none. */
export { tradeInSettings } from './trade-in-settings';

/**
 * Used phones taken in (issue 42 §1, decision 0058). Every write runs in one transaction with the trade-in's row
 * locked, and is audited. Its use cases each in a file of their own: `create-trade-in.ts`, the moves of an open one
 * (value, check, signature, cancel, release) in `trade-in-moves.ts`, `accept-trade-in.ts`, the price table in
 * `trade-in-prices.ts`, the settings in `trade-in-settings.ts`, the list, CSV, term and report in `trade-in-reads.ts`.
 */
export function createTradeInsService(db: DB, storage: Storage, links: FileLinks) {
  const deps = { db, storage, links };
  // A used phone given as part of a counter sale's payment, accepted in the sale's transaction (decision 0078).
  onCounterTradeIn(acceptTradeInForOrder);
  const details = (principal: Principal, id: number): Promise<TradeIn> => tradeInDetails(deps, principal, id);
  /** A write, then the trade-in as it is after it. */
  const then = async (principal: Principal, id: number, write: Promise<unknown>) => {
    await write;
    return details(principal, id);
  };

  return {
    details,

    page: (query: TradeInListQuery) => tradeInsPage(db, query),

    /** Every trade-in the list's filters match, a page of the list at a time (the CSV: memory stays one batch). */
    exportBatches: (filter: Omit<TradeInListQuery, 'page' | 'items'>) => tradeInExportBatches(db, filter),

    async evaluate(body: TradeInEvaluateBody): Promise<TradeInEvaluation> {
      return evaluationToApi(await evaluation(db, body));
    },

    /** A used phone evaluated and registered (`create-trade-in.ts`); the same Idempotency-Key answers it once. */
    async create(principal: Principal, body: TradeInCreateBody, key?: string): Promise<TradeIn> {
      return details(principal, await createTradeIn(deps, principal, body, key));
    },

    /** The value agreed: lower than the offer by anyone who takes phones in; higher (or without an offer) by a manager. */
    setValue: (principal: Principal, id: number, value: number) =>
      then(principal, id, setTradeInValue(deps, principal, id, value)),

    /** The stolen-phone check, once; 'Impedido' ends the trade-in. */
    check: (principal: Principal, id: number, body: TradeInCheckBody) =>
      then(principal, id, checkTradeIn(deps, principal, id, body)),

    /** The seller's signature on the term, once the phone was checked regular and its value set. */
    sign: (principal: Principal, id: number, signature: string) =>
      then(principal, id, signTradeIn(deps, principal, id, signature)),

    /** The phone taken and the seller paid (`accept-trade-in.ts`). */
    accept: (principal: Principal, id: number, body: TradeInAcceptBody) =>
      then(principal, id, acceptTradeIn(deps, principal, id, body)),

    cancel: (principal: Principal, id: number, reason: string) =>
      then(principal, id, cancelTradeIn(deps, principal, id, reason)),

    /** The seminovo checked and released for sale: its unit enters the stock (decision 0058). */
    release: (principal: Principal, id: number) => then(principal, id, releaseTradeIn(deps, principal, id)),

    /** 'Termo de compra de aparelho usado' (PDF A4), with the signature once signed. */
    term: (principal: Principal, id: number, now = new Date()) => tradeInTerm(deps, principal, id, now),

    // ---------- the price table and settings ----------

    prices: (search: string | undefined) => tradeInPrices(db, search),

    savePrice: (actorId: number, body: TradeInPriceBody) => saveTradeInPrice(db, actorId, body),

    deletePrice: (actorId: number, id: number) => deleteTradeInPrice(db, actorId, id),

    settings: (): Promise<TradeInSettings> => tradeInSettingsView(db),

    saveSettings: (actorId: number, body: TradeInSettings) => saveTradeInSettings(db, actorId, body),

    /** Trade-ins accepted by business month in [from, to] (days), with the margin of those resold. */
    report: (from: string, to: string) => tradeInsReport(db, from, to),
  };
}

export type TradeInsService = ReturnType<typeof createTradeInsService>;
