/**
 * The SEFAZ double's judgement of an event (NFeRecepcaoEvento4: cancellation 110111, correction letter 110110,
 * cancellation by substitution 110112), after
 * the message's schema, in the order of the generic rules of the Registro de Evento: the event's signature and its
 * certificate (297, 292, 213 against the author's CNPJ), P09 the environment (252), P11 the key's check digit (236),
 * P07/P14 the Id (572), P10/P11 the note exists (494), P11/P14 the event is not a duplicate (573), P10/P11 the author
 * is the issuer (574), 2P12-22 the note is authorised, not cancelled (580); a cancellation names the note's protocol
 * (222) and comes within the note's window (501: NF-e 24 h, NFC-e 30 min, nfe/cancellation-windows.ts), and so does a
 * cancellation by substitution, which names an authorised NFC-e of the same issuer in its place (substitutionRefusal).
 * Codes and texts in sefaz-refusals.ts.
 */
import { isValidAccessKey } from '../../../../lib/nfe/access-key';
import { cancellableUntil } from '../../nfe/cancellation-windows';
import { svcEventRefusal } from './sefaz-contingency';
import type { SefazLedger } from './sefaz-ledger';
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

/**
 * What the cancellation by substitution (110112) must name besides a cancellation's (NT 2018.004; Ajuste SINIEF 19/16,
 * cl. 15ª-A): an NFC-e (model 65) cancelled in place of another NFC-e of the same issuer that the SEFAZ holds
 * authorised (chNFeRef), never itself. A note that is not an NFC-e, or a substitute the SEFAZ does not hold, is refused
 * with the generic 494 'Chave de Acesso inexistente' (the event names a key its database lacks for it); the NT's own
 * codes for these checks were not found in the sources at hand (see decision 0082).
 */
function substitutionRefusal(event: EventFields, ledger: SefazLedger): Refusal | null {
  const ref = event.substituteKey;
  if (event.key.slice(20, 22) !== '65' || ref.slice(20, 22) !== '65') return REFUSALS.unknownKey;
  if (ref === event.key || ref.slice(6, 20) !== event.key.slice(6, 20)) return REFUSALS.unknownKey;
  const substitute = ledger.note(ref);
  return !substitute || substitute.cancelled ? REFUSALS.unknownKey : null;
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
  const note = ledger.note(event.key);
  if (!note) return REFUSALS.unknownKey;
  if (ledger.hasEvent(event.type, event.key, event.sequence)) return REFUSALS.duplicateEvent;
  if (event.cnpj !== event.key.slice(6, 20)) return REFUSALS.eventAuthor;
  if (note.cancelled) return REFUSALS.notAuthorised;
  const cancels = event.type === '110111' || event.type === '110112';
  if (cancels && event.protocol !== note.protocol) return REFUSALS.protocolDiffers;
  if (
    event.type === '110111' &&
    new Date(event.at).getTime() > cancellableUntil(event.key, note.authorisedAt).getTime()
  )
    return REFUSALS.cancelDeadline;
  return event.type === '110112' ? substitutionRefusal(event, ledger) : null;
}
