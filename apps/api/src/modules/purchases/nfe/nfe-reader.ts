/**
 * Reads a supplier's NF-e XML (model 55, layout 4.00) into plain values (issue 39 §2, decision 0048): no
 * database, no routes. The purchases module previews and confirms the entry from what this returns.
 *
 * Order of the checks (each refusal an NfeReadError with a stable `code` and a Portuguese message of
 * PURCHASE_TEXTS.nfe): size (before anything is read) → UTF-8 → no DOCTYPE/ENTITY (before parsing) →
 * well-formed (a real XML parser, @xmldom/xmldom) → nfeProc/NFe of the portalfiscal namespace, model 55,
 * version 4.00 → access key (44 characters, mod-11 digit, matching the note's fields) → amounts exact to the
 * cent → the XMLDSig signature (when present) → the authorisation protocol (when present).
 *
 * The server reads a note in a worker thread (nfe-worker.ts starts it with this file as its script, the code at the
 * end of this file answering): reading a 990-item note takes a CPU for about half a second, which the HTTP thread
 * must not spend.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { isValidGtin, isValidImei, PURCHASE_TEXTS } from '@backoffice/contract';
import { DOMParser, type Document, type Element, type Node, onWarningStopParsing } from '@xmldom/xmldom';
import { accessKeyCheckDigit, accessKeyParts, hasAccessKeyShape } from '../../../lib/nfe/access-key';
import { itemTotalCostCents } from './item-cost';
import {
  NFE_MAX_BYTES,
  NFE_NAMESPACE,
  NFE_READER_READY,
  type NfeDocument,
  type NfeItem,
  type NfeParty,
  NfeReadError,
  type NfeReadErrorCode,
  type NfeSignature,
} from './nfe-document';
import { checkNotePurpose } from './note-purpose';
import { checkNoteTotals, ICMS_TOT_FIELDS, type NoteTotals } from './note-totals';
import { nfeSignatureElements, signatureDigestValue, verifyNfeSignature } from './signature';
import { checkAgainstProtocol } from './signature-checks';

export { itemTotalCostCents, quantityInUnits, splitUnitCost, unitCostCents } from './item-cost';
export * from './nfe-document';

/** A real NF-e nests about 8 levels; anything far deeper is refused before the recursive C14N runs. */
const MAX_DEPTH = 64;
/** protNFe/infProt/cStat of an authorised note: 100, or 150 (authorised late). */
const AUTHORISED_STATUSES = new Set([100, 150]);

const TEXTS = PURCHASE_TEXTS.nfe;

// ——— reading elements (namespace-aware, children only: never a search through the document) ———

function children(parent: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (
      node.nodeType === 1 &&
      (node as Element).namespaceURI === NFE_NAMESPACE &&
      (node as Element).localName === name
    ) {
      found.push(node as Element);
    }
  }
  return found;
}

function child(parent: Element | null, name: string): Element | null {
  return parent ? (children(parent, name)[0] ?? null) : null;
}

function required(parent: Element, name: string, path: string): Element {
  const found = child(parent, name);
  if (!found) throw new NfeReadError('not-nfe', TEXTS.missing(path));
  return found;
}

/** The element's own text (text and CDATA children, not comments), trimmed. */
function textOf(element: Element | null): string | null {
  if (!element) return null;
  let text = '';
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3 || node.nodeType === 4) text += node.nodeValue ?? '';
  }
  return text.trim();
}

function optionalText(parent: Element | null, name: string): string | null {
  const text = textOf(child(parent, name));
  return text ? text : null;
}

function requiredText(parent: Element, name: string, path: string): string {
  const text = textOf(required(parent, name, path));
  if (!text) throw new NfeReadError('not-nfe', TEXTS.missing(path));
  return text;
}

// ——— exact values ———

/** An amount in reais ('32000.00', '158.2', '0') as cents; more than 2 decimals, a sign or a letter: refused. */
function cents(value: string | null, field: string): number {
  if (value === null) return 0;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new NfeReadError('value', TEXTS.value(field, value));
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function quantity(value: string, field: string): string {
  if (!/^\d{1,11}(?:\.\d{1,4})?$/.test(value) || /^[0.]+$/.test(value)) {
    throw new NfeReadError('value', TEXTS.quantity(field, value));
  }
  return value;
}

function unitValue(value: string, field: string): string {
  if (!/^\d{1,11}(?:\.\d{1,10})?$/.test(value)) throw new NfeReadError('value', TEXTS.value(field, value));
  return value;
}

const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(Z|[+-]\d{2}:\d{2})?$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function dateTime(value: string, field: string): string {
  if (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))
    throw new NfeReadError('value', TEXTS.date(field, value));
  return value;
}

function date(value: string, field: string): string {
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new NfeReadError('value', TEXTS.date(field, value));
  }
  return value;
}

function gtin(...codes: Array<string | null>): string | null {
  for (const code of codes) if (code && isValidGtin(code)) return code;
  return null;
}

/** 15-digit runs (not part of a longer number) in the order met, each once. */
function imeisIn(texts: Array<string | null>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(/(?<!\d)\d{15}(?!\d)/g)) found.add(match[0]);
  }
  return [...found];
}

/**
 * IMEIs written in the product's name (xProd: 'IPHONE 13 128GB IMEI 356938035643809', issue 57 §8): a 15-digit run
 * whose Luhn digit checks (a name carries other long numbers — codes, EANs — that must not be taken for phones).
 */
function imeisInName(name: string): string[] {
  return imeisIn([name]).filter(isValidImei);
}

/** qTrib when it is a quantity as the layout writes it (else null: it only pre-fills a factor). */
function taxQuantityOf(value: string | null): string | null {
  return value && /^\d{1,11}(?:\.\d{1,4})?$/.test(value) && !/^[0.]+$/.test(value) ? value : null;
}

function instalmentsOf(cobr: Element | null): Element[] {
  return cobr ? children(cobr, 'dup') : [];
}

// ——— the file ———

function decode(bytes: Buffer | Uint8Array): string {
  if (bytes.byteLength > NFE_MAX_BYTES) throw new NfeReadError('too-large', TEXTS.tooLarge);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NfeReadError('encoding', TEXTS.encoding);
  }
}

/**
 * DTDs and entity declarations are refused before the parser sees the text (XXE, "billion laughs"): an NF-e
 * never has one. A plain search of the text (anywhere, even inside a comment): refusing too much is safe.
 */
function refuseDtd(xml: string): void {
  const upper = xml.toUpperCase();
  if (
    upper.includes('<!DOCTYPE') ||
    upper.includes('<!ENTITY') ||
    upper.includes('<!ELEMENT') ||
    upper.includes('<!ATTLIST')
  ) {
    throw new NfeReadError('dtd', TEXTS.dtd);
  }
}

/** The parser's first complaint, with its line and column when it knows them. */
function parserDetail(message: string, locator: { lineNumber?: number; columnNumber?: number } | undefined): string {
  const first = (message.split('\n')[0] ?? '').trim();
  return locator?.lineNumber ? `${first} (linha ${locator.lineNumber}, coluna ${locator.columnNumber}).` : `${first}.`;
}

function parse(xml: string): Document {
  if (xml.trim() === '') throw new NfeReadError('not-xml', TEXTS.notXml('o arquivo está vazio.'));
  let complaint: string | null = null;
  let document: Document;
  try {
    // Warnings stop the parse too: a malformed file is refused, never repaired.
    document = new DOMParser({
      onError: (_level, message, context) => {
        complaint ??= parserDetail(message, context?.locator);
        onWarningStopParsing();
      },
    }).parseFromString(xml, 'text/xml');
  } catch (error) {
    const detail = complaint ?? parserDetail(error instanceof Error ? error.message : '', undefined);
    throw new NfeReadError('not-xml', TEXTS.notXml(detail));
  }
  if (!document.documentElement) throw new NfeReadError('not-xml', TEXTS.notXml('o arquivo está vazio.'));
  // Depth, iteratively (the signature's C14N recurses).
  const stack: Array<[Node, number]> = [[document.documentElement, 1]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, depth] = entry;
    if (depth > MAX_DEPTH) throw new NfeReadError('not-nfe', TEXTS.notNfe);
    for (let next = node.firstChild; next; next = next.nextSibling)
      if (next.nodeType === 1) stack.push([next, depth + 1]);
  }
  return document;
}

/** The NFe element and, in an nfeProc, its protNFe. */
function envelope(document: Document): { nfe: Element; protNFe: Element | null; wrapperVersion: string | null } {
  const root = document.documentElement;
  if (!root || root.namespaceURI !== NFE_NAMESPACE) throw new NfeReadError('not-nfe', TEXTS.notNfe);
  if (root.localName === 'NFe') return { nfe: root, protNFe: null, wrapperVersion: null };
  if (root.localName !== 'nfeProc') throw new NfeReadError('not-nfe', TEXTS.notNfe);
  // nfeProc's own versao is checked after the model (issue 57 §8): an NFC-e in an old wrapper is named an NFC-e.
  const wrapperVersion = root.getAttribute('versao') || '(sem versão)';
  const nfes = children(root, 'NFe');
  const [nfe] = nfes;
  if (nfes.length !== 1 || !nfe) throw new NfeReadError('not-nfe', TEXTS.notNfe);
  const protNFes = children(root, 'protNFe');
  if (protNFes.length > 1) throw new NfeReadError('not-nfe', TEXTS.notNfe);
  return { nfe, protNFe: protNFes[0] ?? null, wrapperVersion };
}

function party(emit: Element): NfeParty {
  const address = child(emit, 'enderEmit');
  const document = optionalText(emit, 'CNPJ') ?? optionalText(emit, 'CPF');
  if (!document) throw new NfeReadError('not-nfe', TEXTS.missing('emit/CNPJ'));
  return {
    document,
    name: requiredText(emit, 'xNome', 'emit/xNome'),
    tradeName: optionalText(emit, 'xFant'),
    stateRegistration: optionalText(emit, 'IE'),
    phone: optionalText(address, 'fone'),
    email: optionalText(emit, 'email'),
    address: {
      street: optionalText(address, 'xLgr'),
      number: optionalText(address, 'nro'),
      complement: optionalText(address, 'xCpl'),
      district: optionalText(address, 'xBairro'),
      city: optionalText(address, 'xMun'),
      state: optionalText(address, 'UF'),
      postalCode: optionalText(address, 'CEP'),
    },
  };
}

/** The key against the note's own fields: each part must be what the note says. */
function checkAccessKey(infNFe: Element, ide: Element, issuerDocument: string): string {
  const id = infNFe.getAttribute('Id') ?? '';
  const key = id.startsWith('NFe') ? id.slice(3) : '';
  if (!hasAccessKeyShape(key)) throw new NfeReadError('access-key', TEXTS.accessKeyFormat(id));
  if (accessKeyCheckDigit(key.slice(0, 43)) !== key.charCodeAt(43) - 48) {
    throw new NfeReadError('access-key', TEXTS.accessKeyDigit(key));
  }
  const parts = accessKeyParts(key);
  const issuedAt = requiredText(ide, 'dhEmi', 'ide/dhEmi');
  const expected: Array<[string, string, string]> = [
    ['cUF', parts.stateCode, requiredText(ide, 'cUF', 'ide/cUF').padStart(2, '0')],
    ['dhEmi (AAMM)', parts.yearMonth, `${issuedAt.slice(2, 4)}${issuedAt.slice(5, 7)}`],
    ['CNPJ/CPF do emitente', parts.issuerDocument, issuerDocument.padStart(14, '0')],
    ['mod', parts.model, requiredText(ide, 'mod', 'ide/mod')],
    ['serie', parts.series, requiredText(ide, 'serie', 'ide/serie').padStart(3, '0')],
    ['nNF', parts.number, requiredText(ide, 'nNF', 'ide/nNF').padStart(9, '0')],
    ['tpEmis', parts.emissionType, requiredText(ide, 'tpEmis', 'ide/tpEmis')],
    ['cNF', parts.numericCode, requiredText(ide, 'cNF', 'ide/cNF').padStart(8, '0')],
    ['cDV', parts.checkDigit, requiredText(ide, 'cDV', 'ide/cDV')],
  ];
  for (const [field, inKey, inNote] of expected) {
    if (inKey !== inNote) throw new NfeReadError('access-key', TEXTS.accessKeyParts(key, field));
  }
  return key;
}

function item(det: Element): NfeItem {
  const itemNumber = Number(det.getAttribute('nItem'));
  const at = (field: string) => `det[${det.getAttribute('nItem')}]/${field}`;
  if (!Number.isInteger(itemNumber) || itemNumber < 1 || itemNumber > 990) {
    throw new NfeReadError('not-nfe', TEXTS.missing(`det/@nItem (${det.getAttribute('nItem')})`));
  }
  const prod = required(det, 'prod', at('prod'));
  const imposto = child(det, 'imposto');
  const amount = (parent: Element | null, name: string, field: string) => cents(optionalText(parent, name), at(field));
  const icms = child(imposto, 'ICMS');
  let icmsStCents = 0;
  let fcpStCents = 0;
  const ownIcms = { code: null as string | null, amountCents: 0, simplesCreditCents: 0 };
  for (let node = icms?.firstChild ?? null; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const group = node as Element;
    icmsStCents += amount(group, 'vICMSST', 'ICMS/vICMSST');
    // vFCPST is the FCP withheld now; vFCPSTRet was withheld before (CST 60) and is inside vProd (decision 0089).
    fcpStCents += amount(group, 'vFCPST', 'ICMS/vFCPST');
    ownIcms.code ??= optionalText(group, 'CST') ?? optionalText(group, 'CSOSN');
    ownIcms.amountCents += amount(group, 'vICMS', 'ICMS/vICMS');
    ownIcms.simplesCreditCents += amount(group, 'vCredICMSSN', 'ICMS/vCredICMSSN');
  }
  const pis = child(imposto, 'PIS');
  const pisGroup = pis
    ? (['PISAliq', 'PISQtde', 'PISNT', 'PISOutr'].map((n) => child(pis, n)).find(Boolean) ?? null)
    : null;
  const costParts = {
    productCents: cents(requiredText(prod, 'vProd', at('prod/vProd')), at('prod/vProd')),
    freightCents: amount(prod, 'vFrete', 'prod/vFrete'),
    insuranceCents: amount(prod, 'vSeg', 'prod/vSeg'),
    discountCents: amount(prod, 'vDesc', 'prod/vDesc'),
    otherCents: amount(prod, 'vOutro', 'prod/vOutro'),
    ipiCents: amount(child(child(imposto, 'IPI'), 'IPITrib'), 'vIPI', 'IPI/IPITrib/vIPI'),
    icmsStCents,
    fcpStCents,
    ipiDevolCents: amount(child(child(det, 'impostoDevol'), 'IPI'), 'vIPIDevol', 'impostoDevol/IPI/vIPIDevol'),
  };
  const name = requiredText(prod, 'xProd', at('prod/xProd'));
  return {
    itemNumber,
    supplierCode: requiredText(prod, 'cProd', at('prod/cProd')),
    name,
    gtin: gtin(optionalText(prod, 'cEAN'), optionalText(prod, 'cEANTrib')),
    ncm: optionalText(prod, 'NCM'),
    cest: optionalText(prod, 'CEST'),
    cfop: requiredText(prod, 'CFOP', at('prod/CFOP')),
    unit: requiredText(prod, 'uCom', at('prod/uCom')),
    quantity: quantity(requiredText(prod, 'qCom', at('prod/qCom')), at('prod/qCom')),
    taxUnit: optionalText(prod, 'uTrib'),
    taxQuantity: taxQuantityOf(optionalText(prod, 'qTrib')),
    unitValue: unitValue(requiredText(prod, 'vUnCom', at('prod/vUnCom')), at('prod/vUnCom')),
    ...costParts,
    totalCostCents: itemTotalCostCents(costParts),
    icms: ownIcms,
    pisCst: optionalText(pisGroup, 'CST'),
    imeis: [
      ...new Set([
        ...imeisIn([
          optionalText(det, 'infAdProd'),
          ...children(prod, 'rastro').map((rastro) => optionalText(rastro, 'nLote')),
        ]),
        ...imeisInName(name),
      ]),
    ],
  };
}

/** Each nItem once: a note repeating one is refused (its entry would name two lines by the same number). */
function distinctItems(items: NfeItem[]): NfeItem[] {
  const seen = new Set<number>();
  for (const { itemNumber } of items) {
    if (seen.has(itemNumber)) throw new NfeReadError('not-nfe', TEXTS.itemRepeated(itemNumber));
    seen.add(itemNumber);
  }
  return items;
}

/** ICMSTot's amounts (and ISSQNtot/vServ) in cents, for the check of the note's totals (note-totals.ts). */
function noteTotals(icmsTot: Element, issqnTot: Element | null): NoteTotals {
  const totals = { vServ: cents(optionalText(issqnTot, 'vServ'), 'total/ISSQNtot/vServ') } as NoteTotals;
  for (const field of ICMS_TOT_FIELDS) totals[field] = cents(optionalText(icmsTot, field), `total/ICMSTot/${field}`);
  return totals;
}

function authorisation(protNFe: Element | null, accessKey: string): NfeDocument['authorisation'] {
  if (!protNFe) return null;
  const infProt = required(protNFe, 'infProt', 'protNFe/infProt');
  if (requiredText(infProt, 'chNFe', 'protNFe/infProt/chNFe') !== accessKey) {
    throw new NfeReadError('access-key', TEXTS.protocolOtherNote);
  }
  const statusText = requiredText(infProt, 'cStat', 'protNFe/infProt/cStat');
  const status = Number(statusText);
  if (!AUTHORISED_STATUSES.has(status)) {
    throw new NfeReadError('authorisation', TEXTS.notAuthorised(statusText, optionalText(infProt, 'xMotivo') ?? ''));
  }
  return {
    protocol: requiredText(infProt, 'nProt', 'protNFe/infProt/nProt'),
    status,
    authorisedAt: dateTime(requiredText(infProt, 'dhRecbto', 'protNFe/infProt/dhRecbto'), 'dhRecbto'),
  };
}

/**
 * Reads a supplier's NF-e XML (see the module's comment for the order of the checks). Throws NfeReadError
 * with a Portuguese message; never writes anything.
 */
export function readNfe(bytes: Buffer | Uint8Array): NfeDocument {
  const xml = decode(bytes);
  refuseDtd(xml);
  const parsed = parse(xml);
  const { nfe, protNFe, wrapperVersion } = envelope(parsed);
  const infNFes = children(nfe, 'infNFe');
  const [infNFe] = infNFes;
  if (infNFes.length !== 1 || !infNFe) throw new NfeReadError('not-nfe', TEXTS.notNfe);
  const ide = required(infNFe, 'ide', 'ide');
  const model = requiredText(ide, 'mod', 'ide/mod');
  if (model !== '55') throw new NfeReadError('model', TEXTS.model(model));
  const versao = infNFe.getAttribute('versao');
  if (versao !== '4.00') throw new NfeReadError('version', TEXTS.version(versao || '(sem versão)'));
  if (wrapperVersion !== null && wrapperVersion !== '4.00') {
    throw new NfeReadError('version', TEXTS.version(wrapperVersion));
  }

  const issuer = party(required(infNFe, 'emit', 'emit'));
  // dhEmi first: the key's AAMM is compared with it
  const issuedAt = dateTime(requiredText(ide, 'dhEmi', 'ide/dhEmi'), 'dhEmi');
  const accessKey = checkAccessKey(infNFe, ide, issuer.document);
  const dest = child(infNFe, 'dest');
  const dets = children(infNFe, 'det');
  if (dets.length === 0) throw new NfeReadError('not-nfe', TEXTS.missing('det'));
  const icmsTot = required(required(infNFe, 'total', 'total'), 'ICMSTot', 'total/ICMSTot');
  const document: Omit<NfeDocument, 'signature' | 'authorisation'> = {
    accessKey,
    model: 55,
    number: requiredText(ide, 'nNF', 'ide/nNF'),
    series: requiredText(ide, 'serie', 'ide/serie'),
    issuedAt,
    environment: optionalText(ide, 'tpAmb') === '2' ? 'homologation' : 'production',
    issuer,
    recipient: {
      document: optionalText(dest, 'CNPJ') ?? optionalText(dest, 'CPF') ?? optionalText(dest, 'idEstrangeiro'),
      name: optionalText(dest, 'xNome'),
    },
    totalCents: cents(requiredText(icmsTot, 'vNF', 'total/ICMSTot/vNF'), 'vNF'),
    instalments: instalmentsOf(child(infNFe, 'cobr')).map((dup, index) => ({
      documentNumber: optionalText(dup, 'nDup') ?? String(index + 1).padStart(3, '0'),
      // dVenc is optional in the layout: an instalment without it falls due on the issue date.
      dueDate: date(optionalText(dup, 'dVenc') ?? issuedAt.slice(0, 10), 'dVenc'),
      amountCents: cents(requiredText(dup, 'vDup', 'cobr/dup/vDup'), 'vDup'),
    })),
    items: distinctItems(dets.map(item)),
    payments: children(child(infNFe, 'pag') ?? infNFe, 'detPag').map((detPag) => ({
      type: requiredText(detPag, 'tPag', 'pag/detPag/tPag'),
      amountCents: cents(optionalText(detPag, 'vPag'), 'pag/detPag/vPag'),
    })),
  };

  const signatures = nfeSignatureElements(nfe);
  const [signatureElement] = signatures;
  if (signatures.length > 1) throw new NfeReadError('signature', TEXTS.signatureForm('mais de uma assinatura na NFe.'));
  const signature: NfeSignature = signatureElement
    ? verifyNfeSignature(parsed, infNFe, signatureElement, issuer.document)
    : { status: 'ABSENT' };
  const authorised = authorisation(protNFe, accessKey);
  checkAgainstProtocol(
    { present: protNFe !== null, digVal: protNFe ? optionalText(child(protNFe, 'infProt'), 'digVal') : null },
    signatureElement ? signatureDigestValue(signatureElement) : null,
  );
  // after the signature: an altered signed file is named as altered, not as a wrong sum
  checkNoteTotals(
    noteTotals(icmsTot, child(required(infNFe, 'total', 'total'), 'ISSQNtot')),
    dets.map((det, index) => ({
      productCents: document.items[index]?.productCents ?? 0,
      inTotal: optionalText(child(det, 'prod'), 'indTot') !== '0',
      cfop: document.items[index]?.cfop ?? '',
    })),
  );
  checkNotePurpose({
    operation: optionalText(ide, 'tpNF'),
    purpose: optionalText(ide, 'finNFe'),
    cfops: document.items.map((i) => i.cfop),
  });
  return { ...document, signature, authorisation: authorised };
}

// ——— the worker (started by nfe-worker.ts) ———

/** The worker's data: marks the thread as the NF-e reader. */
export interface NfeReaderData {
  nfeReader: true;
}

/**
 * What the worker answers each note's bytes with (one note at a time, in the order sent): the note read, the
 * refusal (the NfeReadError's code and Portuguese message, rebuilt as one on the other side), or a failure.
 */
export type NfeReaderAnswer =
  | { type: 'read'; note: NfeDocument }
  | { type: 'refused'; code: NfeReadErrorCode; message: string }
  | { type: 'failed'; message: string };

function answer(bytes: Uint8Array): NfeReaderAnswer {
  try {
    return { type: 'read', note: readNfe(bytes) };
  } catch (error) {
    if (error instanceof NfeReadError) return { type: 'refused', code: error.code, message: error.message };
    return { type: 'failed', message: String((error as Error)?.message ?? error) };
  }
}

if (parentPort && (workerData as NfeReaderData | undefined)?.nfeReader) {
  const port = parentPort;
  port.on('message', (bytes: Uint8Array) => port.postMessage(answer(bytes) satisfies NfeReaderAnswer));
  port.postMessage(NFE_READER_READY);
}
