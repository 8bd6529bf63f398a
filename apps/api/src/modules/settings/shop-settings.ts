import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CardSettings,
  COMPANY_ID,
  cardSettingsSchema,
  DEFAULT_CARD_SETTINGS,
  DEFAULT_DELIVERY_DEPARTURES,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  type DeliverySchedule,
  deliveryScheduleSchema,
  initialOrderStatus,
  type OrderStatusKey,
  type PaymentMethod,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { settingsRepository as repo } from './settings.repository';

/*
 * The shop's settings other modules read: how an order starts, the Pix webhook's secret and switch, the couriers'
 * departures, the card fees, the shop's identity on documents, a quote's validity, who receives a static Pix.
 */

/**
 * How a new order starts, by its payment and the company's automatic Pix switch (`pix_auto`): the selling
 * checkout calls this inside its transaction. The rule itself is the contract's `initialOrderStatus`.
 */
export async function initialOrderStatusFor(db: Executor, payment: PaymentMethod): Promise<OrderStatusKey> {
  const company = await repo.findCompany(db, COMPANY_ID);
  return initialOrderStatus(payment, company?.pix_auto ?? false);
}

/**
 * The secret of the Pix webhook's URL (`/api/payments/pix/webhook/{secret}/pix`): made once, when first
 * asked for, 32 random bytes in base64url; `renew` makes a new one (the old URL stops at once).
 */
export function pixWebhookSecret(db: Executor, renew = false): Promise<string> {
  return repo.webhookSecret(db, COMPANY_ID, randomBytes(32).toString('base64url'), renew);
}

/** Whether `candidate` is the webhook's secret (compared in constant time; none made yet: never). */
export async function isPixWebhookSecret(db: Executor, candidate: string): Promise<boolean> {
  const stored = await repo.storedWebhookSecret(db, COMPANY_ID);
  if (!stored) return false;
  const a = createHash('sha256').update(stored).digest();
  const b = createHash('sha256').update(candidate).digest();
  return timingSafeEqual(a, b);
}

/** Whether 'Pix automático' is on: a Pix the bank tells us of then confirms the order's payment by itself. */
export async function pixAutoOn(db: Executor): Promise<boolean> {
  return (await repo.findCompany(db, COMPANY_ID))?.pix_auto ?? false;
}

/**
 * The couriers' week of departures (issue 21, decision 0019): the one the shop saved in Configurações (or
 * in 'Configuração inicial'), else section 9's defaults (`DEFAULT_DELIVERY_DEPARTURES`, the contract's).
 * Every use — the dispatch board and runs, the selling's planned departure — reads it here.
 */
export async function deliverySchedule(db: Executor): Promise<DeliverySchedule> {
  const stored = (await repo.firstRunState(db, COMPANY_ID))?.delivery_departures;
  if (stored === null || stored === undefined) return DEFAULT_DELIVERY_DEPARTURES;
  const parsed = deliveryScheduleSchema.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_DEPARTURES;
}

/**
 * The shop's card settings (issue 38, decision 0042): the acquirer's fee per kind and instalment count, the
 * days it takes to pay, the most instalments; the contract's defaults (`DEFAULT_CARD_SETTINGS`) until saved.
 * Every card part reads them here when it is recorded (and keeps what it used).
 */
export async function cardSettings(db: Executor): Promise<CardSettings> {
  const stored = await repo.cardSettings(db, COMPANY_ID);
  if (stored === null || stored === undefined) return DEFAULT_CARD_SETTINGS;
  // A setting added after the shop saved its own takes its default; the fees typed stay (not all back to 0).
  const saved = typeof stored === 'string' ? JSON.parse(stored) : stored;
  const parsed = cardSettingsSchema.safeParse({ ...DEFAULT_CARD_SETTINGS, ...(saved as object) });
  return parsed.success ? parsed.data : DEFAULT_CARD_SETTINGS;
}

/**
 * The shop as its documents print it (the quote's PDF, decision 0043): the name, CNPJ and address saved in
 * 'Configurações da Empresa' ('' and null until saved), the same fields the order's PDF reads.
 */
export async function shopIdentity(
  db: Executor,
): Promise<{ name: string; cnpj: string | null; address: string | null }> {
  const company = await repo.findCompany(db, COMPANY_ID);
  return { name: company?.name ?? '', cnpj: company?.cnpj ?? null, address: company?.address ?? null };
}

/** How many days a new quote is valid (decision 0043): 'Configurações' → 'Orçamentos', 7 until saved. */
export async function quoteValidityDays(db: Executor): Promise<number> {
  return (await repo.quoteValidityDays(db, COMPANY_ID)) ?? DEFAULT_QUOTE_VALIDITY_DAYS;
}

/**
 * Who receives a static Pix: the first active Pix key and the company's merchant name and city (each may be
 * missing; the caller decides what an incomplete receiver means).
 */
export async function pixReceiver(db: Executor) {
  const key = await repo.firstActivePix(db);
  const company = await repo.findCompany(db, COMPANY_ID);
  return {
    key: key?.pix_key ?? null,
    merchantName: company?.merchant_name ?? null,
    merchantCity: company?.merchant_city ?? null,
  };
}
