import {
  type BankSetting,
  type BankSettingData,
  PIX_KEY_TYPES,
  type PixKeyType,
  SETTINGS_TEXTS,
} from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { diff, emptied, recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { type BankSettingRow, type BankSettingValues, settingsRepository as repo } from './settings.repository';
import { type SettingsActor, warnPaymentChange } from './settings-audit';

/* Bank settings (Pix keys and transfer accounts): at most one active Pix setting per key type, each change audited. */

export const isPixKeyType = (value: string | null): value is PixKeyType =>
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

export function toValues(input: BankSettingData): BankSettingValues {
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

export const activePixTaken = (type: PixKeyType) =>
  conflict(SETTINGS_TEXTS.activePixTypeTaken(type), 'PIX_KEY_TYPE_ACTIVE', { pixType: type });

export async function listBankSettings(db: Executor): Promise<BankSetting[]> {
  return (await repo.listBank(db)).map(toBankSetting);
}

/** Creates (no id) or updates (id) one setting; `created` tells which. */
export async function saveBankSetting(
  db: DB,
  log: FastifyBaseLogger,
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
        if (await repo.findAccount(trx, account, exceptId)) throw conflict(SETTINGS_TEXTS.accountTaken, 'DUPLICATE');
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
  warnPaymentChange(log, actor, { entity: 'bank_setting', entityId: row.id, action, name: row.name }, changes);
  return { setting: toBankSetting(row), created: action === 'create' };
}

export async function deleteBankSetting(
  db: DB,
  log: FastifyBaseLogger,
  actor: SettingsActor,
  id: number,
): Promise<void> {
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
  warnPaymentChange(log, actor, { entity: 'bank_setting', entityId: id, action: 'delete', name }, changes);
}

/** A shop account a payment can leave from: its name and how it is reached (bank, agency, account, or the Pix key). */
export interface ShopAccount {
  id: number;
  name: string;
  detail: string;
}

function toShopAccount(row: BankSettingRow): ShopAccount {
  const transfer = [row.bank, row.agency && `ag. ${row.agency}`, row.account && `c/c ${row.account}`];
  const parts = row.type === 'Pix' ? [`Pix ${row.pix_key ?? ''}`.trim()] : transfer;
  return { id: row.id, name: row.name, detail: parts.filter(Boolean).join(' · ') };
}

/**
 * The shop's active accounts ('Conta de saída' of a bill's payment, issue 54 §8): the bank settings not
 * disabled, transfer accounts and Pix keys alike, in the order they were registered.
 */
export async function activeShopAccounts(db: Executor): Promise<ShopAccount[]> {
  return (await repo.listBank(db)).filter((row) => !row.disabled).map(toShopAccount);
}

/** One active shop account by its id, or undefined (none, or disabled). */
export async function activeShopAccount(db: Executor, id: number): Promise<ShopAccount | undefined> {
  const row = await repo.findBank(db, id);
  return row && !row.disabled ? toShopAccount(row) : undefined;
}
