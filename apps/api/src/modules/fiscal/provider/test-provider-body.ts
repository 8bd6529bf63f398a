/**
 * The emission's body as the OpenAPI types it (test-provider.ts): the problems of a body, worded as the provider words
 * them, and the JSON written back as the layout's XML.
 */
import { escapeText } from '../../../lib/nfe/canonical-xml';
import { NOTE_BODY_INTEGERS } from './nuvem-fiscal-api';

// ——— the body as the OpenAPI types it ———

const NUMBERS = new Set(
  (
    'qCom vUnCom vProd qTrib vUnTrib vFrete vSeg vDesc vOutro pCredSN vCredICMSSN vBC pICMS vICMS pPIS vPIS pCOFINS ' +
    'vCOFINS pIBSUF vIBSUF pIBSMun vIBSMun vIBS pCBS vCBS vICMSDeson vFCP vBCST vST vFCPST vFCPSTRet vII vIPI ' +
    'vIPIDevol vNF vBCIBSCBS vDif vDevTrib vCredPres vCredPresCondSus vOrig vLiq vDup vPag vTroco'
  ).split(' '),
);
/** Strings, with the lengths the OpenAPI gives (min..max; 0 where it gives none). */
const STRINGS: Record<string, [number, number]> = {
  versao: [0, 0],
  Id: [0, 0],
  cNF: [0, 0],
  natOp: [1, 60],
  dhEmi: [0, 0],
  dhSaiEnt: [0, 0],
  cMunFG: [0, 0],
  verProc: [1, 20],
  dhCont: [0, 0],
  xJust: [15, 256],
  CNPJ: [0, 14],
  CPF: [0, 11],
  xNome: [2, 60],
  xFant: [1, 60],
  xLgr: [2, 60],
  nro: [1, 60],
  xCpl: [1, 60],
  xBairro: [2, 60],
  cMun: [0, 0],
  xMun: [1, 60],
  UF: [0, 0],
  CEP: [0, 0],
  cPais: [0, 0],
  xPais: [2, 60],
  fone: [0, 0],
  IE: [0, 14],
  email: [1, 60],
  cProd: [1, 60],
  cEAN: [0, 0],
  xProd: [1, 120],
  NCM: [0, 0],
  CEST: [0, 0],
  CFOP: [0, 0],
  uCom: [1, 6],
  cEANTrib: [0, 0],
  uTrib: [1, 6],
  CSOSN: [0, 0],
  CST: [0, 0],
  cClassTrib: [0, 0],
  nFat: [1, 60],
  nDup: [1, 60],
  dVenc: [0, 0],
  tPag: [0, 0],
  xPag: [2, 60],
  CNPJPag: [0, 0],
  tBand: [0, 0],
  cAut: [1, 128],
  infCpl: [1, 5000],
  infAdProd: [1, 500],
  qrCode: [0, 0],
  urlChave: [0, 0],
};
const GROUPS = new Set(
  (
    'infNFe ide emit enderEmit dest enderDest det prod imposto ICMS ICMS00 ICMS40 ICMS60 ICMSSN101 ICMSSN102 ' +
    'ICMSSN500 PIS PISAliq PISNT PISOutr COFINS COFINSAliq COFINSNT COFINSOutr IBSCBS gIBSCBS gIBSUF gIBSMun ' +
    'gCBS total ICMSTot IBSCBSTot gIBS transp cobr fat dup pag detPag card infAdic infNFeSupl'
  ).split(' '),
);
const ARRAYS = new Set(['det', 'dup', 'detPag']);
/** The required fields of each group (the OpenAPI's `required`); `parent>name` where a name has two meanings. */
const REQUIRED: Record<string, string[]> = {
  '': ['ambiente', 'infNFe'],
  infNFe: ['versao', 'ide', 'emit', 'det', 'total', 'transp', 'pag'],
  ide: [
    'cUF',
    'natOp',
    'serie',
    'nNF',
    'dhEmi',
    'tpNF',
    'idDest',
    'cMunFG',
    'tpImp',
    'tpEmis',
    'finNFe',
    'indFinal',
    'indPres',
    'procEmi',
    'verProc',
  ],
  dest: ['indIEDest'],
  enderDest: ['xLgr', 'nro', 'xBairro', 'cMun', 'xMun', 'UF'],
  det: ['nItem', 'prod', 'imposto'],
  prod: [
    'cProd',
    'cEAN',
    'xProd',
    'NCM',
    'CFOP',
    'uCom',
    'qCom',
    'vUnCom',
    'vProd',
    'cEANTrib',
    'uTrib',
    'qTrib',
    'vUnTrib',
    'indTot',
  ],
  ICMS00: ['orig', 'CST', 'modBC', 'vBC', 'pICMS', 'vICMS'],
  ICMS40: ['orig', 'CST'],
  ICMS60: ['orig', 'CST'],
  ICMSSN101: ['orig', 'CSOSN', 'pCredSN', 'vCredICMSSN'],
  ICMSSN102: ['orig', 'CSOSN'],
  ICMSSN500: ['orig', 'CSOSN'],
  PISAliq: ['CST', 'vBC', 'pPIS', 'vPIS'],
  PISNT: ['CST'],
  PISOutr: ['CST', 'vPIS'],
  COFINSAliq: ['CST', 'vBC', 'pCOFINS', 'vCOFINS'],
  COFINSNT: ['CST'],
  COFINSOutr: ['CST', 'vCOFINS'],
  IBSCBS: ['CST'],
  gIBSCBS: ['vBC', 'gIBSUF', 'gIBSMun', 'vIBS', 'gCBS'],
  'gIBSCBS>gIBSUF': ['pIBSUF', 'vIBSUF'],
  'gIBSCBS>gIBSMun': ['pIBSMun', 'vIBSMun'],
  'gIBSCBS>gCBS': ['pCBS', 'vCBS'],
  total: ['ICMSTot'],
  ICMSTot: [
    'vBC',
    'vICMS',
    'vICMSDeson',
    'vFCP',
    'vBCST',
    'vST',
    'vFCPST',
    'vFCPSTRet',
    'vProd',
    'vFrete',
    'vSeg',
    'vDesc',
    'vII',
    'vIPI',
    'vIPIDevol',
    'vPIS',
    'vCOFINS',
    'vOutro',
    'vNF',
  ],
  IBSCBSTot: ['vBCIBSCBS'],
  'IBSCBSTot>gIBS': ['gIBSUF', 'gIBSMun', 'vIBS', 'vCredPres', 'vCredPresCondSus'],
  transp: ['modFrete'],
  pag: ['detPag'],
  detPag: ['tPag', 'vPag'],
  card: ['tpIntegra'],
  dup: ['vDup'],
};

/** The problems of `value`, the group `name` (inside `parent`) at `path`, as the provider words them. */
export function problemsOf(value: unknown, name: string, parent: string, path: string, problems: string[]): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`O campo '${path}' deve ser um objeto.`);
    return;
  }
  const object = value as Record<string, unknown>;
  for (const field of REQUIRED[`${parent}>${name}`] ?? REQUIRED[name] ?? [])
    if (object[field] === undefined || object[field] === null)
      problems.push(`O campo '${path ? `${path}.` : ''}${field}' é obrigatório.`);
  for (const [key, child] of Object.entries(object)) {
    const at = path ? `${path}.${key}` : key;
    if (child === null || child === undefined) continue;
    if (name === '' && (key === 'ambiente' || key === 'referencia')) {
      if (key === 'ambiente' && child !== 'homologacao' && child !== 'producao')
        problems.push("O campo 'ambiente' deve ser 'homologacao' ou 'producao'.");
      if (key === 'referencia' && (typeof child !== 'string' || child.length > 50))
        problems.push("O campo 'referencia' deve ter no máximo 50 caractere(s).");
      continue;
    }
    if (GROUPS.has(key)) {
      if (ARRAYS.has(key)) {
        if (!Array.isArray(child)) {
          problems.push(`O campo '${at}' deve ser uma lista.`);
          continue;
        }
        if (key === 'det' && (child.length < 1 || child.length > 990))
          problems.push(`O campo '${at}' deve ter de 1 a 990 itens.`);
        child.forEach((item, i) => {
          problemsOf(item, key, name, `${at}[${i}]`, problems);
        });
      } else {
        problemsOf(child, key, name, at, problems);
      }
    } else if (NOTE_BODY_INTEGERS.has(key)) {
      if (!Number.isInteger(child)) problems.push(`O campo '${at}' deve ser um número inteiro.`);
    } else if (NUMBERS.has(key)) {
      if (typeof child !== 'number' || !Number.isFinite(child)) problems.push(`O campo '${at}' deve ser um número.`);
    } else if (key in STRINGS) {
      const [min, max] = STRINGS[key] as [number, number];
      if (typeof child !== 'string') problems.push(`O campo '${at}' deve ser um texto.`);
      else if (child.length < min) problems.push(`O campo '${at}' deve ter pelo menos ${min} caractere(s).`);
      else if (max > 0 && child.length > max) problems.push(`O campo '${at}' deve ter no máximo ${max} caractere(s).`);
    } else {
      problems.push(`O campo '${at}' não existe no leiaute da NF-e.`);
    }
  }
}

// ——— the JSON written back as the layout's XML ———

const ATTRIBUTES: Record<string, string[]> = { infNFe: ['Id', 'versao'], det: ['nItem'] };

/** A number with the layout's decimals: unit values 10, rates and quantities 4, money 2. */
function layoutNumber(name: string, value: number): string {
  if (NOTE_BODY_INTEGERS.has(name)) return String(value);
  if (name.startsWith('vUn')) return value.toFixed(10);
  if (name.startsWith('p') || name.startsWith('q')) return value.toFixed(4);
  return value.toFixed(2);
}

export function xmlOf(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => xmlOf(name, item)).join('');
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const attributes = ATTRIBUTES[name] ?? [];
    const attrs = attributes
      .filter((a) => object[a] !== undefined)
      .map((a) => ` ${a}="${String(object[a])}"`)
      .join('');
    const inner = Object.entries(object)
      .filter(([key, child]) => !attributes.includes(key) && child !== null && child !== undefined)
      .map(([key, child]) => xmlOf(key, child))
      .join('');
    return `<${name}${attrs}>${inner}</${name}>`;
  }
  const text = typeof value === 'number' ? layoutNumber(name, value) : String(value);
  return `<${name}>${escapeText(text)}</${name}>`;
}

/** ide with what the provider fills in (cNF, mod, cDV, tpAmb), in the layout's order. */
export function completeIde(
  ide: Record<string, unknown>,
  fill: { cNF: string; mod: number; cDV: number; tpAmb: number },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(ide)) {
    out[key] = value;
    if (key === 'cUF' && ide.cNF === undefined) out.cNF = fill.cNF;
    if (key === 'natOp' && ide.mod === undefined) out.mod = fill.mod;
    if (key === 'tpEmis' && ide.cDV === undefined) out.cDV = fill.cDV;
    if ((key === 'cDV' || (key === 'tpEmis' && ide.cDV === undefined)) && ide.tpAmb === undefined)
      out.tpAmb = fill.tpAmb;
  }
  return out;
}
