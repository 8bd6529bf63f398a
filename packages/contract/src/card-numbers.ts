import { luhnCheckDigit } from './imei';

/** Card numbers and their secrets, never stored: refused wherever they are typed (the API's input guard). */

/** A run of digits, single spaces or dashes between them allowed (a card number as typed: 4111 1111 …). */
const DIGIT_RUN = /\d(?:[ -]?\d)*/g;
/** Keys a client might send a card's secrets under. */
const CARD_SECRET_KEY =
  /^(card_?number|cardnumber|numero_?cartao|numerocartao|pan|cvv|cvc|cvv2|security_?code|expiry|expiration|validade)$/i;
/**
 * Values that are our own or the customer's identifiers, never a card: the attempt's key (a UUID may hold 16
 * digits in a row), a document on the note (a CNPJ is 14 digits), a phone, an e-mail, a proof's picture.
 */
const NOT_CARD_KEYS: ReadonlySet<string> = new Set([
  'idempotencyKey',
  'noteDocument',
  'document',
  'phone',
  'email',
  'receipt',
  // A delivery's signature (a PNG in base64) and the receiver's document (up to 14 digits).
  'signature',
  'receiverDocument',
  // The IMEIs of the phones a counter sale hands over (15 digits with a Luhn check digit, as a card's).
  'imeis',
]);

/** A card number (PAN): 13 to 19 digits whose last is the Luhn check digit of the others. */
function isCardNumber(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * True when some value or key of `input` looks like a card number or its secrets (never stored, refused): a
 * run of 13–19 digits passing Luhn, as every card number does (a run of digits that is not a card passes one
 * time in ten), outside the identifiers of NOT_CARD_KEYS; or a key such as `cardNumber` or `cvv`. Walked
 * without recursion and at most 10,000 values deep or wide: a hostile body nested a million levels is no card
 * data (its own schema refuses it), and never a stack overflow.
 */
export function looksLikeCardData(input: unknown): boolean {
  const pending: unknown[] = [input];
  for (let seen = 0; pending.length > 0 && seen < 10_000; seen++) {
    const value = pending.pop();
    if (typeof value === 'string') {
      for (const [run] of value.matchAll(DIGIT_RUN)) if (isCardNumber(run.replace(/[ -]/g, ''))) return true;
    } else if (typeof value === 'number') {
      if (Number.isSafeInteger(value) && isCardNumber(String(Math.abs(value)))) return true;
    } else if (Array.isArray(value)) {
      pending.push(...value.slice(0, 10_000));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (CARD_SECRET_KEY.test(key)) return true;
        if (!NOT_CARD_KEYS.has(key)) pending.push(inner);
      }
    }
  }
  return false;
}
