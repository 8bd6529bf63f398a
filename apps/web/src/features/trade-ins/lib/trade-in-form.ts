import {
  BODY_CONDITIONS,
  type BodyCondition,
  formatDocument,
  isValidCpf,
  isValidImei,
  onlyDigits,
  SCREEN_CONDITIONS,
  type ScreenCondition,
  TRADE_IN_LIMITS,
  TRADE_IN_TEXTS,
  type TradeInEvaluateBody,
  type TradeInPrice,
} from '@backoffice/contract';
import { z } from 'zod';
import { TRADE_INS_TEXTS as T } from '../texts';

/** The IMEI's own message: 15 digits, then the Luhn check digit (the contract's `isValidImei`). */
export function imeiProblem(value: string): string | null {
  const imei = value.trim();
  if (!/^\d{15}$/.test(imei)) return T.imeiDigits;
  return isValidImei(imei) ? null : TRADE_IN_TEXTS.imeiInvalid(imei);
}

const text = (message: string) => z.string().trim().min(1, message).max(TRADE_IN_LIMITS.maxText);
const imeiRule = z.string().superRefine((value, ctx) => {
  const problem = imeiProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const storageOk = (value: string) => /^\d{1,4}$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 4096;
const batteryOk = (value: string) => /^\d{1,3}$/.test(value.trim()) && Number(value) <= 100;

/** The form, checked as the server checks the body (`tradeInCreateBodySchema`), with its messages. */
export const formSchema = z
  .object({
    sellerName: text(TRADE_IN_TEXTS.nameRequired).max(120),
    sellerCpf: z
      .string()
      .trim()
      .refine((value) => /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value) && isValidCpf(value), TRADE_IN_TEXTS.cpfInvalid),
    brand: text(TRADE_IN_TEXTS.brandRequired),
    model: text(TRADE_IN_TEXTS.modelRequired),
    storage: z.string().refine(storageOk, TRADE_IN_TEXTS.storageInvalid),
    colour: z.string().max(TRADE_IN_LIMITS.maxText),
    imei: imeiRule,
    imei2: z.string().superRefine((value, ctx) => {
      if (value.trim() === '') return;
      const problem = imeiProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    screen: z.enum(SCREEN_CONDITIONS),
    body: z.enum(BODY_CONDITIONS),
    batteryHealth: z.string().refine(batteryOk, TRADE_IN_TEXTS.batteryInvalid),
    biometrics: z.boolean(),
    camera: z.boolean(),
    charging: z.boolean(),
    accountRemoved: z.boolean(),
    value: z.number().min(0, TRADE_IN_TEXTS.valueInvalid).max(1_000_000, TRADE_IN_TEXTS.valueInvalid).nullable(),
  })
  .refine((values) => values.imei2.trim() === '' || values.imei2.trim() !== values.imei.trim(), {
    path: ['imei2'],
    message: TRADE_IN_TEXTS.imeiRepeated,
  });
export type TradeInFormValues = z.infer<typeof formSchema>;

/** Whom the evaluation is for when it opens from a customer or an order: the customer and the seller. */
export interface TradeInPrefill {
  customer?: { id: number; name: string; document?: string | null } | null;
}

/** A CPF the customer registered with (a CNPJ is no seller's CPF). */
export const cpfOf = (document: string | null | undefined) =>
  document && onlyDigits(document).length === 11 ? formatDocument(document) : '';

/** The form's first values: the seller from the customer it opens from, a phone in good order. */
export function defaults(prefill: TradeInPrefill): TradeInFormValues {
  return {
    sellerName: prefill.customer?.name ?? '',
    sellerCpf: cpfOf(prefill.customer?.document),
    brand: '',
    model: '',
    storage: '',
    colour: '',
    imei: '',
    imei2: '',
    screen: 'OK' as ScreenCondition,
    body: 'OK' as BodyCondition,
    batteryHealth: '',
    biometrics: true,
    camera: true,
    charging: true,
    accountRemoved: true,
    value: null,
  };
}

/** What the form asks the server to evaluate, once brand, model, storage and battery are all there. */
export function evaluateBodyOf(values: Partial<TradeInFormValues>): TradeInEvaluateBody | null {
  const brand = values.brand?.trim() ?? '';
  const model = values.model?.trim() ?? '';
  const storage = values.storage ?? '';
  const battery = values.batteryHealth ?? '';
  if (!brand || !model || !storageOk(storage) || !batteryOk(battery)) return null;
  return {
    brand,
    model,
    storage: Number(storage),
    checklist: {
      screen: values.screen ?? 'OK',
      body: values.body ?? 'OK',
      batteryHealth: Number(battery),
      biometrics: values.biometrics ?? true,
      camera: values.camera ?? true,
      charging: values.charging ?? true,
      accountRemoved: values.accountRemoved ?? true,
    },
  };
}

/** The phones of the table, for the suggestions: brands; the chosen brand's models; that model's storages. */
export function suggestionsOf(prices: readonly TradeInPrice[], brand: string, model: string) {
  const same = (a: string, b: string) => a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR');
  const brands = [...new Set(prices.map((p) => p.brand))];
  const ofBrand = prices.filter((p) => !brand.trim() || same(p.brand, brand));
  const models = [...new Set(ofBrand.map((p) => p.model))];
  const storages = [
    ...new Set(ofBrand.filter((p) => !model.trim() || same(p.model, model)).map((p) => String(p.storage))),
  ];
  return { brands, models, storages };
}
