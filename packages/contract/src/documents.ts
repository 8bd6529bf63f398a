/** Brazilian documents (CPF, CNPJ including the alphanumeric CNPJ of July 2026) and phones. */

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Strips punctuation from a CPF or CNPJ and upper-cases the letters of an alphanumeric CNPJ. */
export function normalizeDocument(value: string): string {
  return value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase();
}

/**
 * The document of whoever receives a delivery (decision 0039), as kept: its digits, upper case, without
 * punctuation. A CPF or an RG: 5 to 14 characters, digits only except an RG's final X. RGs differ by state,
 * so no check digit is asked.
 */
export function normalizeReceiverDocument(value: string): string {
  return normalizeDocument(value);
}
export function isValidReceiverDocument(value: string): boolean {
  return /^\d{4,13}[0-9X]$/.test(normalizeReceiverDocument(value));
}

/** What a state registration says when the company is exempt of it (NF-e indIEDest 2). */
export const STATE_REGISTRATION_EXEMPT = 'ISENTO';

/**
 * A state registration ('Inscrição estadual', IE) as kept: its dots, dashes, slashes and spaces dropped, upper
 * case (so 'isento' is 'ISENTO'). Valid when that is 2 to 14 digits or 'ISENTO': the issuer's and the customers'.
 */
export function normalizeStateRegistration(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}
export function isValidStateRegistration(value: string): boolean {
  const ie = normalizeStateRegistration(value);
  return ie === STATE_REGISTRATION_EXEMPT || /^\d{2,14}$/.test(ie);
}

export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const digit = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function cnpjCheckDigit(base: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (base.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Numeric and alphanumeric CNPJ: 12 characters [0-9A-Z] followed by two numeric check digits. */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeDocument(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const first = cnpjCheckDigit(cnpj, CNPJ_WEIGHTS_1);
  const second = cnpjCheckDigit(cnpj, CNPJ_WEIGHTS_2);
  return first === Number(cnpj[12]) && second === Number(cnpj[13]);
}

/** Completes a 9-digit CPF base or a 12-character CNPJ base with its check digits. */
export function withCpfCheckDigits(base9: string): string {
  let cpf = base9;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    cpf += String(rest === 10 ? 0 : rest);
  }
  return cpf;
}

export function withCnpjCheckDigits(base12: string): string {
  const first = cnpjCheckDigit(base12, CNPJ_WEIGHTS_1);
  const second = cnpjCheckDigit(`${base12}${first}`, CNPJ_WEIGHTS_2);
  return `${base12}${first}${second}`;
}

export type DocumentType = 'CPF' | 'CNPJ';

/** The spec's rule: length 11 means CPF, otherwise CNPJ. */
export function documentType(value: string): DocumentType {
  return normalizeDocument(value).length === 11 ? 'CPF' : 'CNPJ';
}

export function isValidDocument(value: string): boolean {
  return documentType(value) === 'CPF' ? isValidCpf(value) : isValidCnpj(value);
}

export function formatDocument(value: string | null | undefined): string {
  if (!value) return '';
  const doc = normalizeDocument(value);
  if (doc.length === 11) return doc.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (doc.length === 14) return doc.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return value;
}

/** Brazilian phone with DDD: 10 digits (landline) or 11 digits starting with 9 after the DDD (mobile). */
export const BRAZILIAN_PHONE = /^\(?([1-9]{2})\)?\s?(9\d{4}|[2-8]\d{3})-?\d{4}$/;

/** A phone's digits without Brazil's country code (55), when it was typed with it. */
export function localPhoneDigits(value: string): string {
  const digits = onlyDigits(value);
  return digits.startsWith('55') && digits.length > 11 ? digits.slice(2) : digits;
}

export function isValidPhone(value: string): boolean {
  const local = localPhoneDigits(value);
  if (!/^[1-9]{2}/.test(local)) return false;
  if (local.length === 11) return local[2] === '9';
  if (local.length === 10) return /[2-8]/.test(local[2] ?? '');
  return false;
}

/** A CEP as people read it, `01234-567`; anything that is not 8 digits as stored. */
export function formatCep(value: string | null | undefined): string {
  if (!value) return '';
  const d = onlyDigits(value);
  return d.length === 8 ? d.replace(/^(\d{5})(\d{3})$/, '$1-$2') : value;
}

/** `(11) 98765-4321` / `(11) 3456-7890` (with or without the country's 55); anything else as stored. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const all = onlyDigits(value);
  const d = all.startsWith('55') && all.length > 11 ? all.slice(2) : all;
  if (d.length === 11) return d.replace(/^(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3');
  if (d.length === 10) return d.replace(/^(\d{2})(\d{4})(\d{4})$/, '($1) $2-$3');
  return value;
}

/** A customer's address as registered (each part null when unknown). */
export interface PostalAddress {
  street: string | null;
  number: string | null;
  complement?: string | null;
  neighborhood?: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

/**
 * An address as documents and cards print it: "Rua das Flores, 123 - Apto 4" on the first line; city/state
 * and CEP on the second ("São Paulo/SP · 01234-567"); `withNeighborhood` puts the district on the first line
 * too. Empty lines are left out (none at all: an empty list).
 */
export function addressLines(address: PostalAddress, { withNeighborhood = false } = {}): string[] {
  const street = [address.street, address.number].filter(Boolean).join(', ');
  const first = [street, address.complement, withNeighborhood ? address.neighborhood : null]
    .filter(Boolean)
    .join(' - ');
  const zip = formatCep(address.zipCode);
  const place = [address.city, address.state].filter(Boolean).join('/');
  const second = [place, zip].filter(Boolean).join(' · ');
  return [first, second].filter(Boolean);
}
