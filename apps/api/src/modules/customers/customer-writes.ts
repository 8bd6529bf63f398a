import { centsToReais, customerSearchText } from '@backoffice/contract';
import type { Transaction, Updateable } from 'kysely';
import type { CustomersTable, Database } from '../../db/schema';
import { diff, recordAudit } from '../../lib/audit';
import { customersRepository as repo } from './customers.repository';

/* What every change of a customer shares: the audited snapshot, the write with its audit row, approved and reproved. */

export type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockById>>>;

/** The audited fields of a customer, in API units. */
export function snapshot(
  c: Pick<Locked, 'status' | 'level' | 'shipping_cost_cents' | 'warranty_percentage'> & Partial<Locked>,
) {
  return {
    status: c.status,
    level: c.level,
    shippingCost: centsToReais(c.shipping_cost_cents),
    warrantyPercentage: c.warranty_percentage,
    ...(c.fast_delivery_tax_cents !== undefined ? { fastDeliveryTax: centsToReais(c.fast_delivery_tax_cents) } : {}),
    ...(c.state_registration !== undefined ? { stateRegistration: c.state_registration } : {}),
    ...(c.deliverer_id !== undefined ? { delivererId: c.deliverer_id } : {}),
    ...(c.status_note !== undefined ? { statusNote: c.status_note } : {}),
    ...(c.approved_by !== undefined ? { approvedBy: c.approved_by } : {}),
  };
}

/** Writes the patch (search text kept in step), the audit row, and returns the id. */
export async function writeCustomer(
  trx: Transaction<Database>,
  actorId: number,
  before: Locked,
  patch: Updateable<CustomersTable>,
  action: string,
  extra: Record<string, unknown> = {},
) {
  const after = { ...before, ...patch } as Locked;
  await repo.update(trx, before.id, { ...patch, search_text: customerSearchText(after) });
  await recordAudit(trx, {
    employeeId: actorId,
    entity: 'customer',
    entityId: before.id,
    action,
    changes: { ...diff(snapshot(before), snapshot(after)), ...extra },
  });
}

/** The columns of a customer approved now by `actorId`. */
export const approvedNow = (actorId: number, now: Date) => ({
  status: 'APPROVED' as const,
  approved_by: actorId,
  approved_at: now,
  status_changed_by: actorId,
  status_changed_at: now,
  status_note: null,
});
/** The columns of a customer reproved now by `actorId`, with the note when one is given. */
export const reprovedNow = (actorId: number, now: Date, note: string | null = null) => ({
  status: 'REPROVED' as const,
  approved_by: null,
  approved_at: null,
  status_changed_by: actorId,
  status_changed_at: now,
  status_note: note,
});
