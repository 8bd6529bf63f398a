import { formatCep, formatDocument, formatPhone } from '../../../lib/format';

/** A rate in % as the screens write it: 0.9 → '0,9 %', 18 → '18 %', 0.0125 → '0,0125 %'. */
export function formatRate(percent: number): string {
  return `${percent.toLocaleString('pt-BR', { maximumFractionDigits: 4, useGrouping: false })} %`;
}

/**
 * A CNPJ as it is typed, punctuated as it grows: '11222333000181' → '11.222.333/0001-81'. Letters are kept (the
 * alphanumeric CNPJ), upper-cased; anything else is dropped; at most 14 characters.
 */
export function maskCnpj(typed: string): string {
  const raw = typed
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 14);
  const parts = [raw.slice(0, 2), raw.slice(2, 5), raw.slice(5, 8), raw.slice(8, 12), raw.slice(12, 14)];
  let text = parts[0] ?? '';
  if (parts[1]) text += `.${parts[1]}`;
  if (parts[2]) text += `.${parts[2]}`;
  if (parts[3]) text += `/${parts[3]}`;
  if (parts[4]) text += `-${parts[4]}`;
  return text;
}

/** A CEP as it is typed: '01310100' → '01310-100'; digits only, at most 8. */
export function maskCep(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** A phone with DDD as it is typed: '11987654321' → '(11) 98765-4321', '1134567890' → '(11) 3456-7890'. */
export function maskPhone(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 11);
  if (digits.length <= 2) return digits.length ? `(${digits}` : '';
  const ddd = digits.slice(0, 2);
  const rest = digits.slice(2);
  const split = digits.length === 11 ? 5 : 4;
  return rest.length > split ? `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}` : `(${ddd}) ${rest}`;
}

/** A SHA-1 fingerprint in pairs: 'AB12…' → 'AB:12:…'. */
export function formatFingerprint(hex: string): string {
  return hex.match(/.{1,2}/g)?.join(':') ?? hex;
}

/** 12,3 KB: a file's size. */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
}

/** The issuer's address on two lines: 'Rua X, 295 - Loja 12 - Bairro' and 'São Paulo/SP · 01207-001'. */
export function issuerAddressLines(address: {
  street: string;
  number: string;
  complement: string | null;
  district: string;
  cep: string;
  uf: string;
  cityName: string;
}): [string, string] {
  const first = [`${address.street}, ${address.number}`, address.complement, address.district]
    .filter(Boolean)
    .join(' - ');
  return [first, `${address.cityName}/${address.uf} · ${formatCep(address.cep)}`];
}

export { formatCep, formatDocument, formatPhone };
