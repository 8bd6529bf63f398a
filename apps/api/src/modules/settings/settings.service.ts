import {
  type BankSetting,
  type BankSettingData,
  buildPixPayload,
  COMPANY_ID,
  type CompanySettings,
  initialOrderStatus,
  type OrderStatusKey,
  type PaymentMethod,
  PIX_KEY_TYPES,
  type PixKeyType,
  pixTxid,
  SETTINGS_TEXTS,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { diff, recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { type BankSettingRow, type BankSettingValues, settingsRepository as repo } from './settings.repository';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

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
 * Bank settings (Pix keys and transfer accounts), the company's settings and the static Pix BR Code of an
 * order. At most one active Pix setting per key type; every change leaves an audit row.
 */
export function createSettingsService(db: DB) {
  async function companySettings(executor: Executor, companyId: number): Promise<CompanySettings> {
    const row = await repo.findCompany(executor, companyId);
    if (row) {
      return {
        companyId: row.company_id,
        name: row.name,
        pixAuto: row.pix_auto,
        merchantName: row.merchant_name,
        merchantCity: row.merchant_city,
      };
    }
    // The client's fixed company exists from the start, with everything off, until it is first saved.
    if (companyId === COMPANY_ID) return { companyId, name: '', pixAuto: false, merchantName: '', merchantCity: '' };
    throw notFound(SETTINGS_TEXTS.companyNotFound);
  }

  return {
    async listBankSettings(): Promise<BankSetting[]> {
      return (await repo.listBank(db)).map(toBankSetting);
    },

    /** Creates (no id) or updates (id) one setting; `created` tells which. */
    async saveBankSetting(
      actorId: number,
      input: BankSettingData & { id?: number },
    ): Promise<{ setting: BankSetting; created: boolean }> {
      const { id, ...data } = input;
      const values = toValues(data);
      try {
        return await db.transaction().execute(async (trx) => {
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
          await recordAudit(trx, {
            employeeId: actorId,
            entity: 'bank_setting',
            entityId: row.id,
            action: before ? 'update' : 'create',
            changes: before ? diff(before, values) : values,
          });
          return { setting: toBankSetting(row), created: !before };
        });
      } catch (error) {
        // Two saves at once: the partial unique index keeps one active key per type.
        if (isUniqueViolation(error) && isPixKeyType(values.pix_type)) throw activePixTaken(values.pix_type);
        throw error;
      }
    },

    async deleteBankSetting(actorId: number, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await repo.findBank(trx, id, true);
        if (!before) throw notFound(SETTINGS_TEXTS.notFound);
        await repo.deleteBank(trx, id);
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'bank_setting',
          entityId: id,
          action: 'delete',
          changes: { ...before },
        });
      });
    },

    companySettings: (companyId: number) => companySettings(db, companyId),

    async updateCompanySettings(
      actorId: number,
      patch: { companyId: number; enablePixAuto: boolean; merchantName?: string; merchantCity?: string },
    ): Promise<CompanySettings> {
      return db.transaction().execute(async (trx) => {
        const before = await repo.findCompany(trx, patch.companyId, true);
        if (!before && patch.companyId !== COMPANY_ID) throw notFound(SETTINGS_TEXTS.companyNotFound);
        const merchantName = patch.merchantName ?? before?.merchant_name ?? '';
        const values = {
          name: before?.name ?? merchantName,
          pix_auto: patch.enablePixAuto,
          merchant_name: merchantName,
          merchant_city: patch.merchantCity ?? before?.merchant_city ?? '',
        };
        await repo.upsertCompany(trx, patch.companyId, values);
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'company_settings',
          entityId: patch.companyId,
          action: 'update',
          changes: diff(before ?? {}, values),
        });
        return companySettings(trx, patch.companyId);
      });
    },

    initialOrderStatus: (payment: PaymentMethod) => initialOrderStatusFor(db, payment),

    /**
     * The static BR Code of an order: its total, the first active Pix key, the company's merchant name and
     * city, and the order code without punctuation as txid.
     */
    async pixPayload(orderId: number): Promise<string> {
      const order = await repo.findOrderForPix(db, orderId);
      if (!order) throw notFound(SETTINGS_TEXTS.orderNotFound);
      const pix = await repo.firstActivePix(db);
      if (!pix?.pix_key) throw conflict(SETTINGS_TEXTS.noActivePixKey, 'PIX_KEY_MISSING');
      const company = await companySettings(db, COMPANY_ID);
      if (!company.merchantName || !company.merchantCity) {
        throw conflict(SETTINGS_TEXTS.merchantMissing, 'PIX_MERCHANT_MISSING');
      }
      return buildPixPayload({
        key: pix.pix_key,
        merchantName: company.merchantName,
        merchantCity: company.merchantCity,
        amountCents: order.total_cents > 0 ? order.total_cents : undefined,
        txid: pixTxid(order.code),
      });
    },
  };
}
