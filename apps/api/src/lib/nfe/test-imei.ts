import { luhnCheckDigit } from '@backoffice/contract';

/** A Luhn-valid 15-digit IMEI made from `n` (TAC 35209900, serial from n): the test notes' phones. */
export function testImei(n: number): string {
  const body = `35209900${String(n).padStart(6, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}
