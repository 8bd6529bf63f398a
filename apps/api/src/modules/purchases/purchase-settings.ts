import { DEFAULT_PURCHASE_SETTINGS, type PurchaseSettings } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { diff, recordAudit } from '../../lib/audit';
import { type PurchaseSettingsRow, purchaseSettingsRepository as repo } from './purchase-settings.repository';

const fromRow = (row: PurchaseSettingsRow | undefined): PurchaseSettings =>
  row
    ? {
        goldPercentage: Number(row.gold_percentage),
        silverPercentage: Number(row.silver_percentage),
        bronzePercentage: Number(row.bronze_percentage),
        costDeviationPercentage: Number(row.cost_deviation_percentage),
      }
    : { ...DEFAULT_PURCHASE_SETTINGS };

/**
 * The entry by XML's settings (decision 0090): the level percentages of a product created from a note and the
 * ±% an item's unit cost may stray from its product's average cost without the clerk's acknowledgement.
 */
export async function purchaseSettings(db: Executor): Promise<PurchaseSettings> {
  return fromRow(await repo.read(db));
}

/** PUT /purchases/settings: kept and audited (before → after). */
export async function savePurchaseSettings(
  db: DB,
  employeeId: number,
  settings: PurchaseSettings,
): Promise<PurchaseSettings> {
  await db.transaction().execute(async (trx) => {
    const before = fromRow(
      await repo.write(
        trx,
        {
          gold_percentage: settings.goldPercentage,
          silver_percentage: settings.silverPercentage,
          bronze_percentage: settings.bronzePercentage,
          cost_deviation_percentage: settings.costDeviationPercentage,
        },
        employeeId,
      ),
    );
    await recordAudit(trx, {
      employeeId,
      entity: 'purchase_settings',
      entityId: 1,
      action: 'update',
      changes: diff(before, settings),
    });
  });
  return settings;
}
