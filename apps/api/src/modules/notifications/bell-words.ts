import {
  askedPercentage,
  businessDay,
  centsToReais,
  DISCOUNT_APPROVAL_TEXTS,
  DISCOUNT_APPROVALS_HASH,
  daysBetween,
  FISCAL_NOTE_TEXTS,
  FISCAL_SETUP_TEXTS,
  formatBRL,
  formatBusinessDate,
  formatBusinessDateTimeMinutes,
  formatDay,
  formatDuration,
  formatPercentHundredths,
  NFE_CONTINGENCY_TEXTS,
  type Notification,
  type NotificationKind,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  PAYMENT_TEXTS,
  plural,
  REPAIR_TEXTS,
  SEARCH_LINKS,
} from '@backoffice/contract';
import type * as repo from './notifications.repository';

const SETTINGS_LINK = '/admin/settings';
const DISPATCH_LINK = '/admin/dispatch';
/** The service orders' page (issue 42 §2), late ones first. */
const REPAIRS_LINK = '/admin/repairs?late=true';
/** The orders page on 'Aguardando aprovação de crédito', where a sale on credit is approved (issue 54 §6). */
const CREDIT_APPROVALS_LINK = `/admin/orders?status=${ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO}`;
/** The drawer's screen, where a closing's difference is approved (issue 54 §6). */
const CASH_LINK = '/admin/cash';
/** 'Notas fiscais', where the contingency is shown, entered and left (issue 56 §2) and 'Lacunas de numeração' lists
 * what to void. */
const FISCAL_NOTES_LINK = '/admin/fiscal-notes';
/** The 'Aprovações de desconto' dialog over the page one is on (decision 0045). */
const DISCOUNT_APPROVALS_LINK = DISCOUNT_APPROVALS_HASH;

const brl = (cents: number | null) => formatBRL(centsToReais(cents ?? 0));
const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusKey] ?? `Status ${status}`;

/** What each kind says, from the record it speaks of (read with it: `repo.bellPage`). */
export function wordsOf(row: repo.BellRow, at: Date): Omit<Notification, 'id' | 'createdAt' | 'readAt'> {
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
    case 'nfe_contingency': {
      const pending = NFE_CONTINGENCY_TEXTS.pending(d.nfe ?? 0, d.nfce ?? 0);
      return {
        kind,
        title: NFE_CONTINGENCY_TEXTS.bellTitle,
        body: NFE_CONTINGENCY_TEXTS.active(
          d.svc ?? '',
          formatBusinessDateTimeMinutes(new Date(d.since ?? at)),
          pending,
        ),
        link: FISCAL_NOTES_LINK,
      };
    }
    case 'credit_approval':
      return {
        kind,
        title: 'Venda a prazo aguardando aprovação',
        body: plural(
          d.count ?? 0,
          'venda a prazo aguarda aprovação de crédito.',
          'vendas a prazo aguardam aprovação de crédito.',
        ),
        link: CREDIT_APPROVALS_LINK,
      };
    case 'numbering_gaps':
      return {
        kind,
        title: FISCAL_NOTE_TEXTS.gapsBellTitle,
        body: FISCAL_NOTE_TEXTS.gapsBellBody(d.count ?? 0, d.month ?? ''),
        link: FISCAL_NOTES_LINK,
      };
    case 'cash_difference':
      return {
        kind,
        title: 'Diferença de caixa aguardando aprovação',
        body: plural(
          d.count ?? 0,
          'fechamento de caixa com diferença aguarda aprovação.',
          'fechamentos de caixa com diferença aguardam aprovação.',
        ),
        link: CASH_LINK,
      };
    case 'repair_late':
      return {
        kind,
        title: REPAIR_TEXTS.lateTitle,
        body: REPAIR_TEXTS.lateBody(d.number ?? 0, d.customer ?? '', formatDay(d.estimated_date ?? '')),
        link: REPAIRS_LINK,
      };
  }
}
