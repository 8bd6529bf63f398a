import {
  centsToReais,
  DELIVERY_TYPES,
  EMPLOYEE_FUNCS,
  findRepairTransition,
  mayMakeRepairMove,
  orderStatusLabel,
  REPAIR_ACTION_LABELS,
  REPAIR_STATUS_LABELS,
  REPAIR_TEXTS,
  REPAIR_TRANSITIONS,
  type RepairAction,
  type RepairEffect,
  type RepairMoveBody,
  type RepairRequirement,
  type RepairStatus,
  type RepairTransition,
  reaisToCents,
  repairBillStatus,
  repairMoveBodySchema,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { createStepRegistry, type StepRegistry } from '../../lib/step-registry';
import type { Principal } from '../../plugins/auth';
import { handOverRepairBill, normalizeOrderPicture } from '../orders/workflow.service';
import { placeOrder } from '../selling/selling.service';
import { initialOrderStatusFor } from '../settings/settings.service';
import { moveStock } from '../stock/stock.service';
import { REPAIR_FILE_FOLDER, totalCents } from './repair-figures';
import { repairsRepository as repo } from './repairs.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

type RepairLocked = NonNullable<Awaited<ReturnType<typeof repo.lock>>>;

/** What a requirement's check sees: the move before anything is written. */
interface RequirementContext {
  repair: RepairLocked;
  body: RepairMoveBody;
  signature: { data: Buffer; extension: string } | undefined;
}

/** What an effect does its work with, in the move's transaction: it adds the columns it changes and what it did. */
interface EffectContext extends RequirementContext {
  trx: Transaction<Database>;
  principal: Principal;
  at: Date;
  values: Record<string, unknown>;
  changes: Record<string, unknown>;
}

type RepairSteps = StepRegistry<RepairRequirement, RepairEffect, RequirementContext, EffectContext>;

/** The checks of the table's requirements: an estimate with something in it, the payment when due, the signature, the reason. */
function addRequirements(steps: RepairSteps) {
  steps.requirement('estimate', ({ body }) => {
    if ((body.parts ?? []).length === 0 && reaisToCents(body.labour ?? 0) === 0) {
      throw badRequest(REPAIR_TEXTS.estimateEmpty);
    }
  });
  steps.requirement('payment', ({ repair, body }) => {
    const due = totalCents(repair);
    if (due === 0 && body.payment) throw badRequest(REPAIR_TEXTS.paymentNotDue);
    if (due > 0 && !body.payment) throw badRequest(REPAIR_TEXTS.paymentRequired);
  });
  steps.requirement('signature', ({ signature }) => {
    if (!signature) throw badRequest(REPAIR_TEXTS.signatureRequired);
  });
  steps.requirement('reason', ({ body }) => {
    if (!body.note) throw badRequest(REPAIR_TEXTS.reasonRequired);
  });
}

/** Estimate lines checked and priced: each product active, not a phone; its price the one given or its list price. */
async function pricedParts(trx: Transaction<Database>, parts: NonNullable<RepairMoveBody['parts']>) {
  const ids = parts.map((part) => part.productId);
  const products = new Map((await repo.products(trx, ids)).map((product) => [product.id, product]));
  return parts.map((part) => {
    const product = products.get(part.productId);
    if (!product) throw notFound(REPAIR_TEXTS.partNotFound(part.productId));
    if (product.archived) throw conflict(REPAIR_TEXTS.partArchived(product.name));
    if (product.serialized) throw badRequest(REPAIR_TEXTS.partSerialized(product.name));
    return {
      productId: product.id,
      code: product.code,
      name: product.name,
      quantity: part.quantity,
      unitPriceCents: part.unitPrice === undefined ? product.sell_price_cents : reaisToCents(part.unitPrice),
      unitCostCents: product.cost_cents,
    };
  });
}

/** The estimate written: its parts priced, the labour, the diagnosis. */
async function writeEstimate({ trx, repair, body, values, changes }: EffectContext) {
  const parts = await pricedParts(trx, body.parts ?? []);
  const labourCents = reaisToCents(body.labour ?? 0);
  const partsCents = parts.reduce((sum, part) => sum + part.unitPriceCents * part.quantity, 0);
  await repo.replaceParts(trx, repair.id, parts);
  Object.assign(values, {
    labour_cents: labourCents,
    parts_cents: partsCents,
    diagnosis: body.diagnosis ?? repair.diagnosis,
  });
  changes.estimate = {
    parts: parts.map((p) => ({
      productId: p.productId,
      quantity: p.quantity,
      unitPrice: centsToReais(p.unitPriceCents),
    })),
    labour: centsToReais(labourCents),
    total: centsToReais(repair.warranty_source ? 0 : partsCents + labourCents),
  };
}

/** The parts out of stock through the ledger, one REPAIR row per part naming the service order. */
async function takeParts({ trx, principal, repair, changes }: EffectContext) {
  const parts = await repo.parts(trx, repair.id);
  if (parts.length === 0) return;
  const moved = await moveStock(
    trx,
    {
      kind: 'REPAIR',
      employeeId: principal.employeeId,
      repairId: repair.id,
      note: REPAIR_TEXTS.partsNote(repair.id),
    },
    parts.map((part) => ({
      productId: part.product_id,
      quantityOut: part.quantity,
      unitPriceCents: part.unit_price_cents,
    })),
  );
  // What each part cost when it left: a repair under warranty costs the shop exactly this.
  for (const result of moved) await repo.setPartCost(trx, repair.id, result.productId, result.costBeforeCents);
  changes.partsOut = moved.map((m) => ({ productId: m.productId, from: m.stockBefore, to: m.stockAfter }));
}

/** A paid repair becomes a real order of the customer (payment, Pix, receivables and notes as any sale). */
async function billRepair(storage: AppDeps['storage'], { trx, principal, repair, body, changes }: EffectContext) {
  const due = totalCents(repair);
  if (due === 0 || !body.payment) return;
  const parts = await repo.parts(trx, repair.id);
  const order = await placeOrder(trx, storage, {
    employeeId: principal.employeeId,
    customerId: repair.customer_id,
    payment: body.payment,
    // Nothing to separate: paid at the counter, it waits there for the customer (decision 0060).
    initialStatus: repairBillStatus(await initialOrderStatusFor(trx, body.payment)),
    deliveryType: DELIVERY_TYPES.PICKUP,
    fastDelivery: false,
    withWarranty: false,
    itemsCents: repair.parts_cents,
    shippingCents: 0,
    fastDeliveryTaxCents: 0,
    warrantyCents: 0,
    totalCents: due,
    neighborhood: null,
    cardOnDelivery: body.payment === 'CARD',
    delivererId: null,
    items: parts.map((part) => ({
      productId: part.product_id,
      name: part.product_name,
      code: part.product_code,
      quantity: part.quantity,
      unitPriceCents: part.unit_price_cents,
      unitCostCents: part.unit_cost_cents,
    })),
    note: REPAIR_TEXTS.billNote(repair.id),
    repair: { id: repair.id, labourCents: repair.labour_cents },
  });
  changes.order = order.code;
}

/** The handlers of the table's effects, each in the move's transaction. */
function addEffects(steps: RepairSteps, storage: AppDeps['storage']) {
  steps.effect('writeEstimate', writeEstimate);
  steps.effect('takeParts', takeParts);
  steps.effect('bill', (context) => billRepair(storage, context));
  // The bill is finalized as the device leaves; one still waiting for its Pix or proof keeps the device here.
  steps.effect('handOverBill', async ({ trx, principal, repair }) => {
    const unpaid = await handOverRepairBill(
      trx,
      repair.id,
      principal.employeeId,
      REPAIR_TEXTS.billHandedOverNote(repair.id),
    );
    if (unpaid) {
      throw conflict(REPAIR_TEXTS.billUnpaid(unpaid.code, orderStatusLabel(unpaid.status)), 'REPAIR_BILL_UNPAID');
    }
  });
  steps.effect('storeSignature', async ({ trx, signature, values }) => {
    if (!signature) return;
    values.signature_key = await storage.put(trx, REPAIR_FILE_FOLDER, signature.data, signature.extension);
  });
  steps.effect('erasePassword', ({ repair, values, changes }) => {
    if (!(repair.device_password_sealed ?? repair.device_password)) return;
    values.device_password_sealed = null;
    values.device_password = null; // one left in clear by a start that has not sealed it yet
    changes.devicePasswordErased = true;
  });
  steps.effect('startWarranty', async ({ trx, at, values, changes }) => {
    const days = await repo.warrantyDays(trx);
    values.delivered_at = at;
    values.warranty_ends_at = new Date(at.getTime() + days * DAY_MS);
    changes.repairWarrantyEndsAt = isoTimestamp(values.warranty_ends_at as Date);
  });
}

/**
 * The repairs' state machine (issue 42 §2, decision 0059) on the engine the orders' runs on too (issue 60 §4): the
 * contract's REPAIR_TRANSITIONS names each move's requirements and effects, this file holds their checks and
 * handlers, and a move does exactly what its row names. Built when the repairs' service is built: a name of the
 * table with nothing behind it refuses the start (`assertComplete`).
 */
export function createRepairMoves(
  { db, storage }: Pick<AppDeps, 'db' | 'storage'>,
  table: readonly RepairTransition[] = REPAIR_TRANSITIONS,
) {
  const steps = createStepRegistry<RepairRequirement, RepairEffect, RequirementContext, EffectContext>(
    'repairs',
    table,
  );

  addRequirements(steps);
  addEffects(steps, storage);
  steps.assertComplete();

  /**
   * A move of the table (POST /repairs/{id}/{action}): the service order locked; the move must exist from its status
   * (409 TRANSITION_REFUSED) and be the actor's (403); its requirements, its effects, the new status, one history row
   * and one audit row, all in one transaction: a refusal changes nothing.
   */
  return async function moveRepair(
    principal: Principal,
    id: number,
    action: RepairAction,
    input: RepairMoveBody,
    now = new Date(),
  ): Promise<void> {
    const body = repairMoveBodySchema.parse(input);
    const signature =
      action === 'deliver' && body.signature ? await normalizeOrderPicture(body.signature, 'signature') : undefined;
    await db.transaction().execute(async (trx) => {
      const repair = await repo.lock(trx, id);
      if (!repair) throw notFound(REPAIR_TEXTS.notFound);
      const status = repair.status as RepairStatus;
      if (body.expectedStatus && body.expectedStatus !== status) throw conflict(REPAIR_TEXTS.stale, 'STALE_DATA');
      const transition = findRepairTransition(status, action);
      if (!transition) {
        throw conflict(
          REPAIR_TEXTS.moveRefused(REPAIR_STATUS_LABELS[status], REPAIR_ACTION_LABELS[action]),
          'TRANSITION_REFUSED',
        );
      }
      if (!mayMakeRepairMove(transition, principal.permissions, principal.func)) {
        throw forbidden(REPAIR_TEXTS.moveNotYours);
      }
      await steps.check(transition, { repair, body, signature });
      const changes: Record<string, unknown> = { status: { from: status, to: transition.to } };
      const values: Record<string, unknown> = {};
      await steps.run(transition, { trx, principal, repair, body, signature, at: now, values, changes });
      // The technician who takes it on the bench becomes its technician when it has none.
      if (
        repair.technician_id === null &&
        principal.func === EMPLOYEE_FUNCS.TECHNICIAN &&
        transition.functions.length > 0
      ) {
        values.technician_id = principal.employeeId;
        changes.technicianId = { from: null, to: principal.employeeId };
      }
      await repo.update(trx, id, { ...values, status: transition.to, status_since: now, updated_at: now });
      await repo.insertHistory(trx, {
        repairId: id,
        status: transition.to,
        employeeId: principal.employeeId,
        note: body.note ?? null,
        at: now,
      });
      await recordAudit(trx, { employeeId: principal.employeeId, entity: 'repair', entityId: id, action, changes });
    });
  };
}
