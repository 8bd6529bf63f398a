import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type BankSetting,
  type BankSettingData,
  bankSettingInputSchema,
  type CardSettings,
  COMPANY_ID,
  type CompanySettings,
  cardSettingsSchema,
  DEFAULT_CARD_SETTINGS,
  DEFAULT_DELIVERY_DEPARTURES,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  type DeliverySchedule,
  deliveryScheduleSchema,
  initialOrderStatus,
  type OrderStatusKey,
  type PaymentMethod,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  PIX_LIMITS,
  type PixKeyType,
  SETTINGS_TEXTS,
  SETUP_TEXTS,
  type SetupBody,
  type SetupStatus,
  toPixText,
} from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { diff, emptied, recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { type BankSettingRow, type BankSettingValues, settingsRepository as repo } from './settings.repository';

const isPixKeyType = (value: string | null): value is PixKeyType =>
  value !== null && (PIX_KEY_TYPES as readonly string[]).includes(value);

function toBankSetting(row: BankSettingRow): BankSetting {
  return {
    id: row.id,
    bankSettingsType: row.type,
    name: row.name,
    bank: row.bank,
    account: row.account,
    agency: row.agency,
    cnpj: row.cnpj,
    // A type written before the fixed list (none after migration 0005) is shown as none, never a 500.
    pixType: isPixKeyType(row.pix_type) ? row.pix_type : null,
    pixKey: row.pix_key,
    disabled: row.disabled,
  };
}

function toValues(input: BankSettingData): BankSettingValues {
  return {
    type: input.bankSettingsType,
    name: input.name,
    bank: input.bank,
    agency: input.agency,
    account: input.account,
    cnpj: input.cnpj,
    pix_type: input.pixType,
    pix_key: input.pixKey,
    disabled: input.disabled,
  };
}

/** The fixed company before its first save: everything off and empty (what `companySettings` shows). */
const NO_COMPANY = {
  name: '',
  pix_auto: false,
  merchant_name: '',
  merchant_city: '',
  cnpj: null,
  address: null,
} as const satisfies Record<string, unknown>;

/** Who changes a setting: recorded in the audit row and named in the warning log line. */
export interface SettingsActor {
  employeeId: number;
  name: string;
}

/** The columns of a bank setting that decide where a customer's money goes (and whether it is used). */
const PAYMENT_FIELDS: readonly string[] = [
  'type',
  'pix_type',
  'pix_key',
  'bank',
  'agency',
  'account',
  'cnpj',
  'disabled',
];

const activePixTaken = (type: PixKeyType) =>
  conflict(SETTINGS_TEXTS.activePixTypeTaken(type), 'PIX_KEY_TYPE_ACTIVE', { pixType: type });

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

/**
 * Bank settings (Pix keys and transfer accounts), the company's settings and the static Pix BR Code of an
 * order. At most one active Pix setting per key type. Every change leaves an audit row with each changed
 * field's value before and after (`{ field: { from, to } }`, null for what did not exist); a change of where
 * the shop gets paid (a Pix key, a bank account, the automatic Pix switch) also logs a warning naming who
 * changed what, for the administrators (notifications come later).
 */
export function createSettingsService(db: DB, log: FastifyBaseLogger) {
  /** The warning of a change of where the shop gets paid: who, which setting, which fields (values: audit row). */
  function warnPaymentChange(
    actor: SettingsActor,
    what: { entity: 'bank_setting' | 'company_settings'; entityId: number; action: string; name?: string },
    changes: Record<string, unknown>,
  ) {
    const fields = Object.keys(changes);
    // The shop's address only goes on its documents: not where it gets paid.
    const payment =
      what.entity === 'company_settings'
        ? fields.filter((f) => f !== 'address')
        : fields.filter((f) => PAYMENT_FIELDS.includes(f));
    if (payment.length === 0) return;
    log.warn(
      { employeeId: actor.employeeId, employeeName: actor.name, ...what, fields: payment },
      `payment settings changed by ${actor.name} (#${actor.employeeId}): ${what.entity} ${what.entityId} ${what.action} (${payment.join(', ')})`,
    );
  }

  /**
   * Saves one of the company's own settings (its card fees, its departures) in one transaction: `read` before,
   * `write`, one audit row `{ [field]: { from, to } }`; answers `read` after.
   */
  async function saveAudited<T>(
    actor: SettingsActor,
    field: string,
    read: (executor: Executor) => Promise<T>,
    write: (trx: Executor) => Promise<unknown>,
    to: T,
  ): Promise<T> {
    await db.transaction().execute(async (trx) => {
      const from = await read(trx);
      await write(trx);
      await recordAudit(trx, {
        employeeId: actor.employeeId,
        entity: 'company_settings',
        entityId: COMPANY_ID,
        action: 'update',
        changes: { [field]: { from, to } },
      });
    });
    return read(db);
  }

  async function companySettings(executor: Executor, companyId: number): Promise<CompanySettings> {
    const row = await repo.findCompany(executor, companyId);
    if (row) {
      return {
        companyId: row.company_id,
        name: row.name,
        pixAuto: row.pix_auto,
        merchantName: row.merchant_name,
        merchantCity: row.merchant_city,
        cnpj: row.cnpj,
        address: row.address,
      };
    }
    // The client's fixed company exists from the start, with everything off, until it is first saved.
    if (companyId === COMPANY_ID) {
      return { companyId, name: '', pixAuto: false, merchantName: '', merchantCity: '', cnpj: null, address: null };
    }
    throw notFound(SETTINGS_TEXTS.companyNotFound);
  }

  return {
    async listBankSettings(): Promise<BankSetting[]> {
      return (await repo.listBank(db)).map(toBankSetting);
    },

    /** Creates (no id) or updates (id) one setting; `created` tells which. */
    async saveBankSetting(
      actor: SettingsActor,
      input: BankSettingData & { id?: number },
    ): Promise<{ setting: BankSetting; created: boolean }> {
      const { id, ...data } = input;
      const values = toValues(data);
      const saved = await db
        .transaction()
        .execute(async (trx) => {
          const before = id === undefined ? undefined : await repo.findBank(trx, id, true);
          if (id !== undefined && !before) throw notFound(SETTINGS_TEXTS.notFound);
          if (before && before.type !== values.type) throw badRequest(SETTINGS_TEXTS.typeChanged);
          const exceptId = id ?? null;
          if (values.type === 'Pix' && !values.disabled && isPixKeyType(values.pix_type)) {
            if (await repo.findActivePixOfType(trx, values.pix_type, exceptId)) throw activePixTaken(values.pix_type);
          }
          if (values.type === 'Transfer' && values.bank && values.agency && values.account) {
            const account = { bank: values.bank, agency: values.agency, account: values.account };
            if (await repo.findAccount(trx, account, exceptId))
              throw conflict(SETTINGS_TEXTS.accountTaken, 'DUPLICATE');
          }
          const row = before ? await repo.updateBank(trx, before.id, values) : await repo.insertBank(trx, values);
          const action = before ? 'update' : 'create';
          const changes = diff(before ?? emptied(values), values);
          await recordAudit(trx, {
            employeeId: actor.employeeId,
            entity: 'bank_setting',
            entityId: row.id,
            action,
            changes,
          });
          return { row, action, changes };
        })
        .catch((error: unknown) => {
          // Two saves at once: the partial unique index keeps one active key per type.
          if (isUniqueViolation(error) && isPixKeyType(values.pix_type)) throw activePixTaken(values.pix_type);
          throw error;
        });
      const { row, action, changes } = saved;
      warnPaymentChange(actor, { entity: 'bank_setting', entityId: row.id, action, name: row.name }, changes);
      return { setting: toBankSetting(row), created: action === 'create' };
    },

    async deleteBankSetting(actor: SettingsActor, id: number): Promise<void> {
      const { name, changes } = await db.transaction().execute(async (trx) => {
        const before = await repo.findBank(trx, id, true);
        if (!before) throw notFound(SETTINGS_TEXTS.notFound);
        await repo.deleteBank(trx, id);
        const { id: _id, ...values } = before;
        const changes = diff(values, emptied(values));
        await recordAudit(trx, {
          employeeId: actor.employeeId,
          entity: 'bank_setting',
          entityId: id,
          action: 'delete',
          changes,
        });
        return { name: before.name, changes };
      });
      warnPaymentChange(actor, { entity: 'bank_setting', entityId: id, action: 'delete', name }, changes);
    },

    companySettings: (companyId: number) => companySettings(db, companyId),

    async updateCompanySettings(
      actor: SettingsActor,
      patch: {
        companyId: number;
        enablePixAuto: boolean;
        merchantName?: string;
        merchantCity?: string;
        name?: string;
        cnpj?: string;
        /** null or '' clears it; absent keeps it. */
        address?: string | null;
      },
    ): Promise<CompanySettings> {
      const { saved, changes } = await db.transaction().execute(async (trx) => {
        const found = await repo.findCompany(trx, patch.companyId, true);
        if (!found && patch.companyId !== COMPANY_ID) throw notFound(SETTINGS_TEXTS.companyNotFound);
        // Before its first save the fixed company is what companySettings shows: everything off and empty.
        const before = found ?? NO_COMPANY;
        const merchantName = patch.merchantName ?? before.merchant_name;
        const values = {
          name: patch.name ?? found?.name ?? merchantName,
          pix_auto: patch.enablePixAuto,
          merchant_name: merchantName,
          merchant_city: patch.merchantCity ?? before.merchant_city,
          cnpj: patch.cnpj ?? before.cnpj,
          address: patch.address === undefined ? before.address : patch.address || null,
        };
        await repo.upsertCompany(trx, patch.companyId, values);
        const changes = diff(before, values);
        await recordAudit(trx, {
          employeeId: actor.employeeId,
          entity: 'company_settings',
          entityId: patch.companyId,
          action: 'update',
          changes,
        });
        return { saved: await companySettings(trx, patch.companyId), changes };
      });
      warnPaymentChange(actor, { entity: 'company_settings', entityId: patch.companyId, action: 'update' }, changes);
      return saved;
    },

    initialOrderStatus: (payment: PaymentMethod) => initialOrderStatusFor(db, payment),

    // ---------- first run and the couriers' departures (issue 21 §1, decision 0019) ----------

    /** GET /setup: whether 'Configuração inicial' is still to do, and what is saved already (to prefill it). */
    async setupStatus(): Promise<SetupStatus> {
      const [state, company, departures, hasPixKey] = await Promise.all([
        repo.firstRunState(db, COMPANY_ID),
        companySettings(db, COMPANY_ID),
        deliverySchedule(db),
        repo.hasActivePix(db),
      ]);
      const completedAt = state?.setup_completed_at ?? null;
      return {
        required: completedAt === null,
        completedAt: completedAt === null ? null : new Date(completedAt).toISOString(),
        companyName: company.name,
        cnpj: company.cnpj ?? null,
        merchantCity: company.merchantCity,
        hasPixKey,
        departures: departures.map((times) => [...times]),
        pixAuto: company.pixAuto,
      };
    },

    /**
     * POST /setup: company name and CNPJ, the Pix merchant city (and the merchant name from the company's
     * name when none was set), the first Pix key, 'Pix automático' when asked (issue 35 §4), the departures, and
     * the setup marked done — one
     * transaction; anything refused leaves everything as it was. Only with the settings permission (route).
     */
    async completeSetup(actor: SettingsActor, body: SetupBody, now = new Date()): Promise<SetupStatus> {
      let pix: BankSettingValues | null = null;
      if (body.pixKey) {
        const parsed = bankSettingInputSchema.safeParse({
          bankSettingsType: 'Pix',
          name: `Pix ${PIX_KEY_TYPE_LABELS[body.pixKey.pixType]}`,
          pixType: body.pixKey.pixType,
          pixKey: body.pixKey.pixKey,
        });
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? SETTINGS_TEXTS.pixKeyRequired);
        pix = toValues(parsed.data);
      }
      await db.transaction().execute(async (trx) => {
        const found = await repo.findCompany(trx, COMPANY_ID, true);
        const state = await repo.firstRunState(trx, COMPANY_ID);
        if (state?.setup_completed_at) throw conflict(SETUP_TEXTS.alreadyDone, 'CONFLICT');
        if (!pix && !(await repo.hasActivePix(trx))) throw badRequest(SETUP_TEXTS.pixKeyRequired);
        const before = found ?? NO_COMPANY;
        const values = {
          name: body.companyName,
          cnpj: body.cnpj,
          address: before.address,
          pix_auto: body.pixAuto ?? before.pix_auto,
          merchant_name: before.merchant_name || toPixText(body.companyName).slice(0, PIX_LIMITS.merchantName).trim(),
          merchant_city: body.merchantCity,
        };
        await repo.upsertCompany(trx, COMPANY_ID, values);
        await repo.saveDepartures(trx, COMPANY_ID, body.departures);
        await repo.markSetupCompleted(trx, COMPANY_ID, now);
        if (pix) {
          if (isPixKeyType(pix.pix_type) && (await repo.findActivePixOfType(trx, pix.pix_type, null))) {
            throw activePixTaken(pix.pix_type);
          }
          const row = await repo.insertBank(trx, pix);
          await recordAudit(trx, {
            employeeId: actor.employeeId,
            entity: 'bank_setting',
            entityId: row.id,
            action: 'create',
            changes: diff(emptied(pix), pix),
          });
        }
        await recordAudit(trx, {
          employeeId: actor.employeeId,
          entity: 'company_settings',
          entityId: COMPANY_ID,
          action: 'setup',
          changes: { ...diff(before, values), departures: { from: null, to: body.departures } },
        });
      });
      log.warn(
        { employeeId: actor.employeeId, employeeName: actor.name },
        `first-run setup completed by ${actor.name} (#${actor.employeeId})`,
      );
      return this.setupStatus();
    },

    /** GET /settings/departures: the week the couriers leave by (saved, else section 9's). */
    departures: () => deliverySchedule(db),

    /** PUT /settings/card-fees: the acquirer's fees and days (decision 0042); one audit row, before and after. */
    saveCardSettings: (actor: SettingsActor, settings: CardSettings): Promise<CardSettings> =>
      saveAudited(
        actor,
        'cardSettings',
        cardSettings,
        (trx) => repo.saveCardSettings(trx, COMPANY_ID, settings),
        settings,
      ),

    cardSettings: () => cardSettings(db),

    /** PUT /settings/quotes: the days a new quote is valid (checked by the contract's `quoteValiditySchema`), audited. */
    saveQuoteValidity: (actor: SettingsActor, days: number): Promise<number> =>
      saveAudited(
        actor,
        'quoteValidityDays',
        quoteValidityDays,
        (trx) => repo.saveQuoteValidityDays(trx, COMPANY_ID, days),
        days,
      ),

    /** PUT /settings/departures: saves the week (checked by the contract's `deliveryScheduleSchema`). */
    saveDepartures: (actor: SettingsActor, departures: DeliverySchedule): Promise<DeliverySchedule> =>
      saveAudited(
        actor,
        'departures',
        deliverySchedule,
        (trx) => repo.saveDepartures(trx, COMPANY_ID, departures),
        departures,
      ),
  };
}
