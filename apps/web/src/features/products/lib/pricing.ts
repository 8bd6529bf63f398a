/** Parses what a person types in a money or percentage field: "12,50", "12.5", " 3 ". NaN when not a number. */
export function parseDecimal(value: string | number | null | undefined): number {
  if (typeof value === 'number') return value;
  const text = (value ?? '').trim().replace(/\s/g, '');
  if (!text) return Number.NaN;
  // "1.234,56" (pt-BR) → 1234.56; "12,5" → 12.5; "12.5" → 12.5
  const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^-?\d*\.?\d+$|^-?\d+\.$/.test(normalized) ? Number(normalized) : Number.NaN;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A number as the form shows it: two decimals at most, with a dot (the inputs are type="number"). */
export function toField(value: number): string {
  return Number.isFinite(value) ? String(round2(value)) : '';
}

/** Gold or silver price: cost plus `percentage` percent of cost (section 4). */
export function priceFor(cost: number, percentage: number): number {
  return round2(cost + (cost * percentage) / 100);
}

/** The percentage of a gold or silver price over the cost: (price − cost) / cost × 100 (section 4). */
export function percentageFor(cost: number, price: number): number {
  if (!(cost > 0)) return 0;
  return round2(((price - cost) / cost) * 100);
}

/** True when the value has at most two decimals. */
export function hasTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
