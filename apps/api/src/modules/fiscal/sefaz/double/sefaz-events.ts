/**
 * The SEFAZ double's judgement of an event (NFeRecepcaoEvento4: cancellation 110111, correction letter 110110,
 * cancellation by substitution 110112), after
 * the message's schema, in the order of the generic rules of the Registro de Evento: the event's signature and its
 * certificate (297, 292, 213 against the author's CNPJ), P09 the environment (252), P11 the key's check digit (236),
 * P07/P14 the Id (572), P10/P11 the note exists (494), P11/P14 the event is not a duplicate (573), P10/P11 the author
 * is the issuer (574), 2P12-22 the note is authorised, not cancelled (580); a cancellation names the note's protocol
 * (222) and comes within the note's window (501: NF-e 24 h, NFC-e 30 min, nfe/cancellation-windows.ts); a
 * cancellation by substitution (110112) follows NT 2018.004's rules: P12-48 and P31 on the keys (920, 910, 911) with
 * the generic ones, 2P12-18 its window of 168 hours (501), 5P31 the substitute the SEFAZ holds (912 none, 913
 * cancelled, 914 issued 2 hours later, 915 its total, 916 its ICMS, 917 its recipient, 918 its number of items, 919
 * an item). Codes and texts in sefaz-refusals.ts.
 */
import { isValidAccessKey } from '../../../../lib/nfe/access-key';
import { cancellableUntil } from '../../nfe/cancellation-windows';
import { svcEventRefusal } from './sefaz-contingency';
import type { KeptNote, SefazLedger } from './sefaz-ledger';
import type { SefazPlace } from './sefaz-notes';
import { REFUSALS, type Refusal } from './sefaz-refusals';
import { signatureRefusal } from './sefaz-signature';

export interface EventFields {
  id: string;
  type: string;
  key: string;
  sequence: number;
  cnpj: string;
  environment: string;
  /** The cancellation's nProt. */
  protocol: string;
  /** dhEvento, with its offset. */
  at: string;
  /** The cancellation by substitution's chNFeRef: the NFC-e that covered the sale instead. */
  substituteKey: string;
}

const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

export function eventFields(message: string): EventFields {
  return {
    id: /<infEvento[^>]*Id="([^"]*)"/.exec(message)?.[1] ?? '',
    type: tag(message, 'tpEvento'),
    key: tag(message, 'chNFe'),
    sequence: Number(tag(message, 'nSeqEvento')),
    cnpj: tag(message, 'CNPJ'),
    environment: tag(message, 'tpAmb'),
    protocol: tag(message, 'nProt'),
    at: tag(message, 'dhEvento'),
    substituteKey: tag(message, 'chNFeRef'),
  };
}

const HOUR = 3_600_000;
/** The key's parts (MOC 7.0 §2.2.6.1): cUF 0–1, AAMM 2–5, CNPJ 6–19, mod 20–21, serie, nNF, tpEmis 34, cNF, cDV. */
const part = { uf: [0, 2], cnpj: [6, 20], model: [20, 22] } as const;
const of = (key: string, name: keyof typeof part) => key.slice(...part[name]);

/** NT 2018.004's rules on the keys of a cancellation by substitution (P12-48, P31-10 to P31-52), before the database. */
function substitutionKeyRefusal(event: EventFields): Refusal | null {
  const ref = event.substituteKey;
  if (event.key[34] !== '1' || ref[34] !== '9') return REFUSALS.substitutionEmission;
  if (!isValidAccessKey(ref)) return REFUSALS.substituteInvalid('Dígito');
  if (of(ref, 'model') !== '55' && of(ref, 'model') !== '65') return REFUSALS.substituteInvalid('Modelo');
  if (ref === event.key) return REFUSALS.substituteWrong('mesma Chave de Acesso');
  if (of(ref, 'uf') !== of(event.key, 'uf')) return REFUSALS.substituteWrong('Código da UF');
  if (of(ref, 'cnpj') !== of(event.key, 'cnpj')) return REFUSALS.substituteWrong('CNPJ/CPF');
  if (of(ref, 'model') !== of(event.key, 'model')) return REFUSALS.substituteWrong('Modelo');
  return null;
}

/** NT 2018.004's rules on the substitute the SEFAZ holds (5P31-10 to 5P31-40), in the table's order. */
function substituteRefusal(event: EventFields, note: KeptNote, ledger: SefazLedger): Refusal | null {
  const substitute = ledger.note(event.substituteKey);
  if (!substitute) return REFUSALS.substituteUnknown;
  if (substitute.cancelled) return REFUSALS.substituteCancelled;
  if (new Date(substitute.issuedAt).getTime() - new Date(note.issuedAt).getTime() > 2 * HOUR)
    return REFUSALS.substituteLate;
  if (Number(substitute.total) !== Number(note.total)) return REFUSALS.substituteTotal;
  if (Number(substitute.icmsTotal) !== Number(note.icmsTotal)) return REFUSALS.substituteIcms;
  // 5P31-32: only when the note cancelled identified its recipient.
  const [was, is] = [note.recipient, substitute.recipient];
  if (was.document !== '' && (is.document !== was.document || is.ie !== was.ie)) return REFUSALS.substituteRecipient;
  if (substitute.items.length !== note.items.length) return REFUSALS.substituteItemCount;
  const differs = note.items.some((item, i) => item.join('|') !== substitute.items[i]?.join('|'));
  return differs ? REFUSALS.substituteItem : null;
}

/** 2P12-14 (110111: NF-e 24 h, NFC-e 30 min, the states' exceptions) and 2P12-18 (110112: 168 hours). */
function pastWindow(event: EventFields, note: KeptNote): boolean {
  const until =
    event.type === '110112'
      ? new Date(note.authorisedAt.getTime() + 168 * HOUR)
      : cancellableUntil(event.key, note.authorisedAt);
  return new Date(event.at).getTime() > until.getTime();
}

/** The SEFAZ's refusal of the event in `message` (an envEvento valid by its schema), or null: it is registered. */
export function eventRefusal(message: string, place: SefazPlace, ledger: SefazLedger): Refusal | null {
  const event = eventFields(message);
  const signature = signatureRefusal(message, 'infEvento', event.cnpj);
  if (signature) return signature;
  if (event.environment !== String(place.environment)) return REFUSALS.environment;
  const type = svcEventRefusal(event.type, place.serves ?? null);
  if (type) return type;
  if (!isValidAccessKey(event.key)) return REFUSALS.eventKeyDigit;
  if (event.id !== `ID${event.type}${event.key}${String(event.sequence).padStart(2, '0')}`) return REFUSALS.eventId;
  const keys = event.type === '110112' ? substitutionKeyRefusal(event) : null;
  if (keys) return keys;
  const note = ledger.note(event.key);
  if (!note) return REFUSALS.unknownKey;
  if (ledger.hasEvent(event.type, event.key, event.sequence)) return REFUSALS.duplicateEvent;
  if (event.cnpj !== event.key.slice(6, 20)) return REFUSALS.eventAuthor;
  if (note.cancelled) return REFUSALS.notAuthorised;
  const cancels = event.type === '110111' || event.type === '110112';
  if (cancels && event.protocol !== note.protocol) return REFUSALS.protocolDiffers;
  if (cancels && pastWindow(event, note)) return REFUSALS.cancelDeadline;
  return event.type === '110112' ? substituteRefusal(event, note, ledger) : null;
}
