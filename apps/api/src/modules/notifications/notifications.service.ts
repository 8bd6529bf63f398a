import {
  askedPercentage,
  businessDay,
  CASH_APPROVAL_PERMISSIONS,
  centsToReais,
  DEFAULT_LATE_LIMITS,
  DISCOUNT_APPROVAL_PERMISSIONS,
  DISCOUNT_APPROVAL_TEXTS,
  DISCOUNT_APPROVALS_HASH,
  daysBetween,
  FISCAL_SETUP_TEXTS,
  formatBRL,
  formatBusinessDate,
  formatDay,
  formatDuration,
  formatPercentHundredths,
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
  REPAIR_TEXTS,
  SEARCH_LINKS,
} from '@backoffice/contract';
import { type DB, embeddedWriteCount } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { isoTimestamp } from '../../lib/iso-timestamp';
import type { Principal } from '../../plugins/auth';
import { cashDifferencesAwaitingApprovalQuery } from '../cash/cash.service';
import { creditSalesAwaitingApprovalQuery } from '../credit/credit.service';
import { pixWaitingQuery } from '../payments/pix-received.service';
import { maxDiscountOf } from '../roles/roles.service';
import { pendingApprovalsQuery } from '../selling/discount-approvals.service';
import * as repo from './notifications.repository';

/** Rows read per kind at most: the unread count of a kind stops there (a shop with 200 waiting customers has news enough). */
export const NOTIFICATIONS_PER_KIND = 200;
/** Read marks are kept this long (a condition lasting longer comes back unread: it still needs someone). */
const READ_KEPT_DAYS = 90;
const DAY_MS = 86_400_000;
/** How long a reader's bell rows are kept at most on PGlite, writes and late orders aside (see bellRows). */
const BELL_KEPT_MS = 60_000;
/** Readers (employee × page size) kept at once before the lot is dropped. */
const BELL_KEPT_READERS = 1_000;
const SETTINGS_LINK = '/admin/settings';
const DISPATCH_LINK = '/admin/dispatch';
/** The service orders' page (issue 42 §2), late ones first. */
const REPAIRS_LINK = '/admin/repairs?late=true';
/** The orders page on 'Aguardando aprovação de crédito', where a sale on credit is approved (issue 54 §6). */
const CREDIT_APPROVALS_LINK = `/admin/orders?status=${ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO}`;
/** The drawer's screen, where a closing's difference is approved (issue 54 §6). */
const CASH_LINK = '/admin/cash';
/** The kinds read from another module's rule rather than bell_items (see scopeOf). */
const RULED_KINDS: ReadonlySet<NotificationKind> = new Set([
  'pix_waiting',
  'discount_approval',
  'credit_approval',
  'cash_difference',
]);
/** The 'Aprovações de desconto' dialog over the page one is on (decision 0045). */
const DISCOUNT_APPROVALS_LINK = DISCOUNT_APPROVALS_HASH;

const brl = (cents: number | null) => formatBRL(centsToReais(cents ?? 0));
const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusKey] ?? `Status ${status}`;

/** Kinds that are events of the last NOTIFICATION_EVENT_DAYS (the others are conditions, however old). */
const EVENT_KINDS: ReadonlySet<NotificationKind> = new Set([
  'pix_unidentified',
  'pix_refunded',
  'settlement_difference',
  'payment_settings_changed',
]);

/** What each kind says, from the record it speaks of (read with it: `repo.bellPage`). */
function wordsOf(row: repo.BellRow, at: Date): Omit<Notification, 'id' | 'createdAt' | 'readAt'> {
  const kind = row.kind as NotificationKind;
  const d = row.details ?? {};
  switch (kind) {
    case 'customer_waiting':
      return {
        kind,
        title: 'Cliente aguardando aprovação',
        body: `${d.name} (${d.email}) se cadastrou e aguarda aprovação.`,
        link: SEARCH_LINKS.customer(d.email ?? ''),
      };
    case 'order_approval':
      return {
        kind,
        title: 'Pedido aguardando aprovação',
        body: `Pedido ${d.code}, ${brl(d.total_cents ?? 0)}.`,
        link: SEARCH_LINKS.order(d.id ?? 0),
      };
    case 'order_proof':
      return {
        kind,
        title: 'Comprovante para conferir',
        body: `Pedido ${d.code}, ${brl(d.total_cents ?? 0)}: o cliente enviou o comprovante de pagamento.`,
        link: SEARCH_LINKS.order(d.id ?? 0),
      };
    case 'order_late': {
      const status = d.status ?? 0;
      const waited = (at.getTime() - new Date(d.since ?? at).getTime()) / 60_000;
      return {
        kind,
        title: `Pedido atrasado: ${statusLabel(status)}`,
        body: `Pedido ${d.code} está há ${formatDuration(waited)} em ${statusLabel(status)} (limite ${formatDuration(d.limit_minutes ?? 0)}).`,
        link: SEARCH_LINKS.order(d.id ?? 0),
      };
    }
    case 'stock_low':
      return {
        kind,
        title: 'Estoque no alerta',
        body: `${d.name} (${d.code}): ${d.stock} em estoque, alerta em ${d.stock_alert}.`,
        link: SEARCH_LINKS.product(d.code ?? ''),
      };
    case 'pix_unidentified':
      return {
        kind,
        title: 'Pix não identificado',
        body: `${brl(d.amount_cents ?? 0)}${d.payer ? ` de ${d.payer}` : ''} sem pedido correspondente.`,
        link: SETTINGS_LINK,
      };
    case 'pix_refunded':
      return {
        kind,
        title: PAYMENT_TEXTS.refundedTitle,
        body: PAYMENT_TEXTS.refundedBody(brl(d.refunded_cents ?? 0), brl(d.amount_cents ?? 0), d.order_code ?? null),
        link: d.order_id === undefined || d.order_id === null ? SETTINGS_LINK : SEARCH_LINKS.order(d.order_id),
      };
    case 'pix_waiting':
      return {
        kind,
        title: PAYMENT_TEXTS.waitingTitle,
        body: PAYMENT_TEXTS.waitingBody(brl(d.amount_cents ?? 0), d.order_code ?? ''),
        link: SEARCH_LINKS.order(d.order_id ?? 0),
      };
    case 'settlement_difference': {
      const difference = (d.declared_cash_cents ?? 0) - (d.expected_cash_cents ?? 0);
      return {
        kind,
        title: 'Acerto do motoboy com diferença',
        body: `Rota ${d.id} de ${d.deliverer}: esperado ${brl(d.expected_cash_cents ?? null)}, entregue ${brl(d.declared_cash_cents ?? null)} (${difference > 0 ? 'sobra' : 'falta'} de ${brl(Math.abs(difference))}).`,
        link: DISPATCH_LINK,
      };
    }
    case 'discount_approval':
      return {
        kind,
        title: DISCOUNT_APPROVAL_TEXTS.bellTitle,
        body: DISCOUNT_APPROVAL_TEXTS.bellBody(
          d.seller ?? '',
          formatPercentHundredths(askedPercentage(d.discounts ?? {}, d.required_hundredths ?? 0)),
          d.customer ?? '',
        ),
        link: DISCOUNT_APPROVALS_LINK,
      };
    case 'payment_settings_changed': {
      const what =
        d.entity === 'bank_setting' ? 'uma configuração bancária (Pix ou conta)' : 'as configurações de Pix da empresa';
      const verb = d.action === 'delete' ? 'excluiu' : d.action === 'create' ? 'cadastrou' : 'alterou';
      return {
        kind,
        title: 'Configuração de pagamento alterada',
        body: `${d.employee ?? 'Alguém'} ${verb} ${what}.`,
        link: SETTINGS_LINK,
      };
    }
    case 'certificate_expiring': {
      const notAfter = new Date(d.not_after ?? at);
      const date = formatBusinessDate(notAfter);
      const expired = notAfter.getTime() <= at.getTime();
      return {
        kind,
        title: expired ? FISCAL_SETUP_TEXTS.bellExpiredTitle : FISCAL_SETUP_TEXTS.bellTitle,
        body: expired
          ? FISCAL_SETUP_TEXTS.bellExpiredBody(d.holder ?? '', date)
          : FISCAL_SETUP_TEXTS.bellBody(d.holder ?? '', daysBetween(businessDay(at), businessDay(notAfter)), date),
        link: SETTINGS_LINK,
      };
    }
    case 'credit_approval': {
      const count = d.count ?? 0;
      return {
        kind,
        title: 'Venda a prazo aguardando aprovação',
        body:
          count === 1
            ? '1 venda a prazo aguarda aprovação de crédito.'
            : `${count} vendas a prazo aguardam aprovação de crédito.`,
        link: CREDIT_APPROVALS_LINK,
      };
    }
    case 'cash_difference': {
      const count = d.count ?? 0;
      return {
        kind,
        title: 'Diferença de caixa aguardando aprovação',
        body:
          count === 1
            ? '1 fechamento de caixa com diferença aguarda aprovação.'
            : `${count} fechamentos de caixa com diferença aguardam aprovação.`,
        link: CASH_LINK,
      };
    }
    case 'repair_late':
      return {
        kind,
        title: REPAIR_TEXTS.lateTitle,
        body: REPAIR_TEXTS.lateBody(d.number ?? 0, d.customer ?? '', formatDay(d.estimated_date ?? '')),
        link: REPAIRS_LINK,
      };
  }
}

/**
 * The top bar's bell (issue 20 §1, docs/decisions/0013-notifications-that-are-true.md): what needs the
 * signed-in employee now, each kind only if his role holds its permission (NOTIFICATION_PERMISSIONS), its
 * items kept by the database from the records themselves (migration 0053), so the list is true at every call;
 * read state per employee by stable id.
 */
export function createNotificationsService(db: DB, now: () => Date = () => new Date()) {
  /**
   * PGlite only (one process, so `embeddedWriteCount` counts every write there is): each reader's last bell
   * rows, kept until this process writes anything, an order is due to turn late, or BELL_KEPT_MS pass (the
   * events' window slides). The words are made again on each call ('há 5 min'). Read at every screen's
   * minute and on each order notice, the bell was PGlite's busiest statement (issue 36).
   */
  const writes = embeddedWriteCount(db);
  const kept = new Map<string, { writes: number; from: number; until: number; rows: repo.BellRow[] }>();

  async function bellRows(principal: Principal, at: Date, limit: number): Promise<repo.BellRow[]> {
    const scope = await scopeOf(principal, at);
    if (!writes) return repo.bellPage(db, scope, limit);
    const key = `${principal.employeeId}:${limit}:${scope.kinds.map((k) => k.kind).join(',')}:${scope.pixWaiting ? 1 : 0}:${scope.discountApprovals ? 1 : 0}:${scope.creditApprovals ? 1 : 0}:${scope.cashDifferences ? 1 : 0}`;
    // Counted before reading: a write sent meanwhile makes the kept rows stale at once (never fresh too long).
    const written = writes();
    const hit = kept.get(key);
    const ms = at.getTime();
    if (hit && hit.writes === written && ms >= hit.from && ms < hit.until) return hit.rows;
    const rows = await repo.bellPage(db, scope, limit);
    const late = scope.kinds.some((k) => repo.DUE_KINDS.includes(k.kind)) ? await repo.nextLateAt(db, at) : null;
    if (kept.size >= BELL_KEPT_READERS) kept.clear();
    kept.set(key, { writes: written, from: ms, until: Math.min(ms + BELL_KEPT_MS, late?.getTime() ?? Infinity), rows });
    return rows;
  }

  /** The kinds the employee may see, read at `at`. */
  async function scopeOf(principal: Principal, at: Date): Promise<repo.BellScope> {
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
      cap: NOTIFICATIONS_PER_KIND,
    };
  }

  return {
    async list(principal: Principal, limit: number): Promise<Notifications> {
      const at = now();
      const rows = await bellRows(principal, at, limit);
      // Newest first, ties by id as the bell always ordered them (the database's order may differ within a millisecond).
      const shown = rows
        .map((row) => ({ row, ms: new Date(row.at).getTime() }))
        .sort((a, b) => b.ms - a.ms || a.row.id.localeCompare(b.row.id));
      const data = shown.map(({ row, ms }) => ({
        id: row.id,
        ...wordsOf(row, at),
        createdAt: isoTimestamp(new Date(ms)),
        readAt: row.read_at ? isoTimestamp(row.read_at) : null,
      }));
      return { data, unread: rows[0]?.unread ?? 0 };
    },

    /** Marks the given notifications (those that are the employee's now; others are ignored), or all of them. */
    async markRead(principal: Principal, body: MarkNotificationsRead): Promise<{ unread: number }> {
      const at = now();
      const scope = await scopeOf(principal, at);
      const ids = 'all' in body ? null : [...new Set(body.ids)];
      const unread = await db.transaction().execute(async (trx) => {
        await repo.pruneReads(trx, principal.employeeId, new Date(at.getTime() - READ_KEPT_DAYS * DAY_MS));
        return repo.markVisibleRead(trx, scope, ids, at);
      });
      return { unread };
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
