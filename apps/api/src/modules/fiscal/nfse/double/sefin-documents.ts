/**
 * The Sefin Nacional double's reading of a DPS and of a pedido de evento, and its checks in the order a real API
 * makes them: readable (E1226), schema, signature over the signed element and the certificate's CNPJ root equal to
 * the prestador's (or the author's), environment, then the content (cTribNac in the national list, E0310).
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { REFUSALS as SEFAZ_REFUSALS } from '../../sefaz/double/sefaz-refusals';
import { signatureRefusal } from '../../sefaz/double/sefaz-signature';
import { validateNfseSchema } from '../nfse-xsd';
import { SEFIN_REFUSALS, type SefinRefusal } from './sefin-refusals';

/**
 * The national tax codes (cTribNac) the double knows: those of LC 116/2003 item 14 it has been shown (14.01.01,
 * 'Lubrificação, limpeza, lustração, revisão, carga e recarga, conserto, restauração, blindagem, manutenção e
 * conservação de máquinas, veículos, aparelhos, equipamentos, motores, elevadores ou de qualquer objeto').
 */
export const KNOWN_TAX_CODES: ReadonlySet<string> = new Set(['140101', '140201']);

export interface DpsFacts {
  id: string;
  environment: string;
  cityCode: string;
  cnpj: string;
  series: string;
  number: string;
  taxCode: string;
  amount: string;
  takerDocument: string | null;
  takerName: string | null;
  description: string;
}

const text = (root: Element, name: string) => root.getElementsByTagName(name)[0]?.textContent ?? '';

function parse(xml: string): Element | null {
  let failed = false;
  try {
    const document = new DOMParser({ onError: () => (failed = true) }).parseFromString(xml, 'text/xml');
    return failed || !document.documentElement ? null : (document.documentElement as unknown as Element);
  } catch {
    return null;
  }
}

function signed(xml: string, element: string, cnpj: string): SefinRefusal | null {
  const refusal = signatureRefusal(xml, element, cnpj);
  if (!refusal) return null;
  return refusal === SEFAZ_REFUSALS.certificateCnpj ? SEFIN_REFUSALS.certificateCnpj : SEFIN_REFUSALS.signature;
}

/** The DPS's facts, or the refusal of the first rule it breaks. */
export function checkDps(xml: string, environment: 1 | 2): DpsFacts | SefinRefusal {
  const root = parse(xml);
  if (root?.localName !== 'DPS') return SEFIN_REFUSALS.malformed;
  if (!validateNfseSchema(xml, 'DPS_v1.00.xsd').valid) return SEFIN_REFUSALS.schema;
  const infDps = root.getElementsByTagName('infDPS')[0] as Element;
  const prest = root.getElementsByTagName('prest')[0] as Element;
  const toma = root.getElementsByTagName('toma')[0] as Element | undefined;
  const facts: DpsFacts = {
    id: infDps.getAttribute('Id') ?? '',
    environment: text(root, 'tpAmb'),
    cityCode: text(root, 'cLocEmi'),
    cnpj: text(prest, 'CNPJ'),
    series: text(root, 'serie'),
    number: text(root, 'nDPS'),
    taxCode: text(root, 'cTribNac'),
    amount: text(root, 'vServ'),
    takerDocument: toma ? text(toma, 'CPF') || text(toma, 'CNPJ') : null,
    takerName: toma ? text(toma, 'xNome') : null,
    description: text(root, 'xDescServ'),
  };
  if (!facts.cnpj) return SEFIN_REFUSALS.certificateCnpj;
  const badSignature = signed(xml, 'infDPS', facts.cnpj);
  if (badSignature) return badSignature;
  if (facts.environment !== String(environment)) return SEFIN_REFUSALS.environment;
  if (!KNOWN_TAX_CODES.has(facts.taxCode)) return SEFIN_REFUSALS.taxCode;
  return facts;
}

export interface EventFacts {
  environment: string;
  accessKey: string;
  type: string;
  sequence: string;
  author: string;
}

/** The pedido de registro de evento's facts, or its refusal. */
export function checkEventRequest(xml: string, environment: 1 | 2): EventFacts | SefinRefusal {
  const root = parse(xml);
  if (root?.localName !== 'pedRegEvento') return SEFIN_REFUSALS.malformed;
  if (!validateNfseSchema(xml, 'pedRegEvento_v1.00.xsd').valid) return SEFIN_REFUSALS.eventSchema;
  const facts: EventFacts = {
    environment: text(root, 'tpAmb'),
    accessKey: text(root, 'chNFSe'),
    type: /^e(\d{6})$/.exec(
      (root.getElementsByTagName('nPedRegEvento')[0]?.nextSibling as Element | null)?.localName ?? '',
    )?.[1] as string,
    sequence: text(root, 'nPedRegEvento'),
    author: text(root, 'CNPJAutor'),
  };
  const badSignature = signed(xml, 'infPedReg', facts.author);
  if (badSignature) return badSignature;
  if (facts.environment !== String(environment)) return SEFIN_REFUSALS.environment;
  return facts;
}

export const isRefusal = (value: object): value is SefinRefusal => 'code' in value && 'status' in value;
