/**
 * The static Pix BR Code ("Pix copia e cola"), as the Banco Central's "Manual de Padrões para Iniciação do
 * Pix" defines it over EMV QRCPS-MPM: fields of `ID (2) + length (2) + value`, ending with a CRC16.
 * No dependencies, so the API and the web app share it.
 */

export const PIX_LIMITS = {
  /** Field 59 (Merchant Name). */
  merchantName: 25,
  /** Field 60 (Merchant City). */
  merchantCity: 15,
  /** Field 62-05 (txid) of a static code: up to 25 letters and digits. */
  txid: 25,
  /** Field 26-01: 99 minus the GUI's 18 characters and the key's own ID and length. */
  key: 77,
} as const;

/** The txid of a static code that names no transaction. */
export const PIX_NO_TXID = '***';

const GUI = 'br.gov.bcb.pix';
/** Printable ASCII, the only characters the payload carries. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR) as 4 upper-case hex. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Plain upper-case ASCII for the merchant name and city: accents stripped (São → SAO), anything else that is
 * not printable ASCII dropped, runs of spaces collapsed. It does not cut: the caller checks the length.
 */
export function toPixText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

/** The txid of an order: its code without punctuation (K7M-4QP → K7M4QP), up to 25; '***' when none is left. */
export function pixTxid(code: string | null | undefined): string {
  const txid = (code ?? '').replace(/[^0-9A-Za-z]/g, '').slice(0, PIX_LIMITS.txid);
  return txid === '' ? PIX_NO_TXID : txid;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`Campo ${id} do BR Code passa de 99 caracteres.`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Cents as the payload's amount: reais with two decimals and a point, no thousands separator (1234.50). */
export function pixAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError('Valor do Pix deve ser positivo, em centavos.');
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  if (text.length > 13) throw new RangeError('Valor do Pix grande demais para o BR Code.');
  return text;
}

export interface PixPayloadInput {
  /** The Pix key as the DICT holds it (CPF/CNPJ without punctuation, +55DDDNUMBER, e-mail, UUID). */
  key: string;
  /** Up to 25 printable ASCII characters (see `toPixText`). */
  merchantName: string;
  /** Up to 15 printable ASCII characters. */
  merchantCity: string;
  /** Integer cents; left out, the payer types the amount. */
  amountCents?: number;
  /** Up to 25 letters and digits, or '***' (the default). */
  txid?: string;
  /** Optional free text for the payer (field 26-02); with the key it must fit field 26's 99 characters. */
  description?: string;
}

/**
 * The static BR Code: 00 payload format "01", 26 merchant account (GUI + key [+ description]), 52 "0000",
 * 53 "986" (BRL), 54 amount (when given), 58 "BR", 59 name, 60 city, 62 with 05 txid, 63 CRC16.
 * Throws a RangeError on a value the standard does not allow.
 */
export function buildPixPayload(input: PixPayloadInput): string {
  const { key, merchantName, merchantCity, amountCents, description } = input;
  const txid = input.txid ?? PIX_NO_TXID;
  if (key.length === 0 || key.length > PIX_LIMITS.key || !PRINTABLE_ASCII.test(key)) {
    throw new RangeError('Chave Pix vazia, longa demais ou fora do ASCII.');
  }
  checkText('Nome do recebedor', merchantName, PIX_LIMITS.merchantName);
  checkText('Cidade do recebedor', merchantCity, PIX_LIMITS.merchantCity);
  if (txid !== PIX_NO_TXID && !/^[0-9A-Za-z]{1,25}$/.test(txid)) {
    throw new RangeError('txid deve ter de 1 a 25 letras e dígitos, ou ***.');
  }
  if (description !== undefined && !PRINTABLE_ASCII.test(description)) {
    throw new RangeError('Descrição do Pix fora do ASCII.');
  }

  const account = field('00', GUI) + field('01', key) + (description ? field('02', description) : '');
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (amountCents === undefined ? '' : field('54', pixAmount(amountCents))) +
    field('58', 'BR') +
    field('59', merchantName) +
    field('60', merchantCity) +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16CcittFalse(body);
}

function checkText(what: string, value: string, max: number): void {
  if (value.trim().length === 0 || value.length > max || !PRINTABLE_ASCII.test(value)) {
    throw new RangeError(`${what}: de 1 a ${max} caracteres ASCII.`);
  }
}

/** Field 26-25 (the location's URL) of a dynamic code: 99 minus the GUI's 18 characters and its own ID and length. */
export const PIX_LOCATION_MAX = 77;

/**
 * The dynamic BR Code of a charge the PSP holds (a `cob` or a `cobv`): 26 with the GUI and 25 the PSP's
 * `location` URL (no scheme; the payer's app fetches the charge there and the PSP says the amount of that day),
 * no amount (54 left out), 62-05 '***' as the manual asks of a dynamic code, 63 CRC16.
 */
export function buildDynamicPixPayload(input: { location: string; merchantName: string; merchantCity: string }) {
  const location = input.location.replace(/^https?:\/\//, '');
  if (location.length === 0 || location.length > PIX_LOCATION_MAX || !PRINTABLE_ASCII.test(location)) {
    throw new RangeError('URL do location vazia, longa demais ou fora do ASCII.');
  }
  checkText('Nome do recebedor', input.merchantName, PIX_LIMITS.merchantName);
  checkText('Cidade do recebedor', input.merchantCity, PIX_LIMITS.merchantCity);
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', GUI) + field('25', location)) +
    field('52', '0000') +
    field('53', '986') +
    field('58', 'BR') +
    field('59', input.merchantName) +
    field('60', input.merchantCity) +
    field('62', field('05', PIX_NO_TXID)) +
    '6304';
  return body + crc16CcittFalse(body);
}
