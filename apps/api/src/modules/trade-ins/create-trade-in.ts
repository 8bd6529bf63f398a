import {
  isValidImei,
  reaisToCents,
  TRADE_IN_TEXTS,
  type TradeInCreateBody,
  tradeInPhoneName,
} from '@backoffice/contract';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import type { Principal } from '../../plugins/auth';
import { assertValueAllowed, evaluation } from './trade-in-evaluation';
import { reais, type TradeInsDeps } from './trade-in-views';
import { audit, readPictures, storePictures } from './trade-in-writing';
import { tradeInsRepository as repo } from './trade-ins.repository';

function badImeis(imeis: string[]) {
  const bad = imeis.filter((imei) => !isValidImei(imei));
  if (bad.length === 0) return;
  const messages = bad.map(TRADE_IN_TEXTS.imeiInvalid);
  throw new AppError(400, messages[0] as string, { code: 'INVALID_IMEI', messages, details: { imeis: bad } });
}

/**
 * A used phone evaluated: the seller, the phone, its checklist and photos; the offer from the table and the
 * deductions, the value agreed (the offer unless typed; above it only by a manager). The same Idempotency-Key
 * sent again (a lost answer) answers the trade-in it created, once. Answers its id.
 */
export async function createTradeIn(
  { db, storage }: TradeInsDeps,
  principal: Principal,
  body: TradeInCreateBody,
  key?: string,
): Promise<number> {
  const earlier = key === undefined ? undefined : await repo.idByKey(db, key);
  if (earlier !== undefined) return earlier;
  badImeis(body.imei2 ? [body.imei, body.imei2] : [body.imei]);
  const evaluated = await evaluation(db, body);
  const valueCents = body.value === undefined ? evaluated.offerCents : reaisToCents(body.value);
  if (valueCents !== null) assertValueAllowed(principal, valueCents, evaluated.offerCents);
  const pictures = await readPictures(body.photos ?? [], 'photo');
  const created = db.transaction().execute(async (trx) => {
    if (body.customerId !== undefined && !(await repo.customerExists(trx, body.customerId))) {
      throw notFound(TRADE_IN_TEXTS.customerNotFound);
    }
    const photos = await storePictures(storage, trx, pictures);
    const newId = await repo.insert(trx, {
      customer_id: body.customerId ?? null,
      seller_name: body.sellerName,
      seller_cpf: body.sellerCpf,
      brand: body.brand,
      model: body.model,
      storage_gb: body.storage,
      colour: body.colour?.trim() || null,
      imei: body.imei,
      imei2: body.imei2 ?? null,
      checklist: JSON.stringify(body.checklist),
      table_price_cents: evaluated.tablePriceCents,
      deductions: JSON.stringify(evaluated.deductions),
      offer_cents: evaluated.offerCents,
      value_cents: valueCents,
      value_set_by: valueCents === null ? null : principal.employeeId,
      created_by: principal.employeeId,
      idempotency_key: key ?? null,
    });
    await repo.insertFiles(trx, newId, 'PHOTO', photos);
    await audit(trx, principal.employeeId, newId, 'created', {
      phone: tradeInPhoneName(body),
      imei: body.imei,
      offer: reais(evaluated.offerCents),
      value: reais(valueCents),
    });
    return newId;
  });
  const id = await created.catch(async (error: unknown) => {
    // Two requests with the same key at once: the second meets the unique key and answers the first's.
    const first = key !== undefined && isUniqueViolation(error) ? await repo.idByKey(db, key) : undefined;
    if (first === undefined) throw error;
    return first;
  });
  return id;
}
