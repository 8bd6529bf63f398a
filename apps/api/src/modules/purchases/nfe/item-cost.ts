import { divideHalfUp } from '@backoffice/contract';

/**
 * What an NF-e item cost the shop (issue 39 §2): vProd + vFrete + vSeg + vOutro − vDesc + vIPI + vICMSST of
 * that item, and that cost per unit in cents, rounded half up, in exact integer arithmetic.
 */

export interface ItemCostParts {
  productCents: number;
  freightCents: number;
  insuranceCents: number;
  otherCents: number;
  discountCents: number;
  ipiCents: number;
  icmsStCents: number;
}

/** vProd + vFrete + vSeg + vOutro − vDesc + vIPI + vICMSST, in cents. */
export function itemTotalCostCents(parts: ItemCostParts): number {
  return (
    parts.productCents +
    parts.freightCents +
    parts.insuranceCents +
    parts.otherCents -
    parts.discountCents +
    parts.ipiCents +
    parts.icmsStCents
  );
}

/**
 * The cost of one unit: `totalCostCents` ÷ `units`, rounded half up to the cent (half away from zero for a
 * negative total), exactly (BigInt: no binary fraction on the way). (32.158,02 ÷ 10 = 3.215,802 → R$ 3.215,80;
 * 401,98 ÷ 50 = 8,0396 → R$ 8,04.) `units` is a whole number of the product's units (qCom × the factor).
 */
export function unitCostCents(totalCostCents: number, units: number): number {
  if (!Number.isSafeInteger(totalCostCents)) throw new RangeError(`Custo total inválido: ${totalCostCents}.`);
  if (!Number.isSafeInteger(units) || units <= 0) throw new RangeError(`Quantidade inválida: ${units}.`);
  return divideHalfUp(totalCostCents, units);
}

/**
 * A quantity as the note writes it (qCom, up to 4 decimals: '5', '12.5000') times the factor of the unit
 * (a box of 10: 10) as a whole number of units; null when it is not whole (2,5 boxes of 3).
 */
export function quantityInUnits(quantity: string, factor: number): number | null {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(quantity);
  if (!match || !Number.isSafeInteger(factor) || factor <= 0) return null;
  const [, whole = '0', decimals = ''] = match;
  const tenThousandths = BigInt(whole) * 10_000n + BigInt(decimals.padEnd(4, '0'));
  const scaled = tenThousandths * BigInt(factor);
  if (scaled % 10_000n !== 0n) return null;
  const units = scaled / 10_000n;
  return units <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : null;
}
