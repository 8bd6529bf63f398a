import {
  hasAnyPermission,
  PERMISSIONS,
  TRADE_IN_TEXTS,
  type TradeInEvaluateBody,
  tradeInOffer,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { forbidden } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { tradeInSettings } from './trade-in-settings';
import { brl } from './trade-in-views';
import { tradeInsRepository as repo } from './trade-ins.repository';

/** The evaluation of a phone: its table price, the checklist's deductions and the offer (cents). */
export async function evaluation(db: Executor, body: TradeInEvaluateBody) {
  const price = await repo.priceOf(db, body);
  const { deductions } = await tradeInSettings(db);
  const tablePriceCents = price?.price_cents ?? null;
  const offer = tradeInOffer(tablePriceCents, body.checklist, deductions);
  return { tablePriceCents, ...offer };
}

/** A value above the offer (or without one) is a manager's: `bo:manage:trade-ins`. */
export function assertValueAllowed(principal: Principal, valueCents: number, offerCents: number | null) {
  if (hasAnyPermission(principal.permissions, [PERMISSIONS.tradeIns])) return;
  if (offerCents === null) throw forbidden(TRADE_IN_TEXTS.noTablePrice);
  if (valueCents > offerCents) throw forbidden(TRADE_IN_TEXTS.aboveOffer(brl(offerCents)));
}
