import { z } from 'zod';
import { centsToReais, formatBRL } from './money';
import { PRODUCT_TEXTS } from './products';

/**
 * The prices and the cash of the entry by XML (issue 57 §5 and §6, decision 0090): the level percentages a product
 * created from a note starts with, how far an item's unit cost may stray from its product's average before the clerk
 * must acknowledge it, and a note paid on the spot in cash leaving the clerk's open drawer.
 */

/** Until the shop saves its own: no margin on the levels (as before) and ±50 % around the average cost. */
export const DEFAULT_PURCHASE_SETTINGS = {
  goldPercentage: 0,
  silverPercentage: 0,
  bronzePercentage: 0,
  costDeviationPercentage: 50,
} as const;

const percentage = z
  .number({ error: PRODUCT_TEXTS.percentageRange })
  .min(0, PRODUCT_TEXTS.percentageRange)
  .max(100, PRODUCT_TEXTS.percentageRange);

export const PURCHASE_SETTINGS_TEXTS = {
  deviationRange: 'Informe a variação do custo em % inteiro, de 1 a 1000.',
  /** An item's unit cost strays from its product's average cost by more than the setting. */
  costDeviation: (unitCents: number, averageCents: number, percent: number, limit: number) =>
    `o custo unitário desta nota (${formatBRL(centsToReais(unitCents))}) está ${percent} % ${unitCents > averageCents ? 'acima' : 'abaixo'} do custo médio do produto (${formatBRL(centsToReais(averageCents))}; limite de ± ${limit} %): confira o fator e os valores e marque 'Custo conferido' para dar entrada.`,
  /** 'Pago no ato' in cash and the clerk has no drawer open in a shop that uses drawers. */
  drawerClosed: (amount: number) =>
    `A nota foi paga no ato em dinheiro: os ${formatBRL(amount)} saem do seu caixa. Abra o seu caixa (Caixa › Abrir caixa) e confirme de novo, ou escolha outra forma de pagamento.`,
  /** The ledger's reason of the cash that left the drawer. */
  cashReason: (number: string, series: string, supplier: string) =>
    `NF-e ${number}/${series} paga no ato — ${supplier}`,
} as const;

/** GET/PUT /purchases/settings. */
export const purchaseSettingsSchema = z.strictObject({
  goldPercentage: percentage,
  silverPercentage: percentage,
  bronzePercentage: percentage,
  costDeviationPercentage: z
    .number({ error: PURCHASE_SETTINGS_TEXTS.deviationRange })
    .int(PURCHASE_SETTINGS_TEXTS.deviationRange)
    .min(1, PURCHASE_SETTINGS_TEXTS.deviationRange)
    .max(1000, PURCHASE_SETTINGS_TEXTS.deviationRange),
});
export type PurchaseSettings = z.infer<typeof purchaseSettingsSchema>;

/** A linked item's unit cost against its product's average (the preview's item). */
export const costDeviationSchema = z
  .object({
    /** The product's average cost before this note (reais). */
    averageCost: z.number(),
    /** |unit cost − average| ÷ average, in whole %, rounded down. */
    percent: z.number().int(),
    /** The setting it passed (±%). */
    limit: z.number().int(),
    /** Whether the clerk acknowledged it ('Custo conferido', decisions.items[].acceptCost). */
    acknowledged: z.boolean(),
  })
  .nullable();
export type CostDeviation = z.infer<typeof costDeviationSchema>;

/**
 * How far `unitCents` is from `averageCents` in whole % (rounded down): null when there is no average to compare
 * (a product without cost) or it is within `limit` (exactly ±limit % is within). 300 → 800: 166 %; 800 → 300: 62 %.
 */
export function costDeviationPercent(unitCents: number, averageCents: number, limit: number): number | null {
  if (averageCents <= 0) return null;
  const gap = Math.abs(unitCents - averageCents) * 100;
  return gap > limit * averageCents ? Math.floor(gap / averageCents) : null;
}
