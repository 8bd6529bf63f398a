import {
  centsToReais,
  type SupplierReturn,
  type SupplierReturnBody,
  PURCHASE_ENTRY_TEXTS as T,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { recordSupplierCredit } from '../payables/payables.service';
import { sendUnitsBack, unitsGoingBack } from '../stock/stock.service';
import { purchasesRepository as repo } from './purchases.repository';

/**
 * Phones sent back to their supplier (issue 39 §4): each named by IMEI, in stock or in analysis, come in by
 * a note (its entry names the supplier); all of one supplier. In one transaction: the units leave (a ledger
 * row each naming the supplier and the note's key, the entry tagged), and the supplier owes their entry
 * costs back (`recordSupplierCredit`: a negative bill), audited with the reason.
 */
export async function returnToSupplier(db: DB, actorId: number, body: SupplierReturnBody): Promise<SupplierReturn> {
  return db.transaction().execute(async (trx) => {
    const units = await unitsGoingBack(trx, body.imeis);
    const entries = new Map(
      (
        await repo.unitsEntries(
          trx,
          units.map((u) => u.unitId),
        )
      ).map((e) => [e.unit_id, e]),
    );
    const without = units.filter((unit) => !entries.has(unit.unitId));
    if (without.length > 0) {
      const messages = without.map((unit) => T.returnUnitWithoutNote(unit.imei));
      throw new AppError(400, messages[0] as string, { code: 'BAD_REQUEST', messages });
    }
    const suppliers = new Set([...entries.values()].map((e) => e.supplier_id));
    if (suppliers.size > 1) throw new AppError(400, T.returnSeveralSuppliers, { code: 'BAD_REQUEST' });
    const first = entries.get(units[0]?.unitId as number) as NonNullable<ReturnType<typeof entries.get>>;
    await sendUnitsBack(
      trx,
      units.map((unit) => {
        const entry = entries.get(unit.unitId) as typeof first;
        return {
          ...unit,
          purchaseId: entry.purchase_id,
          note: T.returnLedgerNote(entry.supplier_name, entry.number, entry.series, entry.access_key, body.reason),
        };
      }),
      actorId,
    );
    const creditCents = units.reduce((sum, unit) => sum + unit.costCents, 0);
    const keys = [...new Set([...entries.values()].map((e) => e.access_key))];
    const payableId = await recordSupplierCredit(
      trx,
      {
        supplierId: first.supplier_id,
        amountCents: creditCents,
        description: T.returnCreditDescription(units.length, body.reason),
        reference: keys.length === 1 ? (keys[0] as string) : `${keys.length} notas`,
      },
      actorId,
    );
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'purchase',
      entityId: first.purchase_id,
      action: 'supplier-return',
      changes: {
        supplierId: first.supplier_id,
        reason: body.reason,
        imeis: units.map((u) => u.imei),
        accessKeys: keys,
        credit: centsToReais(creditCents),
        payableId,
      },
    });
    return {
      supplier: { id: first.supplier_id, name: first.supplier_name },
      units: units.map((unit) => {
        const entry = entries.get(unit.unitId) as typeof first;
        return {
          imei: unit.imei,
          product: unit.productName,
          cost: centsToReais(unit.costCents),
          accessKey: entry.access_key,
          purchaseId: entry.purchase_id,
        };
      }),
      credit: centsToReais(creditCents),
      payableId,
    };
  });
}
