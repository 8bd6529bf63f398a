import {
  businessDay,
  businessTimeZone,
  type CardSettlementReport,
  type DepositReport,
  type FastDeliveryCustomers,
  ORDER_PAYMENT_TEXTS,
  PAYMENT_DESCRIPTIONS,
  type ReportPaging,
} from '@backoffice/contract';
import { settlementsKept } from '../../lib/card-settlements-sql';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { periodOrThrow } from '../../lib/period';
import { type ReportsContext, reais, windowOf } from './report-paging';
import type { Window } from './report-sql';
import { createSalesReportsRepository } from './sales-reports.repository';

/**
 * Where report 20's page starts: the day its offset falls on and the offset within the rows from that day, found in
 * the days' counts (the page then reads a range of `card_settlements`' index, not every payment before it); with
 * `from`, that day and the whole offset (the payments expanded now read from the first day). None past the end.
 */
export function pageStart(
  days: ReadonlyArray<{ day: string; settlements: number }>,
  window: Window,
  from?: string,
): { day: string; window: Window } | undefined {
  const first = days[0];
  if (!first) return undefined;
  if (from !== undefined) return { day: from, window };
  let before = 0;
  for (const d of days) {
    if (before + d.settlements > (window.offset ?? 0)) {
      return { day: d.day, window: { limit: window.limit, offset: (window.offset ?? 0) - before } };
    }
    before += d.settlements;
  }
  return undefined;
}

/** The sales' reports: the card payments the acquirer owes (report 20), deposits and Pix, the fast-delivery customers. */
export function salesReports({ db }: ReportsContext) {
  const repo = createSalesReportsRepository();
  return {
    /**
     * Report 20 'Recebimentos de cartão' (issue 38 §2): each payment the acquirer is due to make of a confirmed
     * card part whose day falls in the period (its first to its last business day), split as the contract's
     * `cardPartSettlements` does; by day, order code, instalment; the period's and each day's totals. In São Paulo
     * read from the payments and days kept as the parts change (issue 59, decision 0106): the days, then the page
     * from the day its offset falls on; elsewhere split, sorted, paged and summed in SQL (decision 0093).
     */
    async cardSettlements(start: string, end: string, paging: ReportPaging): Promise<CardSettlementReport> {
      const { from, until } = periodOrThrow(start, end);
      const first = businessDay(from);
      const last = businessDay(new Date(until.getTime() - 1));
      const zone = businessTimeZone();
      const dayRows = await repo.cardSettlementDays(db, first, last, zone);
      const begin = pageStart(dayRows, windowOf(paging), settlementsKept(zone) ? undefined : first);
      const page = begin ? await repo.cardSettlementPage(db, begin.day, last, zone, begin.window) : [];
      const days = dayRows.map((d) => ({
        date: d.day,
        settlements: d.settlements,
        gross: reais(Number(d.gross_cents)),
        fee: reais(Number(d.fee_cents)),
        net: reais(Number(d.net_cents)),
      }));
      const sum = (key: 'gross_cents' | 'fee_cents' | 'net_cents') =>
        reais(dayRows.reduce((total, d) => total + Number(d[key]), 0));
      const total = dayRows.reduce((count, d) => count + d.settlements, 0);
      return {
        settlements: page.map((row) => ({
          date: row.day,
          orderId: row.order_id,
          orderCode: row.order_code,
          paymentId: row.payment_id,
          kind: row.card_kind,
          kindLabel: ORDER_PAYMENT_TEXTS.cardKinds[row.card_kind],
          brand: row.card_brand ?? '',
          instalment: row.instalment,
          instalments: row.instalments,
          instalmentOf: `${row.instalment}/${row.instalments}`,
          gross: reais(Number(row.gross_cents)),
          fee: reais(Number(row.fee_cents)),
          net: reais(Number(row.net_cents)),
        })),
        total,
        summary: { settlements: total, gross: sum('gross_cents'), fee: sum('fee_cents'), net: sum('net_cents'), days },
      };
    },
    async deposits(start: string, end: string, paging: ReportPaging): Promise<DepositReport> {
      const { from, until } = periodOrThrow(start, end);
      const [rows, totals] = await Promise.all([
        repo.deposits(db, from, until, windowOf(paging)),
        repo.depositTotals(db, from, until),
      ]);
      const transfer = Number(totals.transfer);
      const pix = Number(totals.pix);
      return {
        orders: rows.map((o) => ({
          orderId: o.id,
          code: o.code,
          customerName: o.customer_name,
          paymentDescription: PAYMENT_DESCRIPTIONS[o.payment_method],
          createdAt: isoTimestamp(o.created_at),
          total: reais(o.total_cents),
        })),
        total: totals.orders,
        summary: {
          orders: totals.orders,
          totalBankTransfer: reais(transfer),
          totalPix: reais(pix),
          total: reais(transfer + pix),
        },
      };
    },
    /** Report 17: the customers with a fast-delivery sale (a page of them with `?page&items`), counted in all. */
    async fastDeliveryCustomers(paging: ReportPaging): Promise<FastDeliveryCustomers> {
      const w = windowOf(paging);
      const rows = await repo.fastDeliveryCustomers(db, w);
      // A page past the end has no row to carry the counts: the first one's.
      const counted = rows[0] ?? (w.offset ? (await repo.fastDeliveryCustomers(db, { limit: 1 }))[0] : undefined);
      return {
        data: rows.map((c) => ({
          customerId: c.id,
          name: c.name,
          email: c.email,
          neighborhood: c.neighborhood,
          fastDeliveryTax: reais(c.fast_delivery_tax_cents),
          orders: c.orders,
          lastOrderAt: isoTimestamp(c.last_order_at),
        })),
        total: counted?.customers_total ?? 0,
        orders: counted?.orders_total ?? 0,
      };
    },
  };
}
