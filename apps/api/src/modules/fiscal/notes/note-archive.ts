/**
 * The documents of a note's events and of the voidings as the official proc schemas have them (issue 56 §3,
 * decision 0084): an event (cancellation 110111, cancellation by substitution 110112, correction letter 110110) as
 * `procEventoNFe` — the signed `evento` as sent with the SEFAZ's `retEvento`, versao 1.00 — and a voiding as
 * `ProcInutNFe` — the signed `inutNFe` with its `retInutNFe`, versao 4.00. Through a provider the stored XML already
 * is that proc. A row kept before migration 0102 has only the answer (`answer_only`): it is given as it is, under a
 * name that says so.
 */
import { NFE_NAMESPACE } from '../nfe/nfe-builder';

/** The schema of each event's proc in the package (nfe/xsd.ts's SCHEMA_PACKAGE). */
export const EVENT_PROC_SCHEMAS: Readonly<Record<string, string>> = {
  '110110': 'procCCeNFe_v1.00.xsd',
  '110111': 'procEventoCancNFe_v1.00.xsd',
  /** Of the event package of the cancellation by substitution (NT 2018.002), when the package ships it. */
  '110112': 'procEventoCancSubst_v1.00.xsd',
};
export const VOIDING_PROC_SCHEMA = 'procInutNFe_v4.00.xsd';

/** What the month's index and the file names call each event. */
export const EVENT_NAMES: Readonly<Record<string, { label: string; file: string }>> = {
  '110110': { label: 'Carta de correção', file: 'cce' },
  '110111': { label: 'Cancelamento', file: 'cancelamento' },
  '110112': { label: 'Cancelamento por substituição', file: 'cancelamento-substituicao' },
};

const withoutDeclaration = (xml: string) => xml.replace(/^\s*<\?xml[^>]*\?>\s*/, '');
const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

/** An event's stored XML and signed request, as the tables keep them. */
export interface StoredEvent {
  type: string;
  sequence: number;
  xml: string | null;
  request_xml: string | null;
}

/** The event's code (tpEvento) from what is kept, else from the row's type. */
export function eventCode(event: StoredEvent): string {
  const fromXml = tag(event.request_xml ?? event.xml ?? '', 'tpEvento');
  if (fromXml) return fromXml;
  return event.type === 'CORRECTION' ? '110110' : event.type === 'CANCEL' ? '110111' : '110112';
}

/** The event's procEventoNFe; the bare answer of a row kept before the request was (null when nothing is kept). */
export function eventDocument(event: StoredEvent): { xml: string; answerOnly: boolean } | null {
  if (!event.xml) return null;
  const answer = withoutDeclaration(event.xml);
  if (answer.startsWith('<procEventoNFe')) return { xml: answer, answerOnly: false };
  if (!event.request_xml) return { xml: answer, answerOnly: true };
  return {
    xml: `<procEventoNFe xmlns="${NFE_NAMESPACE}" versao="1.00">${event.request_xml}${answer}</procEventoNFe>`,
    answerOnly: false,
  };
}

/** The voiding's ProcInutNFe; the bare retInutNFe of a row kept before the request was (null when none). */
export function voidingDocument(voiding: { xml: string | null; request_xml: string | null }) {
  if (!voiding.xml) return null;
  const answer = withoutDeclaration(voiding.xml);
  if (/^<ProcInutNFe/i.test(answer)) return { xml: answer, answerOnly: false };
  if (!voiding.request_xml) return { xml: answer, answerOnly: true };
  return {
    xml: `<ProcInutNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${withoutDeclaration(voiding.request_xml)}${answer}</ProcInutNFe>`,
    answerOnly: false,
  };
}

/** `<key>-cancelamento.xml`, `<key>-cce-2.xml`; `-somente-retorno` for a row kept with only the answer. */
export function eventFileName(accessKey: string, event: StoredEvent, answerOnly: boolean): string {
  const code = eventCode(event);
  const name = EVENT_NAMES[code]?.file ?? code;
  const numbered = code === '110110' ? `${name}-${event.sequence}` : name;
  return `${accessKey}-${numbered}${answerOnly ? '-somente-retorno' : ''}.xml`;
}

/** The file's XML with its declaration, as given and mailed. */
export const xmlFile = (xml: string) => `<?xml version="1.0" encoding="UTF-8"?>${xml}`;
