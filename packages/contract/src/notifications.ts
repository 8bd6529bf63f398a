import { z } from 'zod';
import { PERMISSIONS } from './permissions';

export { NOTIFICATION_EVENT_NAME } from './live-events';

/**
 * The top bar's bell (issue 20 §1, docs/decisions/0013): what needs the signed-in employee now. Condition
 * kinds are read from the records' current state (a customer approved meanwhile no longer shows); event kinds
 * from what happened in the last EVENT_DAYS days. Each kind shows only to a role holding its permission.
 */
export const NOTIFICATION_KINDS = [
  'customer_waiting',
  'order_approval',
  'order_proof',
  'order_late',
  'stock_low',
  'pix_unidentified',
  'pix_refunded',
  'pix_waiting',
  'settlement_difference',
  'payment_settings_changed',
  'discount_approval',
  'certificate_expiring',
  'repair_late',
  'credit_approval',
  'cash_difference',
  'nfe_contingency',
  'numbering_gaps',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The permission each kind needs (full:access passes every one). */
export const NOTIFICATION_PERMISSIONS: Record<NotificationKind, string> = {
  customer_waiting: PERMISSIONS.customers,
  order_approval: PERMISSIONS.orders,
  order_proof: PERMISSIONS.orders,
  order_late: PERMISSIONS.orders,
  stock_low: PERMISSIONS.products,
  pix_unidentified: PERMISSIONS.orders,
  pix_refunded: PERMISSIONS.orders,
  /** A Pix the bank confirmed, waiting for a click (the attendants confirm payments: orders). */
  pix_waiting: PERMISSIONS.orders,
  settlement_difference: PERMISSIONS.orders,
  payment_settings_changed: PERMISSIONS.settings,
  /**
   * A discount above a seller's maximum waiting for approval (decision 0045): to a role holding orders or
   * internal_sales (DISCOUNT_APPROVAL_PERMISSIONS) whose maximum covers it.
   */
  discount_approval: PERMISSIONS.orders,
  /** The shop's A1 certificate expires within 30 days, or has expired (issue 41 §1, decision 0056). */
  certificate_expiring: PERMISSIONS.settings,
  /** An open service order past its estimated day (issue 42 §2, decision 0059). */
  repair_late: PERMISSIONS.repairs,
  /**
   * The sales on credit held for approval, one item with their count (issue 54 §6): to who approves them, 'Crédito
   * e cobrança' (the workflow's approveCredit).
   */
  credit_approval: PERMISSIONS.credit,
  /**
   * The NF-e in the SEFAZ Virtual de Contingência (issue 56 §2, decision 0083), with the notes waiting: to who
   * emits notes or hands the goods over ('Notas fiscais' reads with either; invoices here).
   */
  nfe_contingency: PERMISSIONS.invoices,
  /**
   * The closings with a difference waiting for approval, one item with their count (issue 54 §6): to who approves
   * them (CASH_APPROVAL_PERMISSIONS), counting only those he may approve (`cashApprovalRefusal`: not his own drawer
   * nor one he closed).
   */
  cash_difference: PERMISSIONS.credit,
  /**
   * 'Lacunas de numeração' (issue 56 §1): the note numbers of past months neither authorised, cancelled nor voided,
   * one item per month with their count, from the 1st of the next month until that month's are voided.
   */
  numbering_gaps: PERMISSIONS.invoices,
};

/** How far back the event kinds reach. */
export const NOTIFICATION_EVENT_DAYS = 30;
/** The list's default and largest length. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 30;
export const NOTIFICATIONS_MAX_LIMIT = 100;

export const notificationSchema = z.object({
  /** Stable while the condition or event lasts (read state is kept by it). */
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The web page that handles it (e.g. /admin/orders?order=12). */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsSchema = z.object({
  data: z.array(notificationSchema),
  /** Unread among every current notification of the employee (not only the listed ones). */
  unread: z.number().int(),
});
export type Notifications = z.infer<typeof notificationsSchema>;

export const notificationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Informe um número de notificações.' })
    .int('Informe um número inteiro de notificações.')
    .min(1, 'Informe ao menos 1 notificação.')
    .max(NOTIFICATIONS_MAX_LIMIT, `No máximo ${NOTIFICATIONS_MAX_LIMIT} notificações por vez.`)
    .default(NOTIFICATIONS_DEFAULT_LIMIT),
});

export const markNotificationsReadSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z
    .object({
      ids: z
        .array(z.string().min(1).max(200), { error: 'Informe as notificações a marcar como lidas.' })
        .min(1, 'Informe ao menos uma notificação.')
        .max(200, 'No máximo 200 notificações por vez.'),
    })
    .strict(),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/**
 * How long an order may stay in a status before it is late (the bell's `order_late`), in whole minutes;
 * editable in Configurações. Statuses without a limit are never late.
 */
export const LATE_LIMIT_STATUSES = [1, 2, 3, 4, 6, 10, 11, 15, 16] as const;
export const DEFAULT_LATE_LIMITS: Record<(typeof LATE_LIMIT_STATUSES)[number], number> = {
  1: 120,
  2: 120,
  3: 60,
  4: 240,
  6: 1440,
  10: 1440,
  11: 60,
  15: 30,
  16: 120,
};
/** One week: a longer wait is no alert. */
export const LATE_LIMIT_MAX_MINUTES = 10_080;

export const LATE_LIMIT_TEXTS = {
  required: 'Informe o limite em minutos.',
  whole: 'Informe o limite em minutos inteiros.',
  min: 'O limite deve ser de ao menos 1 minuto.',
  max: 'O limite deve ser de no máximo 7 dias (10080 minutos).',
} as const;

const lateLimitMinutes = z
  .number({ error: LATE_LIMIT_TEXTS.required })
  .int(LATE_LIMIT_TEXTS.whole)
  .min(1, LATE_LIMIT_TEXTS.min)
  .max(LATE_LIMIT_MAX_MINUTES, LATE_LIMIT_TEXTS.max);

export const lateLimitSchema = z.object({ status: z.number().int(), minutes: lateLimitMinutes });

/** A limit as typed in the settings card: its problem (the API's own messages), or null. */
export function lateLimitProblem(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return LATE_LIMIT_TEXTS.required;
  if (!/^\d+$/.test(value)) return LATE_LIMIT_TEXTS.whole;
  const parsed = lateLimitMinutes.safeParse(Number(value));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? LATE_LIMIT_TEXTS.whole);
}

/** "2 h 15 min", "45 min", "1 dia e 3 h": how long, in words, rounded down to the minute. */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const rest = m % 60;
  if (days > 0)
    return hours > 0 ? `${days} ${days === 1 ? 'dia' : 'dias'} e ${hours} h` : `${days} ${days === 1 ? 'dia' : 'dias'}`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}
export const lateLimitsSchema = z.object({ data: z.array(lateLimitSchema) });
export const lateLimitsBodySchema = z.object({
  limits: z
    .array(lateLimitSchema, { error: 'Informe os limites.' })
    .min(1, 'Informe ao menos um limite.')
    .refine((limits) => limits.every((l) => (LATE_LIMIT_STATUSES as readonly number[]).includes(l.status)), {
      message: 'Há um status sem limite de atraso.',
    })
    .refine((limits) => new Set(limits.map((l) => l.status)).size === limits.length, {
      message: 'Cada status aparece uma vez só.',
    }),
});
export type LateLimit = z.infer<typeof lateLimitSchema>;
