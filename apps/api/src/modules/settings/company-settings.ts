import { COMPANY_ID, type CompanySettings, SETTINGS_TEXTS } from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { diff, recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { settingsRepository as repo } from './settings.repository';
import { type SettingsActor, warnPaymentChange } from './settings-audit';

/** The fixed company before its first save: everything off and empty (what `companySettings` shows). */
export const NO_COMPANY = {
  name: '',
  pix_auto: false,
  merchant_name: '',
  merchant_city: '',
  cnpj: null,
  address: null,
} as const satisfies Record<string, unknown>;

/** The company's settings; the fixed company before its first save: everything off and empty. */
export async function companySettings(executor: Executor, companyId: number): Promise<CompanySettings> {
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

/** 'Configurações da Empresa': the name, CNPJ and address, the Pix merchant and the automatic Pix switch; audited. */
export async function updateCompanySettings(
  db: DB,
  log: FastifyBaseLogger,
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
  warnPaymentChange(log, actor, { entity: 'company_settings', entityId: patch.companyId, action: 'update' }, changes);
  return saved;
}
