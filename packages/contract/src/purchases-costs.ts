import { z } from 'zod';
import { centsToReais, formatBRL } from './money';

/**
 * What a supplier's note costs the shop (issue 57, decision 0089): bonus items ('Venda, Bonificação'), the FCP-ST
 * and IPI devolvido in the cost, the Regime Normal's credits netted from it, and the cents of the per-unit
 * rounding kept so the entry adds up to the cent.
 */

/** The CFOPs of goods sent free ('Remessa em bonificação, doação ou brinde', 'Remessa de amostra grátis'). */
export const BONUS_CFOPS: readonly string[] = ['5910', '6910', '5911', '6911'];

/** The cost a bonus item enters at: the paid goods' cost spread over every item (SHARE, the default) or zero. */
export const BONUS_COSTS = ['SHARE', 'ZERO'] as const;
export type BonusCost = (typeof BONUS_COSTS)[number];
export const DEFAULT_BONUS_COST: BonusCost = 'SHARE';
export const BONUS_COST_LABELS: Record<BonusCost, string> = {
  SHARE: 'Ratear o valor pago entre todos os itens',
  ZERO: 'Custo zero',
};

/** PIS and COFINS' non-cumulative rates (Leis 10.637/2002 and 10.833/2003), in hundredths of a percent. */
export const PIS_CREDIT_RATE = 165;
export const COFINS_CREDIT_RATE = 760;

const reais = (cents: number) => formatBRL(centsToReais(cents));
const items = (count: number) => `${count} ${count === 1 ? 'item' : 'itens'}`;

export const PURCHASE_COST_TEXTS = {
  bonusShare: (count: number, bonus: number, paid: number) =>
    `${items(count)} em bonificação (CFOP 5910, 6910, 5911 ou 6911) somando ${reais(bonus)}: não geram conta a pagar. Custo: o valor pago pelos demais itens (${reais(paid)}) é rateado entre todos os itens da nota na proporção do valor de cada um.`,
  bonusZero: (count: number, bonus: number) =>
    `${items(count)} em bonificação (CFOP 5910, 6910, 5911 ou 6911) somando ${reais(bonus)}: não geram conta a pagar e entram com custo zero.`,
  credits: (icms: number, pis: number, cofins: number) =>
    `Regime Normal: créditos descontados do custo — ICMS ${reais(icms)}, PIS ${reais(pis)}, COFINS ${reais(cofins)} (total ${reais(icms + pis + cofins)}).`,
  creditsIcmsOnly: (icms: number) =>
    `Regime Normal com PIS/COFINS cumulativo: crédito de ICMS de ${reais(icms)} descontado do custo (PIS e COFINS sem crédito).`,
  /** '48 × R$ 8,04 + 2 × R$ 8,03 = R$ 401,98'. */
  unitCosts: (groups: { units: number; cost: number }[], total: number) =>
    `${groups.map((g) => `${g.units} × ${formatBRL(g.cost)}`).join(' + ')} = ${reais(total)}`,
  bonusChoiceInvalid: 'A nota não tem itens em bonificação: não informe o custo da bonificação.',
} as const;

const credits = z.object({ icms: z.number(), pis: z.number(), cofins: z.number() });

/** The decision of POST /purchases/nfe's `decisions`: the cost a bonus item enters at. */
export const entryCostDecisionsSchema = z.object({
  /** SHARE (default) or ZERO; only for a note with bonus items. */
  bonusCost: z.enum(BONUS_COSTS).optional(),
});

/** Fields of a preview's item (decision 0089). */
export const entryCostItemShape = {
  /** A bonus item (CFOP in BONUS_CFOPS): no bill behind it. */
  bonus: z.boolean(),
  /** vFCPST of the item (in totalCost). */
  fcpSt: z.number(),
  /** The credits netted from the item's cost (Regime Normal). */
  credits,
  /** What the line enters the stock at: totalCost less its credits, a bonus item by the entry's rule. */
  entryCost: z.number(),
  /** The units and their cost in whole cents, adding up to entryCost exactly. */
  unitCosts: z.array(z.object({ units: z.number().int(), cost: z.number() })),
  /** '48 × R$ 8,04 + 2 × R$ 8,03 = R$ 401,98'. */
  unitCostsText: z.string(),
};

/** The preview's (and the confirm's) costs of the note. */
export const entryCostsSchema = z.object({
  /** The shop's regime as the fiscal settings say (CRT; null when not saved) and whether PIS/COFINS is non-cumulative. */
  crt: z.number().int().nullable(),
  pisCofinsNonCumulative: z.boolean(),
  bonusItems: z.number().int(),
  /** The bonus items' value in vNF (no bill for it). */
  bonusValue: z.number(),
  /** The rule chosen (null without bonus items). */
  bonusCost: z.enum(BONUS_COSTS).nullable(),
  /** vNF less the bonus value: what the bills are for. */
  payable: z.number(),
  credits: credits.extend({ total: z.number() }),
  /** Σ entryCost: what the entry adds to the stock's value, to the cent. */
  entryCost: z.number(),
  /** The rules applied, in Portuguese. */
  notes: z.array(z.string()),
});
export type EntryCosts = z.infer<typeof entryCostsSchema>;

/** An entry's costs as kept (GET /purchases/:id). */
export const purchaseCostsSchema = z.object({
  bonusCost: z.enum(BONUS_COSTS).nullable(),
  bonusValue: z.number(),
  credits: credits.extend({ total: z.number() }),
});

/** An entry's item's costs as kept. */
export const purchaseItemCostShape = {
  bonus: z.boolean(),
  fcpSt: z.number(),
  credits,
  entryCost: z.number(),
  /** Units at one cent more (positive) or less (negative) than unitCost. */
  centUnits: z.number().int(),
};
