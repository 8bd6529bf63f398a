/**
 * Validation of the XML BackOffice writes against the official schemas (issue 41 §2, decision 0055): the NF-e's
 * package PL_010c_V1.30 with NT 2025.001's alphanumeric CNPJ, shipped in apps/api/fiscal-schemas (copied from
 * nfephp-org/sped-nfe's `schemes/PL_010_V1.30` at commit d9f6bae, decision 0081), checked
 * by libxml2 compiled to WebAssembly (`libxml2-wasm`: no native build). Each schema is compiled once, on its first
 * use (about 0,2 s for the NF-e's), and kept: a note then validates in a millisecond or two. The schemas reach
 * libxml2 from memory through an input provider of our own that serves only them (no file is opened on a
 * document's say). A failure names the field in Portuguese ('Classificação tributária do IBS/CBS (cClassTrib): valor
 * fora do formato').
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  XmlDocument,
  type XmlInputProvider,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';

export const SCHEMA_PACKAGE = 'PL_010c_V1.30';
/** The schemas' address for libxml2: `schema:///PL_010c_V1.30/nfe_v4.00.xsd`. */
const BASE = `schema:///${SCHEMA_PACKAGE}/`;

/** The folder of the schemas: apps/api/fiscal-schemas/<package>, from the sources or from the bundle in dist. */
function schemasDir(): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'fiscal-schemas', SCHEMA_PACKAGE);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`fiscal-schemas/${SCHEMA_PACKAGE} not found above ${import.meta.dirname}`);
}

let files: Map<string, Uint8Array> | undefined;
const open = new Map<number, { bytes: Uint8Array; at: number }>();
let nextHandle = 1;

/** Serves the package's schemas, read once, to libxml2's includes and imports; nothing else. */
const schemaProvider: XmlInputProvider = {
  match: (name) => name.startsWith(BASE) && (files?.has(name.slice(BASE.length)) ?? false),
  open: (name) => {
    const bytes = files?.get(name.slice(BASE.length));
    if (!bytes) return undefined;
    const handle = nextHandle++;
    open.set(handle, { bytes, at: 0 });
    return handle;
  },
  read: (handle, buffer) => {
    const file = open.get(handle as number);
    if (!file) return -1;
    const chunk = file.bytes.subarray(file.at, file.at + buffer.byteLength);
    buffer.set(chunk);
    file.at += chunk.byteLength;
    return chunk.byteLength;
  },
  close: (handle) => open.delete(handle as number),
};

function loadSchemas(): Map<string, Uint8Array> {
  if (files) return files;
  const dir = schemasDir();
  files = new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.xsd'))
      .map((f) => [f, readFileSync(path.join(dir, f))]),
  );
  xmlRegisterInputProvider(schemaProvider);
  return files;
}

const validators = new Map<string, XsdValidator>();

/** The compiled schema `main`, compiled on its first use. */
function validatorOf(main: string): XsdValidator {
  const cached = validators.get(main);
  if (cached) return cached;
  const bytes = loadSchemas().get(main);
  if (!bytes) throw new Error(`schema ${main} is not in ${SCHEMA_PACKAGE}`);
  const schema = XmlDocument.fromBuffer(bytes, { url: `${BASE}${main}` });
  const validator = XsdValidator.fromDoc(schema);
  validators.set(main, validator);
  return validator;
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

/**
 * Compiles the schemas `mains` now rather than on their first use: a double that answers under a client's timeout
 * (the tests' SEFAZ) pays the compilation before it listens, not inside its first answer.
 */
export function compileSchemas(mains: readonly string[]): void {
  for (const main of mains) validatorOf(main);
}

/** Validates `xml` against the schema `main` of the package (e.g. 'nfe_v4.00.xsd', 'envEventoCancNFe_v1.00.xsd'). */
export async function validateAgainstSchema(xml: string, main: string): Promise<XsdResult> {
  const validator = validatorOf(main);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    const detail = (error as Error).message;
    return { valid: false, problems: [{ field: null, message: 'O XML está malformado.', detail }] };
  }
  try {
    validator.validate(doc);
    return { valid: true, problems: [] };
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    const details = error.details.length ? error.details.map((d) => d.message.trim()) : [error.message.trim()];
    return { valid: false, problems: details.map(describeXsdError) };
  } finally {
    doc.dispose();
  }
}
