import type {
  BankSetting,
  BankSettingData,
  CardSettings,
  CompanySettings,
  DeliverySchedule,
  PaymentMethod,
  SetupBody,
  SetupStatus,
} from '@backoffice/contract';
import { COMPANY_ID } from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { deleteBankSetting, listBankSettings, saveBankSetting } from './bank-settings';
import { companySettings, updateCompanySettings } from './company-settings';
import { completeSetup, setupStatus } from './first-run-setup';
import { settingsRepository as repo } from './settings.repository';
import type { SettingsActor } from './settings-audit';
import { cardSettings, deliverySchedule, initialOrderStatusFor, quoteValidityDays } from './shop-settings';

/** The shop's active accounts, for a bill's 'Conta de saída' (issue 54 §8). */
export { activeShopAccount, activeShopAccounts, type ShopAccount } from './bank-settings';
/** Who changes a setting: recorded in the audit row and named in the warning log line. */
export type { SettingsActor } from './settings-audit';
/** The shop's settings other modules read (`shop-settings.ts`). */
export {
  cardSettings,
  deliverySchedule,
  initialOrderStatusFor,
  isPixWebhookSecret,
  pixAutoOn,
  pixReceiver,
  pixWebhookSecret,
  quoteValidityDays,
  shopIdentity,
} from './shop-settings';

/**
 * Bank settings (Pix keys and transfer accounts), the company's settings and the static Pix BR Code of an
 * order. At most one active Pix setting per key type. Every change leaves an audit row with each changed
 * field's value before and after (`{ field: { from, to } }`, null for what did not exist); a change of where
 * the shop gets paid (a Pix key, a bank account, the automatic Pix switch) also logs a warning naming who
 * changed what, for the administrators (notifications come later). Bank settings in `bank-settings.ts`, the
 * company's in `company-settings.ts`, the first run in `first-run-setup.ts`, what other modules read in
 * `shop-settings.ts`.
 */
export function createSettingsService(db: DB, log: FastifyBaseLogger) {
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

  return {
    listBankSettings: (): Promise<BankSetting[]> => listBankSettings(db),

    /** Creates (no id) or updates (id) one setting; `created` tells which. */
    saveBankSetting: (
      actor: SettingsActor,
      input: BankSettingData & { id?: number },
    ): Promise<{ setting: BankSetting; created: boolean }> => saveBankSetting(db, log, actor, input),

    deleteBankSetting: (actor: SettingsActor, id: number): Promise<void> => deleteBankSetting(db, log, actor, id),

    companySettings: (companyId: number): Promise<CompanySettings> => companySettings(db, companyId),

    updateCompanySettings: (
      actor: SettingsActor,
      patch: Parameters<typeof updateCompanySettings>[3],
    ): Promise<CompanySettings> => updateCompanySettings(db, log, actor, patch),

    initialOrderStatus: (payment: PaymentMethod) => initialOrderStatusFor(db, payment),

    // ---------- first run and the couriers' departures (issue 21 §1, decision 0019) ----------

    /** GET /setup: whether 'Configuração inicial' is still to do, and what is saved already (to prefill it). */
    setupStatus: (): Promise<SetupStatus> => setupStatus(db),

    /**
     * POST /setup: company name and CNPJ, the Pix merchant city, the first Pix key, 'Pix automático' when asked,
     * the departures, and the setup marked done, in one transaction (`first-run-setup.ts`).
     */
    async completeSetup(actor: SettingsActor, body: SetupBody, now = new Date()): Promise<SetupStatus> {
      await completeSetup(db, log, actor, body, now);
      return setupStatus(db);
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

export type SettingsService = ReturnType<typeof createSettingsService>;
