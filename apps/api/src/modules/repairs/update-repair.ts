import {
  businessDay,
  OPEN_REPAIR_STATUSES,
  REPAIR_TEXTS,
  type RepairStatus,
  type RepairUpdateBody,
  repairUpdateBodySchema,
} from '@backoffice/contract';
import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { technicianOrThrow } from './open-repair';
import { lateAt } from './repair-views';
import { repairsRepository as repo } from './repairs.repository';

/** PATCH /repairs/{id}: corrections while the device is with us; refused once it left. */
export async function updateRepair(
  db: AppDeps['db'],
  principal: Principal,
  id: number,
  input: RepairUpdateBody,
  now: Date,
): Promise<void> {
  const body = repairUpdateBodySchema.parse(input);
  if (body.estimatedDate && body.estimatedDate < businessDay(now)) throw badRequest(REPAIR_TEXTS.datePast);
  await db.transaction().execute(async (trx) => {
    const repair = await repo.lock(trx, id);
    if (!repair) throw notFound(REPAIR_TEXTS.notFound);
    if (!OPEN_REPAIR_STATUSES.includes(repair.status as RepairStatus)) throw conflict(REPAIR_TEXTS.notEditable);
    if (
      body.expectedUpdatedAt &&
      new Date(body.expectedUpdatedAt).getTime() !== new Date(repair.updated_at).getTime()
    ) {
      throw conflict(REPAIR_TEXTS.stale, 'STALE_DATA');
    }
    if (body.technicianId) await technicianOrThrow(trx, body.technicianId);
    const after = {
      model: body.model ?? repair.model,
      problem: body.problem ?? repair.problem,
      accessories: body.accessories === undefined ? repair.accessories : body.accessories || null,
      condition_notes: body.conditionNotes === undefined ? repair.condition_notes : body.conditionNotes || null,
      technician_id: body.technicianId === undefined ? repair.technician_id : body.technicianId,
    };
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(after)) {
      const before = repair[key as keyof typeof after];
      if (before !== value) changes[key] = { from: before, to: value };
    }
    const values: Record<string, unknown> = { ...after };
    if (body.estimatedDate) {
      values.estimated_date = body.estimatedDate;
      values.late_at = lateAt(body.estimatedDate);
      changes.estimatedDate = { to: body.estimatedDate };
    }
    if (Object.keys(changes).length === 0) return;
    await repo.update(trx, id, { ...values, updated_at: now });
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'repair',
      entityId: id,
      action: 'update',
      changes,
    });
  });
}
