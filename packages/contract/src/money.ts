/** Money travels as integer cents inside and as a number with two decimals at the API edge. */
export function centsToReais(cents: number): number {
  return Math.round(cents) / 100;
}

export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/**
 * An amount in reais rounded to the cent, as reais: 12.3456 → 12.35, 0.1 + 0.2 → 0.3 (what a screen shows of a
 * product of reais, quantity × unit price, or a difference of two amounts).
 */
export function roundReais(reais: number): number {
  return centsToReais(reaisToCents(reais));
}

/**
 * `numerator ÷ denominator` rounded half up to a whole number, exactly (BigInt: no binary fraction on the way); a
 * negative numerator half away from zero. The one rounding of a division of cents: 5 ÷ 2 = 2,5 → 3; 7 ÷ 3 =
 * 2,33… → 2; 8 ÷ 3 = 2,66… → 3; −5 ÷ 2 = −2,5 → −3. Both whole numbers (bigint or number), the denominator above
 * zero.
 */
export function divideHalfUp(numerator: bigint | number, denominator: bigint | number): number {
  const top = BigInt(numerator);
  const bottom = BigInt(denominator);
  if (bottom <= 0n) throw new RangeError('divideHalfUp: the denominator must be above zero');
  const magnitude = top < 0n ? -top : top;
  const rounded = (magnitude * 2n + bottom) / (bottom * 2n);
  return Number(top < 0n ? -rounded : rounded);
}

/**
 * Where `splitCents` puts the cents that do not divide: on the first share, on the last, or on the share of the
 * largest weight (the first of them on a tie).
 */
export type CentsRemainder = 'first' | 'last' | 'largest';

/** `numerator ÷ denominator` rounded down (towards −∞), exactly; the denominator above zero. */
function divideDown(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator !== 0n && numerator < 0n ? quotient - 1n : quotient;
}

/**
 * `totalCents` shared by `weights` in proportion (or in `weights` equal parts when it is a count), each share
 * rounded down, the cents left over on one share as `remainder` says. With every weight zero the whole on that
 * share. The one cent splitter: R$ 100,00 in 3 is 33,33 + 33,33 + 33,34 ('last') or 33,34 + 33,33 + 33,33
 * ('first'); R$ 0,10 over 100, 200 and 300 is 0,01 + 0,03 + 0,06 ('largest': 1,66 + 3,33 + 5,00 rounded down
 * leave 1 cent, on the 300).
 */
export function splitCents(
  totalCents: number,
  weights: readonly number[] | number,
  remainder: CentsRemainder,
): number[] {
  const list = typeof weights === 'number' ? Array.from({ length: weights }, () => 1) : weights;
  if (list.length === 0) return [];
  const sum = list.reduce((a, b) => a + b, 0);
  const shares =
    sum > 0
      ? list.map((weight) => Number(divideDown(BigInt(totalCents) * BigInt(weight), BigInt(sum))))
      : list.map(() => 0);
  const left = totalCents - shares.reduce((a, b) => a + b, 0);
  const at = remainder === 'first' ? 0 : remainder === 'last' ? list.length - 1 : largestIndex(list);
  shares[at] = (shares[at] as number) + left;
  return shares;
}

/** The index of the largest number, the first of them on a tie. */
function largestIndex(numbers: readonly number[]): number {
  let largest = 0;
  numbers.forEach((value, index) => {
    if (value > (numbers[largest] as number)) largest = index;
  });
  return largest;
}

/** At most two decimals (10, 10.5, 10.25; not 10.255): an amount in reais or a percentage as typed. */
export function hasTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A percentage with at most two decimals as hundredths of a percent (basis points): 7 → 700, 3,49 → 349. */
export function percentToHundredths(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * `hundredths` hundredths of a percent of `cents` (349 = 3,49 %), rounded half up to the cent, exactly: a
 * discount's % (7 % of R$ 389,70 = 27,279 → R$ 27,28) and a card's fee (3,49 % of R$ 5.147,41 = 179,644… →
 * R$ 179,64) alike.
 */
export function hundredthsOfCents(cents: number, hundredths: number): number {
  return divideHalfUp(BigInt(Math.round(cents)) * BigInt(Math.round(hundredths)), 10_000);
}

/**
 * R$ 1.234,56 (a plain space after R$; a minus before R$ when below zero, none for an amount that rounds to
 * zero); missing is R$ 0,00, not a number ''. The one writer of money, server and web (the web's `formatMoney`
 * adds '' for a missing value). Written by hand rather than with `Intl.NumberFormat`, whose Brazilian currency
 * data costs a phone 50–70 ms of its first screen (4× CPU) to load. Rounded as Intl rounds: the number as
 * JavaScript writes it (0.015, not its binary value), half away from zero (the web's format.test.ts compares the
 * two over 43,000 amounts).
 */
export function formatBRL(reais: number | null | undefined): string {
  const number = reais ?? 0;
  if (!Number.isFinite(number)) return '';
  const written = String(Math.abs(number));
  // Beyond 10^21 JavaScript writes an exponent: no amount of the shop is that large; below 10^-6 it is zero.
  if (written.includes('e+')) return '';
  const [whole = '0', decimals = ''] = written.includes('e-') ? ['0'] : written.split('.');
  const cents =
    BigInt(whole + decimals.slice(0, 2).padEnd(2, '0')) + ((decimals[2] ?? '0') >= '5' ? BigInt(1) : BigInt(0));
  const reaisPart = (cents / BigInt(100)).toString();
  const rest = (cents % BigInt(100)).toString().padStart(2, '0');
  const sign = number < 0 && cents > BigInt(0) ? '-' : '';
  return `${sign}R$ ${reaisPart.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${rest}`;
}

/**
 * A gold, silver or bronze price: the cost plus `percentage` % of the cost, rounded half up to the cent,
 * computed exactly. (`Math.round(cost * (1 + p / 100))` loses a cent, e.g. R$ 3,30 + 15 % gives
 * 379.49999… cents, so R$ 3,79 instead of R$ 3,80.) The percentage counts to its sixth decimal.
 */
export function priceFromPercentage(costCents: number, percentage: number): number {
  const millionths = BigInt(percentage.toFixed(6).replace('.', ''));
  return divideHalfUp(BigInt(Math.round(costCents)) * (100_000_000n + millionths), 100_000_000);
}

/**
 * The percentage of `priceCents` over `costCents`, to the sixth decimal `priceFromPercentage` counts, so the
 * price comes back to the cent: R$ 180,00 → R$ 300,00 is 66,666667 % (two decimals, 66,67 %, gave R$ 300,01).
 * When rounding to the sixth decimal misses the cent (a cost near the price limit), the next millionth does.
 */
export function percentageFromPrice(costCents: number, priceCents: number): number {
  if (costCents <= 0) return 0;
  const nearest = Math.round(((priceCents - costCents) / costCents) * 100_000_000) / 1_000_000;
  for (const candidate of [nearest, nearest + 0.000001, nearest - 0.000001]) {
    const percentage = Number(candidate.toFixed(6));
    if (priceFromPercentage(costCents, percentage) === priceCents) return percentage;
  }
  return nearest;
}
