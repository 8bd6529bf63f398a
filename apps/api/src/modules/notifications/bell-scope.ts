import {
  CASH_APPROVAL_PERMISSIONS,
  DISCOUNT_APPROVAL_PERMISSIONS,
  hasAnyPermission,
  NOTIFICATION_EVENT_DAYS,
  NOTIFICATION_PERMISSIONS,
  type NotificationKind,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Principal } from '../../plugins/auth';
import { cashDifferencesAwaitingApprovalQuery } from '../cash/cash.service';
import { creditSalesAwaitingApprovalQuery } from '../credit/credit.service';
import { numberingGapsAwaitingQuery } from '../fiscal/fiscal.service';
import { pixWaitingQuery } from '../payments/pix-received.service';
import { maxDiscountOf } from '../roles/roles.service';
import { pendingApprovalsQuery } from '../selling/discount-approvals.service';
import type * as repo from './notifications.repository';

/** Rows read per kind at most: the unread count of a kind stops there (a shop with 200 waiting customers has news enough). */
export const NOTIFICATIONS_PER_KIND = 200;
export const DAY_MS = 86_400_000;
/** The kinds read from another module's rule rather than bell_items (see scopeOf). */
const RULED_KINDS: ReadonlySet<NotificationKind> = new Set([
  'pix_waiting',
  'discount_approval',
  'credit_approval',
  'cash_difference',
  'numbering_gaps',
]);

/** Kinds that are events of the last NOTIFICATION_EVENT_DAYS (the others are conditions, however old). */
const EVENT_KINDS: ReadonlySet<NotificationKind> = new Set([
  'pix_unidentified',
  'pix_refunded',
  'settlement_difference',
  'payment_settings_changed',
]);

/** The kinds the employee may see, read at `at`. */
export async function scopeOf(db: DB, principal: Principal, at: Date): Promise<repo.BellScope> {
  const since = new Date(at.getTime() - NOTIFICATION_EVENT_DAYS * DAY_MS);
  const may = (kind: NotificationKind) => hasAnyPermission(principal.permissions, [NOTIFICATION_PERMISSIONS[kind]]);
  const kinds = (Object.keys(NOTIFICATION_PERMISSIONS) as NotificationKind[])
    .filter((kind) => !RULED_KINDS.has(kind) && may(kind))
    .map((kind) => ({ kind, since: EVENT_KINDS.has(kind) ? since : null }));
  return {
    employeeId: principal.employeeId,
    at,
    kinds,
    // A condition (gone once confirmed, given back or the order moved on), however old the Pix.
    pixWaiting: may('pix_waiting') ? pixWaitingQuery(db, NOTIFICATIONS_PER_KIND) : undefined,
    // A discount approval request, to whoever's role maximum covers it (not the seller): decision 0045.
    discountApprovals: hasAnyPermission(principal.permissions, [...DISCOUNT_APPROVAL_PERMISSIONS])
      ? pendingApprovalsQuery(
          db,
          principal.employeeId,
          await maxDiscountOf(db, principal.employeeId),
          NOTIFICATIONS_PER_KIND,
        )
      : undefined,
    // Issue 54 §6: what waits for who approves it, counted (one item a kind); a drawer's difference only where
    // he may approve it (not his own drawer, not one he closed).
    creditApprovals: may('credit_approval') ? creditSalesAwaitingApprovalQuery() : undefined,
    cashDifferences:
      may('cash_difference') && hasAnyPermission(principal.permissions, [...CASH_APPROVAL_PERMISSIONS])
        ? cashDifferencesAwaitingApprovalQuery(principal)
        : undefined,
    numberingGaps: may('numbering_gaps') ? numberingGapsAwaitingQuery(at) : undefined,
    cap: NOTIFICATIONS_PER_KIND,
  };
}
