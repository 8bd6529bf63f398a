/**
 * FROZEN COPY for migration 0005-company-merchant: the Pix rules of `@backoffice/contract` (pix.ts,
 * settings.ts, documents.ts) as they stood when that migration was applied (November 2026).
 *
 * Never edit this file, and never import it from live code: an applied migration must keep doing what it
 * did, whatever the contract says later. Live code uses the contract; a later migration that needs newer
 * rules freezes its own copy next to it.
 */

export const PIX_LIMITS = {
  merchantName: 25,
  merchantCity: 15,
  txid: 25,
  key: 77,
} as const;

export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** Plain upper-case ASCII: accents stripped, anything not printable ASCII dropped, spaces collapsed. */
export function toPixText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

function normalizeDocument(value: string): string {
  return value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase();
}

function isValidCpf(value: string): boolean {
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

function isValidCnpj(value: string): boolean {
  const cnpj = normalizeDocument(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const first = cnpjCheckDigit(cnpj, CNPJ_WEIGHTS_1);
  const second = cnpjCheckDigit(cnpj, CNPJ_WEIGHTS_2);
  return first === Number(cnpj[12]) && second === Number(cnpj[13]);
}

function isValidPhone(value: string): boolean {
  const digits = onlyDigits(value);
  const local = digits.startsWith('55') && digits.length > 11 ? digits.slice(2) : digits;
  if (!/^[1-9]{2}/.test(local)) return false;
  if (local.length === 11) return local[2] === '9';
  if (local.length === 10) return /[2-8]/.test(local[2] ?? '');
  return false;
}

const EMAIL_KEY =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function normalizePixPhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = onlyDigits(trimmed);
  if (trimmed.startsWith('+')) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  } else if (digits.length >= 12 && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  if (digits.length < 10 || digits.length > 11 || !isValidPhone(digits)) return null;
  return `+55${digits}`;
}

/** The key as the DICT holds it, or null when it is not a valid key of that type. */
export function normalizePixKey(type: PixKeyType, value: string): string | null {
  const trimmed = value.trim();
  switch (type) {
    case 'CPF':
      return /^[\d.\s-]+$/.test(trimmed) && isValidCpf(trimmed) ? onlyDigits(trimmed) : null;
    case 'CNPJ':
      return /^[\dA-Za-z./\s-]+$/.test(trimmed) && isValidCnpj(trimmed) ? normalizeDocument(trimmed) : null;
    case 'PHONE':
      return normalizePixPhone(trimmed);
    case 'EMAIL': {
      const email = trimmed.toLowerCase();
      return email.length <= PIX_LIMITS.key && EMAIL_KEY.test(email) ? email : null;
    }
    case 'EVP': {
      const uuid = trimmed.toLowerCase();
      return UUID.test(uuid) ? uuid : null;
    }
  }
}
