/**
 * The note as the provider's JSON (NfePedidoEmissao): the infNFe nfe-builder.ts writes, read back element by element
 * with the OpenAPI's types (integers for the codes, numbers for values, rates and quantities, strings for the rest).
 */
import { generateKeyPairSync } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { XmlSigner } from '../../../lib/nfe/xml-signature';
import { buildNfe, NFE_NAMESPACE } from '../nfe/nfe-builder';
import type { NfeInput } from '../nfe/nfe-input';
import { type JsonObject, type JsonValue, NOTE_BODY_INTEGERS, type NuvemFiscalNoteBody } from './nuvem-fiscal-api';

/** v*, p*, q* are numbers in the OpenAPI; the codes are integers (NOTE_BODY_INTEGERS), the rest strings. */
const NUMBER_FIELD = /^[vpq][A-Z]/;
/** The groups the layout repeats, arrays in the JSON even when there is one. */
const ARRAY_FIELDS = new Set(['det', 'detPag', 'dup', 'NFref', 'autXML', 'vol', 'obsCont', 'obsFisco', 'procRef']);

function fieldValue(name: string, text: string): string | number {
  if (NOTE_BODY_INTEGERS.has(name)) return Number.parseInt(text, 10);
  if (NUMBER_FIELD.test(name)) return Number(text);
  return text;
}

function elementToJson(element: Element): JsonObject {
  const out: JsonObject = {};
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.name === 'xmlns' || attribute.name.startsWith('xmlns:')) continue;
    out[attribute.name] = fieldValue(attribute.name, attribute.value);
  }
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    const name = child.localName ?? child.nodeName;
    const nested = Array.from(child.childNodes).some((n) => n.nodeType === 1);
    const value =
      nested || child.attributes.length > 0 ? elementToJson(child) : fieldValue(name, child.textContent ?? '');
    if (ARRAY_FIELDS.has(name)) {
      const list = Array.isArray(out[name]) ? (out[name] as JsonValue[]) : [];
      list.push(value);
      out[name] = list;
    } else {
      out[name] = value;
    }
  }
  return out;
}

let throwawaySigner: XmlSigner | undefined;

/** A key of this process only: the builder signs what it writes, and the provider's JSON leaves that signature out. */
function discardedSignature(): XmlSigner {
  throwawaySigner ??= {
    keyPem: generateKeyPairSync('rsa', {
      modulusLength: 1024,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey,
    certificateBase64: '',
  };
  return throwawaySigner;
}

/**
 * The emission's body (NfePedidoEmissao) of a note already written (`<NFe>` or an nfeProc, signed or not): its
 * infNFe read back as the provider's JSON, the signature and infNFeSupl left out; `ambiente` its tpAmb; `referencia`
 * its access key unless given (the same note sent again has the same reference).
 */
export function nuvemFiscalNoteBodyOf(
  nfeXml: string,
  reference?: string,
): { body: NuvemFiscalNoteBody; accessKey: string; model: 55 | 65 } {
  const document = new DOMParser().parseFromString(nfeXml, 'text/xml');
  const infNFe = document.getElementsByTagNameNS(NFE_NAMESPACE, 'infNFe')[0];
  if (!infNFe) throw new Error('the note has no infNFe');
  const json = elementToJson(infNFe);
  const ide = json.ide as JsonObject;
  const accessKey = String(json.Id ?? '').replace(/^NFe/, '');
  return {
    body: {
      ambiente: ide.tpAmb === 1 ? 'producao' : 'homologacao',
      referencia: reference ?? accessKey,
      infNFe: json,
    },
    accessKey,
    model: ide.mod === 65 ? 65 : 55,
  };
}

/**
 * The emission's body of `input`: the note as nfe-builder.ts writes it (signed with a key thrown away), read back by
 * nuvemFiscalNoteBodyOf.
 */
export function nuvemFiscalNoteBody(
  input: NfeInput,
  reference?: string,
): { body: NuvemFiscalNoteBody; accessKey: string; model: 55 | 65 } {
  // The NFC-e's QR code is the provider's to write (the CSC registered there): any CSC lets the builder finish.
  const csc = input.model === 65 ? (input.csc ?? { id: '1', token: 'provider' }) : input.csc;
  return nuvemFiscalNoteBodyOf(buildNfe({ ...input, csc }, discardedSignature()).xml, reference);
}

/** The element `name` of `xml` as it is written there (`<name …>…</name>`), or null. */
export function elementText(xml: string, name: string): string | null {
  const start = xml.search(new RegExp(`<${name}[\\s>]`));
  const end = xml.lastIndexOf(`</${name}>`);
  return start === -1 || end === -1 || end < start ? null : xml.slice(start, end + name.length + 3);
}
