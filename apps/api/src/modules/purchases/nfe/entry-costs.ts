/**
 * What each item of a supplier's note enters the stock at (issue 57, decision 0089), before its units are known:
 *
 * - **Credits** (the shop in Regime Normal, CRT 3, by its fiscal settings): ICMS — the item's vICMS when its CST
 *   is 00, 20, 51 or 90, or the Simples supplier's vCredICMSSN when its CSOSN is 101 or 900, and the item carries no
 *   ICMS-ST (an item under substitution: the later sale has no ICMS of its own, so no credit); PIS and COFINS —
 *   only when the shop says its PIS/COFINS is non-cumulative (lucro real), on an item whose PIS CST is 01, 49 or 99
 *   (02–09 are monophasic, zero-rated, exempt or suspended goods), at 1,65 % and 7,6 % (each rounded half up to the
 *   cent) of vProd + vFrete + vSeg + vOutro − vDesc − vICMS (Lei 14.592/2023: the ICMS out of the base; IPI,
 *   ICMS-ST and FCP-ST are not in it). A bonus item keeps its ICMS credit; no PIS/COFINS credit (nothing paid).
 * - **Net cost**: the item's total (item-cost.ts) less its credits, never below zero.
 * - **Bonus items** (CFOP 5910, 6910, 5911, 6911): no bill; their value in vNF is their total. ZERO: they enter at
 *   zero, the paid items at their net cost. SHARE (default): the paid items' net cost P is spread over every item in
 *   proportion to its net cost w: each gets ⌊P × w ÷ Σw⌋, the cents left over on the last item with a weight. In
 *   both rules the entry's cost is P, to the cent.
 */
import {
  BONUS_CFOPS,
  type BonusCost,
  COFINS_CREDIT_RATE,
  DEFAULT_BONUS_COST,
  divideHalfUp,
  PIS_CREDIT_RATE,
} from '@backoffice/contract';
import type { NfeItem } from './nfe-document';

export interface CreditRegime {
  crt: number | null;
  pisCofinsNonCumulative: boolean;
}

export interface ItemCredits {
  icms: number;
  pis: number;
  cofins: number;
}

export interface ItemEntryCost {
  bonus: boolean;
  credits: ItemCredits;
  /** What the line enters the stock at (cents). */
  entryCostCents: number;
}

export interface NoteEntryCosts {
  items: ItemEntryCost[];
  bonusItems: number;
  bonusCents: number;
  /** The rule of the bonus items (null without any). */
  bonusCost: BonusCost | null;
  credits: ItemCredits;
  /** Σ entry costs. */
  entryCostCents: number;
}

const ICMS_CREDIT_CSTS = new Set(['00', '20', '51', '90']);
const SIMPLES_CREDIT_CSOSNS = new Set(['101', '900']);
const PIS_CREDIT_CSTS = new Set(['01', '49', '99']);

export const isBonus = (item: Pick<NfeItem, 'cfop'>) => BONUS_CFOPS.includes(item.cfop);

/** The item's credits under the shop's regime (see the module's comment). */
export function creditsOf(item: NfeItem, regime: CreditRegime): ItemCredits {
  if (regime.crt !== 3) return { icms: 0, pis: 0, cofins: 0 };
  const code = item.icms.code ?? '';
  const underSt = item.icmsStCents > 0 || item.fcpStCents > 0;
  const icms = underSt
    ? 0
    : ICMS_CREDIT_CSTS.has(code)
      ? item.icms.amountCents
      : SIMPLES_CREDIT_CSOSNS.has(code)
        ? item.icms.simplesCreditCents
        : 0;
  if (!regime.pisCofinsNonCumulative || isBonus(item) || !PIS_CREDIT_CSTS.has(item.pisCst ?? '')) {
    return { icms, pis: 0, cofins: 0 };
  }
  const base = Math.max(
    0,
    item.productCents +
      item.freightCents +
      item.insuranceCents +
      item.otherCents -
      item.discountCents -
      item.icms.amountCents,
  );
  return {
    icms,
    pis: divideHalfUp(BigInt(base) * BigInt(PIS_CREDIT_RATE), 10_000),
    cofins: divideHalfUp(BigInt(base) * BigInt(COFINS_CREDIT_RATE), 10_000),
  };
}

/** `pool` spread over `weights` (each ⌊pool × w ÷ Σw⌋), the cents left on the last weighted one. */
function spread(pool: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Number((BigInt(pool) * BigInt(w)) / BigInt(sum)));
  const last = weights.findLastIndex((w) => w > 0);
  parts[last] = (parts[last] ?? 0) + pool - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/** Every item's entry cost, the bonus and the credits of the note (see the module's comment). */
export function noteEntryCosts(items: NfeItem[], regime: CreditRegime, chosen: BonusCost | undefined): NoteEntryCosts {
  const credits = items.map((item) => creditsOf(item, regime));
  const bonus = items.map(isBonus);
  const net = items.map((item, i) => {
    const c = credits[i] as ItemCredits;
    return Math.max(0, item.totalCostCents - c.icms - c.pis - c.cofins);
  });
  const bonusItems = bonus.filter(Boolean).length;
  const bonusCost = bonusItems > 0 ? (chosen ?? DEFAULT_BONUS_COST) : null;
  const paid = net.reduce((sum, n, i) => sum + (bonus[i] ? 0 : n), 0);
  const costs = bonusCost === 'SHARE' ? spread(paid, net) : net.map((n, i) => (bonus[i] ? 0 : n));
  const total = (pick: (c: ItemCredits) => number) => credits.reduce((sum, c) => sum + pick(c), 0);
  return {
    items: items.map((_, i) => ({
      bonus: bonus[i] as boolean,
      credits: credits[i] as ItemCredits,
      entryCostCents: costs[i] as number,
    })),
    bonusItems,
    bonusCents: items.reduce((sum, item, i) => sum + (bonus[i] ? item.totalCostCents : 0), 0),
    bonusCost,
    credits: { icms: total((c) => c.icms), pis: total((c) => c.pis), cofins: total((c) => c.cofins) },
    entryCostCents: costs.reduce((a, b) => a + b, 0),
  };
}
