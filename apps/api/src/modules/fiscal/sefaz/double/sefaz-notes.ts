/**
 * The SEFAZ double's judgement of one signed note of a lot (NFeAutorizacao4), in the order the MOC applies its rules
 * after the lot's schema: the signature (group F: 297, 292, 213), the note's identification (Anexo I 4.2.1: A03-10
 * 502, B02-10 226, the kind of emission B22/B28 of sefaz-contingency.ts, B23-10 253, B24-10 252), the published content rules every note must pass (nfe/rules, shared with
 * our pre-send check: the first breach's code and text), then the database (2B08-10 539, 2B08-20 204, 2B08-30 218,
 * 3B08-100 206). The codes and texts are in sefaz-refusals.ts, each with its rule.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { accessKeyCheckDigit } from '../../../../lib/nfe/access-key';
import { breachesOf } from '../../nfe/rules';
import type { SvcName } from '../svc';
import { emissionRefusal } from './sefaz-contingency';
import type { NoteNumber, SefazLedger } from './sefaz-ledger';
import { REFUSALS, type Refusal } from './sefaz-refusals';
import { signatureRefusal } from './sefaz-signature';

/** What the double is: the state it serves (cUF), its environment (tpAmb), and the SVC it acts as (if any). */
export interface SefazPlace {
  stateCode: string;
  environment: 1 | 2;
  /** The SEFAZ Virtual de Contingência it serves as; absent or null: the state's own authoriser. */
  serves?: SvcName | null;
}

export interface NoteFields extends NoteNumber {
  /** infNFe/@Id without 'NFe'. */
  key: string;
  yearMonth: string;
  emissionType: string;
  numericCode: string;
  checkDigit: string;
  environment: string;
  digest: string;
}

const text = (parent: Element | undefined, name: string) =>
  parent?.getElementsByTagNameNS('*', name)[0]?.textContent?.trim() ?? '';

/** The fields of a signed note that its key is made of, and its number. */
export function noteFields(note: string): NoteFields {
  const document = new DOMParser({ onError: () => undefined }).parseFromString(note, 'text/xml');
  const infNFe = document.getElementsByTagNameNS('*', 'infNFe')[0] as Element | undefined;
  const ide = infNFe?.getElementsByTagNameNS('*', 'ide')[0] as Element | undefined;
  const emit = infNFe?.getElementsByTagNameNS('*', 'emit')[0] as Element | undefined;
  const issuedAt = text(ide, 'dhEmi');
  return {
    key: (infNFe?.getAttribute('Id') ?? '').replace(/^NFe/, ''),
    stateCode: text(ide, 'cUF'),
    yearMonth: `${issuedAt.slice(2, 4)}${issuedAt.slice(5, 7)}`,
    cnpj: text(emit, 'CNPJ') || text(emit, 'CPF').padStart(14, '0'),
    model: text(ide, 'mod'),
    series: Number(text(ide, 'serie')),
    number: Number(text(ide, 'nNF')),
    emissionType: text(ide, 'tpEmis'),
    numericCode: text(ide, 'cNF'),
    checkDigit: text(ide, 'cDV'),
    environment: text(ide, 'tpAmb'),
    digest: document.getElementsByTagNameNS('*', 'DigestValue')[0]?.textContent?.trim() ?? '',
  };
}

/** The fields 5P31-40 compares, item by item (NT 2018.004 v1.00 §2.7: 'cProd, cEAN, xProd, … vProd, indTot'). */
const ITEM_FIELDS = ['cProd', 'cEAN', 'xProd', 'NCM', 'CFOP', 'uCom', 'qCom', 'vUnCom', 'vProd', 'indTot'] as const;
const NUMERIC = new Set(['qCom', 'vUnCom', 'vProd']);

/**
 * What a cancellation by substitution compares of a note (NT 2018.004, 5P31-24 to 5P31-40): its dhEmi, vNF, vICMS
 * (ICMSTot), its recipient (dest: CNPJ, CPF or idEstrangeiro, and IE) and its items (the quantities and values as
 * numbers: 2.0000 is 2).
 */
export function substitutionFacts(note: string) {
  const document = new DOMParser({ onError: () => undefined }).parseFromString(note, 'text/xml');
  const infNFe = document.getElementsByTagNameNS('*', 'infNFe')[0] as Element | undefined;
  const dest = infNFe?.getElementsByTagNameNS('*', 'dest')[0] as Element | undefined;
  const total = infNFe?.getElementsByTagNameNS('*', 'ICMSTot')[0] as Element | undefined;
  const products = Array.from(infNFe?.getElementsByTagNameNS('*', 'prod') ?? []) as Element[];
  return {
    issuedAt: text(infNFe?.getElementsByTagNameNS('*', 'ide')[0] as Element | undefined, 'dhEmi'),
    total: text(total, 'vNF'),
    icmsTotal: text(total, 'vICMS'),
    recipient: {
      document: text(dest, 'CNPJ') || text(dest, 'CPF') || text(dest, 'idEstrangeiro'),
      ie: text(dest, 'IE'),
    },
    items: products.map((prod) =>
      ITEM_FIELDS.map((field) => (NUMERIC.has(field) ? String(Number(text(prod, field))) : text(prod, field))),
    ),
  };
}

/** The key the note's fields make (its first 43 characters), and the check digit of that. */
function composedKey(fields: NoteFields): { body: string; digit: number } {
  const body =
    fields.stateCode.padStart(2, '0') +
    fields.yearMonth +
    fields.cnpj +
    fields.model.padStart(2, '0') +
    String(fields.series).padStart(3, '0') +
    String(fields.number).padStart(9, '0') +
    fields.emissionType +
    fields.numericCode.padStart(8, '0');
  return { body, digit: accessKeyCheckDigit(body) };
}

/** What the SEFAZ answers the note before its database: null when it passes. */
function formRefusal(note: string, fields: NoteFields, place: SefazPlace): Refusal | null {
  const signature = signatureRefusal(note, 'infNFe', fields.cnpj);
  if (signature) return signature;
  const { body, digit } = composedKey(fields);
  // A03-10: the Id is the concatenation of the fields, cDV included.
  if (fields.key !== `${body}${fields.checkDigit}`) return REFUSALS.keyFields;
  if (fields.stateCode !== place.stateCode) return REFUSALS.issuerState;
  // B22-30/60/70, B28-10/20/30: the kind of emission this service receives (sefaz-contingency.ts).
  const emission = emissionRefusal(note, place.serves ?? null, new Date());
  if (emission) return emission;
  // B23-10: the key so made has the right check digit.
  if (String(digit) !== fields.checkDigit) return REFUSALS.keyCheckDigit;
  if (fields.environment !== String(place.environment)) return REFUSALS.environment;
  const [breach] = breachesOf(note);
  return breach ? { code: breach.code, reason: breach.reason } : null;
}

/** The SEFAZ's refusal of a signed note (a lot's `<NFe>`), or null: it may be authorised. */
export function noteRefusal(note: string, place: SefazPlace, ledger: SefazLedger): Refusal | null {
  const fields = noteFields(note);
  const refused = formRefusal(note, fields, place);
  if (refused) return refused;
  const kept = ledger.noteAt(fields);
  if (kept && kept.key !== fields.key) return REFUSALS.duplicateOtherKey(kept.key, kept.receipt);
  if (kept?.cancelled) return REFUSALS.cancelled(kept.receipt);
  if (kept) return REFUSALS.duplicate(kept.receipt);
  return ledger.voidedAt(fields) ? REFUSALS.voidedNumber : null;
}
