import { z } from 'zod';
import { isValidDocument, normalizeDocument, onlyDigits } from './documents';
import { pagedSchema } from './paging';
import { normalizeSearch } from './text';

/**
 * Suppliers ('Fornecedores', issue 39 §1, decision 0047): who the shop buys from, by CPF or CNPJ (the
 * alphanumeric CNPJ too, check digits verified), kept normalised like the customers' documents. A supplier is
 * also created (or matched by its document) from an imported NF-e's issuer (`emit`).
 */

export const SUPPLIER_PAGE_SIZE = 25;

export const SUPPLIER_TEXTS = {
  notFound: 'Fornecedor não encontrado.',
  idInvalid: 'Número de fornecedor inválido.',
  nameInvalid: 'Informe o nome do fornecedor (1 a 200 caracteres).',
  documentInvalid: 'CNPJ ou CPF inválido: confira os dígitos verificadores.',
  documentTaken: (name: string) => `Já existe um fornecedor com este CNPJ/CPF: ${name}.`,
  emailInvalid: 'E-mail inválido.',
  phoneInvalid: 'Telefone inválido: informe de 8 a 13 dígitos.',
  stateInvalid: 'Informe a UF com 2 letras (SP, RJ…).',
  postalCodeInvalid: 'CEP inválido: informe os 8 dígitos.',
  textTooLong: 'Texto longo demais (até 200 caracteres).',
  created: (name: string) => `Fornecedor ${name} cadastrado.`,
  saved: (name: string) => `Fornecedor ${name} salvo.`,
} as const;

const optionalText = (max = 200) =>
  z
    .string({ error: SUPPLIER_TEXTS.textTooLong })
    .trim()
    .max(max, SUPPLIER_TEXTS.textTooLong)
    .transform((value) => value || null)
    .nullable()
    .optional();

/** A supplier's address (each part optional). */
export const supplierAddressSchema = z.object({
  street: optionalText(),
  number: optionalText(20),
  complement: optionalText(),
  district: optionalText(),
  city: optionalText(),
  state: z
    .string({ error: SUPPLIER_TEXTS.stateInvalid })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), SUPPLIER_TEXTS.stateInvalid)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  postalCode: z
    .string({ error: SUPPLIER_TEXTS.postalCodeInvalid })
    .transform(onlyDigits)
    .refine((value) => value === '' || value.length === 8, SUPPLIER_TEXTS.postalCodeInvalid)
    .transform((value) => value || null)
    .nullable()
    .optional(),
});
export type SupplierAddressInput = z.input<typeof supplierAddressSchema>;

/** Body of POST /suppliers (and, every field optional, of PATCH /suppliers/{id}). */
export const supplierBodySchema = z.object({
  name: z.string({ error: SUPPLIER_TEXTS.nameInvalid }).trim().min(1, SUPPLIER_TEXTS.nameInvalid).max(200),
  tradeName: optionalText(),
  document: z
    .string({ error: SUPPLIER_TEXTS.documentInvalid })
    .transform(normalizeDocument)
    .refine((value) => (value.length === 11 || value.length === 14) && isValidDocument(value), {
      error: SUPPLIER_TEXTS.documentInvalid,
    }),
  stateRegistration: optionalText(30),
  contactName: optionalText(),
  phone: z
    .string({ error: SUPPLIER_TEXTS.phoneInvalid })
    .transform(onlyDigits)
    .refine((value) => value === '' || (value.length >= 8 && value.length <= 13), SUPPLIER_TEXTS.phoneInvalid)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  email: z
    .string({ error: SUPPLIER_TEXTS.emailInvalid })
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || z.email().safeParse(value).success, SUPPLIER_TEXTS.emailInvalid)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  address: supplierAddressSchema.optional(),
});
export type SupplierBody = z.input<typeof supplierBodySchema>;
export type SupplierInput = z.output<typeof supplierBodySchema>;

export const supplierPatchSchema = supplierBodySchema.partial();
export type SupplierPatch = z.output<typeof supplierPatchSchema>;

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tradeName: z.string().nullable(),
  /** Normalised: digits (and the letters of an alphanumeric CNPJ), no punctuation. */
  document: z.string(),
  documentType: z.enum(['CPF', 'CNPJ']),
  stateRegistration: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.object({
    street: z.string().nullable(),
    number: z.string().nullable(),
    complement: z.string().nullable(),
    district: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(SUPPLIER_PAGE_SIZE),
  /** Words of the name or trade name, or the CNPJ/CPF or phone typed with or without punctuation. */
  search: z.string().trim().max(200).optional(),
});
export type SupplierListQuery = z.infer<typeof supplierListQuerySchema>;
export const supplierExportQuerySchema = supplierListQuerySchema.omit({ page: true, size: true });
export const supplierPageSchema = pagedSchema(supplierSchema);

/** What the suppliers list and export search: name, trade name, document and phone, accent- and case-free. */
export function supplierSearchText(s: {
  name: string;
  tradeName?: string | null;
  document: string;
  phone?: string | null;
}): string {
  return normalizeSearch([s.name, s.tradeName ?? '', s.document, s.phone ?? ''].join(' '));
}

export const SUPPLIER_CSV_HEADERS = [
  'Nome',
  'Nome fantasia',
  'CNPJ/CPF',
  'Inscrição estadual',
  'Contato',
  'Telefone',
  'E-mail',
  'Endereço',
  'Cidade',
  'UF',
  'CEP',
  'Cadastrado em',
] as const;
