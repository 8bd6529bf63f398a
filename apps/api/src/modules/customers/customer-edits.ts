import { type AssociateDelivererInput, CUSTOMER_TEXTS, isActiveCourier, reaisToCents } from '@backoffice/contract';
import type { Updateable } from 'kysely';
import type { DB } from '../../db/database';
import type { CustomersTable } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { approvedNow, reprovedNow, snapshot, writeCustomer } from './customer-writes';
import { customersRepository as repo } from './customers.repository';

/** A waiting or approved customer's courier, an active Motoboy. */
export async function associateDeliverer(db: DB, actorId: number, input: AssociateDelivererInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deliverer = await repo.findEmployee(trx, input.delivererId);
    if (!deliverer || !isActiveCourier(deliverer)) throw badRequest(CUSTOMER_TEXTS.delivererInvalid);
    const before = await repo.lockById(trx, input.customerId);
    if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
    if (before.status !== 'APPROVED' && before.status !== 'AWAITING')
      throw conflict(CUSTOMER_TEXTS.delivererNotAllowed);
    await writeCustomer(trx, actorId, before, { deliverer_id: deliverer.id }, 'associate-deliverer', {
      deliverer: deliverer.name,
    });
  });
}

/** A customer without orders deleted (409 IN_USE with orders), audited with what he was. */
export async function removeCustomer(db: DB, actorId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockById(trx, id);
    if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
    const orders = await repo.countOrders(trx, id);
    if (orders > 0) throw conflict(CUSTOMER_TEXTS.cannotDeleteWithOrders(orders), 'IN_USE');
    await repo.remove(trx, id);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'customer',
      entityId: id,
      action: 'delete',
      changes: { name: before.name, email: before.email, document: before.document, ...snapshot(before) },
    });
  });
}

/**
 * The edit modal: level, warranty, shipping cost, fast delivery tax and state registration, and the approval flag
 * (a blocked customer stays blocked; the flag decides where an unblock takes him).
 */
export async function editCustomer(
  db: DB,
  actorId: number,
  input: {
    customerId: number;
    email?: string | null;
    level: number;
    warrantyPercentage: number;
    shippingCost: number;
    approve: boolean;
    fastDeliveryTax?: number | null;
    /** Normalised by the contract; absent keeps the customer's, null removes it. */
    stateRegistration?: string | null;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockById(trx, input.customerId);
    if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
    if (input.email && input.email.toLowerCase() !== before.email.toLowerCase())
      throw badRequest(CUSTOMER_TEXTS.emailMismatch);
    const now = new Date();
    const patch: Updateable<CustomersTable> = {
      level: input.level,
      warranty_percentage: input.warrantyPercentage,
      shipping_cost_cents: reaisToCents(input.shippingCost),
      ...(input.fastDeliveryTax != null ? { fast_delivery_tax_cents: reaisToCents(input.fastDeliveryTax) } : {}),
      ...(input.stateRegistration !== undefined ? { state_registration: input.stateRegistration } : {}),
    };
    const from = before.status;
    if (from === 'BLOCKED') {
      // A blocked customer stays blocked; the flag decides where an unblock will take them.
      if (input.approve && before.approved_at === null)
        Object.assign(patch, { approved_by: actorId, approved_at: now });
      if (!input.approve && before.approved_at !== null) Object.assign(patch, { approved_by: null, approved_at: null });
    } else if (input.approve && from !== 'APPROVED') {
      Object.assign(patch, approvedNow(actorId, now));
    } else if (!input.approve && from === 'APPROVED') {
      Object.assign(patch, reprovedNow(actorId, now));
    }
    await writeCustomer(trx, actorId, before, patch, 'edit');
  });
}
