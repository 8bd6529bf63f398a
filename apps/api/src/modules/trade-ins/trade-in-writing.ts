import { TRADE_IN_STATUS_LABELS, TRADE_IN_TEXTS, type TradeIn, tradeInCode } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { normalizeOrderPicture } from '../orders/workflow.service';
import { tradeInsRepository as repo } from './trade-ins.repository';

/** What every write of a trade-in uses: its pictures, its row locked and open, its audit row. */

/** Pictures checked and re-encoded before a transaction opens (sharp is slow: no connection held meanwhile). */
export function readPictures(base64s: readonly string[], kind: 'photo' | 'signature') {
  return Promise.all(base64s.map((base64) => normalizeOrderPicture(base64, kind)));
}

/** The pictures stored in the transaction; answers their keys. */
export async function storePictures(
  storage: Storage,
  trx: Executor,
  pictures: ReadonlyArray<{ data: Buffer; extension: string }>,
) {
  const keys: string[] = [];
  for (const picture of pictures) keys.push(await storage.put(trx, 'trade-ins', picture.data, picture.extension));
  return keys;
}

/** The trade-in locked until the end of the transaction; 404 none. */
export async function locked(trx: Transaction<Database>, id: number) {
  const row = await repo.lock(trx, id);
  if (!row) throw notFound(TRADE_IN_TEXTS.notFound);
  return row;
}

export function assertOpen(row: { id: number; status: string }) {
  if (row.status !== 'OPEN') {
    throw conflict(
      TRADE_IN_TEXTS.notOpen(tradeInCode(row.id), TRADE_IN_STATUS_LABELS[row.status as TradeIn['status']]),
      'TRANSITION_REFUSED',
    );
  }
}

export async function audit(
  trx: Executor,
  employeeId: number,
  id: number,
  action: string,
  changes: Record<string, unknown>,
) {
  await recordAudit(trx, { employeeId, entity: 'trade_in', entityId: id, action, changes });
}
