import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { BankSettingsTable } from '../../db/schema';

const BANK_COLUMNS = [
  'id',
  'type',
  'name',
  'bank',
  'account',
  'agency',
  'cnpj',
  'pix_type',
  'pix_key',
  'disabled',
] as const;
const COMPANY_COLUMNS = [
  'company_id',
  'name',
  'pix_auto',
  'merchant_name',
  'merchant_city',
  'cnpj',
  'address',
] as const;

export type BankSettingRow = Pick<Selectable<BankSettingsTable>, (typeof BANK_COLUMNS)[number]>;
export type BankSettingValues = Omit<BankSettingRow, 'id'>;

/**
 * One JSON setting of the company's row (made when missing), written as the JSON text the server casts to jsonb
 * (as the audit rows store their changes).
 */
function saveJsonSetting(
  db: Executor,
  companyId: number,
  column: 'delivery_departures' | 'card_settings',
  value: unknown,
) {
  const json = JSON.stringify(value);
  return db
    .insertInto('company_settings')
    .values({ company_id: companyId, name: '', [column]: json, updated_at: new Date() })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ [column]: json, updated_at: new Date() }))
    .execute();
}

/** SQL of bank settings, company settings and the few order facts a BR Code needs. Takes `db` or a transaction. */
export const settingsRepository = {
  listBank(db: Executor) {
    return db.selectFrom('bank_settings').select(BANK_COLUMNS).orderBy('id').execute();
  },
  /** One setting, locked for the rest of the transaction when `lock` (an edit or a removal). */
  findBank(db: Executor, id: number, lock = false) {
    const query = db.selectFrom('bank_settings').select(BANK_COLUMNS).where('id', '=', id);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },
  findActivePixOfType(db: Executor, pixType: string, exceptId: number | null) {
    let query = db
      .selectFrom('bank_settings')
      .select(['id', 'name'])
      .where('type', '=', 'Pix')
      .where('disabled', '=', false)
      .where('pix_type', '=', pixType);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  },
  findAccount(db: Executor, account: { bank: string; agency: string; account: string }, exceptId: number | null) {
    let query = db
      .selectFrom('bank_settings')
      .select('id')
      .where('type', '=', 'Transfer')
      .where('bank', '=', account.bank)
      .where('agency', '=', account.agency)
      .where('account', '=', account.account);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  },
  insertBank(db: Executor, values: BankSettingValues) {
    return db.insertInto('bank_settings').values(values).returning(BANK_COLUMNS).executeTakeFirstOrThrow();
  },
  updateBank(db: Executor, id: number, values: BankSettingValues) {
    return db
      .updateTable('bank_settings')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .returning(BANK_COLUMNS)
      .executeTakeFirstOrThrow();
  },
  deleteBank(db: Executor, id: number) {
    return db.deleteFrom('bank_settings').where('id', '=', id).executeTakeFirst();
  },
  /** The Pix key a BR Code uses: the active Pix setting registered first. */
  firstActivePix(db: Executor) {
    return db
      .selectFrom('bank_settings')
      .select(['id', 'pix_type', 'pix_key'])
      .where('type', '=', 'Pix')
      .where('disabled', '=', false)
      .where('pix_key', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  },

  findCompany(db: Executor, companyId: number, lock = false) {
    const query = db.selectFrom('company_settings').select(COMPANY_COLUMNS).where('company_id', '=', companyId);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },
  upsertCompany(
    db: Executor,
    companyId: number,
    values: {
      name: string;
      pix_auto: boolean;
      merchant_name: string;
      merchant_city: string;
      cnpj: string | null;
      address: string | null;
    },
  ) {
    const now = new Date();
    return db
      .insertInto('company_settings')
      .values({ company_id: companyId, ...values, updated_at: now })
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet({
          name: values.name,
          cnpj: values.cnpj,
          address: values.address,
          pix_auto: values.pix_auto,
          merchant_name: values.merchant_name,
          merchant_city: values.merchant_city,
          updated_at: now,
        }),
      )
      .returning(COMPANY_COLUMNS)
      .executeTakeFirstOrThrow();
  },

  /** The Pix webhook's secret: the stored one, or `fresh` stored now (the company's row is made when missing). */
  async webhookSecret(db: Executor, companyId: number, fresh: string, renew: boolean): Promise<string> {
    const row = await db
      .insertInto('company_settings')
      .values({ company_id: companyId, name: '', pix_webhook_secret: fresh, updated_at: new Date() })
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet((eb) => ({
          pix_webhook_secret: renew ? fresh : eb.fn.coalesce('company_settings.pix_webhook_secret', eb.val(fresh)),
        })),
      )
      .returning('pix_webhook_secret')
      .executeTakeFirstOrThrow();
    return row.pix_webhook_secret ?? fresh;
  },
  async storedWebhookSecret(db: Executor, companyId: number): Promise<string | null> {
    const row = await db
      .selectFrom('company_settings')
      .select('pix_webhook_secret')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return row?.pix_webhook_secret ?? null;
  },

  /** First run (issue 21): when the setup was completed and the stored week of departures (null = defaults). */
  firstRunState(db: Executor, companyId: number) {
    return db
      .selectFrom('company_settings')
      .select(['setup_completed_at', 'delivery_departures'])
      .where('company_id', '=', companyId)
      .executeTakeFirst();
  },
  /** Stores the week of departures (the company's row is made when missing). */
  saveDepartures(db: Executor, companyId: number, departures: readonly (readonly string[])[]) {
    return saveJsonSetting(db, companyId, 'delivery_departures', departures);
  },
  /** The shop's card fees and days (issue 38, migration 0057): null when never saved (the contract's defaults). */
  async cardSettings(db: Executor, companyId: number): Promise<unknown> {
    const row = await db
      .selectFrom('company_settings')
      .select('card_settings')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return row?.card_settings ?? null;
  },
  /** How many days a new quote is valid (decision 0043): null when never saved. */
  async quoteValidityDays(db: Executor, companyId: number): Promise<number | null> {
    const row = await db
      .selectFrom('company_settings')
      .select('quote_validity_days')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return row?.quote_validity_days ?? null;
  },
  saveQuoteValidityDays(db: Executor, companyId: number, days: number) {
    return db
      .insertInto('company_settings')
      .values({ company_id: companyId, name: '', quote_validity_days: days, updated_at: new Date() })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ quote_validity_days: days, updated_at: new Date() }))
      .execute();
  },
  /** Stores the card settings (the company's row is made when missing). */
  saveCardSettings(db: Executor, companyId: number, settings: object) {
    return saveJsonSetting(db, companyId, 'card_settings', settings);
  },
  markSetupCompleted(db: Executor, companyId: number, at: Date) {
    return db
      .updateTable('company_settings')
      .set({ setup_completed_at: at })
      .where('company_id', '=', companyId)
      .execute();
  },
  async hasActivePix(db: Executor): Promise<boolean> {
    const row = await db
      .selectFrom('bank_settings')
      .select('id')
      .where('type', '=', 'Pix')
      .where('disabled', '=', false)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};
