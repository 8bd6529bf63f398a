import {
  centsToReais,
  DEFAULT_LATE_LIMITS,
  formatBRL,
  formatDuration,
  hasAnyPermission,
  LATE_LIMIT_STATUSES,
  type LateLimit,
  type MarkNotificationsRead,
  NOTIFICATION_EVENT_DAYS,
  NOTIFICATION_PERMISSIONS,
  type Notification,
  type NotificationKind,
  type Notifications,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  PAYMENT_TEXTS,
  SEARCH_LINKS,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { pixWaitingOrders } from '../payments/pix-received.service';
import * as repo from './notifications.repository';

/** Rows read per kind at most: the unread count of a kind stops there (a shop with 200 waiting customers has news enough). */
export const NOTIFICATIONS_PER_KIND = 200;
/** Read marks are kept this long (a condition lasting longer comes back unread: it still needs someone). */
const READ_KEPT_DAYS = 90;
const DAY_MS = 86_400_000;
const SETTINGS_LINK = '/admin/settings';
const DISPATCH_LINK = '/admin/dispatch';

const brl = (cents: number | null) => formatBRL(centsToReais(cents ?? 0));
const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusKey] ?? `Status ${status}`;
const iso = (date: Date | string) => new Date(date).toISOString();

/**
 * A notification as read: its id and time, its words made only when it is shown (issue 36: the bell sorts and
 * counts about a thousand of them to show 30).
 */
interface Draft {
  id: string;
  /** Its time, in ms (`createdAt`). */
  at: number;
  words: () => Omit<Notification, 'id' | 'createdAt' | 'readAt'>;
}
const item = (id: string, when: Date | string, words: Draft['words']): Draft => ({
  id,
  at: new Date(when).getTime(),
  words,
});

/**
 * The top bar's bell (issue 20 §1, docs/decisions/0013-notifications-that-are-true.md): what needs the
 * signed-in employee now, each kind only if his role holds its permission (NOTIFICATION_PERMISSIONS), read
 * from the records themselves, so the list is true at every call; read state per employee by stable id.
 */
export function createNotificationsService(db: DB, now: () => Date = () => new Date()) {
  const may = (principal: Principal, kind: NotificationKind) =>
    hasAnyPermission(principal.permissions, [NOTIFICATION_PERMISSIONS[kind]]);

  /** Every current notification of the employee (unsorted, without read state). */
  async function current(principal: Principal): Promise<Draft[]> {
    const at = now();
    const since = new Date(at.getTime() - NOTIFICATION_EVENT_DAYS * DAY_MS);
    const cap = NOTIFICATIONS_PER_KIND;
    const out: Draft[] = [];

    if (may(principal, 'customer_waiting')) {
      for (const c of await repo.waitingCustomers(db, cap)) {
        out.push(
          item(`customer:${c.id}`, c.created_at, () => ({
            kind: 'customer_waiting',
            title: 'Cliente aguardando aprovação',
            body: `${c.name} (${c.email}) se cadastrou e aguarda aprovação.`,
            link: SEARCH_LINKS.customer(c.email),
          })),
        );
      }
    }

    if (may(principal, 'order_approval')) {
      const [approval, proofs, late] = await Promise.all([
        repo.ordersInStatus(db, ORDER_STATUS.AGUARDANDO_APROVACAO, cap),
        repo.ordersWithReceipt(db, ORDER_STATUS.AGUARDANDO_COMPROVANTE, cap),
        repo.lateOrders(db, at, cap),
      ]);
      for (const o of approval) {
        out.push(
          item(`order-approval:${o.id}`, o.since, () => ({
            kind: 'order_approval',
            title: 'Pedido aguardando aprovação',
            body: `Pedido ${o.code}, ${brl(o.total_cents)}.`,
            link: SEARCH_LINKS.order(o.id),
          })),
        );
      }
      for (const o of proofs) {
        out.push(
          item(`order-proof:${o.id}`, o.since, () => ({
            kind: 'order_proof',
            title: 'Comprovante para conferir',
            body: `Pedido ${o.code}, ${brl(o.total_cents)}: o cliente enviou o comprovante de pagamento.`,
            link: SEARCH_LINKS.order(o.id),
          })),
        );
      }
      for (const o of late) {
        const since = new Date(o.since);
        const waited = (at.getTime() - since.getTime()) / 60_000;
        out.push(
          item(`order-late:${o.id}:${o.status}:${Math.floor(since.getTime() / 1000)}`, o.late_at, () => ({
            // A new stay in the status is a new delay (the entry time is part of the id).
            kind: 'order_late',
            title: `Pedido atrasado: ${statusLabel(o.status)}`,
            body: `Pedido ${o.code} está há ${formatDuration(waited)} em ${statusLabel(o.status)} (limite ${formatDuration(o.limit_minutes)}).`,
            link: SEARCH_LINKS.order(o.id),
          })),
        );
      }
    }

    if (may(principal, 'stock_low')) {
      for (const p of await repo.lowStockProducts(db, cap)) {
        out.push(
          item(`stock-low:${p.id}`, p.updated_at, () => ({
            kind: 'stock_low',
            title: 'Estoque no alerta',
            body: `${p.name} (${p.code}): ${p.stock} em estoque, alerta em ${p.stock_alert}.`,
            link: SEARCH_LINKS.product(p.code),
          })),
        );
      }
    }

    if (may(principal, 'pix_unidentified')) {
      for (const pix of await repo.unidentifiedPix(db, since, cap)) {
        out.push(
          item(`pix:${pix.end_to_end_id}`, pix.received_at, () => ({
            kind: 'pix_unidentified',
            title: 'Pix não identificado',
            body: `${brl(pix.amount_cents)}${pix.payer ? ` de ${pix.payer}` : ''} sem pedido correspondente.`,
            link: SETTINGS_LINK,
          })),
        );
      }
    }

    if (may(principal, 'pix_refunded')) {
      for (const pix of await repo.refundedPix(db, since, cap)) {
        out.push(
          item(`pix-refund:${pix.end_to_end_id}:${pix.refunded_cents}`, pix.refunded_at as Date, () => ({
            // A further refund of the same Pix is news again (the amount is part of the id).
            kind: 'pix_refunded',
            title: PAYMENT_TEXTS.refundedTitle,
            body: PAYMENT_TEXTS.refundedBody(brl(pix.refunded_cents), brl(pix.amount_cents), pix.code),
            link: pix.order_id === null ? SETTINGS_LINK : SEARCH_LINKS.order(pix.order_id),
          })),
        );
      }
    }

    if (may(principal, 'pix_waiting')) {
      // A condition (gone once confirmed, given back or the order moved on), however old the Pix.
      for (const pix of await pixWaitingOrders(db, cap)) {
        out.push(
          item(`pix-waiting:${pix.end_to_end_id}`, pix.received_at, () => ({
            kind: 'pix_waiting',
            title: PAYMENT_TEXTS.waitingTitle,
            body: PAYMENT_TEXTS.waitingBody(brl(pix.amount_cents), pix.code),
            link: SEARCH_LINKS.order(pix.order_id),
          })),
        );
      }
    }

    if (may(principal, 'settlement_difference')) {
      for (const r of await repo.settlementsWithDifference(db, since, cap)) {
        const difference = (r.declared_cash_cents ?? 0) - (r.expected_cash_cents ?? 0);
        out.push(
          item(`settlement:${r.id}`, r.settled_at as Date, () => ({
            kind: 'settlement_difference',
            title: 'Acerto do motoboy com diferença',
            body: `Rota ${r.id} de ${r.deliverer}: esperado ${brl(r.expected_cash_cents)}, entregue ${brl(r.declared_cash_cents)} (${difference > 0 ? 'sobra' : 'falta'} de ${brl(Math.abs(difference))}).`,
            link: DISPATCH_LINK,
          })),
        );
      }
    }

    if (may(principal, 'payment_settings_changed')) {
      for (const a of await repo.paymentSettingsChanges(db, since, principal.employeeId, cap)) {
        const what =
          a.entity === 'bank_setting'
            ? 'uma configuração bancária (Pix ou conta)'
            : 'as configurações de Pix da empresa';
        const verb = a.action === 'delete' ? 'excluiu' : a.action === 'create' ? 'cadastrou' : 'alterou';
        out.push(
          item(`settings:${a.id}`, a.created_at, () => ({
            kind: 'payment_settings_changed',
            title: 'Configuração de pagamento alterada',
            body: `${a.employee ?? 'Alguém'} ${verb} ${what}.`,
            link: SETTINGS_LINK,
          })),
        );
      }
    }
    return out;
  }

  return {
    async list(principal: Principal, limit: number): Promise<Notifications> {
      const all = await current(principal);
      const reads = await repo.readsOf(
        db,
        principal.employeeId,
        all.map((n) => n.id),
      );
      all.sort((a, b) => b.at - a.at || a.id.localeCompare(b.id));
      const unread = all.filter((n) => !reads.has(n.id)).length;
      const data = all.slice(0, limit).map((n) => {
        const readAt = reads.get(n.id);
        return { id: n.id, ...n.words(), createdAt: iso(new Date(n.at)), readAt: readAt ? iso(readAt) : null };
      });
      return { data, unread };
    },

    /** Marks the given notifications (those that are the employee's now; others are ignored), or all of them. */
    async markRead(principal: Principal, body: MarkNotificationsRead): Promise<{ unread: number }> {
      const all = await current(principal);
      const visible = new Set(all.map((n) => n.id));
      const ids = 'all' in body ? [...visible] : [...new Set(body.ids)].filter((id) => visible.has(id));
      const at = now();
      await db.transaction().execute(async (trx) => {
        await repo.pruneReads(trx, principal.employeeId, new Date(at.getTime() - READ_KEPT_DAYS * DAY_MS));
        await repo.markRead(trx, principal.employeeId, ids, at);
      });
      const reads = await repo.readsOf(db, principal.employeeId, [...visible]);
      return { unread: all.filter((n) => !reads.has(n.id)).length };
    },

    /** The late limits of every status that has one (defaults where never saved). */
    async lateLimits(): Promise<LateLimit[]> {
      const saved = new Map((await repo.lateLimits(db)).map((l) => [l.status, l.minutes]));
      return LATE_LIMIT_STATUSES.map((status) => ({
        status,
        minutes: saved.get(status) ?? DEFAULT_LATE_LIMITS[status],
      }));
    },

    async saveLateLimits(principal: Principal, limits: readonly LateLimit[]): Promise<LateLimit[]> {
      await db.transaction().execute(async (trx) => {
        const before = new Map((await repo.lateLimits(trx)).map((l) => [l.status, l.minutes]));
        await repo.saveLateLimits(trx, limits, principal.employeeId);
        const changes: Record<string, { from: number | null; to: number }> = {};
        for (const { status, minutes } of limits) {
          const from = before.get(status) ?? null;
          if (from !== minutes) changes[`status_${status}`] = { from, to: minutes };
        }
        if (Object.keys(changes).length > 0) {
          await recordAudit(trx, {
            employeeId: principal.employeeId,
            entity: 'order_late_limits',
            entityId: '1',
            action: 'update',
            changes,
          });
        }
      });
      return this.lateLimits();
    },
  };
}
