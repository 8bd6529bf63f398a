import {
  COMPANY_ID,
  centsToReais,
  DEFAULT_TRADE_IN_DEDUCTIONS,
  DEFAULT_USED_WARRANTY_DAYS,
  reaisToCents,
  TRADE_IN_DEFECTS,
  type TradeInDefect,
  type TradeInSettings,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { tradeInsRepository as repo } from './trade-ins.repository';

/** The shop's deductions (cents) and seminovo warranty, the defaults where it typed none. */
export async function tradeInSettings(
  db: Executor,
): Promise<{ deductions: Record<TradeInDefect, number>; warrantyDays: number }> {
  const row = await repo.settings(db, COMPANY_ID);
  const saved = (row?.deductions ?? {}) as Partial<Record<TradeInDefect, number>>;
  const deductions = Object.fromEntries(
    TRADE_IN_DEFECTS.map((defect) => [defect, saved[defect] ?? DEFAULT_TRADE_IN_DEDUCTIONS[defect]]),
  ) as Record<TradeInDefect, number>;
  return { deductions, warrantyDays: row?.warranty_days ?? DEFAULT_USED_WARRANTY_DAYS };
}

/** The settings as the screen shows them: each defect's deduction in reais, the seminovo warranty's days. */
export async function tradeInSettingsView(db: DB): Promise<TradeInSettings> {
  const { deductions, warrantyDays } = await tradeInSettings(db);
  return {
    deductions: Object.fromEntries(
      TRADE_IN_DEFECTS.map((defect) => [defect, centsToReais(deductions[defect])]),
    ) as TradeInSettings['deductions'],
    warrantyDays,
  };
}

/** The deductions and the warranty's days saved, audited with what they were. */
export async function saveTradeInSettings(db: DB, actorId: number, body: TradeInSettings): Promise<TradeInSettings> {
  const before = await tradeInSettingsView(db);
  const cents = Object.fromEntries(TRADE_IN_DEFECTS.map((defect) => [defect, reaisToCents(body.deductions[defect])]));
  await db.transaction().execute(async (trx) => {
    await repo.saveSettings(trx, COMPANY_ID, cents, body.warrantyDays);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'trade_in_settings',
      entityId: COMPANY_ID,
      action: 'update',
      changes: { before, after: body },
    });
  });
  return tradeInSettingsView(db);
}
