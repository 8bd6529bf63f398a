import { IMPORT_TEXTS } from './import-limits';
import { centsToReais, formatBRL, priceFromPercentage, reaisToCents } from './money';

/** A level price under this share of the sale price is called far below it (a warning of the preview). */
export const LEVEL_PRICE_WARNING_SHARE = 0.5;

/** The level columns of a products import, in the order a preview tells them (the customer levels 1, 2, 3). */
const LEVEL_COLUMNS = [
  { key: 'goldPercentage', level: 'Ouro', percentage: 'goldPercentage' },
  { key: 'silverPercentage', level: 'Prata', percentage: 'silverPercentage' },
  { key: 'bronzePercentage', level: 'Bronze', percentage: 'bronzePercentage' },
] as const;

/** What a products line's prices come to, and what a shop should look at twice. */
export interface ImportLinePricing {
  /** In reais: each level's price (the cost plus its percentage, `priceFromPercentage`) and retail's. */
  prices: { cost: number; gold: number; silver: number; bronze: number; retail: number };
  /** Warnings by our column key: levels at cost (0 %), levels under half the sale price. */
  warnings: { column: string; message: string }[];
}

/**
 * The prices a products import line gives each customer level (the cost plus the level's percentage: the
 * one rule of `priceFromPercentage`) and retail (the sale price), with the preview's warnings: a level
 * whose price is the cost itself (0 %, no margin) and a level under half the sale price (a percentage
 * typed as a discount off the sale price: a película of R$ 2,10 sold at R$ 14,90 at 20 % is R$ 2,52).
 */
export function importLinePricing(product: {
  cost: number;
  sellPrice: number;
  discount: { goldPercentage: number; silverPercentage: number; bronzePercentage: number };
}): ImportLinePricing {
  const costCents = reaisToCents(product.cost);
  const sellCents = reaisToCents(product.sellPrice);
  const levels = LEVEL_COLUMNS.map((column) => ({
    ...column,
    cents: priceFromPercentage(costCents, product.discount[column.percentage]),
  }));
  const atCost = levels.filter((level) => level.cents <= costCents);
  const farBelow = levels.filter(
    (level) => level.cents > costCents && level.cents < sellCents * LEVEL_PRICE_WARNING_SHARE,
  );
  const warnings: ImportLinePricing['warnings'] = [];
  if (atCost[0])
    warnings.push({
      column: atCost[0].key,
      message: IMPORT_TEXTS.levelsAtCost(
        atCost.map((level) => level.level),
        product.cost,
      ),
    });
  if (farBelow[0])
    warnings.push({
      column: farBelow[0].key,
      message: IMPORT_TEXTS.levelsFarBelow(
        farBelow.map((level) => `${level.level} ${formatBRL(centsToReais(level.cents))}`),
        product.sellPrice,
        product.cost,
      ),
    });
  const [gold, silver, bronze] = levels.map((level) => centsToReais(level.cents)) as [number, number, number];
  return { prices: { cost: product.cost, gold, silver, bronze, retail: product.sellPrice }, warnings };
}
