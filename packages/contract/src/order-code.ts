/** Letters and digits that cannot be confused when read aloud or on a phone screen (no 0/O, 1/I/L). */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short order code staff can read aloud, e.g. "K7M-4QP". The caller retries on a (rare) clash. */
export function generateOrderCode(random: () => number = Math.random): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ORDER_CODE_ALPHABET[Math.floor(random() * ORDER_CODE_ALPHABET.length)];
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}
