import { randomBytes } from 'node:crypto';
import {
  businessDay,
  EMPLOYEE_FUNCS,
  REPAIR_TEXTS,
  type RepairCreateBody,
  type RepairWarrantySource,
  repairCreateBodySchema,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import type { Principal } from '../../plugins/auth';
import { normalizeOrderPicture } from '../orders/workflow.service';
import { unitByImei } from '../stock/stock.service';
import { sealDevicePassword } from './device-password';
import type { RepairsDeps } from './repair-detail';
import { REPAIR_FILE_FOLDER } from './repair-figures';
import { lateAt } from './repair-views';
import { repairsRepository as repo } from './repairs.repository';

/**
 * Whose warranty covers a repair of this IMEI now: our own sale's (the phone is a unit we sold and its warranty
 * runs: `phoneWarranty` through the stock module) or an earlier repair's; null when none (the customer pays).
 */
async function warrantyCovering(db: AppDeps['db'], imei: string, now: Date) {
  const unit = await unitByImei(db, imei, now).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  if (unit?.warrantyEndsAt && new Date(unit.warrantyEndsAt) > now) {
    return { source: 'SALE' as RepairWarrantySource, until: new Date(unit.warrantyEndsAt) };
  }
  const earlier = await repo.runningWarranty(db, imei, now);
  if (earlier?.warranty_ends_at) {
    return { source: 'REPAIR' as RepairWarrantySource, until: new Date(earlier.warranty_ends_at) };
  }
  return null;
}

/** The technician named: an employee of the technician's function, not blocked; else 400. */
export async function technicianOrThrow(executor: AppDeps['db'] | Transaction<Database>, id: number) {
  const employee = await repo.technician(executor, id);
  if (!employee || employee.blocked || employee.func !== EMPLOYEE_FUNCS.TECHNICIAN) {
    throw badRequest(REPAIR_TEXTS.technicianInvalid);
  }
}

/**
 * POST /repairs: the service order opened at the counter, with its photos; RECEIVED, its history and audit.
 * Answers its id (the same Idempotency-Key sent again: the one it opened, once).
 */
export async function openRepair(
  { db, storage, config }: RepairsDeps,
  principal: Principal,
  input: RepairCreateBody,
  now: Date,
  key?: string,
): Promise<number> {
  // The same Idempotency-Key sent again (a lost answer): the service order it opened, once.
  const earlier = key === undefined ? undefined : await repo.idByKey(db, key);
  if (earlier !== undefined) return earlier;
  const body = repairCreateBodySchema.parse(input);
  if (body.estimatedDate < businessDay(now)) throw badRequest(REPAIR_TEXTS.datePast);
  // Pictures checked and re-encoded before the transaction (sharp is slow).
  const photos = await Promise.all(body.photos.map((photo) => normalizeOrderPicture(photo, 'photo')));
  const warranty = await warrantyCovering(db, body.imei, now);
  const opened = db.transaction().execute(async (trx) => {
    const customer = await repo.customer(trx, body.customerId);
    if (!customer) throw notFound(REPAIR_TEXTS.customerNotFound);
    if (body.technicianId) await technicianOrThrow(trx, body.technicianId);
    const repairId = await repo.insert(trx, {
      customer_id: customer.id,
      imei: body.imei,
      unit_id: await repo.unitIdByImei(trx, body.imei),
      model: body.model,
      device_password_sealed: body.devicePassword ? sealDevicePassword(config.jwtSecret, body.devicePassword) : null,
      problem: body.problem,
      checklist: JSON.stringify(body.checklist),
      condition_notes: body.conditionNotes || null,
      accessories: body.accessories || null,
      estimated_date: body.estimatedDate,
      late_at: lateAt(body.estimatedDate),
      technician_id: body.technicianId ?? null,
      warranty_source: warranty?.source ?? null,
      warranty_until: warranty?.until ?? null,
      status_token: randomBytes(24).toString('base64url'),
      created_by: principal.employeeId,
      created_at: now,
      updated_at: now,
      status_since: now,
      idempotency_key: key ?? null,
    });
    const keys: string[] = [];
    for (const photo of photos) keys.push(await storage.put(trx, REPAIR_FILE_FOLDER, photo.data, photo.extension));
    await repo.insertPhotos(trx, repairId, keys);
    await repo.insertHistory(trx, {
      repairId,
      status: 'RECEIVED',
      employeeId: principal.employeeId,
      note: null,
      at: now,
    });
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'repair',
      entityId: repairId,
      action: 'create',
      changes: {
        customerId: customer.id,
        imei: body.imei,
        model: body.model,
        estimatedDate: body.estimatedDate,
        technicianId: body.technicianId ?? null,
        photos: keys.length,
        ...(warranty ? { warranty: warranty.source } : {}),
      },
    });
    return repairId;
  });
  const id = await opened.catch(async (error: unknown) => {
    // Two requests with the same key at once: the second meets the unique key and answers the first's.
    const first = key !== undefined && isUniqueViolation(error) ? await repo.idByKey(db, key) : undefined;
    if (first === undefined) throw error;
    return first;
  });
  return id;
}
