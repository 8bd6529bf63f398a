/**
 * Code 128, code set C (and A for an alphanumeric CNPJ, `code128Key`), for the DANFE's barcode of the access key (Manual de Orientação do Contribuinte, Anexo II:
 * 'código de barras unidimensional padrão CODE-128C' of the 44 digits). Set C writes two digits a symbol: the start
 * symbol C (105), one symbol per pair ('12' → 12), the check symbol (the start's value plus each data symbol's value
 * times its position, 1, 2, 3…, modulo 103) and the stop (106). Each symbol is drawn as 3 bars and 3 spaces of 1 to 4
 * modules, 11 modules in all (the stop: 4 bars and 3 spaces, 13 modules), from the table of ISO/IEC 15417.
 */

/** The bar and space widths of symbols 0–106, bar first (ISO/IEC 15417, table 1). */
export const CODE128_PATTERNS: readonly string[] = [
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213',
  '221312 231212 112232 122132 122231 113222 123122 123221 223211 221132',
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211',
  '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313',
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331',
  '231131 213113 213311 213131 311123 311321 331121 312113 312311 332111',
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214',
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111',
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141',
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141',
  '114131 311141 411131 211412 211214 211232 2331112',
]
  .join(' ')
  .split(' ');

export const CODE128_START_C = 105;
export const CODE128_STOP = 106;
/** From code set C, 'Code A' switches to set A; from set A, 'Code C' (99) switches back (ISO/IEC 15417, table 1). */
export const CODE128_CODE_A = 101;
export const CODE128_CODE_C = 99;

/** The symbol values of `digits` in code set C: start C, the pairs, the check symbol, stop. */
export function code128c(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error('Code 128C: an even number of digits is needed.');
  const pairs = digits.match(/\d\d/g)?.map(Number) ?? [];
  const check = pairs.reduce((sum, value, i) => sum + value * (i + 1), CODE128_START_C) % 103;
  return [CODE128_START_C, ...pairs, check, CODE128_STOP];
}

/**
 * The symbol values of an access key. A numeric key is code set C (above). A key whose CNPJ part holds letters (the
 * alphanumeric CNPJ, NT 2025.001: '[0-9]{6}[0-9A-Z]{12}[0-9]{26}') cannot be set C alone: the NT's hybrid CODE-128A/C
 * writes the digits of cUF and AAMM in set C, switches to set A (Code A, 101) for the 12 characters of the CNPJ's root
 * and order (set A's value of a character is its ASCII code − 32: '0' = 16, 'A' = 33), then back to set C (Code C, 99)
 * for the last 26 digits. The check symbol weighs every symbol after the start, the switches included.
 */
export function code128Key(key: string): number[] {
  if (/^\d+$/.test(key)) return code128c(key);
  if (!/^\d{6}[0-9A-Z]{12}\d{26}$/.test(key)) throw new Error('Code 128: not an access key.');
  const pairs = (digits: string) => digits.match(/\d\d/g)?.map(Number) ?? [];
  const data = [
    ...pairs(key.slice(0, 6)),
    CODE128_CODE_A,
    ...[...key.slice(6, 18)].map((char) => char.charCodeAt(0) - 32),
    CODE128_CODE_C,
    ...pairs(key.slice(18)),
  ];
  const check = data.reduce((sum, value, i) => sum + value * (i + 1), CODE128_START_C) % 103;
  return [CODE128_START_C, ...data, check, CODE128_STOP];
}

/** The bars of the symbols: each bar's start and width in modules, from the first bar (quiet zones not included). */
export function code128Bars(symbols: number[]): { bars: { x: number; width: number }[]; modules: number } {
  const bars: { x: number; width: number }[] = [];
  let x = 0;
  for (const symbol of symbols) {
    const pattern = CODE128_PATTERNS[symbol];
    if (pattern === undefined) throw new Error(`Code 128: no symbol ${symbol}.`);
    for (const [i, width] of [...pattern].map(Number).entries()) {
      if (i % 2 === 0) bars.push({ x, width });
      x += width;
    }
  }
  return { bars, modules: x };
}
