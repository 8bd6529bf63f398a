import {
  bankSettingInputSchema,
  COMPANY_ID,
  PIX_KEY_TYPE_LABELS,
  PIX_LIMITS,
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
import { badRequest, conflict } from '../../lib/errors';
import { activePixTaken, isPixKeyType, toValues } from './bank-settings';
import { companySettings, NO_COMPANY } from './company-settings';
import { type BankSettingValues, settingsRepository as repo } from './settings.repository';
import type { SettingsActor } from './settings-audit';
import { deliverySchedule } from './shop-settings';

/* The first run ('Configuração inicial', issue 21 §1, decision 0019): what is still to do, and doing it at once. */

/** GET /setup: whether 'Configuração inicial' is still to do, and what is saved already (to prefill it). */
export async function setupStatus(db: Executor): Promise<SetupStatus> {
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
}

/**
 * POST /setup: company name and CNPJ, the Pix merchant city (and the merchant name from the company's
 * name when none was set), the first Pix key, 'Pix automático' when asked (issue 35 §4), the departures, and
 * the setup marked done — one
 * transaction; anything refused leaves everything as it was. Only with the settings permission (route).
 */
export async function completeSetup(
  db: DB,
  log: FastifyBaseLogger,
  actor: SettingsActor,
  body: SetupBody,
  now: Date,
): Promise<void> {
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
}
