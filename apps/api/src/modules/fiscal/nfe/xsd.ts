/**
 * Validation of the XML BackOffice writes against the official schemas (issue 41 §2, decision 0055): the NF-e's
 * package PL_010c_V1.30 with NT 2025.001's alphanumeric CNPJ, shipped in apps/api/fiscal-schemas (copied from
 * nfephp-org/sped-nfe's `schemes/PL_010_V1.30` at commit d9f6bae, decision 0081), checked
 * by libxml2 compiled to WebAssembly (`libxml2-wasm`: no native build). Each schema is compiled once, on its first
 * use (about 0,2 s for the NF-e's), and kept: a note then validates in a millisecond or two. The schemas reach
 * libxml2 from memory through an input provider that serves only them (`fiscal/xsd-package.ts`: no file is opened
 * on a document's say). A failure names the field in Portuguese ('Classificação tributária do IBS/CBS (cClassTrib): valor
 * fora do formato').
 */
import { schemaPackage, type XsdProblem, type XsdResult } from '../xsd-package';

export type { XsdProblem, XsdResult } from '../xsd-package';

export const SCHEMA_PACKAGE = 'PL_010c_V1.30';

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

const nfePackage = schemaPackage(SCHEMA_PACKAGE, describeXsdError);

/**
 * Compiles the schemas `mains` now rather than on their first use: a double that answers under a client's timeout
 * (the tests' SEFAZ) pays the compilation before it listens, not inside its first answer.
 */
export function compileSchemas(mains: readonly string[]): void {
  for (const main of mains) nfePackage.validatorOf(main);
}

/** Validates `xml` against the schema `main` of the package (e.g. 'nfe_v4.00.xsd', 'envEventoCancNFe_v1.00.xsd'). */
export async function validateAgainstSchema(xml: string, main: string): Promise<XsdResult> {
  return nfePackage.validate(xml, main);
}
