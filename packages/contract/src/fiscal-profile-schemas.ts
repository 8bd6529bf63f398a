import { z } from 'zod';
import { NFE_TEXT } from './fiscal-nfe-text';
import { FISCAL_PROFILE_ASSIGN_MAX, FISCAL_SETUP_TEXTS } from './fiscal-setup';
import { idSchema } from './ids';

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
 * The reform's group of 2026, its test year: CST 000, cClassTrib 000001 (taxed in full), CBS 0,9 %, IBS UF 0,1 %,
 * IBS Mun 0 % (docs/api.md). What the profile's IBS/CBS switch first fills in, and the tests' Regime Normal.
 */
export const IBS_CBS_2026 = {
  cst: '000',
  cClassTrib: '000001',
  cbsRate: 0.9,
  ibsUfRate: 0.1,
  ibsMunRate: 0,
} as const satisfies IbsCbs;

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
