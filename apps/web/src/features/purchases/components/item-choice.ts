import {
  PURCHASE_ENTRY_TEXTS,
  PURCHASE_SETTINGS_TEXTS,
  type PurchaseDecisionsInput,
  type PurchasePreview,
  type PurchasePreviewItem,
  parseBrazilianNumber,
  reaisToCents,
  type UnitInput,
} from '@backoffice/contract';
import { readImeiLines } from '../../../lib/imei-lines';

/** What the stocker chose for one item of the note. */
export interface ItemChoice {
  /** 'auto': the product the server matched (GTIN or the supplier's code); 'link': one searched; 'create'. */
  mode: 'auto' | 'link' | 'create';
  product: { id: number; code: string; name: string; serialized: boolean } | null;
  create: {
    name: string;
    brand: string;
    barcode: string;
    ncm: string;
    cest: string;
    sellPrice: string;
    gold: string;
    silver: string;
    bronze: string;
    serialized: boolean;
  };
  /** Units per unit of the note, as typed ('' = the remembered one, or 1). */
  factor: string;
  /** One phone a line, `IMEI` or `IMEI;IMEI2` (typed, pasted or read by a scanner). */
  imeisText: string;
  /** 'Custo conferido': the unit cost far from the product's average is right (decision 0090). */
  acceptCost: boolean;
}

/** The level percentages a new product starts with: the shop's defaults for products from a note. */
export type LevelDefaults = PurchasePreview['levelDefaults'];
const NO_MARGIN: LevelDefaults = { gold: 0, silver: 0, bronze: 0 };
const percentText = (value: number) => String(value).replace('.', ',');

/**
 * The first choice of an item: its match, else 'Vincular'; the new product prefilled from the note, its level
 * percentages the shop's defaults (decision 0090).
 */
export function initialChoice(item: PurchasePreviewItem, levels: LevelDefaults = NO_MARGIN): ItemChoice {
  const matched = item.match === 'GTIN' || item.match === 'SUPPLIER_CODE';
  return {
    mode: matched ? 'auto' : 'link',
    product: null,
    create: {
      name: item.suggested.name,
      brand: '',
      barcode: item.suggested.barcode ?? '',
      ncm: item.suggested.ncm ?? '',
      cest: item.suggested.cest ?? '',
      sellPrice: '',
      gold: percentText(levels.gold),
      silver: percentText(levels.silver),
      bronze: percentText(levels.bronze),
      // Phones (NCM 8517.13) control their IMEIs.
      serialized: (item.ncm ?? '').startsWith('851713'),
    },
    factor: '',
    imeisText: item.imeis.join('\n'),
    acceptCost: false,
  };
}

/**
 * The phones typed, one a line as the stock entry reads them (`readImeiLines`: a dual-SIM's two IMEIs on its
 * line). Every line that reads as a phone is sent, a bad check digit or a repeat too, for the server to name it
 * on the item; a line that is not digits cannot be sent (the card marks it, the count says it is missing).
 */
export const unitsOf = (text: string): UnitInput[] =>
  readImeiLines(text).flatMap((line) => (line.unit ? [line.unit] : []));

/** Whether the item's product (matched, chosen or being created) controls IMEIs. */
export function isSerialized(item: PurchasePreviewItem, choice: ItemChoice): boolean {
  if (choice.mode === 'create') return choice.create.serialized;
  if (choice.mode === 'link') return choice.product?.serialized ?? false;
  return item.product?.serialized ?? false;
}

/**
 * The item's problems as the card shows them: the preview's 'escolha um produto…' goes as soon as the stocker
 * links a product or chooses to create one (issue 54 §8), without waiting for 'Atualizar prévia'; the server
 * still checks the choice on the next preview and on the confirm.
 */
export function shownProblems(item: PurchasePreviewItem, choice: ItemChoice): string[] {
  const chosen = (choice.mode === 'link' && choice.product !== null) || choice.mode === 'create';
  const deviation = item.costDeviation;
  // 'Custo conferido' ticked: the cost's warning goes too (the server checks the acknowledgement on the confirm).
  const checkedCost =
    choice.acceptCost && deviation && item.unitCost !== null
      ? PURCHASE_SETTINGS_TEXTS.costDeviation(
          reaisToCents(item.unitCost),
          reaisToCents(deviation.averageCost),
          deviation.percent,
          deviation.limit,
        )
      : null;
  return item.problems.filter(
    (problem) => !(chosen && problem === PURCHASE_ENTRY_TEXTS.chooseProduct) && problem !== checkedCost,
  );
}

const numberOr = (text: string, fallback: number | undefined) => {
  const value = parseBrazilianNumber(text);
  return Number.isFinite(value) ? value : fallback;
};

/** The decisions the server reads (POST /purchases/nfe, field `decisions`). */
export function toDecisions(
  preview: PurchasePreview,
  choices: Record<number, ItemChoice>,
  confirmRecipient: boolean,
  unsignedReason: string,
  acceptCertificate = false,
): PurchaseDecisionsInput {
  const items = preview.items.map((item) => {
    const choice = choices[item.line] ?? initialChoice(item, preview.levelDefaults);
    const factor = numberOr(choice.factor, undefined);
    const create = choice.create;
    return {
      line: item.line,
      ...(choice.mode === 'link' && choice.product ? { productId: choice.product.id } : {}),
      ...(choice.mode === 'create'
        ? {
            create: {
              name: create.name,
              brand: create.brand,
              barcode: create.barcode.trim() || null,
              ncm: create.ncm.replace(/\D/g, '') || null,
              cest: create.cest.replace(/\D/g, '') || null,
              sellPrice: numberOr(create.sellPrice, undefined),
              discount: {
                goldPercentage: numberOr(create.gold, 0) ?? 0,
                silverPercentage: numberOr(create.silver, 0) ?? 0,
                bronzePercentage: numberOr(create.bronze, 0) ?? 0,
              },
              serialized: create.serialized,
            },
          }
        : {}),
      ...(factor !== undefined && Number.isInteger(factor) && factor >= 1 ? { factor } : {}),
      ...(isSerialized(item, choice) ? { units: unitsOf(choice.imeisText) } : {}),
      ...(choice.acceptCost ? { acceptCost: true } : {}),
    };
  });
  return {
    items,
    confirmRecipient,
    ...(acceptCertificate ? { acceptCertificate } : {}),
    ...(unsignedReason.trim() ? { unsignedReason: unsignedReason.trim() } : {}),
  };
}
