/**
 * XML written directly in its canonical form (C14N 1.0): no empty-element tags, attributes in the order written,
 * only `&`, `<`, `>` (and CR) escaped in text. A document written this way is its own canonicalization, so the
 * digest of a signed element is computed on the string (xml-signature.ts), without a DOM; the notes BackOffice
 * emits and the sample notes of the tests are written with it, and xml-crypto verifies them (signature.ts of the
 * purchases, and the tests).
 */

export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

/** `<name>value</name>` (C14N never writes `<name/>`); nothing for an absent value. */
export function el(name: string, value: string | null | undefined): string {
  return value === null || value === undefined ? '' : `<${name}>${escapeText(value)}</${name}>`;
}

/** `<name>…</name>` around content already written; nothing when every part is empty and `optional`. */
export function group(name: string, ...content: string[]): string {
  return `<${name}>${content.join('')}</${name}>`;
}

/** A group that is left out when all its content is. */
export function optionalGroup(name: string, ...content: string[]): string {
  const body = content.join('');
  return body === '' ? '' : `<${name}>${body}</${name}>`;
}
