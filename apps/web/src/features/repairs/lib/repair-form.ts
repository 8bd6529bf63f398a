import {
  businessDay,
  isValidImei,
  REPAIR_LIMITS,
  REPAIR_TEXTS,
  type Repair,
  type RepairCreateBody,
  type RepairUpdateBody,
  repairCreateBodySchema,
} from '@backoffice/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';
import type { Choice } from '../../../components/choice-picker';
import { REPAIRS_TEXTS as T } from '../texts';

/** The IMEI as typed: only its digits, at most 15 (a pasted '35-209900-176148-1' reads as its digits). */
export const imeiDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, 15);

/**
 * What the IMEI field says as it is typed: nothing while empty, how many digits are missing while short, the
 * contract's message once 15 digits fail the check digit (Luhn), null when valid.
 */
export function imeiProblem(imei: string): string | null {
  if (imei === '') return null;
  if (imei.length < 15) return `Faltam ${15 - imei.length} ${15 - imei.length === 1 ? 'dígito' : 'dígitos'}.`;
  return isValidImei(imei) ? null : REPAIR_TEXTS.imeiInvalid;
}

export interface RepairFormValues {
  customer: Choice | null;
  imei: string;
  model: string;
  devicePassword: string;
  problem: string;
  checklist: { item: string; ok: boolean }[];
  conditionNotes: string;
  accessories: string;
  photos: string[];
  estimatedDate: Dayjs | null;
}

/** A new form: the usual checklist unticked, the estimated day three days from today (the business's). */
export function emptyRepairForm(now = new Date()): RepairFormValues {
  return {
    customer: null,
    imei: '',
    model: '',
    devicePassword: '',
    problem: '',
    checklist: T.checklistItems.map((item) => ({ item, ok: false })),
    conditionNotes: '',
    accessories: '',
    photos: [],
    estimatedDate: dayjs(businessDay(now)).add(3, 'day'),
  };
}

/**
 * The form's rules, the server's own where it has them (the contract's schema and texts): a customer; the IMEI
 * with its check digit; model and problem; the estimated day a real day not before today (the business's).
 */
export function repairFormSchema(now = new Date()) {
  const today = businessDay(now);
  const fields = repairCreateBodySchema.shape;
  return z.object({
    customer: z.custom<Choice>((value) => value !== null && typeof value === 'object', T.customerRequired),
    imei: z.string().refine((imei) => imei.length > 0 && imeiProblem(imei) === null, REPAIR_TEXTS.imeiInvalid),
    model: fields.model,
    devicePassword: z.string().max(REPAIR_LIMITS.shortText, REPAIR_TEXTS.shortTextTooLong),
    problem: fields.problem,
    checklist: z.array(z.object({ item: z.string(), ok: z.boolean() })).max(REPAIR_LIMITS.checklist),
    conditionNotes: z.string().trim().max(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong),
    accessories: z.string().trim().max(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong),
    photos: z.array(z.string()).max(REPAIR_LIMITS.photos, REPAIR_TEXTS.photosTooMany),
    estimatedDate: z
      .custom<Dayjs>((value) => dayjs.isDayjs(value) && value.isValid(), T.dateInvalid)
      .refine((day) => day.format('YYYY-MM-DD') >= today, REPAIR_TEXTS.datePast),
  });
}
export type RepairFormOutput = z.output<ReturnType<typeof repairFormSchema>>;

/** The body of POST /repairs from the checked form: empty optional texts left out, the day as YYYY-MM-DD. */
export function repairBodyOf(values: RepairFormOutput): RepairCreateBody {
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  const body: RepairCreateBody = {
    customerId: values.customer.id,
    imei: values.imei,
    model: values.model.trim(),
    problem: values.problem.trim(),
    checklist: values.checklist,
    photos: values.photos,
    estimatedDate: values.estimatedDate.format('YYYY-MM-DD'),
  };
  // The password is sent as typed (spaces may be part of it), never trimmed; left out when empty.
  if (values.devicePassword !== '') body.devicePassword = values.devicePassword;
  const notes = optional(values.conditionNotes);
  if (notes) body.conditionNotes = notes;
  const accessories = optional(values.accessories);
  if (accessories) body.accessories = accessories;
  return body;
}

/** What 'Corrigir dados' edits of an open service order (PATCH /repairs/{id}). */
export interface RepairEditValues {
  model: string;
  problem: string;
  conditionNotes: string;
  accessories: string;
  estimatedDate: Dayjs | null;
}

/** The form filled with the service order as it is. */
export function repairEditValuesOf(repair: Repair): RepairEditValues {
  return {
    model: repair.model,
    problem: repair.problem,
    conditionNotes: repair.conditionNotes ?? '',
    accessories: repair.accessories ?? '',
    estimatedDate: dayjs(repair.estimatedDate),
  };
}

/**
 * The correction's rules, the opening's own: model and problem required, texts within their limits, the estimated
 * day a real day not before today — unless it is the day already set (a late order corrected for its notes).
 */
export function repairEditSchema(repair: Pick<Repair, 'estimatedDate'>, now = new Date()) {
  const today = businessDay(now);
  const fields = repairFormSchema(now).shape;
  return z.object({
    model: fields.model,
    problem: fields.problem,
    conditionNotes: fields.conditionNotes,
    accessories: fields.accessories,
    estimatedDate: z
      .custom<Dayjs>((value) => dayjs.isDayjs(value) && value.isValid(), T.dateInvalid)
      .refine((day) => {
        const chosen = day.format('YYYY-MM-DD');
        return chosen === repair.estimatedDate || chosen >= today;
      }, REPAIR_TEXTS.datePast),
  });
}
export type RepairEditOutput = z.output<ReturnType<typeof repairEditSchema>>;

/**
 * The body of PATCH /repairs/{id}: only what changed (an emptied note is sent empty: the server clears it), with the
 * version the screen saw; null when nothing changed.
 */
export function repairEditBodyOf(repair: Repair, values: RepairEditOutput): RepairUpdateBody | null {
  const body: RepairUpdateBody = {};
  const model = values.model.trim();
  const problem = values.problem.trim();
  const notes = values.conditionNotes.trim();
  const accessories = values.accessories.trim();
  const day = values.estimatedDate.format('YYYY-MM-DD');
  if (model !== repair.model) body.model = model;
  if (problem !== repair.problem) body.problem = problem;
  if (notes !== (repair.conditionNotes ?? '')) body.conditionNotes = notes;
  if (accessories !== (repair.accessories ?? '')) body.accessories = accessories;
  if (day !== repair.estimatedDate) body.estimatedDate = day;
  return Object.keys(body).length === 0 ? null : { ...body, expectedUpdatedAt: repair.updatedAt };
}
