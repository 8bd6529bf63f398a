import {
  centsToReais,
  reaisToCents,
  TRADE_IN_CHECK_LABELS,
  TRADE_IN_TEXTS,
  type TradeInCheckBody,
} from '@backoffice/contract';
import { conflict } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { releaseUsedUnit } from '../stock/stock.service';
import { assertValueAllowed } from './trade-in-evaluation';
import { reais, type TradeInsDeps } from './trade-in-views';
import { assertOpen, audit, locked, readPictures, storePictures } from './trade-in-writing';
import { tradeInsRepository as repo } from './trade-ins.repository';

/** The value agreed: lower than the offer by anyone who takes phones in; higher (or without an offer) by a manager. */
export async function setTradeInValue({ db }: TradeInsDeps, principal: Principal, id: number, value: number) {
  const valueCents = reaisToCents(value);
  await db.transaction().execute(async (trx) => {
    const row = await locked(trx, id);
    assertOpen(row);
    assertValueAllowed(principal, valueCents, row.offer_cents);
    await repo.update(trx, id, { value_cents: valueCents, value_set_by: principal.employeeId });
    await audit(trx, principal.employeeId, id, 'value', {
      from: reais(row.value_cents),
      to: centsToReais(valueCents),
    });
  });
}

/**
 * The stolen-phone check: who, when, the answer and its screenshot. 'Impedido' ends the trade-in (BLOCKED):
 * the phone is not taken. Checked once.
 */
export async function checkTradeIn(
  { db, storage }: TradeInsDeps,
  principal: Principal,
  id: number,
  body: TradeInCheckBody,
) {
  const pictures = await readPictures([body.screenshot], 'photo');
  await db.transaction().execute(async (trx) => {
    const row = await locked(trx, id);
    // The same answer sent again (a retry whose answer was lost): the trade-in as it is.
    if (row.check_result === body.result) return;
    assertOpen(row);
    if (row.check_result !== null) throw conflict(TRADE_IN_TEXTS.alreadyChecked, 'TRANSITION_REFUSED');
    const [screenshot] = await storePictures(storage, trx, pictures);
    await repo.insertFiles(trx, id, 'CHECK', [screenshot as string]);
    await repo.update(trx, id, {
      check_result: body.result,
      checked_by: principal.employeeId,
      checked_at: new Date(),
      ...(body.result === 'IMPEDIDO' ? { status: 'BLOCKED' } : {}),
    });
    await audit(trx, principal.employeeId, id, 'check', { result: TRADE_IN_CHECK_LABELS[body.result] });
  });
}

/** The seller's signature on the term, once the phone was checked regular and its value set. */
export async function signTradeIn({ db, storage }: TradeInsDeps, principal: Principal, id: number, signature: string) {
  const pictures = await readPictures([signature], 'signature');
  await db.transaction().execute(async (trx) => {
    const row = await locked(trx, id);
    // Signed already (a retry whose answer was lost): the trade-in as it is, its first signature kept.
    if (row.signed_at !== null) return;
    assertOpen(row);
    if (row.check_result === null) throw conflict(TRADE_IN_TEXTS.checkMissing, 'TRANSITION_REFUSED');
    if (row.value_cents === null) throw conflict(TRADE_IN_TEXTS.valueMissing, 'TRANSITION_REFUSED');
    const [key] = await storePictures(storage, trx, pictures);
    await repo.insertFiles(trx, id, 'SIGNATURE', [key as string]);
    await repo.update(trx, id, { signed_at: new Date() });
    await audit(trx, principal.employeeId, id, 'signed', {});
  });
}

/** An open trade-in cancelled, with its reason. */
export async function cancelTradeIn({ db }: TradeInsDeps, principal: Principal, id: number, reason: string) {
  await db.transaction().execute(async (trx) => {
    const row = await locked(trx, id);
    assertOpen(row);
    await repo.update(trx, id, { status: 'CANCELLED', cancel_reason: reason });
    await audit(trx, principal.employeeId, id, 'cancelled', { reason });
  });
}

/** The seminovo checked and released for sale: its unit enters the stock (decision 0058). */
export async function releaseTradeIn({ db }: TradeInsDeps, principal: Principal, id: number) {
  await db.transaction().execute(async (trx) => {
    const row = await locked(trx, id);
    if (row.status !== 'ACCEPTED' || row.unit_id === null)
      throw conflict(TRADE_IN_TEXTS.notPreparing, 'TRANSITION_REFUSED');
    await releaseUsedUnit(trx, row.unit_id, principal.employeeId);
    await repo.update(trx, id, { released_by: principal.employeeId, released_at: new Date() });
    await audit(trx, principal.employeeId, id, 'released', {});
  });
}
