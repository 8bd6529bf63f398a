import {
  businessDay,
  type CardSettlementReport,
  type CardSettlementRow,
  cardPartSettlements,
  type DepositReport,
  type FastDeliveryCustomerRow,
  ORDER_PAYMENT_TEXTS,
  PAYMENT_DESCRIPTIONS,
  type ReportPaging,
} from '@backoffice/contract';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { periodOrThrow } from '../../lib/period';
import { pageOf, type ReportsContext, reais, windowOf } from './report-paging';
import { createSalesReportsRepository } from './sales-reports.repository';

type CardPart = Awaited<ReturnType<ReturnType<typeof createSalesReportsRepository>['cardParts']>>[number];
type Settlement = CardSettlementRow & { cents: { gross: number; fee: number; net: number } };

/** The payments of a card part whose day falls in [first, last], split by the contract's `cardPartSettlements`. */
function settlementsOf(part: CardPart, first: string, last: string): Settlement[] {
  const payments = cardPartSettlements({
    amountCents: part.amount_cents,
    feeCents: part.fee_cents,
    netCents: part.net_cents,
    instalments: part.instalments,
    settlementDays: part.settlement_days,
    confirmedAt: part.confirmed_at,
    createdAt: part.created_at,
  });
  return payments
    .filter((payment) => !(payment.date < first || payment.date > last))
    .map((payment) => ({
      date: payment.date,
      orderId: part.order_id,
      orderCode: part.order_code,
      paymentId: part.id,
      kind: part.card_kind,
      kindLabel: ORDER_PAYMENT_TEXTS.cardKinds[part.card_kind],
      brand: part.card_brand ?? '',
      instalment: payment.instalment,
      instalments: payment.instalments,
      instalmentOf: `${payment.instalment}/${payment.instalments}`,
      gross: reais(payment.grossCents),
      fee: reais(payment.feeCents),
      net: reais(payment.netCents),
      cents: { gross: payment.grossCents, fee: payment.feeCents, net: payment.netCents },
    }));
}

/** The count and sums of a list of settlements. */
function sumOf(list: Settlement[]) {
  const cents = { gross: 0, fee: 0, net: 0 };
  for (const row of list) {
    cents.gross += row.cents.gross;
    cents.fee += row.cents.fee;
    cents.net += row.cents.net;
  }
  return { settlements: list.length, gross: reais(cents.gross), fee: reais(cents.fee), net: reais(cents.net) };
}

/** The settlements by day, in their order. */
function byDayOf(all: Settlement[]) {
  const byDay = new Map<string, Settlement[]>();
  for (const row of all) {
    const day = byDay.get(row.date);
    if (day) day.push(row);
    else byDay.set(row.date, [row]);
  }
  return byDay;
}

/** The sales' reports: the card payments the acquirer owes (report 20), deposits and Pix, the fast-delivery customers. */
export function salesReports({ db }: ReportsContext) {
  const repo = createSalesReportsRepository();
  return {
    /**
     * Report 20 'Recebimentos de cartão' (issue 38 §2): each payment the acquirer is due to make of a confirmed
     * card part whose day falls in the period (its first to its last business day), split by the contract's
     * `cardPartSettlements`; by day, order code, instalment; the period's and each day's totals.
     */
    async cardSettlements(start: string, end: string, paging: ReportPaging): Promise<CardSettlementReport> {
      const { from, until } = periodOrThrow(start, end);
      const first = businessDay(from);
      const last = businessDay(new Date(until.getTime() - 1));
      const all: Settlement[] = [];
      for (const part of await repo.cardParts(db, from, until)) all.push(...settlementsOf(part, first, last));
      all.sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.orderCode.localeCompare(b.orderCode) ||
          a.paymentId - b.paymentId ||
          a.instalment - b.instalment,
      );
      return {
        settlements: pageOf(all, paging).map(({ cents: _cents, ...row }) => row),
        total: all.length,
        summary: { ...sumOf(all), days: [...byDayOf(all)].map(([date, list]) => ({ date, ...sumOf(list) })) },
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
    async fastDeliveryCustomers(): Promise<FastDeliveryCustomerRow[]> {
      return (await repo.fastDeliveryCustomers(db)).map((c) => ({
        customerId: c.id,
        name: c.name,
        email: c.email,
        neighborhood: c.neighborhood,
        fastDeliveryTax: reais(c.fast_delivery_tax_cents),
        orders: c.orders,
        lastOrderAt: isoTimestamp(c.last_order_at),
      }));
    },
  };
}
