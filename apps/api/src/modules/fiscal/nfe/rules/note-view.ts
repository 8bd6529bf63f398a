/**
 * A signed NF-e/NFC-e read for the published validation rules (issue 55): the fields the rules look at, taken from
 * the XML itself, so that our pre-send check and the SEFAZ double judge the very same document.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';

export interface NoteView {
  /** The `<infNFe>` element. */
  infNFe: Element;
  /** Model 55 (NF-e) or 65 (NFC-e). */
  model: number;
  /** tpAmb: 1 production, 2 homologação. */
  environment: number;
  /** The issuer's UF (`emit/enderEmit/UF`). */
  issuerUf: string;
  /** The `<det>` elements, in order (nItem 1…). */
  items: Element[];
  /** The `<dest>` element, when the note has one. */
  recipient: Element | null;
}

/** The first descendant named `name` (namespace ignored), or null. */
export function child(parent: Element, name: string): Element | null {
  const found = parent.getElementsByTagNameNS('*', name);
  return found.length > 0 ? (found[0] as Element) : null;
}

/** The text of the first descendant named `name`, or ''. */
export function textOf(parent: Element | null, name: string): string {
  if (!parent) return '';
  return child(parent, name)?.textContent?.trim() ?? '';
}

/** The note's XML read for the rules; null when it holds no `<infNFe>` (the schema refuses that first). */
export function viewNote(xml: string): NoteView | null {
  const document = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
  const infNFe = document.getElementsByTagNameNS('*', 'infNFe')[0] as Element | undefined;
  if (!infNFe) return null;
  const ide = child(infNFe, 'ide');
  const emit = child(infNFe, 'emit');
  return {
    infNFe,
    model: Number(textOf(ide, 'mod')),
    environment: Number(textOf(ide, 'tpAmb')),
    issuerUf: textOf(child(emit as Element, 'enderEmit'), 'UF'),
    items: Array.from(infNFe.getElementsByTagNameNS('*', 'det')) as Element[],
    recipient: child(infNFe, 'dest'),
  };
}
