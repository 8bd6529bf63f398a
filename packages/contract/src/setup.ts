import { z } from 'zod';
import { type DeliverySchedule, deliveryScheduleSchema } from './selling';
import { companyCnpjSchema, companyNameSchema, merchantCitySchema, PIX_KEY_TYPES, SETTINGS_TEXTS } from './settings';

/**
 * First run (issue 21 §1, decision 0019): on a database without demo data the first administrator's first
 * sign-in opens 'Configuração inicial' — company name, CNPJ, the Pix merchant city, the first Pix key, whether
 * 'Pix automático' is on (issue 35 §4) and the couriers' departures. It can be left ('Fazer depois') and finished later from Configurações.
 */
export const SETUP_TEXTS = {
  title: 'Configuração inicial',
  pixKeyRequired: 'Cadastre a primeira chave Pix da empresa.',
  done: 'Configuração inicial concluída.',
  alreadyDone: 'A configuração inicial já foi concluída: altere os dados em Configurações.',
} as const;

/** GET /setup: whether the first-run setup is still to be done, and what is already saved (to prefill it). */
export const setupStatusSchema = z.object({
  /** True until an administrator completes the setup (the demo business starts with it done). */
  required: z.boolean(),
  completedAt: z.string().nullable(),
  companyName: z.string(),
  cnpj: z.string().nullable(),
  merchantCity: z.string(),
  /** Whether an active Pix key exists already (then the setup's key is optional). */
  hasPixKey: z.boolean(),
  departures: z.array(z.array(z.string())),
  /** 'Pix automático' as saved (issue 35 §4): the setup asks it. */
  pixAuto: z.boolean().optional(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/**
 * POST /setup: completes the first-run setup in one transaction. `pixKey` becomes a bank setting (the
 * same rules as PUT /orders/bank-settings); it may be left out when an active Pix key exists already.
 */
export const setupBodySchema = z
  .object({
    companyName: companyNameSchema,
    cnpj: companyCnpjSchema,
    merchantCity: merchantCitySchema,
    pixKey: z
      .object({
        pixType: z.enum(PIX_KEY_TYPES, { error: SETTINGS_TEXTS.pixTypeRequired }),
        pixKey: z.string({ error: SETTINGS_TEXTS.pixKeyRequired }).trim().min(1, SETTINGS_TEXTS.pixKeyRequired),
      })
      .strict()
      .optional(),
    departures: deliveryScheduleSchema,
    /** 'Pix automático' (issue 35 §4): the bank's Pix confirms the order by itself; unchanged when absent. */
    pixAuto: z.boolean({ error: SETTINGS_TEXTS.pixAutoRequired }).optional(),
  })
  .strict();
export type SetupBodyInput = z.input<typeof setupBodySchema>;
export type SetupBody = z.output<typeof setupBodySchema>;

/** Body of PUT /settings/departures ('Horários de saída' in Configurações). */
export const departuresBodySchema = z.object({ departures: deliveryScheduleSchema }).strict();

/** Answer of GET/PUT /settings/departures: the week, Sunday first (index = JavaScript weekday). */
export const departureScheduleSchema = z.object({ departures: z.array(z.array(z.string())) });
export type Departures = { departures: DeliverySchedule };
