/**
 * The messages BackOffice sends the SEFAZ's web services (NF-e 4.00) and reads back from them, as strings in
 * canonical form (lib/nfe/canonical-xml.ts): the lot of notes (enviNFe), the receipt's query (consReciNFe), the
 * service status (consStatServ), the events (envEvento: cancellation 110111, correction letter 110110,
 * cancellation by substitution 110112) and the voiding
 * of skipped numbers (inutNFe), the last two signed as the notes are. Their schemas are in apps/api/fiscal-schemas;
 * the tests validate every one of them.
 */
import { DOMParser, type Element, XMLSerializer } from '@xmldom/xmldom';
import { el } from '../../../lib/nfe/canonical-xml';
import { signCanonical, type XmlSigner } from '../../../lib/nfe/xml-signature';
import { NFE_NAMESPACE } from '../nfe/nfe-builder';

/** enviNFe: a lot of signed notes (`<NFe>…</NFe>`), synchronous (one note, answered at once) or not. */
export function lotMessage(lotId: number, notes: string[], synchronous: boolean): string {
  return (
    `<enviNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${el('idLote', String(lotId))}` +
    `${el('indSinc', synchronous ? '1' : '0')}${notes.join('')}</enviNFe>`
  );
}

/** consReciNFe: what became of the lot the receipt `receipt` names. */
export function receiptQueryMessage(environment: 1 | 2, receipt: string): string {
  return `<consReciNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${el('tpAmb', String(environment))}${el('nRec', receipt)}</consReciNFe>`;
}

/** consSitNFe: what the SEFAZ knows of the note `accessKey` (its protocol, when authorised). */
export function protocolQueryMessage(environment: 1 | 2, accessKey: string): string {
  return (
    `<consSitNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${el('tpAmb', String(environment))}` +
    `${el('xServ', 'CONSULTAR')}${el('chNFe', accessKey)}</consSitNFe>`
  );
}

/** consStatServ: is the state's service up? */
export function statusQueryMessage(environment: 1 | 2, stateCode: string): string {
  return (
    `<consStatServ xmlns="${NFE_NAMESPACE}" versao="4.00">${el('tpAmb', String(environment))}` +
    `${el('cUF', stateCode)}${el('xServ', 'STATUS')}</consStatServ>`
  );
}

export interface EventSpec {
  environment: 1 | 2;
  /** The state's code (cOrgao): the note's authoriser. */
  stateCode: string;
  cnpj: string;
  accessKey: string;
  /** With the shop's UTC offset (the contract's withBusinessOffset). */
  at: string;
  /** nSeqEvento: 1 for a cancellation; 1, 2… for the correction letters of a note. */
  sequence: number;
  kind:
    | { type: 'cancel'; protocol: string; reason: string }
    | {
        type: 'correction';
        text: string;
      }
    /** 110112 (NT 2018.004, e110112_v1.00.xsd): an NFC-e cancelled by the contingency NFC-e `substituteKey`. */
    | { type: 'substitution'; protocol: string; reason: string; substituteKey: string };
}

/** verAplic of the events BackOffice authors (the cancellation by substitution's detEvento carries it). */
export const APP_VERSION = 'BackOffice-1.0';

const EVENT_CODES = { cancel: '110111', correction: '110110', substitution: '110112' } as const;

/** The event's detEvento, as its schema orders it. */
function eventDetail(spec: EventSpec): string {
  const { kind } = spec;
  if (kind.type === 'cancel')
    return `<detEvento versao="1.00">${el('descEvento', 'Cancelamento')}${el('nProt', kind.protocol)}${el('xJust', kind.reason)}</detEvento>`;
  if (kind.type === 'correction')
    return `<detEvento versao="1.00">${el('descEvento', 'Carta de Correcao')}${el('xCorrecao', kind.text)}${el('xCondUso', CCE_CONDITIONS)}</detEvento>`;
  return (
    `<detEvento versao="1.00">${el('descEvento', 'Cancelamento por substituicao')}${el('cOrgaoAutor', spec.stateCode)}` +
    `${el('tpAutor', '1')}${el('verAplic', APP_VERSION)}${el('nProt', kind.protocol)}${el('xJust', kind.reason)}` +
    `${el('chNFeRef', kind.substituteKey)}</detEvento>`
  );
}

/** The correction letter's conditions of use, word for word as the schema requires them. */
export const CCE_CONDITIONS =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

/** envEvento with one signed event (cancellation, correction letter, cancellation by substitution). */
export function eventMessage(lotId: number, spec: EventSpec, signer: XmlSigner): string {
  const code = EVENT_CODES[spec.kind.type];
  const id = `ID${code}${spec.accessKey}${String(spec.sequence).padStart(2, '0')}`;
  const detail = eventDetail(spec);
  const body =
    el('cOrgao', spec.stateCode) +
    el('tpAmb', String(spec.environment)) +
    el('CNPJ', spec.cnpj) +
    el('chNFe', spec.accessKey) +
    el('dhEvento', spec.at) +
    el('tpEvento', code) +
    el('nSeqEvento', String(spec.sequence)) +
    el('verEvento', '1.00') +
    detail;
  const signature = signCanonical(`<infEvento xmlns="${NFE_NAMESPACE}" Id="${id}">${body}</infEvento>`, id, signer);
  const evento = `<evento versao="1.00"><infEvento Id="${id}">${body}</infEvento>${signature.xml}</evento>`;
  return `<envEvento xmlns="${NFE_NAMESPACE}" versao="1.00">${el('idLote', String(lotId))}${evento}</envEvento>`;
}

/**
 * The signed `evento` of an envEvento, standing alone: the namespace it inherited from envEvento written on it (the
 * signature covers infEvento in that namespace, so it still verifies), as procEventoNFe holds it.
 */
export function signedEvento(envEvento: string): string {
  const start = envEvento.indexOf('<evento ');
  const end = envEvento.lastIndexOf('</evento>');
  if (start < 0 || end < 0) throw new Error('the message has no evento');
  return `<evento xmlns="${NFE_NAMESPACE}" ${envEvento.slice(start + '<evento '.length, end)}</evento>`;
}

export interface VoidingSpec {
  environment: 1 | 2;
  stateCode: string;
  /** Two digits of the year. */
  year: string;
  cnpj: string;
  model: 55 | 65;
  series: number;
  from: number;
  to: number;
  reason: string;
}

/** inutNFe: the numbers `from`–`to` of a series never used, signed. */
export function voidingMessage(spec: VoidingSpec, signer: XmlSigner): string {
  const id =
    `ID${spec.stateCode}${spec.year}${spec.cnpj}${spec.model}${String(spec.series).padStart(3, '0')}` +
    `${String(spec.from).padStart(9, '0')}${String(spec.to).padStart(9, '0')}`;
  const body =
    el('tpAmb', String(spec.environment)) +
    el('xServ', 'INUTILIZAR') +
    el('cUF', spec.stateCode) +
    el('ano', spec.year) +
    el('CNPJ', spec.cnpj) +
    el('mod', String(spec.model)) +
    el('serie', String(spec.series)) +
    el('nNFIni', String(spec.from)) +
    el('nNFFin', String(spec.to)) +
    el('xJust', spec.reason);
  const signature = signCanonical(`<infInut xmlns="${NFE_NAMESPACE}" Id="${id}">${body}</infInut>`, id, signer);
  return `<inutNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><infInut Id="${id}">${body}</infInut>${signature.xml}</inutNFe>`;
}

/** The authorised note as it is kept and given: the signed NFe with the SEFAZ's protocol. */
export function nfeProc(nfe: string, protNFe: string): string {
  return `<nfeProc xmlns="${NFE_NAMESPACE}" versao="4.00">${nfe}${protNFe}</nfeProc>`;
}

// ——— answers ———

export interface NoteProtocol {
  accessKey: string;
  status: number;
  reason: string;
  /** nProt: present when authorised (100) or denied (110, 301, 302). */
  protocol: string | null;
  receivedAt: string | null;
  digest: string | null;
  /** The protNFe element as received, for the nfeProc. */
  xml: string;
}

export interface LotAnswer {
  status: number;
  reason: string;
  /** nRec of an asynchronous lot (103). */
  receipt: string | null;
  notes: NoteProtocol[];
}

export interface EventAnswer {
  status: number;
  reason: string;
  /** Of the event itself: 135 (registered), 136 (registered, not linked), or a refusal. */
  eventStatus: number | null;
  eventReason: string | null;
  protocol: string | null;
  registeredAt: string | null;
  /** The retEvento element, to keep with the event (procEventoNFe). */
  xml: string | null;
  /** The signed `evento` as sent (with its namespace), for the procEventoNFe; absent through a provider. */
  request?: string | null;
}

export interface VoidingAnswer {
  status: number;
  reason: string;
  protocol: string | null;
  xml: string;
  /** The signed inutNFe as sent, for the procInutNFe; absent through a provider. */
  request?: string | null;
}

const children = (parent: Element, name: string): Element[] =>
  Array.from(parent.getElementsByTagNameNS(NFE_NAMESPACE, name));
const textOf = (parent: Element, name: string): string | null => children(parent, name)[0]?.textContent ?? null;

/** The answer's root element (retEnviNFe, retConsReciNFe, retEnvEvento, retInutNFe, retConsStatServ). */
export function answerRoot(xml: string, name: string): Element {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.getElementsByTagNameNS(NFE_NAMESPACE, name)[0];
  if (!root) throw new Error(`the answer has no ${name}`);
  return root;
}

export function readLotAnswer(xml: string, rootName: 'retEnviNFe' | 'retConsReciNFe'): LotAnswer {
  const root = answerRoot(xml, rootName);
  const serializer = new XMLSerializer();
  return {
    status: Number(textOf(root, 'cStat')),
    reason: textOf(root, 'xMotivo') ?? '',
    receipt: textOf(root, 'nRec'),
    notes: children(root, 'protNFe').map((prot) => ({
      accessKey: textOf(prot, 'chNFe') ?? '',
      status: Number(textOf(prot, 'cStat')),
      reason: textOf(prot, 'xMotivo') ?? '',
      protocol: textOf(prot, 'nProt'),
      receivedAt: textOf(prot, 'dhRecbto'),
      digest: textOf(prot, 'digVal'),
      xml: serializer.serializeToString(prot),
    })),
  };
}

export function readEventAnswer(xml: string): EventAnswer {
  const root = answerRoot(xml, 'retEnvEvento');
  const event = children(root, 'retEvento')[0];
  return {
    status: Number(textOf(root, 'cStat')),
    reason: textOf(root, 'xMotivo') ?? '',
    eventStatus: event ? Number(textOf(event, 'cStat')) : null,
    eventReason: event ? textOf(event, 'xMotivo') : null,
    protocol: event ? textOf(event, 'nProt') : null,
    registeredAt: event ? textOf(event, 'dhRegEvento') : null,
    xml: event ? new XMLSerializer().serializeToString(event) : null,
  };
}

export function readVoidingAnswer(xml: string): VoidingAnswer {
  const root = answerRoot(xml, 'retInutNFe');
  return {
    status: Number(textOf(root, 'cStat')),
    reason: textOf(root, 'xMotivo') ?? '',
    protocol: textOf(root, 'nProt'),
    xml: new XMLSerializer().serializeToString(root),
  };
}

/** retConsSitNFe: 100 with the note's protocol when authorised (101 cancelled, 217 unknown…), as a lot's answer. */
export function readProtocolAnswer(xml: string): LotAnswer {
  const root = answerRoot(xml, 'retConsSitNFe');
  const serializer = new XMLSerializer();
  return {
    status: Number(textOf(root, 'cStat')),
    reason: textOf(root, 'xMotivo') ?? '',
    receipt: null,
    notes: children(root, 'protNFe').map((prot) => ({
      accessKey: textOf(prot, 'chNFe') ?? '',
      status: Number(textOf(prot, 'cStat')),
      reason: textOf(prot, 'xMotivo') ?? '',
      protocol: textOf(prot, 'nProt'),
      receivedAt: textOf(prot, 'dhRecbto'),
      digest: textOf(prot, 'digVal'),
      xml: serializer.serializeToString(prot),
    })),
  };
}

export function readStatusAnswer(xml: string): { status: number; reason: string } {
  const root = answerRoot(xml, 'retConsStatServ');
  return { status: Number(textOf(root, 'cStat')), reason: textOf(root, 'xMotivo') ?? '' };
}
