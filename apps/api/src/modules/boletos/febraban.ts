/*
 * The boleto's barcode and linha digitável (FEBRABAN, "Layout Padrão de Arrecadação/Recebimento com Utilização do
 * Código de Barras" for bloquetos de cobrança, and Banco Central's Carta-Circular 3.656/2014; the due-date factor's
 * reset of 22/02/2025 by FEBRABAN's "Fator de Vencimento" communiqué), one place for every bank:
 *
 * Barcode, 44 digits (ITF, Interleaved 2 of 5):
 *   1-3 bank · 4 currency (9 = real) · 5 general check digit (module 11) · 6-9 due-date factor · 10-19 value in
 *   cents (10 digits) · 20-44 the bank's free field (25 digits).
 * Linha digitável, 47 digits in five fields:
 *   1: bank, currency, free field 1-5, DV (module 10) · 2: free field 6-15, DV · 3: free field 16-25, DV ·
 *   4: the barcode's general DV · 5: factor and value.
 */

/** The factor's base: 07/10/1997 is day 0; day 1000 is 03/07/2000 (the factor's first value). */
const FACTOR_BASE = Date.UTC(1997, 9, 7);
const DAY_MS = 86_400_000;

/**
 * The due-date factor (4 digits): days since 07/10/1997, kept between 1000 and 9999: on 22/02/2025 (day 10 000,
 * one past 9999 on 21/02/2025) it starts again at 1000, and so every 9000 days.
 */
export function dueDateFactor(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const days = Math.round((Date.UTC(y, m - 1, d) - FACTOR_BASE) / DAY_MS);
  if (days < 1000) throw new Error(`Vencimento ${day} antes do primeiro fator (03/07/2000).`);
  return ((days - 1000) % 9000) + 1000;
}

/**
 * Module 10 (the linha digitável's fields): from the rightmost digit, weights 2, 1, 2, 1…; a product above 9 counts
 * as the sum of its digits; the DV is what takes the sum to the next ten (0 when the sum is a ten).
 */
export function module10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? Math.floor(product / 10) + (product % 10) : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Module 11 (the barcode's general DV): from the rightmost digit, weights 2 to 9 and again; DV = 11 − (sum mod 11),
 * and 1 when that is 0, 10 or 11 (the general DV is never 0).
 */
export function module11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

export interface BoletoCode {
  barcode: string;
  digitableLine: string;
}

/** The largest value the barcode's 10 digits hold (R$ 99.999.999,99). */
export const BARCODE_MAX_CENTS = 9_999_999_999;

/** The barcode and the linha digitável of a boleto of `bank` (3 digits), due `dueDate`, of `cents`, with the bank's `freeField` (25 digits). */
export function boletoCode(bank: string, dueDate: string, cents: number, freeField: string): BoletoCode {
  if (!/^\d{3}$/.test(bank)) throw new Error('Banco: 3 dígitos.');
  if (!/^\d{25}$/.test(freeField)) throw new Error('Campo livre: 25 dígitos.');
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > BARCODE_MAX_CENTS) throw new Error('Valor fora do código.');
  const factor = String(dueDateFactor(dueDate)).padStart(4, '0');
  const value = String(cents).padStart(10, '0');
  const withoutDv = `${bank}9${factor}${value}${freeField}`;
  const dv = module11(withoutDv);
  const barcode = `${bank}9${dv}${factor}${value}${freeField}`;
  const field = (digits: string) => `${digits}${module10(digits)}`;
  const f1 = field(`${bank}9${freeField.slice(0, 5)}`);
  const f2 = field(freeField.slice(5, 15));
  const f3 = field(freeField.slice(15, 25));
  const digitableLine = `${f1.slice(0, 5)}.${f1.slice(5)} ${f2.slice(0, 5)}.${f2.slice(5)} ${f3.slice(0, 5)}.${f3.slice(5)} ${dv} ${factor}${value}`;
  return { barcode, digitableLine };
}

/**
 * Interleaved 2 of 5 (the boleto's barcode, FEBRABAN: ITF of 44 digits, narrow to wide 1:3): each pair of digits
 * is five bars (the first digit) interleaved with five spaces (the second); a digit is five elements, two of them
 * wide. Start: narrow bar, narrow space, narrow bar, narrow space; stop: wide bar, narrow space, narrow bar.
 * Answers the elements' widths in narrow units, bar first and alternating bar and space.
 */
const ITF_DIGITS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];
export const ITF_WIDE = 3;

export function itfWidths(digits: string): number[] {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0) throw new Error('ITF: um número par de dígitos.');
  const width = (c: string) => (c === 'w' ? ITF_WIDE : 1);
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGITS[Number(digits[i])] as string;
    const spaces = ITF_DIGITS[Number(digits[i + 1])] as string;
    for (let k = 0; k < 5; k++) widths.push(width(bars[k] as string), width(spaces[k] as string));
  }
  widths.push(ITF_WIDE, 1, 1);
  return widths;
}
