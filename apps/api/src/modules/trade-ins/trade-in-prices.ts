import {
  centsToReais,
  reaisToCents,
  TRADE_IN_TEXTS,
  type TradeInPrice,
  type TradeInPriceBody,
  tradeInPhoneName,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { reais } from './trade-in-views';
import { tradeInsRepository as repo } from './trade-ins.repository';

/** The price table: each phone's price (brand, model, storage), by the search. */
export async function tradeInPrices(db: DB, search: string | undefined): Promise<TradeInPrice[]> {
  const rows = await repo.prices(db, search);
  return rows.map((row) => ({
    id: row.id,
    brand: row.brand,
    model: row.model,
    storage: row.storage_gb,
    price: centsToReais(row.price_cents),
  }));
}

/** A phone's price set (created or changed), audited. */
export async function saveTradeInPrice(db: DB, actorId: number, body: TradeInPriceBody): Promise<TradeInPrice> {
  const priceCents = reaisToCents(body.price);
  const { id } = await db.transaction().execute(async (trx) => {
    const saved = await repo.upsertPrice(trx, { ...body, priceCents }, actorId);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'trade_in_price',
      entityId: saved.id,
      action: saved.before === null ? 'created' : 'updated',
      changes: { phone: tradeInPhoneName(body), from: reais(saved.before), to: body.price },
    });
    return saved;
  });
  return { id, brand: body.brand, model: body.model, storage: body.storage, price: body.price };
}

/** A phone's price removed, audited; 404 none. */
export async function deleteTradeInPrice(db: DB, actorId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.deletePrice(trx, id);
    if (!row) throw notFound(TRADE_IN_TEXTS.priceNotFound);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'trade_in_price',
      entityId: id,
      action: 'deleted',
      changes: {
        phone: tradeInPhoneName({ brand: row.brand, model: row.model, storage: row.storage_gb }),
        price: centsToReais(row.price_cents),
      },
    });
  });
}
