/**
 * The factor of a note's unit (issue 57 §1, decision 0087): how many of the product's units one unit of the note
 * (uCom) holds. It belongs to (supplier, supplier code, unit): a code remembered with CX × 10 says nothing of the
 * same code arriving as UN, nor UN × 1 of it arriving as CX. A unit the code was not learnt with is asked again,
 * pre-filled from the note's taxable unit when it states one (8 CX with uTrib UN and qTrib 80: 10 a box).
 */
import { PURCHASE_ENTRY_TEXTS as T } from '@backoffice/contract';
import type { NfeItem } from './nfe-document';

/** Units of measure that are one unit of the product. */
export const UNITS_OF_ONE = new Set(['UN', 'UND', 'UNID', 'UNIDADE', 'PC', 'PÇ', 'PCA', 'PEÇA', 'PECA']);

/** A unit as remembered and compared: trimmed, upper-case ('cx ' and 'CX' are one unit). */
export const unitKey = (unit: string) => unit.trim().toUpperCase();

export const isUnitOfOne = (unit: string) => UNITS_OF_ONE.has(unitKey(unit));

/** A quantity as the note writes it ('8.0000') in ten-thousandths, exactly. */
function tenThousandths(quantity: string): bigint | null {
  const match = /^(\d{1,11})(?:\.(\d{1,4}))?$/.exec(quantity);
  return match ? BigInt(match[1] as string) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0')) : null;
}

/**
 * The factor the note itself states: its taxable unit (uTrib) is a unit of one, its commercial unit (uCom) is not
 * the same, and qTrib ÷ qCom is a whole number (8 CX, 80 UN: 10). Else null.
 */
export function statedFactor(item: Pick<NfeItem, 'unit' | 'quantity' | 'taxUnit' | 'taxQuantity'>): number | null {
  if (!item.taxUnit || !item.taxQuantity || !isUnitOfOne(item.taxUnit)) return null;
  if (unitKey(item.taxUnit) === unitKey(item.unit)) return null;
  const commercial = tenThousandths(item.quantity);
  const taxable = tenThousandths(item.taxQuantity);
  if (!commercial || !taxable || taxable % commercial !== 0n) return null;
  const factor = Number(taxable / commercial);
  return factor >= 1 && factor <= 10_000 ? factor : null;
}

/** A quantity as the note writes it, in Brazilian form without trailing zeros ('8.0000' → '8', '2.5000' → '2,5'). */
function quantityInWords(quantity: string): string {
  const [whole = '0', fraction = ''] = quantity.split('.');
  const decimals = fraction.replace(/0+$/, '');
  return decimals ? `${Number(whole)},${decimals}` : String(Number(whole));
}

/** The conversion in words, as the preview shows it: '8 CX × 10 = 80 UN' (units null: not a whole number). */
export function factorInWords(item: Pick<NfeItem, 'unit' | 'quantity'>, factor: number, units: number | null) {
  const left = `${quantityInWords(item.quantity)} ${unitKey(item.unit)} × ${factor}`;
  return units === null ? left : `${left} = ${units} UN`;
}

/** A code's remembered factor under one unit. */
export interface RememberedFactor {
  unit: string;
  factor: number;
}

/**
 * The item's factor and whether it is confirmed: the user's decision; else the one remembered for this code in
 * this unit; else, for a code never seen, 1 for a unit of one. Anything else is asked (a problem of the item),
 * shown pre-filled with the note's stated factor (or 1): a known code in a new unit names the unit it was learnt in.
 */
export function settleFactor(
  item: Pick<NfeItem, 'unit' | 'quantity' | 'taxUnit' | 'taxQuantity'>,
  decided: number | undefined,
  remembered: readonly RememberedFactor[],
  problems: string[],
): { factor: number; factorConfirmed: boolean } {
  if (decided !== undefined) return { factor: decided, factorConfirmed: true };
  const same = remembered.find((r) => r.unit === unitKey(item.unit));
  if (same) return { factor: same.factor, factorConfirmed: true };
  if (remembered.length === 0 && isUnitOfOne(item.unit)) return { factor: 1, factorConfirmed: true };
  const stated = statedFactor(item);
  const factor = stated ?? 1;
  const learnt = remembered.find((r) => r.unit !== '');
  if (learnt) problems.push(T.factorNewUnit(unitKey(item.unit), learnt.unit, learnt.factor, factor));
  else problems.push(stated ? T.factorStated(unitKey(item.unit), stated) : T.factorRequired(item.unit));
  return { factor, factorConfirmed: false };
}
