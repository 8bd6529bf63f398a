/**
 * The NF-e access key ('chave de acesso', infNFe/@Id without 'NFe'): 44 characters,
 *
 *   cUF(2) AAMM(4) CNPJ/CPF of the issuer(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1)
 *
 * (Manual de Orientação do Contribuinte, NF-e 4.00, §2.2.6), a CPF written with three zeros on its left.
 * cDV is mod 11 over the first 43 characters, weights 2 to 9 from the right (2, 3, …, 9, 2, 3, …); a remainder
 * of 0 or 1 gives 0, else 11 − remainder.
 *
 * The alphanumeric CNPJ (IN RFB 2.229/2024, issued from July 2026) enters the key as it is, so the key may
 * hold letters [A-Z] in its CNPJ positions: NT Conjunta DF-e 2025.001 (CNPJ alfanumérico, v1.00 of
 * 25/04/2025; homologação 06/04/2026, produção 06/07/2026) keeps the key's mod-11 check digit and, as for the
 * CNPJ's own digits (Nota Técnica COCAD/SUARA/RFB 49/2024), takes each character's value as its ASCII code
 * minus 48: '0'–'9' keep 0–9, 'A' = 17, 'B' = 18, … 'Z' = 42. A numeric key's digit is therefore unchanged.
 * (packages/contract/src/documents.ts computes the CNPJ's digits by the same rule.)
 */

/** 6 digits (cUF, AAMM), 12 alphanumeric (CNPJ root and order, or 000 + the CPF's first 9), 26 digits (the CNPJ's 2 check digits, mod … cDV). */
const ACCESS_KEY_SHAPE = /^\d{6}[0-9A-Z]{12}\d{26}$/;

export const ACCESS_KEY_LENGTH = 44;

/** The check digit of a key's first 43 characters (see above). */
export function accessKeyCheckDigit(body: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += (body.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** 44 characters of the key's shape whose last is the check digit of the others. */
export function isValidAccessKey(key: string): boolean {
  return ACCESS_KEY_SHAPE.test(key) && accessKeyCheckDigit(key.slice(0, 43)) === key.charCodeAt(43) - 48;
}

export function hasAccessKeyShape(key: string): boolean {
  return ACCESS_KEY_SHAPE.test(key);
}

/** The fields a key is made of, as its characters (zero-padded). */
export interface AccessKeyParts {
  /** IBGE code of the issuer's state (SP = 35). */
  stateCode: string;
  /** YYMM of the issue date. */
  yearMonth: string;
  /** The issuer's CNPJ, or '000' + its CPF. */
  issuerDocument: string;
  model: string;
  series: string;
  number: string;
  emissionType: string;
  numericCode: string;
  checkDigit: string;
}

export function accessKeyParts(key: string): AccessKeyParts {
  return {
    stateCode: key.slice(0, 2),
    yearMonth: key.slice(2, 6),
    issuerDocument: key.slice(6, 20),
    model: key.slice(20, 22),
    series: key.slice(22, 25),
    number: key.slice(25, 34),
    emissionType: key.slice(34, 35),
    numericCode: key.slice(35, 43),
    checkDigit: key.slice(43, 44),
  };
}

/** The key of a note's fields, its check digit computed (used to build test notes and to compare). */
export function composeAccessKey(parts: Omit<AccessKeyParts, 'checkDigit'>): string {
  const body =
    parts.stateCode.padStart(2, '0') +
    parts.yearMonth.padStart(4, '0') +
    parts.issuerDocument.padStart(14, '0') +
    parts.model.padStart(2, '0') +
    parts.series.padStart(3, '0') +
    parts.number.padStart(9, '0') +
    parts.emissionType.padStart(1, '0') +
    parts.numericCode.padStart(8, '0');
  return `${body}${accessKeyCheckDigit(body)}`;
}
