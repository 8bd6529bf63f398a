import { divideHalfUp } from '@backoffice/contract';

/**
 * What an NF-e item cost the shop (issue 39 §2, issue 57, decision 0089): vProd + vFrete + vSeg + vOutro − vDesc +
 * vIPI + vIPIDevol + vICMSST + vFCPST of that item, and that cost per unit in cents, in exact integer arithmetic.
 */

export interface ItemCostParts {
  productCents: number;
  freightCents: number;
  insuranceCents: number;
  otherCents: number;
  discountCents: number;
  ipiCents: number;
  icmsStCents: number;
  /** vFCPST (decision 0089); vFCPSTRet is not: it was withheld at an earlier stage and is inside vProd. */
  fcpStCents?: number;
  /** impostoDevol/IPI/vIPIDevol. */
  ipiDevolCents?: number;
}

/** vProd + vFrete + vSeg + vOutro − vDesc + vIPI + vIPIDevol + vICMSST + vFCPST, in cents. */
export function itemTotalCostCents(parts: ItemCostParts): number {
  return (
    parts.productCents +
    parts.freightCents +
    parts.insuranceCents +
    parts.otherCents -
    parts.discountCents +
    parts.ipiCents +
    (parts.ipiDevolCents ?? 0) +
    parts.icmsStCents +
    (parts.fcpStCents ?? 0)
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

/**
 * A line's cost in whole cents per unit that adds up to the line's cost exactly (issue 57 §'per-unit rounding',
 * decision 0089): `unitCostCents` is total ÷ units rounded half up (the cost shown, as before) and the rounding's
 * remainder `centUnits` (total − units × unitCostCents, −units/2 ≤ centUnits < units/2) is that many units at one
 * cent more (positive) or one cent less (negative): units × unitCostCents + centUnits = total.
 * (1.000 ÷ 3 → 333, +1: 333 + 333 + 334; 40.198 ÷ 50 → 804, −2: 48 × 8,04 + 2 × 8,03 = 401,98.)
 */
export function splitUnitCost(totalCostCents: number, units: number): { unitCostCents: number; centUnits: number } {
  const unitCost = unitCostCents(totalCostCents, units);
  return { unitCostCents: unitCost, centUnits: totalCostCents - unitCost * units };
}
