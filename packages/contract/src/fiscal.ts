import { z } from 'zod';

/**
 * The fiscal contract: a product's fiscal fields here; the shop's fiscal setup (issue 41 §1, decision 0056) in
 * `fiscal-setup.ts` (the states, regimes, environments, models, limits and texts), `fiscal-issuer-schemas.ts` (the
 * issuer, the municipalities' search, the A1 certificate) and `fiscal-profile-schemas.ts` (the fiscal profiles);
 * the IBPT table of approximate taxes in `fiscal-ibpt.ts`; the notes in `fiscal-notes.ts`.
 */
export * from './fiscal-cest';
export * from './fiscal-ibpt';
export * from './fiscal-issuer-schemas';
export * from './fiscal-profile-schemas';
export * from './fiscal-setup';

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
