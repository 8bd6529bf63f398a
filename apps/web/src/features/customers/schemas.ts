import {
  CUSTOMER_LIMITS,
  CUSTOMER_TEXTS,
  customerApproveSchema,
  customerEditSchema,
  customerStateRegistrationSchema,
  parseBrazilianNumber,
} from '@backoffice/contract';
import type { Dayjs } from 'dayjs';
import { z } from 'zod';

const inRange = (value: string, min: number, max: number) => {
  const n = parseBrazilianNumber(value);
  return Number.isFinite(n) && n >= min && n <= max;
};

/**
 * The server's own rule for an amount (the contract's body field), run on what was typed once it is a
 * number: besides the range it refuses more than two decimals ('Informe um valor com no máximo duas casas
 * decimais.'), as the server does.
 */
const serverMoneyRule = (rule: z.ZodType) => (value: string, ctx: z.RefinementCtx) => {
  const n = parseBrazilianNumber(value);
  if (!Number.isFinite(n)) return;
  const issue = rule.safeParse(n).error?.issues[0];
  if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
};

/** 'Frete': required, 0 to the limit, at most two decimals (`serverRule`: the body field it is sent as). */
const shippingCost = (serverRule: z.ZodType) =>
  z
    .string()
    .trim()
    .min(1, CUSTOMER_TEXTS.shippingCostRequired)
    .refine((v) => inRange(v, 0, CUSTOMER_LIMITS.maxMoney), CUSTOMER_TEXTS.shippingCostInvalid)
    .superRefine(serverMoneyRule(serverRule))
    .transform(parseBrazilianNumber);

/** A number that may be left empty (read with `emptyIsZero`). */
const optionalNumber = (min: number, max: number, message: string, belowMin = message) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || Number.isFinite(parseBrazilianNumber(v)), message)
    .refine((v) => v === '' || parseBrazilianNumber(v) >= min, belowMin)
    .refine((v) => v === '' || parseBrazilianNumber(v) <= max, message);

/** Empty means 0. */
const emptyIsZero = (v: string) => (v === '' ? 0 : parseBrazilianNumber(v));

/** 'Aprovar ou Reprovar': level and shipping cost required, warranty 0 to 100. */
export const approveFormSchema = z.object({
  level: z.string().min(1, CUSTOMER_TEXTS.levelRequired).transform(Number),
  shippingCost: shippingCost(customerApproveSchema.shape.shippingCost),
  warrantyPercentage: optionalNumber(0, 100, CUSTOMER_TEXTS.warrantyRange).transform(emptyIsZero),
});
export type ApproveFormInput = z.input<typeof approveFormSchema>;
export type ApproveFormOutput = z.output<typeof approveFormSchema>;

/**
 * Edit: shipping cost required, warranty minimum 0 (the server also caps it at 100). The level may stay
 * 'Sem nível' (0): approved retail customers often have none. The state registration is optional.
 */
export const editFormSchema = z.object({
  approved: z.boolean(),
  level: z.string().transform((value) => Number(value || 0)),
  shippingCost: shippingCost(customerEditSchema.shape.shippingCost),
  warrantyPercentage: optionalNumber(0, 100, CUSTOMER_TEXTS.warrantyRange, CUSTOMER_TEXTS.warrantyMin).transform(
    emptyIsZero,
  ),
  fastDeliveryTax: optionalNumber(0, CUSTOMER_LIMITS.maxMoney, CUSTOMER_TEXTS.fastDeliveryTaxInvalid)
    .superRefine(serverMoneyRule(customerEditSchema.shape.fastDeliveryTax))
    .transform(emptyIsZero),
  /** 'Inscrição estadual' by the server's own rule: normalised (digits, or ISENTO); empty is none (null). */
  stateRegistration: z.string().transform((value, ctx) => {
    const parsed = customerStateRegistrationSchema.safeParse(value);
    if (parsed.success) return parsed.data ?? null;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }),
});
export type EditFormInput = z.input<typeof editFormSchema>;
export type EditFormOutput = z.output<typeof editFormSchema>;

export const associateFormSchema = z.object({
  delivererId: z.string().min(1, CUSTOMER_TEXTS.delivererRequired).transform(Number),
});
export type AssociateFormInput = z.input<typeof associateFormSchema>;
export type AssociateFormOutput = z.output<typeof associateFormSchema>;

export const blockFormSchema = z.object({
  note: z.string().trim().min(1, CUSTOMER_TEXTS.noteRequired).max(CUSTOMER_LIMITS.maxNote, CUSTOMER_TEXTS.noteTooLong),
});
export type BlockFormInput = z.input<typeof blockFormSchema>;
export type BlockFormOutput = z.output<typeof blockFormSchema>;

const date = (message: string) =>
  z.custom<Dayjs | null>((value) => value !== null && value !== undefined && (value as Dayjs).isValid?.(), message);

export const historyFormSchema = z
  .object({
    type: z.string().min(1, CUSTOMER_TEXTS.historyTypeRequired),
    start: date(CUSTOMER_TEXTS.startRequired),
    end: date(CUSTOMER_TEXTS.endRequired),
  })
  .superRefine((values, ctx) => {
    if (values.start && values.end?.isBefore(values.start, 'day'))
      ctx.addIssue({ code: 'custom', path: ['end'], message: CUSTOMER_TEXTS.periodInvalid });
  });
export type HistoryFormInput = z.input<typeof historyFormSchema>;
export type HistoryFormOutput = z.output<typeof historyFormSchema>;
