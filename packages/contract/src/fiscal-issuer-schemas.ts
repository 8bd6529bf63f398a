import { z } from 'zod';
import {
  isValidCnpj,
  isValidPhone,
  isValidStateRegistration,
  localPhoneDigits,
  normalizeDocument,
  normalizeStateRegistration,
} from './documents';
import { nfeText, optionalNfeText } from './fiscal-nfe-text';
import {
  DEFAULT_FISCAL_ENVIRONMENT,
  FISCAL_SETUP_TEXTS,
  MAX_FISCAL_NUMBER,
  MAX_FISCAL_SERIES,
  UFS,
  ufIbgeCode,
} from './fiscal-setup';
import { labelledValues } from './labelled-values';

/* ---------- The issuer ---------- */

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
export const FISCAL_TRANSPORT_LABELS = {
  SEFAZ: 'Direto na SEFAZ do estado',
  NUVEM_FISCAL: 'Pela Nuvem Fiscal (API)',
};
export const FISCAL_TRANSPORTS = labelledValues(FISCAL_TRANSPORT_LABELS);
export type FiscalTransport = (typeof FISCAL_TRANSPORTS)[number];
/** When an order's note is emitted by itself: never, or when the order is handed over (delivered or finalized). */
export const FISCAL_AUTO_EMIT_LABELS = {
  OFF: 'Não: a nota é emitida no pedido',
  HANDOVER: 'Sim: ao entregar ou finalizar o pedido',
};
export const FISCAL_AUTO_EMIT = labelledValues(FISCAL_AUTO_EMIT_LABELS);
export type FiscalAutoEmit = (typeof FISCAL_AUTO_EMIT)[number];

const providerCredentialText = z
  .string({ error: 'Informe o client ID e o client secret da Nuvem Fiscal.' })
  .trim()
  .min(1, 'Informe o client ID e o client secret da Nuvem Fiscal.')
  .max(200, 'Informe o client ID e o client secret da Nuvem Fiscal.');

/**
 * The software's 'responsável técnico' (infRespTec, NT 2018.005): its company's CNPJ, a contact, e-mail and phone
 * (digits), and the CSRT a state gave it (id, two digits; the code sealed, never answered: absent keeps the saved
 * one, null removes it).
 */
export const technicalContactBodySchema = z
  .strictObject({
    cnpj: z
      .string({ error: FISCAL_SETUP_TEXTS.techCnpjInvalid })
      .trim()
      .max(30, FISCAL_SETUP_TEXTS.techCnpjInvalid)
      .refine((value) => isValidCnpj(value), FISCAL_SETUP_TEXTS.techCnpjInvalid)
      .transform((value) => normalizeDocument(value)),
    contact: nfeText(2, 60, FISCAL_SETUP_TEXTS.techContactInvalid),
    email: z
      .string({ error: FISCAL_SETUP_TEXTS.techEmailInvalid })
      .trim()
      .min(6, FISCAL_SETUP_TEXTS.techEmailInvalid)
      .max(60, FISCAL_SETUP_TEXTS.techEmailInvalid)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, FISCAL_SETUP_TEXTS.techEmailInvalid),
    phone: z
      .string({ error: FISCAL_SETUP_TEXTS.techPhoneInvalid })
      .max(30, FISCAL_SETUP_TEXTS.techPhoneInvalid)
      .transform((value) => value.replace(/\D/g, ''))
      .refine((value) => /^\d{6,14}$/.test(value), FISCAL_SETUP_TEXTS.techPhoneInvalid),
    csrtId: z
      .string({ error: FISCAL_SETUP_TEXTS.csrtIdInvalid })
      .nullish()
      .transform((value) => (value?.trim() ? value.trim() : null))
      .refine((value) => value === null || /^\d{2}$/.test(value), FISCAL_SETUP_TEXTS.csrtIdInvalid),
    csrt: z
      .string({ error: FISCAL_SETUP_TEXTS.csrtInvalid })
      .trim()
      .regex(/^[A-Za-z0-9]{1,36}$/, FISCAL_SETUP_TEXTS.csrtInvalid)
      .nullable()
      .optional(),
  })
  .superRefine((contact, ctx) => {
    if (typeof contact.csrt === 'string' && contact.csrtId === null)
      ctx.addIssue({ code: 'custom', path: ['csrtId'], message: FISCAL_SETUP_TEXTS.csrtIdRequired });
  });
export type TechnicalContactBody = z.input<typeof technicalContactBodySchema>;

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
    /**
     * PIS/COFINS não cumulativo (lucro real, Leis 10.637/2002 e 10.833/2003): with CRT 3, the entries by XML net
     * their credits from the cost (decision 0089). Absent keeps what is saved (false until said).
     */
    pisCofinsNonCumulative: z.boolean({ error: 'Informe se o PIS/COFINS é não cumulativo.' }).optional(),
    /** The 'responsável técnico': absent keeps the saved one, null removes it. */
    technicalContact: technicalContactBodySchema.nullable().optional(),
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
  /** PIS/COFINS não cumulativo (lucro real): the purchases' credits (decision 0089). */
  pisCofinsNonCumulative: z.boolean(),
  /** The 'responsável técnico'; the CSRT never answered (`csrtConfigured`). */
  technicalContact: z
    .object({
      cnpj: z.string(),
      contact: z.string(),
      email: z.string(),
      phone: z.string(),
      csrtId: z.string().nullable(),
      csrtConfigured: z.boolean(),
    })
    .nullable(),
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
  /**
   * What to know about it though it was accepted (issue 54 §9): not issued under ICP-Brasil (a self-signed one,
   * a test one), the SEFAZ will refuse it; null when nothing (or sent before the check).
   */
  warning: z.string().nullable(),
});
export type FiscalCertificate = z.infer<typeof fiscalCertificateSchema>;
