/**
 * Reads an NF-e or NFC-e (layout 4.00) into what its DANFE prints (issue 41 §2): the `nfeProc` stored after the
 * authorisation (the signed `NFe` and SEFAZ's `protNFe`), or a bare signed `NFe` not yet authorised (an NFC-e in
 * offline contingency, tpEmis 9). Only children are read, never a search through the document, so an item's `vProd`
 * is never taken for the total's. Amounts stay as the XML writes them ('2030.00'), read as numbers of reais only to be
 * printed.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { hasAccessKeyShape } from '../../../lib/nfe/access-key';
import { NFE_NAMESPACE } from '../nfe/nfe-builder';

export class DanfeError extends Error {}

/** protNFe/infProt/cStat of an authorised note: 100, or 150 (authorised late). */
const AUTHORISED = new Set(['100', '150']);

export interface DanfeAddress {
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
  cep: string;
  phone: string;
}

export interface DanfeParty {
  /** CNPJ (14 digits) or CPF (11), or a foreigner's id; '' when the NFC-e's consumer is not identified. */
  document: string;
  name: string;
  tradeName: string;
  ie: string;
  /** The state registration as substitute taxpayer (IEST). */
  iest: string;
  email: string;
  address: DanfeAddress | null;
}

export interface DanfeItem {
  number: number;
  code: string;
  description: string;
  /** infAdProd: the phones' IMEIs. */
  extra: string;
  ncm: string;
  /** The origin and the CST or CSOSN, as the DANFE's 'O/CST' column prints them: '0102'. */
  cst: string;
  cfop: string;
  unit: string;
  /** As written: '2.0000'. */
  quantity: string;
  unitValue: string;
  total: number;
  discount: number;
  icmsBase: number;
  icms: number;
  /** '18.0000', or '' when the item has no ICMS rate. */
  icmsRate: string;
  ipi: number;
}

export interface DanfeTotals {
  icmsBase: number;
  icms: number;
  icmsStBase: number;
  icmsSt: number;
  products: number;
  freight: number;
  insurance: number;
  discount: number;
  other: number;
  ipi: number;
  pis: number;
  cofins: number;
  /** vTotTrib (Lei 12.741/2012), when the note carries it. */
  approximateTaxes: number;
  /** vNF. */
  total: number;
}

export interface DanfeIbsCbs {
  base: number;
  ibsUf: number;
  ibsMun: number;
  ibs: number;
  cbs: number;
}

export interface DanfeCarrier {
  document: string;
  name: string;
  ie: string;
  address: string;
  city: string;
  uf: string;
  plate: string;
  plateUf: string;
  antt: string;
}

export interface DanfeVolume {
  quantity: string;
  kind: string;
  brand: string;
  numbering: string;
  grossWeight: string;
  netWeight: string;
}

export interface DanfeNote {
  model: 55 | 65;
  accessKey: string;
  /** 1 produção, 2 homologação. */
  environment: 1 | 2;
  /** tpEmis: 1 normal, 9 offline contingency of the NFC-e… */
  emissionType: number;
  series: string;
  number: string;
  /** dhEmi, with its offset. */
  issuedAt: string;
  /** dhSaiEnt, when written. */
  leavesAt: string;
  /** tpNF: 0 entrada, 1 saída. */
  direction: '0' | '1';
  natureOfOperation: string;
  issuer: DanfeParty;
  recipient: DanfeParty | null;
  items: DanfeItem[];
  totals: DanfeTotals;
  ibsCbs: DanfeIbsCbs | null;
  freightMode: string;
  carrier: DanfeCarrier | null;
  volumes: DanfeVolume[];
  invoice: { number: string; original: number; discount: number; net: number } | null;
  instalments: { number: string; dueDate: string; amount: number }[];
  payments: { type: string; description: string; amount: number }[];
  change: number;
  additionalInfo: string;
  fiscoInfo: string;
  /** dhCont and xJust of a note issued in contingency. */
  contingency: { since: string; reason: string } | null;
  /** SEFAZ's answer, when the note came inside an nfeProc. */
  protocol: { number: string; receivedAt: string; status: string; reason: string } | null;
  /** Whether the protocol authorises the note (cStat 100 or 150). */
  authorised: boolean;
  /** The NFC-e's infNFeSupl. */
  qrCode: string;
  consultationUrl: string;
}

// ——— reading elements (namespace-aware, children only) ———

function children(parent: Element | null, name: string): Element[] {
  const found: Element[] = [];
  if (!parent) return found;
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).namespaceURI === NFE_NAMESPACE && (node as Element).localName === name)
      found.push(node as Element);
  }
  return found;
}

/** The element at `path` ('emit/enderEmit') under `parent`, or null. */
function at(parent: Element | null, path: string): Element | null {
  let current = parent;
  for (const name of path.split('/')) current = children(current, name)[0] ?? null;
  return current;
}

/** The first child element whatever its name (ICMS's ICMS00, ICMSSN102…). */
function firstElement(parent: Element | null): Element | null {
  for (let node = parent?.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) return node as Element;
  return null;
}

/** The text at `path`, trimmed; '' when absent. */
function text(parent: Element | null, path: string): string {
  return at(parent, path)?.textContent?.trim() ?? '';
}

/** The amount at `path` in reais; 0 when absent. */
function amount(parent: Element | null, path: string): number {
  const value = Number(text(parent, path));
  return Number.isFinite(value) ? value : 0;
}

function addressOf(element: Element | null): DanfeAddress | null {
  if (!element) return null;
  return {
    street: text(element, 'xLgr'),
    number: text(element, 'nro'),
    complement: text(element, 'xCpl'),
    district: text(element, 'xBairro'),
    city: text(element, 'xMun'),
    uf: text(element, 'UF'),
    cep: text(element, 'CEP'),
    phone: text(element, 'fone'),
  };
}

function partyOf(element: Element, addressTag: 'enderEmit' | 'enderDest'): DanfeParty {
  return {
    document: text(element, 'CNPJ') || text(element, 'CPF') || text(element, 'idEstrangeiro'),
    name: text(element, 'xNome'),
    tradeName: text(element, 'xFant'),
    ie: text(element, 'IE'),
    iest: text(element, 'IEST'),
    email: text(element, 'email'),
    address: addressOf(at(element, addressTag)),
  };
}

function itemOf(det: Element): DanfeItem {
  const prod = at(det, 'prod');
  const icms = firstElement(at(det, 'imposto/ICMS'));
  return {
    number: Number(det.getAttribute('nItem')),
    code: text(prod, 'cProd'),
    description: text(prod, 'xProd'),
    extra: text(det, 'infAdProd'),
    ncm: text(prod, 'NCM'),
    cst: `${text(icms, 'orig')}${text(icms, 'CST') || text(icms, 'CSOSN')}`,
    cfop: text(prod, 'CFOP'),
    unit: text(prod, 'uCom'),
    quantity: text(prod, 'qCom'),
    unitValue: text(prod, 'vUnCom'),
    total: amount(prod, 'vProd'),
    discount: amount(prod, 'vDesc'),
    icmsBase: amount(icms, 'vBC'),
    icms: amount(icms, 'vICMS'),
    icmsRate: text(icms, 'pICMS'),
    ipi: amount(det, 'imposto/IPI/IPITrib/vIPI'),
  };
}

/** Reads the note (see the module's comment); a DanfeError when the XML is not an NF-e or NFC-e of layout 4.00. */
export function readDanfeNote(xml: string): DanfeNote {
  let root: Element | null;
  try {
    root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  } catch {
    throw new DanfeError('O XML da nota não pôde ser lido.');
  }
  if (!root || root.namespaceURI !== NFE_NAMESPACE || !['nfeProc', 'NFe'].includes(root.localName ?? ''))
    throw new DanfeError('O XML não é uma NF-e (nfeProc ou NFe do Portal Fiscal).');
  const nfe = root.localName === 'NFe' ? root : at(root, 'NFe');
  const inf = at(nfe, 'infNFe');
  if (!nfe || !inf || inf.getAttribute('versao') !== '4.00')
    throw new DanfeError('O XML não é uma NF-e do leiaute 4.00.');
  const accessKey = (inf.getAttribute('Id') ?? '').replace(/^NFe/, '');
  // 44 characters: letters only in the CNPJ's 12 (the alphanumeric CNPJ, NT 2025.001).
  if (!hasAccessKeyShape(accessKey)) throw new DanfeError('A chave de acesso da nota não tem 44 dígitos.');
  const ide = at(inf, 'ide');
  const model = text(ide, 'mod');
  if (model !== '55' && model !== '65') throw new DanfeError(`Modelo de nota desconhecido: ${model || 'vazio'}.`);
  const emit = at(inf, 'emit');
  if (!emit) throw new DanfeError('A nota não tem emitente.');
  const dest = at(inf, 'dest');
  const icmsTot = at(inf, 'total/ICMSTot');
  const ibsCbsTot = at(inf, 'total/IBSCBSTot');
  const transp = at(inf, 'transp');
  const carrier = at(transp, 'transporta');
  const vehicle = at(transp, 'veicTransp');
  const fat = at(inf, 'cobr/fat');
  const infProt = at(root, 'protNFe/infProt');
  const dhCont = text(ide, 'dhCont');
  const status = text(infProt, 'cStat');

  return {
    model: model === '55' ? 55 : 65,
    accessKey,
    environment: text(ide, 'tpAmb') === '1' ? 1 : 2,
    emissionType: Number(text(ide, 'tpEmis') || '1'),
    series: text(ide, 'serie'),
    number: text(ide, 'nNF'),
    issuedAt: text(ide, 'dhEmi'),
    leavesAt: text(ide, 'dhSaiEnt'),
    direction: text(ide, 'tpNF') === '0' ? '0' : '1',
    natureOfOperation: text(ide, 'natOp'),
    issuer: partyOf(emit, 'enderEmit'),
    recipient: dest ? partyOf(dest, 'enderDest') : null,
    items: children(inf, 'det').map(itemOf),
    totals: {
      icmsBase: amount(icmsTot, 'vBC'),
      icms: amount(icmsTot, 'vICMS'),
      icmsStBase: amount(icmsTot, 'vBCST'),
      icmsSt: amount(icmsTot, 'vST'),
      products: amount(icmsTot, 'vProd'),
      freight: amount(icmsTot, 'vFrete'),
      insurance: amount(icmsTot, 'vSeg'),
      discount: amount(icmsTot, 'vDesc'),
      other: amount(icmsTot, 'vOutro'),
      ipi: amount(icmsTot, 'vIPI'),
      pis: amount(icmsTot, 'vPIS'),
      cofins: amount(icmsTot, 'vCOFINS'),
      approximateTaxes: amount(icmsTot, 'vTotTrib'),
      total: amount(icmsTot, 'vNF'),
    },
    ibsCbs: ibsCbsTot
      ? {
          base: amount(ibsCbsTot, 'vBCIBSCBS'),
          ibsUf: amount(ibsCbsTot, 'gIBS/gIBSUF/vIBSUF'),
          ibsMun: amount(ibsCbsTot, 'gIBS/gIBSMun/vIBSMun'),
          ibs: amount(ibsCbsTot, 'gIBS/vIBS'),
          cbs: amount(ibsCbsTot, 'gCBS/vCBS'),
        }
      : null,
    freightMode: text(transp, 'modFrete'),
    carrier:
      carrier || vehicle
        ? {
            document: text(carrier, 'CNPJ') || text(carrier, 'CPF'),
            name: text(carrier, 'xNome'),
            ie: text(carrier, 'IE'),
            address: text(carrier, 'xEnder'),
            city: text(carrier, 'xMun'),
            uf: text(carrier, 'UF'),
            plate: text(vehicle, 'placa'),
            plateUf: text(vehicle, 'UF'),
            antt: text(vehicle, 'RNTC'),
          }
        : null,
    volumes: children(transp, 'vol').map((vol) => ({
      quantity: text(vol, 'qVol'),
      kind: text(vol, 'esp'),
      brand: text(vol, 'marca'),
      numbering: text(vol, 'nVol'),
      grossWeight: text(vol, 'pesoB'),
      netWeight: text(vol, 'pesoL'),
    })),
    invoice: fat
      ? {
          number: text(fat, 'nFat'),
          original: amount(fat, 'vOrig'),
          discount: amount(fat, 'vDesc'),
          net: amount(fat, 'vLiq'),
        }
      : null,
    instalments: children(at(inf, 'cobr'), 'dup').map((dup) => ({
      number: text(dup, 'nDup'),
      dueDate: text(dup, 'dVenc'),
      amount: amount(dup, 'vDup'),
    })),
    payments: children(at(inf, 'pag'), 'detPag').map((pay) => ({
      type: text(pay, 'tPag'),
      description: text(pay, 'xPag'),
      amount: amount(pay, 'vPag'),
    })),
    change: amount(at(inf, 'pag'), 'vTroco'),
    additionalInfo: text(inf, 'infAdic/infCpl'),
    fiscoInfo: text(inf, 'infAdic/infAdFisco'),
    contingency: dhCont ? { since: dhCont, reason: text(ide, 'xJust') } : null,
    protocol: infProt
      ? {
          number: text(infProt, 'nProt'),
          receivedAt: text(infProt, 'dhRecbto'),
          status,
          reason: text(infProt, 'xMotivo'),
        }
      : null,
    authorised: AUTHORISED.has(status) && text(infProt, 'chNFe') === accessKey,
    qrCode: text(nfe, 'infNFeSupl/qrCode'),
    consultationUrl: text(nfe, 'infNFeSupl/urlChave'),
  };
}
