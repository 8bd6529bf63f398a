import { CUSTOMER_TEXTS, reaisToCents } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { conflict, notFound } from '../../lib/errors';
import { approvedNow, reprovedNow, writeCustomer } from './customer-writes';
import { customersRepository as repo } from './customers.repository';

/**
 * A customer's status (spec section 4): waiting → approved (level, shipping cost, warranty) or reproved; approved,
 * waiting or reproved → blocked with a reason; blocked → approved (unblock: back to waiting when the customer had
 * never been approved); reproved → approved.
 */
export async function changeCustomerStatus(
  db: DB,
  actorId: number,
  id: number,
  input: { status: 'Approved' | 'Blocked' | 'Reproved'; note?: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockById(trx, id);
    if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
    const now = new Date();
    const from = before.status;
    const note = input.note?.trim() || null;
    if (input.status === 'Blocked') {
      if (from === 'BLOCKED') throw conflict(CUSTOMER_TEXTS.alreadyBlocked, 'TRANSITION_REFUSED');
      await writeCustomer(
        trx,
        actorId,
        before,
        { status: 'BLOCKED', status_note: note, status_changed_by: actorId, status_changed_at: now },
        'block',
      );
    } else if (input.status === 'Approved') {
      if (from === 'APPROVED') throw conflict(CUSTOMER_TEXTS.alreadyApproved, 'TRANSITION_REFUSED');
      if (from === 'BLOCKED') {
        // Unblock: back to Approved, or to waiting when the customer had never been approved.
        const status = before.approved_at !== null ? 'APPROVED' : 'AWAITING';
        await writeCustomer(
          trx,
          actorId,
          before,
          { status, status_note: null, status_changed_by: actorId, status_changed_at: now },
          'unblock',
        );
      } else {
        // Re-approval of a reproved customer keeps the terms; a waiting one needs the approval form.
        if (from === 'AWAITING') throw conflict(CUSTOMER_TEXTS.approveNeedsLevel);
        await writeCustomer(trx, actorId, before, approvedNow(actorId, now), 'approve');
      }
    } else {
      if (from === 'REPROVED') throw conflict(CUSTOMER_TEXTS.alreadyReproved, 'TRANSITION_REFUSED');
      if (from === 'BLOCKED')
        throw conflict(CUSTOMER_TEXTS.transitionRefused('Blocked', 'Reproved'), 'TRANSITION_REFUSED');
      await writeCustomer(trx, actorId, before, reprovedNow(actorId, now, note), 'reprove');
    }
  });
}

/** The approval form: a waiting customer approved with his terms (level 0 allowed), or reproved. Answers his id. */
export async function approveCustomer(
  db: DB,
  actorId: number,
  input: {
    email: string;
    approve: boolean;
    level?: number | null;
    shippingCost?: number | null;
    warrantyPercentage?: number | null;
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.lockByEmail(trx, input.email);
    if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
    const now = new Date();
    if (before.status === 'BLOCKED') throw conflict(CUSTOMER_TEXTS.blockedCannotApprove, 'TRANSITION_REFUSED');
    if (input.approve) {
      if (before.status === 'APPROVED') throw conflict(CUSTOMER_TEXTS.alreadyApproved, 'TRANSITION_REFUSED');
      await writeCustomer(
        trx,
        actorId,
        before,
        {
          ...approvedNow(actorId, now),
          level: input.level ?? 0,
          shipping_cost_cents: reaisToCents(input.shippingCost ?? 0),
          warranty_percentage: input.warrantyPercentage ?? 0,
        },
        'approve',
      );
    } else {
      if (before.status === 'REPROVED') throw conflict(CUSTOMER_TEXTS.alreadyReproved, 'TRANSITION_REFUSED');
      await writeCustomer(trx, actorId, before, reprovedNow(actorId, now), 'reprove');
    }
    return before.id;
  });
}
