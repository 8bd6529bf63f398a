import { hasTwoDecimals, reaisToCents } from './money';

/**
 * A number as a Brazilian types it, in a form field or a spreadsheet cell: `1.299,90`, `1299,90`, `1,5`, `R$ 12,50`,
 * `15%`, `−3` (any minus sign); also `19.90` as a form holds it (a point alone is the decimal point unless it groups
 * thousands: `1.299` is 1299, `1.234.567` is 1234567; `0.001` is a thousandth). NaN when it is not one, or could be read two ways: `1,2,3`,
 * `1.29,90`, `1.2.3`, `12a`, `.5`, ''. The one reader of typed numbers, server and web.
 */
export function parseBrazilianNumber(text: string | number | null | undefined): number {
  if (typeof text === 'number') return text;
  let value = (text ?? '').replace(/R\$|%|\s|\u00a0/g, '').replace(/^[−–]/, '-');
  const negative = value.startsWith('-');
  if (negative) value = value.slice(1);
  if (value.includes(',')) {
    if (!/^([1-9]\d{0,2}(\.\d{3})+|\d+),\d*$/.test(value)) return Number.NaN;
    value = value.replace(/\./g, '').replace(',', '.');
  } else if (/^[1-9]\d{0,2}(\.\d{3})+$/.test(value)) {
    value = value.replace(/\./g, '');
  } else if (!/^\d+(\.\d+)?$/.test(value)) {
    return Number.NaN;
  }
  const result = Number(value);
  // '-0,00' is zero, not minus zero (which Intl would show as '-R$ 0,00').
  return negative && result !== 0 ? -result : result;
}

/**
 * An amount of reais typed in a field (`1.234,56`, `49,9`, `R$ 0,05`, `500`), read by `parseBrazilianNumber`, in
 * integer cents; null when it is not zero or more with at most two decimals (`12,345`, `-1`, `abc`, '').
 */
export function typedReaisToCents(text: string): number | null {
  const reais = parseBrazilianNumber(text);
  if (!Number.isFinite(reais) || reais < 0 || !hasTwoDecimals(reais)) return null;
  return reaisToCents(reais);
}

/** A count before its words: `one` for 1 ("1 venda aguarda"), `many` otherwise ("3 vendas aguardam"). */
export const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);
