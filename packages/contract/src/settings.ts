import { z } from 'zod';
import { formatDocument, isValidCnpj, isValidCpf, isValidPhone, normalizeDocument, onlyDigits } from './documents';
import { controlCharacterIn } from './imports';
import { labelledValues } from './labelled-values';
import { PIX_LIMITS, toPixText } from './pix';

/** The company whose settings the back-office edits: a fixed constant of the client (spec section 3). */
export const COMPANY_ID = 1;

export const BANK_SETTING_TYPE_LABELS = { Pix: 'Pix', Transfer: 'Transferência' };
export const BANK_SETTING_TYPES = labelledValues(BANK_SETTING_TYPE_LABELS);
export type BankSettingType = (typeof BANK_SETTING_TYPES)[number];

/** The kinds of Pix key the DICT knows; EVP is the random key (a UUID). */
export const PIX_KEY_TYPE_LABELS = {
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  PHONE: 'Celular',
  EMAIL: 'E-mail',
  EVP: 'Chave aleatória',
};
export const PIX_KEY_TYPES = labelledValues(PIX_KEY_TYPE_LABELS);
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const SETTINGS_LIMITS = { name: 80, bank: 80, text: 120, companyName: 120, companyAddress: 200 } as const;

export const SETTINGS_TEXTS = {
  typeRequired: 'Informe o tipo: Pix ou Transfer.',
  nameRequired: 'Informe o nome.',
  nameTooLong: `Nome com no máximo ${SETTINGS_LIMITS.name} caracteres.`,
  pixTypeRequired: 'Escolha o tipo da chave Pix.',
  pixKeyRequired: 'Informe a chave Pix.',
  pixKeyInvalid: {
    CPF: 'Chave CPF inválida: informe os 11 dígitos de um CPF válido.',
    CNPJ: 'Chave CNPJ inválida: informe os 14 caracteres de um CNPJ válido.',
    PHONE: 'Celular inválido: informe +55, DDD e número, com 10 ou 11 dígitos.',
    EMAIL: 'E-mail inválido para chave Pix.',
    EVP: 'Chave aleatória inválida: deve ser um UUID como 123e4567-e89b-12d3-a456-426614174000.',
  } satisfies Record<PixKeyType, string>,
  bankInvalid: 'Informe o banco com o código de 3 dígitos, ex.: Itaú Unibanco (341).',
  agencyInvalid: 'Agência inválida: 4 dígitos, com dígito verificador opcional (ex.: 0912 ou 0912-3).',
  accountInvalid: 'Conta inválida: números e o dígito verificador (ex.: 45873-2).',
  cnpjRequired: 'Informe o CNPJ do titular.',
  cnpjInvalid: 'CNPJ do titular inválido.',
  notForPix: 'Agência e conta são de transferência; uma chave Pix não as usa.',
  notForTransfer: 'Chave Pix não se aplica a uma transferência bancária.',
  typeChanged: 'O tipo de uma informação bancária não pode ser alterado.',
  idInvalid: 'Identificador inválido.',
  notFound: 'Informação bancária não encontrada.',
  activePixTypeTaken: (type: PixKeyType) =>
    `Já existe uma chave Pix do tipo ${PIX_KEY_TYPE_LABELS[type]} ativa. Desative-a antes de ativar outra.`,
  accountTaken: 'Esta conta bancária já está cadastrada.',
  companyNotFound: 'Empresa não encontrada.',
  merchantNameInvalid: `Nome do recebedor Pix: de 1 a ${PIX_LIMITS.merchantName} caracteres (sem acentos).`,
  merchantCityInvalid: `Cidade do recebedor Pix: de 1 a ${PIX_LIMITS.merchantCity} caracteres (sem acentos).`,
  pixAutoRequired: 'Informe se o Pix automático está ligado.',
  orderNotFound: 'Pedido não encontrado.',
  noActivePixKey: 'Nenhuma chave Pix ativa. Cadastre uma chave em Configurações.',
  merchantMissing: 'Informe o nome e a cidade do recebedor Pix em Configurações da Empresa.',
  companyNameRequired: 'Informe o nome da empresa.',
  companyNameTooLong: 'O nome da empresa pode ter no máximo 120 caracteres.',
  companyCnpjRequired: 'Informe o CNPJ da empresa.',
  companyCnpjInvalid: 'CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.',
  companyAddressTooLong: `O endereço da empresa pode ter no máximo ${SETTINGS_LIMITS.companyAddress} caracteres.`,
  companyAddressInvalid: 'O endereço da empresa não pode ter caracteres de controle.',
} as const;

// ---------- Pix keys, bank, agency, account: what a bank accepts, in the form the DICT stores ----------

const EMAIL_KEY =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A phone key as +55DDDNUMBER: accepts "+55 11 98765-4321", "(11) 98765-4321", "5511987654321". */
export function normalizePixPhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = onlyDigits(trimmed);
  if (trimmed.startsWith('+')) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  } else if (digits.length >= 12 && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  if (digits.length < 10 || digits.length > 11 || !isValidPhone(digits)) return null;
  return `+55${digits}`;
}

/**
 * The key as the DICT holds it, or null when it is not a valid key of that type: CPF as 11 digits, CNPJ as
 * 14 characters (alphanumeric CNPJ upper-cased), phone as +55DDDNUMBER, e-mail and random key lower-cased.
 */
export function normalizePixKey(type: PixKeyType, value: string): string | null {
  const trimmed = value.trim();
  switch (type) {
    case 'CPF':
      return /^[\d.\s-]+$/.test(trimmed) && isValidCpf(trimmed) ? onlyDigits(trimmed) : null;
    case 'CNPJ':
      return /^[\dA-Za-z./\s-]+$/.test(trimmed) && isValidCnpj(trimmed) ? normalizeDocument(trimmed) : null;
    case 'PHONE':
      return normalizePixPhone(trimmed);
    case 'EMAIL': {
      const email = trimmed.toLowerCase();
      return email.length <= PIX_LIMITS.key && EMAIL_KEY.test(email) ? email : null;
    }
    case 'EVP': {
      const uuid = trimmed.toLowerCase();
      return UUID.test(uuid) ? uuid : null;
    }
  }
}

/** The bank as "Name (NNN)" with its 3-digit COMPE code: accepts "341 - Itaú Unibanco", "Itaú (341)". */
export function normalizeBank(value: string): string | null {
  const codes = value.match(/(?<!\d)\d{3}(?!\d)/g);
  const code = codes?.length === 1 ? codes[0] : undefined;
  if (code === undefined || /\d{4}/.test(value)) return null;
  const name = value
    .replace(code, ' ')
    .replace(/[()[\]]/g, ' ')
    .replace(/^[\s\-–:]+|[\s\-–:]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if ((name.match(/\p{L}/gu) ?? []).length < 2) return null;
  const bank = `${name} (${code})`;
  return bank.length <= SETTINGS_LIMITS.bank ? bank : null;
}

/** Agency: 4 digits, with an optional check digit (0–9 or X): "0912", "0912-3". */
export function normalizeAgency(value: string): string | null {
  const match = value.replace(/\s/g, '').match(/^(\d{4})(?:-?([\dXx]))?$/);
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2].toUpperCase()}` : (match[1] as string);
}

/** Account: 1 to 12 digits and a check digit (0–9 or X): "45873-2" (also typed "458732" or "45.873-2"). */
export function normalizeAccount(value: string): string | null {
  const match = value.replace(/[\s.]/g, '').match(/^(\d{1,12})-?([\dXx])$/);
  return match ? `${match[1]}-${(match[2] as string).toUpperCase()}` : null;
}

// ---------- bank settings ----------

/** An empty text (or only spaces) counts as absent. */
const optionalText = z
  .string()
  .max(SETTINGS_LIMITS.text)
  .nullish()
  .transform((value) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  });

export const bankSettingSchema = z.object({
  id: z.number().int(),
  bankSettingsType: z.enum(BANK_SETTING_TYPES),
  name: z.string(),
  bank: z.string().nullable(),
  account: z.string().nullable(),
  agency: z.string().nullable(),
  cnpj: z.string().nullable(),
  pixType: z.enum(PIX_KEY_TYPES).nullable(),
  pixKey: z.string().nullable(),
  disabled: z.boolean(),
});
export type BankSetting = z.infer<typeof bankSettingSchema>;

/** A bank setting as stored, normalised. */
export interface BankSettingData {
  bankSettingsType: BankSettingType;
  name: string;
  bank: string | null;
  agency: string | null;
  account: string | null;
  cnpj: string | null;
  pixType: PixKeyType | null;
  pixKey: string | null;
  disabled: boolean;
}

/**
 * The `settings` of PUT /orders/bank-settings (and the web form): no id creates, an id updates. A Pix names
 * its key type and a key valid for it; a transfer names bank, agency, account and the holder's CNPJ. Texts
 * come back normalised (see the normalize* functions).
 */
export const bankSettingInputSchema = z
  .object({
    id: z.number({ error: SETTINGS_TEXTS.idInvalid }).int(SETTINGS_TEXTS.idInvalid).positive().optional(),
    bankSettingsType: z.enum(BANK_SETTING_TYPES, { error: SETTINGS_TEXTS.typeRequired }),
    name: z
      .string({ error: SETTINGS_TEXTS.nameRequired })
      .trim()
      .min(1, SETTINGS_TEXTS.nameRequired)
      .max(SETTINGS_LIMITS.name, SETTINGS_TEXTS.nameTooLong),
    bank: optionalText,
    agency: optionalText,
    account: optionalText,
    cnpj: optionalText,
    pixType: z
      .union([z.enum(PIX_KEY_TYPES, { error: SETTINGS_TEXTS.pixTypeRequired }), z.literal('')])
      .nullish()
      .transform((value) => (value ? value : null)),
    pixKey: optionalText,
    disabled: z.boolean().optional().default(false),
  })
  .strict()
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.bank !== null && normalizeBank(value.bank) === null) fail('bank', SETTINGS_TEXTS.bankInvalid);
    if (value.cnpj !== null && !isValidCnpj(value.cnpj)) fail('cnpj', SETTINGS_TEXTS.cnpjInvalid);
    if (value.bankSettingsType === 'Pix') {
      if (value.agency !== null) fail('agency', SETTINGS_TEXTS.notForPix);
      if (value.account !== null) fail('account', SETTINGS_TEXTS.notForPix);
      if (value.pixType === null) fail('pixType', SETTINGS_TEXTS.pixTypeRequired);
      if (value.pixKey === null) fail('pixKey', SETTINGS_TEXTS.pixKeyRequired);
      else if (value.pixType !== null && normalizePixKey(value.pixType, value.pixKey) === null) {
        fail('pixKey', SETTINGS_TEXTS.pixKeyInvalid[value.pixType]);
      }
    } else {
      if (value.pixType !== null) fail('pixType', SETTINGS_TEXTS.notForTransfer);
      if (value.pixKey !== null) fail('pixKey', SETTINGS_TEXTS.notForTransfer);
      if (value.bank === null) fail('bank', SETTINGS_TEXTS.bankInvalid);
      if (value.agency === null || normalizeAgency(value.agency) === null) fail('agency', SETTINGS_TEXTS.agencyInvalid);
      if (value.account === null || normalizeAccount(value.account) === null) {
        fail('account', SETTINGS_TEXTS.accountInvalid);
      }
      if (value.cnpj === null) fail('cnpj', SETTINGS_TEXTS.cnpjRequired);
    }
  })
  .transform((value): BankSettingData & { id?: number } => {
    const pix = value.bankSettingsType === 'Pix';
    return {
      ...(value.id === undefined ? {} : { id: value.id }),
      bankSettingsType: value.bankSettingsType,
      name: value.name,
      bank: value.bank === null ? null : normalizeBank(value.bank),
      agency: pix || value.agency === null ? null : normalizeAgency(value.agency),
      account: pix || value.account === null ? null : normalizeAccount(value.account),
      cnpj: value.cnpj === null ? null : formatDocument(value.cnpj),
      pixType: pix ? value.pixType : null,
      pixKey: pix && value.pixType && value.pixKey ? normalizePixKey(value.pixType, value.pixKey) : null,
      disabled: value.disabled,
    };
  });
export type BankSettingInput = z.input<typeof bankSettingInputSchema>;

export const bankSettingsBodySchema = z.object({ settings: bankSettingInputSchema }).strict();

// ---------- company settings ----------

const merchantText = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform(toPixText)
    .refine((text) => text.length >= 1 && text.length <= max, message);

export const merchantNameSchema = merchantText(PIX_LIMITS.merchantName, SETTINGS_TEXTS.merchantNameInvalid);
export const merchantCitySchema = merchantText(PIX_LIMITS.merchantCity, SETTINGS_TEXTS.merchantCityInvalid);

/** 'Nome da empresa' (issue 21): trimmed, 1 to 120 characters. */
export const companyNameSchema = z
  .string({ error: SETTINGS_TEXTS.companyNameRequired })
  .trim()
  .min(1, SETTINGS_TEXTS.companyNameRequired)
  .max(SETTINGS_LIMITS.companyName, SETTINGS_TEXTS.companyNameTooLong);

/** The company's CNPJ (numeric or alphanumeric, check digits by documents.ts), kept formatted (12.345.678/0001-95). */
export const companyCnpjSchema = z
  .string({ error: SETTINGS_TEXTS.companyCnpjRequired })
  .trim()
  .min(1, SETTINGS_TEXTS.companyCnpjRequired)
  .refine((value) => isValidCnpj(value), SETTINGS_TEXTS.companyCnpjInvalid)
  .transform((value) => formatDocument(value));

/**
 * The shop's address as its documents print it (the order's PDF), one text: street, number, district, city
 * and CEP as the shop writes them; line breaks kept (at most 200 characters), blank = none (null).
 */
export const companyAddressSchema = z
  .string()
  .transform((value) =>
    value
      .split(/\r?\n/)
      .map((line) => line.trim().replace(/\s+/g, ' '))
      .filter(Boolean)
      .join('\n'),
  )
  .refine((value) => controlCharacterIn(value) === undefined, SETTINGS_TEXTS.companyAddressInvalid)
  .refine((value) => value.length <= SETTINGS_LIMITS.companyAddress, SETTINGS_TEXTS.companyAddressTooLong)
  .transform((value) => (value === '' ? null : value));

export const companySettingsSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  /** The company's CNPJ, formatted, or null until set (issue 21). */
  cnpj: z.string().nullable().optional(),
  /** The shop's address as its documents print it, or null until set (issue 35). */
  address: z.string().nullable().optional(),
  pixAuto: z.boolean(),
  /** Field 59 of the BR Code: upper-case ASCII, up to 25 ('' until set). */
  merchantName: z.string(),
  /** Field 60 of the BR Code: upper-case ASCII, up to 15 ('' until set). */
  merchantCity: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** Body of PATCH /companies/settings. Merchant name and city are upper-cased and stripped of accents. */
export const companySettingsPatchSchema = z
  .object({
    companyId: z.number({ error: SETTINGS_TEXTS.companyNotFound }).int().positive(),
    enablePixAuto: z.boolean({ error: SETTINGS_TEXTS.pixAutoRequired }),
    merchantName: merchantNameSchema.optional(),
    merchantCity: merchantCitySchema.optional(),
    /** 'Nome da empresa' (issue 21); unchanged when absent. */
    name: companyNameSchema.optional(),
    /** The company's CNPJ (issue 21); unchanged when absent. */
    cnpj: companyCnpjSchema.optional(),
    /** The shop's address (issue 35): '' or null clears it; unchanged when absent. */
    address: companyAddressSchema.nullable().optional(),
  })
  .strict();
export type CompanySettingsPatch = z.input<typeof companySettingsPatchSchema>;

/** Answer of GET /orders/pix/{orderId}: the order's static BR Code ("Pix copia e cola"). */
export const pixPayloadSchema = z.object({ payload: z.string() });
