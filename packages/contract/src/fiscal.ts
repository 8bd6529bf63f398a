import { z } from 'zod';
import {
  isValidCnpj,
  isValidPhone,
  isValidStateRegistration,
  localPhoneDigits,
  normalizeDocument,
  normalizeStateRegistration,
} from './documents';
import { idSchema } from './ids';

/**
 * A product's fiscal fields (issue 21 §2), kept so that invoices (NF-e/NFC-e) can later be issued by a
 * provider without re-typing the catalogue (decision 0020). Each field is optional (null) and checked for
 * its format only: whether an NCM or CEST exists in the government's tables is the invoice provider's check.
 * One schema per field, so the products form, the API and the spreadsheet import share the same rule.
 */
export const FISCAL_TEXTS = {
  ncmLabel: 'NCM',
  cestLabel: 'CEST',
  unitLabel: 'Unidade comercial',
  originLabel: 'Origem (ICMS)',
  ncmFormat: 'O NCM deve ter 8 dígitos (ex.: 8517.13.00).',
  cestFormat: 'O CEST deve ter 7 dígitos (ex.: 21.053.00).',
  unitFormat: 'A unidade comercial deve ter de 1 a 6 letras (ex.: UN, CX, PC, KG).',
  originInvalid: 'Informe a origem da mercadoria: um código de 0 a 8.',
} as const;

/** NCM: 8 digits (Nomenclatura Comum do Mercosul); dots and spaces as typed (8517.13.00) are dropped. */
export const NCM_DIGITS = 8;
/** CEST: 7 digits (Código Especificador da Substituição Tributária), typed as 21.053.00. */
export const CEST_DIGITS = 7;

/**
 * The commercial units offered in the form (NF-e `uCom`); any 1 to 6 letters are accepted (the NF-e field
 * holds up to 6 characters), uppercased.
 */
export const PRODUCT_UNITS = [
  { value: 'UN', label: 'Unidade' },
  { value: 'PC', label: 'Peça' },
  { value: 'CX', label: 'Caixa' },
  { value: 'KIT', label: 'Kit' },
  { value: 'PAR', label: 'Par' },
  { value: 'JG', label: 'Jogo' },
  { value: 'DZ', label: 'Dúzia' },
  { value: 'KG', label: 'Quilograma' },
  { value: 'M', label: 'Metro' },
] as const;

/**
 * The ICMS origin of the goods (the first digit of the CST; NF-e `orig`), with the official descriptions
 * (Ajuste SINIEF 20/12, Tabela A of the CST).
 */
export const PRODUCT_ORIGINS: ReadonlyArray<{ code: number; description: string }> = [
  { code: 0, description: 'Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8' },
  { code: 1, description: 'Estrangeira - Importação direta, exceto a indicada no código 6' },
  { code: 2, description: 'Estrangeira - Adquirida no mercado interno, exceto a indicada no código 7' },
  {
    code: 3,
    description: 'Nacional, mercadoria ou bem com Conteúdo de Importação superior a 40% e inferior ou igual a 70%',
  },
  {
    code: 4,
    description:
      'Nacional, cuja produção tenha sido feita em conformidade com os processos produtivos básicos de que tratam o Decreto-Lei nº 288/67, e as Leis nºs 8.248/91, 8.387/91, 10.176/01 e 11.484/07',
  },
  { code: 5, description: 'Nacional, mercadoria ou bem com Conteúdo de Importação inferior ou igual a 40%' },
  {
    code: 6,
    description:
      'Estrangeira - Importação direta, sem similar nacional, constante em lista de Resolução CAMEX e gás natural',
  },
  {
    code: 7,
    description:
      'Estrangeira - Adquirida no mercado interno, sem similar nacional, constante em lista de Resolução CAMEX e gás natural',
  },
  { code: 8, description: 'Nacional, mercadoria ou bem com Conteúdo de Importação superior a 70%' },
];

/** '0 - Nacional, exceto…': how an origin reads in the details, the form and the CSV. */
export function productOriginLabel(code: number): string {
  const origin = PRODUCT_ORIGINS.find((entry) => entry.code === code);
  return origin ? `${origin.code} - ${origin.description}` : String(code);
}

/** Absent stays absent (an edit keeps the value), blank or null is none, the rest is trimmed. */
const optionalCode = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, message)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value?.trim() ? value.trim() : null));

/** The digits of a typed code: dots, dashes and spaces dropped; anything else is kept (and then refused). */
const digitsOf = (value: string) => value.replace(/[.\s-]/g, '');

/** 'NCM': 8 digits, typed with or without its dots (8517.13.00 → 85171300); blank or null is none. */
export const ncmSchema = optionalCode(20, FISCAL_TEXTS.ncmFormat)
  .transform((value) => (typeof value === 'string' ? digitsOf(value) : value))
  .refine((value) => value == null || new RegExp(`^\\d{${NCM_DIGITS}}$`).test(value), FISCAL_TEXTS.ncmFormat);

/** 'CEST': 7 digits, typed with or without its dots (21.053.00 → 2105300); blank or null is none. */
export const cestSchema = optionalCode(20, FISCAL_TEXTS.cestFormat)
  .transform((value) => (typeof value === 'string' ? digitsOf(value) : value))
  .refine((value) => value == null || new RegExp(`^\\d{${CEST_DIGITS}}$`).test(value), FISCAL_TEXTS.cestFormat);

/** 'Unidade comercial': 1 to 6 letters A–Z, uppercased (un → UN); blank or null is none. */
export const productUnitSchema = optionalCode(20, FISCAL_TEXTS.unitFormat)
  .transform((value) => (typeof value === 'string' ? value.toUpperCase() : value))
  .refine((value) => value == null || /^[A-Z]{1,6}$/.test(value), FISCAL_TEXTS.unitFormat);

/** 'Origem (ICMS)': the code 0 to 8; null is none. */
export const productOriginSchema = z
  .number({ error: FISCAL_TEXTS.originInvalid })
  .int(FISCAL_TEXTS.originInvalid)
  .min(0, FISCAL_TEXTS.originInvalid)
  .max(8, FISCAL_TEXTS.originInvalid)
  .nullish();

/**
 * An origin as a spreadsheet cell or a select holds it: '', '0', '2' or '2 - Estrangeira…' (the code is the
 * leading digit). Blank is null; anything else gives NaN, which `productOriginSchema` refuses with its text.
 */
export function parseProductOrigin(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  const match = /^(\d+)(\s*[-–—].*)?$/s.exec(value);
  return match ? Number(match[1]) : Number.NaN;
}

/** The four fiscal fields of a product body (POST /products, PUT /products/{code}). */
export const productFiscalFields = {
  ncm: ncmSchema,
  cest: cestSchema,
  unit: productUnitSchema,
  origin: productOriginSchema,
};

/** NCM 85171300 reads 8517.13.00; CEST 2105300 reads 21.053.00 (as the tables print them). */
export const formatNcm = (ncm: string) => `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6)}`;
export const formatCest = (cest: string) => `${cest.slice(0, 2)}.${cest.slice(2, 5)}.${cest.slice(5)}`;

/* ------------------------------------------------------------------------------------------------------------
 * The shop's fiscal setup (issue 41 §1, decision 0056): 'Configurações' → 'Fiscal'. The issuer ('Emitente'), the
 * municipalities' search, the A1 certificate and the fiscal profiles ('Perfis fiscais'). The one place these
 * rules are written: the API keeps them, the web's form shows them.
 * ---------------------------------------------------------------------------------------------------------- */

/**
 * The 27 federative units with their IBGE codes: the first two digits of each municipality's IBGE code (and the
 * access key's cUF). `fiscal-municipalities.test.ts` binds this table to the shipped IBGE table.
 */
export const BRAZILIAN_STATES = [
  { uf: 'RO', ibge: 11, name: 'Rondônia' },
  { uf: 'AC', ibge: 12, name: 'Acre' },
  { uf: 'AM', ibge: 13, name: 'Amazonas' },
  { uf: 'RR', ibge: 14, name: 'Roraima' },
  { uf: 'PA', ibge: 15, name: 'Pará' },
  { uf: 'AP', ibge: 16, name: 'Amapá' },
  { uf: 'TO', ibge: 17, name: 'Tocantins' },
  { uf: 'MA', ibge: 21, name: 'Maranhão' },
  { uf: 'PI', ibge: 22, name: 'Piauí' },
  { uf: 'CE', ibge: 23, name: 'Ceará' },
  { uf: 'RN', ibge: 24, name: 'Rio Grande do Norte' },
  { uf: 'PB', ibge: 25, name: 'Paraíba' },
  { uf: 'PE', ibge: 26, name: 'Pernambuco' },
  { uf: 'AL', ibge: 27, name: 'Alagoas' },
  { uf: 'SE', ibge: 28, name: 'Sergipe' },
  { uf: 'BA', ibge: 29, name: 'Bahia' },
  { uf: 'MG', ibge: 31, name: 'Minas Gerais' },
  { uf: 'ES', ibge: 32, name: 'Espírito Santo' },
  { uf: 'RJ', ibge: 33, name: 'Rio de Janeiro' },
  { uf: 'SP', ibge: 35, name: 'São Paulo' },
  { uf: 'PR', ibge: 41, name: 'Paraná' },
  { uf: 'SC', ibge: 42, name: 'Santa Catarina' },
  { uf: 'RS', ibge: 43, name: 'Rio Grande do Sul' },
  { uf: 'MS', ibge: 50, name: 'Mato Grosso do Sul' },
  { uf: 'MT', ibge: 51, name: 'Mato Grosso' },
  { uf: 'GO', ibge: 52, name: 'Goiás' },
  { uf: 'DF', ibge: 53, name: 'Distrito Federal' },
] as const;
export type Uf = (typeof BRAZILIAN_STATES)[number]['uf'];
export const UFS = BRAZILIAN_STATES.map((state) => state.uf) as [Uf, ...Uf[]];

/** The UF's IBGE code (SP → 35), or undefined for what is no UF. */
export function ufIbgeCode(uf: string): number | undefined {
  return BRAZILIAN_STATES.find((state) => state.uf === uf)?.ibge;
}

/** The tax regime (NF-e `CRT`). */
export const TAX_REGIMES = [
  { code: 1, label: 'Simples Nacional' },
  { code: 2, label: 'Simples Nacional - excesso de sublimite de receita bruta' },
  { code: 3, label: 'Regime Normal' },
  { code: 4, label: 'Simples Nacional - Microempreendedor Individual (MEI)' },
] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number]['code'];
/** The regimes whose items carry a CSOSN (Simples Nacional, its excess, MEI); Regime Normal (3) carries the CST. */
export const CSOSN_REGIMES: readonly number[] = [1, 2, 4];
/** Which ICMS code a regime's items carry. */
export const icmsCodeKindOf = (crt: number): 'CST' | 'CSOSN' => (CSOSN_REGIMES.includes(crt) ? 'CSOSN' : 'CST');

/** SEFAZ's environment (NF-e `tpAmb`): 1 produção, 2 homologação (the default: a note there has no fiscal value). */
export const FISCAL_ENVIRONMENTS = [
  { code: 1, label: 'Produção' },
  { code: 2, label: 'Homologação' },
] as const;
export const DEFAULT_FISCAL_ENVIRONMENT = 2;

/** The two models the shop issues, and the series and next number an issuer starts with until saved. */
export const FISCAL_MODELS = [
  { model: 55, key: 'nfe', label: 'NF-e' },
  { model: 65, key: 'nfce', label: 'NFC-e' },
] as const;
export const DEFAULT_FISCAL_SERIES = 1;
export const MAX_FISCAL_SERIES = 999;
export const MAX_FISCAL_NUMBER = 999_999_999;

/** The A1 certificate's file (.pfx/.p12): at most 64 KB (a real one is 3 to 10 KB). */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;
/** The bell warns this many days before the certificate expires. */
export const CERTIFICATE_WARNING_DAYS = 30;
/** At most this many municipalities per search. */
export const MUNICIPALITY_SEARCH_LIMIT = 20;
/** At most this many products per assignment of a profile. */
export const FISCAL_PROFILE_ASSIGN_MAX = 1000;

export const FISCAL_SETUP_TEXTS = {
  providerCredentialsMissing: 'Para enviar pela Nuvem Fiscal, informe o client ID e o client secret.',
  providerSecretUnreadable:
    'O client secret da Nuvem Fiscal não pôde ser aberto (o segredo do servidor mudou?): informe-o de novo.',
  title: 'Fiscal',
  // The issuer.
  cnpjRequired: 'Informe o CNPJ do emitente.',
  cnpjInvalid: 'CNPJ do emitente inválido.',
  ieInvalid: "Informe a inscrição estadual: de 2 a 14 dígitos, ou 'ISENTO'.",
  legalNameInvalid: 'Informe a razão social (2 a 60 caracteres).',
  tradeNameInvalid: 'O nome fantasia deve ter de 1 a 60 caracteres.',
  crtInvalid:
    'Informe o regime tributário (CRT): 1 Simples Nacional, 2 Simples Nacional com excesso de sublimite, 3 Regime Normal ou 4 MEI.',
  streetInvalid: 'Informe o logradouro (2 a 60 caracteres).',
  numberInvalid: "Informe o número do endereço (até 60 caracteres; 'S/N' quando não houver).",
  complementInvalid: 'O complemento deve ter de 1 a 60 caracteres.',
  districtInvalid: 'Informe o bairro (2 a 60 caracteres).',
  cepInvalid: 'Informe o CEP com 8 dígitos (ex.: 01310-100).',
  ufInvalid: 'Informe a UF: a sigla do estado (ex.: SP).',
  cityNameInvalid: 'Informe o município (2 a 60 caracteres).',
  cityCodeInvalid: 'Informe o código IBGE do município: 7 dígitos (ex.: 3550308).',
  cityCodeOtherUf: (uf: string, prefix: number) =>
    `O código IBGE do município não é de ${uf}: os municípios de ${uf} começam por ${prefix}.`,
  cityCodeUnknown: (code: string) => `O código IBGE ${code} não é de nenhum município.`,
  cityNameDiffers: (typed: string, name: string, code: string) =>
    `O município ${typed} não é o do código IBGE ${code} (${name}).`,
  phoneInvalid: 'Informe o telefone com DDD (ex.: (11) 3456-7890).',
  environmentInvalid: 'Informe o ambiente: 1 (produção) ou 2 (homologação).',
  seriesInvalid: `Informe a série: um número de 0 a ${MAX_FISCAL_SERIES}.`,
  nextNumberInvalid: 'Informe o próximo número: de 1 a 999.999.999.',
  cscIdInvalid: 'Informe o identificador do CSC: até 6 dígitos (ex.: 000001).',
  cscTokenInvalid: 'Informe o CSC (código de segurança do contribuinte): até 36 letras e números.',
  cscIdRequired: 'Informe o identificador do CSC junto com o CSC.',
  cscMissing: 'Informe o CSC e o seu identificador em Configurações → Fiscal para emitir NFC-e.',
  cscUnreadable:
    'Não foi possível abrir o CSC guardado: o segredo do servidor (JWT_SECRET) mudou desde que foi salvo. Informe o CSC de novo em Configurações → Fiscal.',
  textCharacters: 'Use letras, números e sinais comuns (sem emojis nem símbolos especiais).',
  issuerSaved: 'Dados do emitente salvos.',
  // The municipalities.
  searchInvalid: 'Informe até 60 caracteres para buscar o município.',
  // The certificate.
  certificateFileRequired: 'Envie o arquivo do certificado A1 (.pfx ou .p12).',
  certificateTooLarge: 'O arquivo passa de 64 KB: envie o .pfx (ou .p12) do certificado A1.',
  certificatePasswordRequired: 'Informe a senha do certificado.',
  certificatePasswordWrong: 'Senha do certificado incorreta.',
  certificateNotPfx: 'O arquivo não é um certificado A1 (.pfx ou .p12).',
  certificateNoPrivateKey: 'O arquivo não traz a chave privada (RSA) do certificado.',
  certificateNoCertificate: 'O arquivo não traz o certificado da chave privada.',
  certificateUnsupported:
    'O arquivo usa um formato de PKCS#12 que não é lido aqui: exporte o certificado de novo como .pfx protegido por senha.',
  certificateTooManyIterations: (limit: string) =>
    `O arquivo pede mais de ${limit} iterações para abrir com a senha (um certificado A1 usa de 2.048 a 10.000) e não foi lido: exporte o certificado de novo como .pfx protegido por senha.`,
  certificateTooSlow: (seconds: number) =>
    `O certificado levou mais de ${seconds} s para abrir e a leitura foi interrompida: exporte o certificado de novo como .pfx protegido por senha.`,
  certificateExpired: (date: string) => `O certificado venceu em ${date}.`,
  certificateNotYetValid: (date: string) => `O certificado só vale a partir de ${date}.`,
  certificateNoCnpj: 'O certificado não traz um CNPJ: envie o e-CNPJ A1 da empresa.',
  certificateTwoCnpjs: (inName: string, inOtherName: string) =>
    `O certificado traz dois CNPJs diferentes: ${inName} no nome e ${inOtherName} no campo do CNPJ (ICP-Brasil).`,
  certificateOtherCnpj: (certificate: string, issuer: string) =>
    `O certificado é do CNPJ ${certificate}, não do emitente (${issuer}).`,
  certificateIssuerRequired: 'Salve os dados do emitente (CNPJ) antes de enviar o certificado.',
  certificateNone: 'Nenhum certificado A1 instalado: envie-o em Configurações → Fiscal.',
  certificateExpiredInstalled: (date: string) =>
    `O certificado A1 venceu em ${date}: envie o novo em Configurações → Fiscal.`,
  certificateUnreadable:
    'Não foi possível abrir o certificado guardado: o segredo do servidor (JWT_SECRET) mudou desde o envio. Envie o certificado de novo em Configurações → Fiscal.',
  issuerCnpjLocked: (cnpj: string) =>
    `O certificado instalado é do CNPJ ${cnpj}: remova-o antes de mudar o CNPJ do emitente para outra empresa.`,
  certificateUploaded: 'Certificado instalado.',
  certificateRemoved: 'Certificado removido.',
  bellTitle: 'Certificado digital vencendo',
  bellExpiredTitle: 'Certificado digital vencido',
  bellBody: (holder: string, days: number, date: string) =>
    days === 0
      ? `O certificado A1 de ${holder} vence hoje, ${date}. Envie o novo em Configurações → Fiscal.`
      : `O certificado A1 de ${holder} vence em ${days} ${days === 1 ? 'dia' : 'dias'}, em ${date}. Envie o novo em Configurações → Fiscal.`,
  bellExpiredBody: (holder: string, date: string) =>
    `O certificado A1 de ${holder} venceu em ${date}: nenhuma nota é emitida até o novo ser enviado em Configurações → Fiscal.`,
  // The profiles.
  profileIdInvalid: 'Perfil fiscal não encontrado.',
  profileNotFound: 'Perfil fiscal não encontrado.',
  profileNameInvalid: 'Informe o nome do perfil (1 a 60 caracteres).',
  profileNameTaken: (name: string) => `Já existe um perfil fiscal chamado ${name}.`,
  cfopInStateInvalid: 'Informe o CFOP dentro do estado: 4 dígitos começando por 5 (ex.: 5102).',
  cfopOutOfStateInvalid: 'Informe o CFOP para fora do estado: 4 dígitos começando por 6 (ex.: 6102).',
  icmsCstInvalid: 'CST do ICMS inválido: use 00, 40, 41, 50 ou 60.',
  icmsCsosnInvalid: 'CSOSN inválido: use 101, 102, 103, 300, 400 ou 500.',
  icmsOneCode: 'Informe o CST do ICMS (Regime Normal) ou o CSOSN (Simples Nacional), um dos dois.',
  icmsCodeForRegime: (kind: 'CST' | 'CSOSN', regime: string) =>
    kind === 'CSOSN'
      ? `O emitente é do ${regime}: informe o CSOSN do ICMS, não o CST.`
      : `O emitente é do ${regime}: informe o CST do ICMS, não o CSOSN.`,
  pisCstInvalid: 'CST do PIS inválido numa venda: use 01, 02, 04 a 09, 49 ou 99.',
  cofinsCstInvalid: 'CST da COFINS inválido numa venda: use 01, 02, 04 a 09, 49 ou 99.',
  ibsCbsCstInvalid: 'Informe o CST do IBS/CBS: 3 dígitos (ex.: 000).',
  cClassTribInvalid: 'Informe o cClassTrib: 6 dígitos (ex.: 000001).',
  cClassTribOfCst: 'O cClassTrib deve começar pelo CST do IBS/CBS (ex.: CST 000, cClassTrib 000001).',
  rateInvalid: 'Informe a alíquota em %, de 0 a 100, com até 4 casas decimais.',
  productIdsInvalid: `Informe de 1 a ${FISCAL_PROFILE_ASSIGN_MAX} produtos, cada um uma vez.`,
  productsNotFound: (ids: readonly number[]) => `Produto(s) não encontrado(s): ${ids.join(', ')}.`,
  profileInUse: (name: string, count: number) =>
    `O perfil ${name} está em ${count} ${count === 1 ? 'produto' : 'produtos'}: passe-os para outro perfil antes de excluí-lo.`,
  profileSaved: (name: string) => `Perfil ${name} salvo.`,
  profileDeleted: (name: string) => `Perfil ${name} excluído.`,
  profileAssigned: (name: string, count: number) =>
    `${count} ${count === 1 ? 'produto passou' : 'produtos passaram'} para o perfil ${name}.`,
} as const;

/* ---------- The issuer ---------- */

/**
 * A text of the NF-e (its TString: Latin-1 characters, no control characters), trimmed and its spaces collapsed,
 * between `min` and `max` characters.
 */
const NFE_TEXT = /^[\x20-\x7E\u00A0-\u00FF]*$/;
const nfeText = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine((value) => value.length >= min && value.length <= max, message)
    .refine((value) => NFE_TEXT.test(value), FISCAL_SETUP_TEXTS.textCharacters);
/** The same, optional: absent, null or blank is none. */
const optionalNfeText = (max: number, message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((value) => (value == null ? null : value.trim().replace(/\s+/g, ' ') || null))
    .refine((value) => value === null || value.length <= max, message)
    .refine((value) => value === null || NFE_TEXT.test(value), FISCAL_SETUP_TEXTS.textCharacters);

/** The issuer's CNPJ (numeric or alphanumeric, its check digits verified), kept normalised: 11222333000181. */
export const issuerCnpjSchema = z
  .string({ error: FISCAL_SETUP_TEXTS.cnpjRequired })
  .trim()
  .min(1, FISCAL_SETUP_TEXTS.cnpjRequired)
  .max(30, FISCAL_SETUP_TEXTS.cnpjInvalid)
  .refine((value) => isValidCnpj(value), FISCAL_SETUP_TEXTS.cnpjInvalid)
  .transform((value) => normalizeDocument(value));

/** 'Inscrição estadual': 2 to 14 digits (dots, dashes, slashes and spaces dropped) or 'ISENTO', whatever its case. */
export const stateRegistrationSchema = z
  .string({ error: FISCAL_SETUP_TEXTS.ieInvalid })
  .max(30, FISCAL_SETUP_TEXTS.ieInvalid)
  .transform(normalizeStateRegistration)
  .refine(isValidStateRegistration, FISCAL_SETUP_TEXTS.ieInvalid);

const crtSchema = z
  .number({ error: FISCAL_SETUP_TEXTS.crtInvalid })
  .int(FISCAL_SETUP_TEXTS.crtInvalid)
  .min(1, FISCAL_SETUP_TEXTS.crtInvalid)
  .max(4, FISCAL_SETUP_TEXTS.crtInvalid);

const ufSchema = z.enum(UFS, { error: FISCAL_SETUP_TEXTS.ufInvalid });

/** A municipality's IBGE code: 7 digits. */
export const cityCodeSchema = z
  .string({ error: FISCAL_SETUP_TEXTS.cityCodeInvalid })
  .trim()
  .regex(/^\d{7}$/, FISCAL_SETUP_TEXTS.cityCodeInvalid);

const seriesSchema = z
  .number({ error: FISCAL_SETUP_TEXTS.seriesInvalid })
  .int(FISCAL_SETUP_TEXTS.seriesInvalid)
  .min(0, FISCAL_SETUP_TEXTS.seriesInvalid)
  .max(MAX_FISCAL_SERIES, FISCAL_SETUP_TEXTS.seriesInvalid);
const nextNumberSchema = z
  .number({ error: FISCAL_SETUP_TEXTS.nextNumberInvalid })
  .int(FISCAL_SETUP_TEXTS.nextNumberInvalid)
  .min(1, FISCAL_SETUP_TEXTS.nextNumberInvalid)
  .max(MAX_FISCAL_NUMBER, FISCAL_SETUP_TEXTS.nextNumberInvalid);
/** A model's series and the number its next note takes. */
export const fiscalNumberingSchema = z.object({ series: seriesSchema, nextNumber: nextNumberSchema }).strict();
export type FiscalNumbering = z.infer<typeof fiscalNumberingSchema>;

export const issuerAddressBodySchema = z
  .object({
    street: nfeText(2, 60, FISCAL_SETUP_TEXTS.streetInvalid),
    number: nfeText(1, 60, FISCAL_SETUP_TEXTS.numberInvalid),
    complement: optionalNfeText(60, FISCAL_SETUP_TEXTS.complementInvalid),
    district: nfeText(2, 60, FISCAL_SETUP_TEXTS.districtInvalid),
    cep: z
      .string({ error: FISCAL_SETUP_TEXTS.cepInvalid })
      .max(20, FISCAL_SETUP_TEXTS.cepInvalid)
      .transform((value) => value.replace(/[.\-\s]/g, ''))
      .refine((value) => /^\d{8}$/.test(value), FISCAL_SETUP_TEXTS.cepInvalid),
    uf: ufSchema,
    cityCode: cityCodeSchema,
    /** Optional: the IBGE table's name of `cityCode` is kept; one typed must be that name (accents and case aside). */
    cityName: nfeText(2, 60, FISCAL_SETUP_TEXTS.cityNameInvalid).optional(),
  })
  .strict()
  .superRefine((address, ctx) => {
    const prefix = ufIbgeCode(address.uf);
    if (prefix !== undefined && !address.cityCode.startsWith(String(prefix))) {
      ctx.addIssue({
        code: 'custom',
        path: ['cityCode'],
        message: FISCAL_SETUP_TEXTS.cityCodeOtherUf(address.uf, prefix),
      });
    }
  });

/** How the notes go out: straight to the state's SEFAZ, or through Nuvem Fiscal's REST API (decision 0057). */
export const FISCAL_TRANSPORTS = ['SEFAZ', 'NUVEM_FISCAL'] as const;
export type FiscalTransport = (typeof FISCAL_TRANSPORTS)[number];
export const FISCAL_TRANSPORT_LABELS: Record<FiscalTransport, string> = {
  SEFAZ: 'Direto na SEFAZ do estado',
  NUVEM_FISCAL: 'Pela Nuvem Fiscal (API)',
};
/** When an order's note is emitted by itself: never, or when the order is handed over (delivered or finalized). */
export const FISCAL_AUTO_EMIT = ['OFF', 'HANDOVER'] as const;
export type FiscalAutoEmit = (typeof FISCAL_AUTO_EMIT)[number];
export const FISCAL_AUTO_EMIT_LABELS: Record<FiscalAutoEmit, string> = {
  OFF: 'Não: a nota é emitida no pedido',
  HANDOVER: 'Sim: ao entregar ou finalizar o pedido',
};

const providerCredentialText = z
  .string({ error: 'Informe o client ID e o client secret da Nuvem Fiscal.' })
  .trim()
  .min(1, 'Informe o client ID e o client secret da Nuvem Fiscal.')
  .max(200, 'Informe o client ID e o client secret da Nuvem Fiscal.');

/**
 * Body of PUT /fiscal/issuer: the whole issuer. `cscToken` absent keeps the one saved, null removes it; `transport`,
 * `provider` and `autoEmit` absent keep what is saved (`provider.clientSecret` as `cscToken`).
 */
export const fiscalIssuerBodySchema = z
  .object({
    cnpj: issuerCnpjSchema,
    ie: stateRegistrationSchema,
    legalName: nfeText(2, 60, FISCAL_SETUP_TEXTS.legalNameInvalid),
    tradeName: optionalNfeText(60, FISCAL_SETUP_TEXTS.tradeNameInvalid),
    crt: crtSchema,
    address: issuerAddressBodySchema,
    phone: z
      .string({ error: FISCAL_SETUP_TEXTS.phoneInvalid })
      .max(30, FISCAL_SETUP_TEXTS.phoneInvalid)
      .nullish()
      .transform((value) => (value?.trim() ? value.trim() : null))
      .refine((value) => value === null || isValidPhone(value), FISCAL_SETUP_TEXTS.phoneInvalid)
      .transform((value) => (value === null ? null : localPhoneDigits(value))),
    environment: z
      .number({ error: FISCAL_SETUP_TEXTS.environmentInvalid })
      .int(FISCAL_SETUP_TEXTS.environmentInvalid)
      .min(1, FISCAL_SETUP_TEXTS.environmentInvalid)
      .max(2, FISCAL_SETUP_TEXTS.environmentInvalid)
      .default(DEFAULT_FISCAL_ENVIRONMENT),
    nfe: fiscalNumberingSchema,
    nfce: fiscalNumberingSchema,
    cscId: z
      .string({ error: FISCAL_SETUP_TEXTS.cscIdInvalid })
      .nullish()
      .transform((value) => (value?.trim() ? value.trim() : null))
      .refine((value) => value === null || /^\d{1,6}$/.test(value), FISCAL_SETUP_TEXTS.cscIdInvalid),
    cscToken: z
      .string({ error: FISCAL_SETUP_TEXTS.cscTokenInvalid })
      .trim()
      .regex(/^[A-Za-z0-9]{1,36}$/, FISCAL_SETUP_TEXTS.cscTokenInvalid)
      .nullable()
      .optional(),
    transport: z.enum(FISCAL_TRANSPORTS, { error: 'Escolha como as notas são enviadas.' }).optional(),
    provider: z
      .strictObject({
        sandbox: z.boolean({ error: 'Informe o ambiente da Nuvem Fiscal (sandbox ou produção).' }),
        clientId: providerCredentialText.nullable(),
        clientSecret: providerCredentialText.nullable().optional(),
      })
      .optional(),
    autoEmit: z.enum(FISCAL_AUTO_EMIT, { error: 'Escolha quando a nota é emitida.' }).optional(),
  })
  .strict()
  .superRefine((issuer, ctx) => {
    if (typeof issuer.cscToken === 'string' && issuer.cscId === null) {
      ctx.addIssue({ code: 'custom', path: ['cscId'], message: FISCAL_SETUP_TEXTS.cscIdRequired });
    }
  });
export type FiscalIssuerBody = z.input<typeof fiscalIssuerBodySchema>;
export type FiscalIssuerInput = z.output<typeof fiscalIssuerBodySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * The issuer as GET and PUT /fiscal/issuer answer it. `saved` false: never saved, its CNPJ and legal name taken
 * from the company's settings (a suggestion), the rest empty. The CSC token is never answered: `cscConfigured`.
 */
export const fiscalIssuerSchema = z.object({
  saved: z.boolean(),
  cnpj: z.string().nullable(),
  ie: z.string().nullable(),
  legalName: z.string().nullable(),
  tradeName: z.string().nullable(),
  crt: z.number().int().nullable(),
  address: z
    .object({
      street: z.string(),
      number: z.string(),
      complement: z.string().nullable(),
      district: z.string(),
      cep: z.string(),
      uf: z.string(),
      cityCode: z.string(),
      cityName: z.string(),
    })
    .nullable(),
  phone: z.string().nullable(),
  environment: z.number().int(),
  nfe: z.object({ series: z.number().int(), nextNumber: z.number().int() }),
  nfce: z.object({ series: z.number().int(), nextNumber: z.number().int() }),
  cscId: z.string().nullable(),
  cscConfigured: z.boolean(),
  transport: z.enum(FISCAL_TRANSPORTS),
  /** Nuvem Fiscal's environment and client id; the secret never answered (`secretConfigured`). */
  provider: z.object({ sandbox: z.boolean(), clientId: z.string().nullable(), secretConfigured: z.boolean() }),
  autoEmit: z.enum(FISCAL_AUTO_EMIT),
  updatedAt: z.string().nullable(),
  updatedBy: personSchema.nullable(),
});
export type FiscalIssuer = z.infer<typeof fiscalIssuerSchema>;

/* ---------- The municipalities ---------- */

export const municipalitySchema = z.object({ code: z.string(), name: z.string(), uf: z.string() });
export type Municipality = z.infer<typeof municipalitySchema>;

/** GET /fiscal/municipalities?q=&uf=: a name (accents and case aside) or a 7-digit code, within a UF. */
export const municipalitiesQuerySchema = z
  .object({
    q: z
      .string({ error: FISCAL_SETUP_TEXTS.searchInvalid })
      .trim()
      .max(60, FISCAL_SETUP_TEXTS.searchInvalid)
      .optional(),
    uf: ufSchema.optional(),
  })
  .strict();
export type MunicipalitiesQuery = z.infer<typeof municipalitiesQuerySchema>;

/* ---------- The certificate ---------- */

/** The installed A1 certificate as shown (never its file nor its password). */
export const fiscalCertificateSchema = z.object({
  holder: z.string(),
  /** Normalised, 14 characters. */
  cnpj: z.string(),
  /** Hexadecimal, upper case. */
  serialNumber: z.string(),
  /** SHA-1 of the certificate's DER, 40 hexadecimal digits, upper case. */
  sha1Fingerprint: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  /** Calendar days (the business's) from today to the day it expires: 0 on that day, negative once expired. */
  daysToExpiry: z.number().int(),
  expired: z.boolean(),
  uploadedBy: personSchema.nullable(),
  uploadedAt: z.string(),
});
export type FiscalCertificate = z.infer<typeof fiscalCertificateSchema>;

/* ---------- The fiscal profiles ---------- */

/**
 * The codes a profile may carry: those of a sale whose note BackOffice writes whole (nfe-builder.ts). ICMS CST
 * (Regime Normal, Tabela B): taxed in full (00), exempt or not taxed (40, 41), suspended (50), already charged by
 * substitution (60) — a phone's usual case. CSOSN (Simples Nacional): 101 (with the credit), 102, 103, 300, 400, and
 * 500 (already charged by substitution). CSTs needing more of the note (reduced base, substitution charged here:
 * 10, 20, 30, 51, 70, 90; CSOSN 201–203, 900) are not offered until the builder writes their groups.
 */
export const ICMS_CSTS = ['00', '40', '41', '50', '60'] as const;
/** ICMS CSOSN (Simples Nacional). */
export const ICMS_CSOSNS = ['101', '102', '103', '300', '400', '500'] as const;
/**
 * PIS and COFINS CST of a sale (the same table for both): taxed at a rate (01, 02), not taxed (04–09), other
 * operations (49, 99). 50–75 are the purchases' (credits), 03 a rate per unit.
 */
export const PIS_COFINS_CSTS = ['01', '02', '04', '05', '06', '07', '08', '09', '49', '99'] as const;

/** A rate as ten-thousandths of a percent (0,9 % → 9000; 18 % → 180000): what the database keeps, exactly. */
export function percentToTenThousandths(percent: number): number {
  return Math.round(percent * 10_000);
}
export function tenThousandthsToPercent(value: number): number {
  return value / 10_000;
}
/** At most four decimals (0.9, 1.65, 0.0125; not 0.00001): a rate as the NF-e's fields carry it. */
export function hasFourDecimals(value: number): boolean {
  return Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6;
}

/** A rate in %: 0 to 100, at most four decimals. */
export const fiscalRateSchema = z
  .number({ error: FISCAL_SETUP_TEXTS.rateInvalid })
  .min(0, FISCAL_SETUP_TEXTS.rateInvalid)
  .max(100, FISCAL_SETUP_TEXTS.rateInvalid)
  .refine(hasFourDecimals, FISCAL_SETUP_TEXTS.rateInvalid);

const codeOf = <T extends readonly [string, ...string[]]>(codes: T, message: string) =>
  z.enum(codes, { error: message });
const optionalCodeOf = <T extends readonly [string, ...string[]]>(codes: T, message: string) =>
  z
    .union([z.enum(codes, { error: message }), z.null()], { error: message })
    .optional()
    .transform((value) => value ?? null);

/** The reform's group (IBS and CBS): its CST, its classification (cClassTrib, starting with the CST) and rates. */
export const ibsCbsSchema = z
  .object({
    cst: z.string({ error: FISCAL_SETUP_TEXTS.ibsCbsCstInvalid }).regex(/^\d{3}$/, FISCAL_SETUP_TEXTS.ibsCbsCstInvalid),
    cClassTrib: z
      .string({ error: FISCAL_SETUP_TEXTS.cClassTribInvalid })
      .regex(/^\d{6}$/, FISCAL_SETUP_TEXTS.cClassTribInvalid),
    cbsRate: fiscalRateSchema,
    ibsUfRate: fiscalRateSchema,
    ibsMunRate: fiscalRateSchema,
  })
  .strict()
  .refine((group) => group.cClassTrib.startsWith(group.cst), {
    message: FISCAL_SETUP_TEXTS.cClassTribOfCst,
    path: ['cClassTrib'],
  });
export type IbsCbs = z.infer<typeof ibsCbsSchema>;

/**
 * Body of POST /fiscal/profiles and PUT /fiscal/profiles/{id}: the taxes of a kind of product. ICMS by CST (Regime
 * Normal) or CSOSN (Simples Nacional), one of the two; `ibsCbs` the reform's group, or null where the regime does
 * not carry it yet. Rates in % with up to four decimals.
 */
export const fiscalProfileBodySchema = z
  .object({
    name: z
      .string({ error: FISCAL_SETUP_TEXTS.profileNameInvalid })
      .trim()
      .min(1, FISCAL_SETUP_TEXTS.profileNameInvalid)
      .max(60, FISCAL_SETUP_TEXTS.profileNameInvalid)
      .refine((value) => NFE_TEXT.test(value), FISCAL_SETUP_TEXTS.textCharacters),
    /** The shop's default profile (the one a product without its own is invoiced with); one at most. */
    isDefault: z.boolean().optional().default(false),
    cfopInState: z
      .string({ error: FISCAL_SETUP_TEXTS.cfopInStateInvalid })
      .regex(/^5\d{3}$/, FISCAL_SETUP_TEXTS.cfopInStateInvalid),
    cfopOutOfState: z
      .string({ error: FISCAL_SETUP_TEXTS.cfopOutOfStateInvalid })
      .regex(/^6\d{3}$/, FISCAL_SETUP_TEXTS.cfopOutOfStateInvalid),
    icmsCst: optionalCodeOf(ICMS_CSTS, FISCAL_SETUP_TEXTS.icmsCstInvalid),
    icmsCsosn: optionalCodeOf(ICMS_CSOSNS, FISCAL_SETUP_TEXTS.icmsCsosnInvalid),
    icmsRate: fiscalRateSchema,
    pisCst: codeOf(PIS_COFINS_CSTS, FISCAL_SETUP_TEXTS.pisCstInvalid),
    pisRate: fiscalRateSchema,
    cofinsCst: codeOf(PIS_COFINS_CSTS, FISCAL_SETUP_TEXTS.cofinsCstInvalid),
    cofinsRate: fiscalRateSchema,
    ibsCbs: ibsCbsSchema
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .strict()
  .refine((profile) => (profile.icmsCst === null) !== (profile.icmsCsosn === null), {
    message: FISCAL_SETUP_TEXTS.icmsOneCode,
    path: ['icmsCst'],
  });
export type FiscalProfileBody = z.input<typeof fiscalProfileBodySchema>;
export type FiscalProfileInput = z.output<typeof fiscalProfileBodySchema>;

export const fiscalProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  cfopInState: z.string(),
  cfopOutOfState: z.string(),
  icmsCst: z.string().nullable(),
  icmsCsosn: z.string().nullable(),
  icmsRate: z.number(),
  pisCst: z.string(),
  pisRate: z.number(),
  cofinsCst: z.string(),
  cofinsRate: z.number(),
  ibsCbs: z
    .object({
      cst: z.string(),
      cClassTrib: z.string(),
      cbsRate: z.number(),
      ibsUfRate: z.number(),
      ibsMunRate: z.number(),
    })
    .nullable(),
  /** How many products are invoiced with it (their own profile). */
  productCount: z.number().int(),
  updatedAt: z.string(),
});
export type FiscalProfile = z.infer<typeof fiscalProfileSchema>;

/** Body of PUT /fiscal/profiles/{id}/products: the products that take the profile (one transaction). */
export const fiscalProfileAssignBodySchema = z
  .object({
    productIds: z
      .array(idSchema(FISCAL_SETUP_TEXTS.productIdsInvalid), { error: FISCAL_SETUP_TEXTS.productIdsInvalid })
      .min(1, FISCAL_SETUP_TEXTS.productIdsInvalid)
      .max(FISCAL_PROFILE_ASSIGN_MAX, FISCAL_SETUP_TEXTS.productIdsInvalid)
      .refine((ids) => new Set(ids).size === ids.length, FISCAL_SETUP_TEXTS.productIdsInvalid),
  })
  .strict();

export const fiscalProfileAssignedSchema = z.object({ profile: fiscalProfileSchema, assigned: z.number().int() });
