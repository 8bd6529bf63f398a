import {
  type AdjustmentOrderDetail,
  type AwaitingCourierRow,
  type BrandReferenceRow,
  businessDay,
  type CardSettlementReport,
  type CardSettlementRow,
  type CustomerPurchaseRow,
  cardPartSettlements,
  centsToReais,
  DASHBOARD_WAITING_STATUSES,
  type Dashboard,
  type DashboardToday,
  type DelivererCustomerRow,
  type DepositReport,
  dayPeriod,
  EMPLOYEE_FUNCS,
  type ExchangeRow,
  type FastDeliveryCustomerRow,
  type LowStockRow,
  lastDays,
  type MarginQuery,
  type MarginReport,
  marginPercentage,
  ORDER_PAYMENT_TEXTS,
  type OrderReport,
  PAYMENT_DESCRIPTIONS,
  type ProductRankRow,
  REPORT_LIMITS,
  REPORT_TEXTS,
  type ReportOrderRow,
  type ReportPaging,
  type ReturnRow,
  type RevenueQuery,
  type RevenueReport,
  revenueBucketLabel,
  type SearchedTermRow,
  type SignedInCustomerRow,
  type StockSalesReport,
  type StockSalesRow,
  shiftDay,
  UNIT_AGE_BANDS,
  type UnitAgeReport,
  type ViewedProductRow,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { periodOrThrow } from '../../lib/period';
import { createReportsRepository, type MarginFigures, type Window } from './reports.repository';
import { splitPeriod } from './summary-period';

const reais = centsToReais;
const iso = (date: Date | string) => new Date(date).toISOString();
const TOP_TEN: Window = { limit: REPORT_LIMITS.topTen };

/** limit/offset of an optional page (none: the whole list). */
/** Cents of report 19's and 21's sums: net = gross − discount − exchanges and returns. */
function marginFigureCents(f: MarginFigures) {
  const gross = Number(f.gross_cents);
  const discount = Number(f.discount_cents);
  const returns = Number(f.returns_cents);
  return { gross, discount, returns, net: gross - discount - returns, cost: Number(f.cost_cents) };
}

/** Report 19's and 21's figures in reais, with the margin and its % of the net. */
function marginFigures(f: MarginFigures) {
  const { gross, discount, returns, net, cost } = marginFigureCents(f);
  return {
    quantity: f.quantity,
    gross: reais(gross),
    discount: reais(discount),
    returns: reais(returns),
    net: reais(net),
    cost: reais(cost),
    margin: reais(net - cost),
    marginPercentage: marginPercentage(net, cost),
  };
}

function windowOf(paging: ReportPaging): Window {
  if (paging.page === undefined && paging.items === undefined) return {};
  const items = paging.items ?? REPORT_LIMITS.defaultItems;
  return { limit: items, offset: (paging.page ?? 0) * items };
}
function pageOf<T>(list: T[], paging: ReportPaging): T[] {
  const w = windowOf(paging);
  if (w.limit === undefined) return list;
  return list.slice(w.offset ?? 0, (w.offset ?? 0) + w.limit);
}

/**
 * The dashboard's default period: the last 7 business days, today included (from 00:00:00 six days ago
 * to 23:59:59 today), by the contract's period rule.
 */
export function lastDaysPeriod(now: Date, days: number = REPORT_LIMITS.dashboardDays) {
  const { first, last } = lastDays(now, days);
  const { start, end } = dayPeriod(first, last);
  return periodOrThrow(start, end);
}

type Period = { from: Date; until: Date };

/** The reports of docs/reports.md; each reads the database once or twice, never a row at a time. */
export function createReportsService(db: DB, now: () => Date = () => new Date()) {
  const repo = createReportsRepository();
  const periodOf = (start?: string, end?: string): Period =>
    start === undefined || end === undefined ? lastDaysPeriod(now()) : periodOrThrow(start, end);

  async function employeeOrThrow(id: number) {
    const employee = await repo.employee(db, id);
    if (!employee) throw notFound(REPORT_TEXTS.employeeNotFound);
    return employee;
  }

  async function orderReport(
    column: 'deliverer_id' | 'attendant_id',
    id: number,
    start: string,
    end: string,
    paging: ReportPaging,
  ): Promise<OrderReport> {
    const { from, until } = periodOrThrow(start, end);
    await employeeOrThrow(id);
    const orders = await repo.ordersBy(db, column, id, from, until);
    const byPayment = {
      CASH: [0, 0, 0],
      BANK_TRANSFER: [0, 0, 0],
      PIX: [0, 0, 0],
      CARD: [0, 0, 0],
      CREDIT: [0, 0, 0],
    };
    let totalSales = 0;
    let totalDifference = 0;
    const rows: ReportOrderRow[] = orders.map((o) => {
      const difference = o.total_cents - o.return_cents;
      const sums = byPayment[o.payment_method];
      sums[0] = (sums[0] ?? 0) + o.freight_cents;
      sums[1] = (sums[1] ?? 0) + o.warranty_cents;
      sums[2] = (sums[2] ?? 0) + difference;
      totalSales += o.total_cents;
      totalDifference += difference;
      return {
        orderId: o.id,
        code: o.code,
        createdAt: iso(o.created_at),
        shippedDate: o.shipped_at ? iso(o.shipped_at) : null,
        customerName: o.customer_name,
        paymentDescription: PAYMENT_DESCRIPTIONS[o.payment_method],
        subTotal: reais(o.items_total_cents),
        totalExchange: reais(o.exchange_cents),
        totalReturn: reais(o.return_cents),
        totalDiscount: reais(o.freight_cents),
        totalWarranty: reais(o.warranty_cents),
        discount: reais(o.discount_cents),
        difference: reais(difference),
      };
    });
    const [cashFreight, cashWarranty, cashDifference] = byPayment.CASH;
    const [transferFreight, transferWarranty, transferDifference] = byPayment.BANK_TRANSFER;
    const [pixFreight, pixWarranty, pixDifference] = byPayment.PIX;
    const [cardFreight, cardWarranty, cardDifference] = byPayment.CARD;
    const [creditFreight, creditWarranty, creditDifference] = byPayment.CREDIT;
    return {
      orders: pageOf(rows, paging),
      total: rows.length,
      summary: {
        orders: rows.length,
        totalSales: reais(totalSales),
        totalDiscountInBankTransfer: reais(transferFreight ?? 0),
        totalDiscountInCash: reais(cashFreight ?? 0),
        totalDiscountInPix: reais(pixFreight ?? 0),
        totalWarrantyBankTransfer: reais(transferWarranty ?? 0),
        totalWarrantyInCash: reais(cashWarranty ?? 0),
        totalWarrantyPix: reais(pixWarranty ?? 0),
        totalBankTransferDifference: reais(transferDifference ?? 0),
        totalCashDifference: reais(cashDifference ?? 0),
        totalPixDifference: reais(pixDifference ?? 0),
        totalDiscountInCard: reais(cardFreight ?? 0),
        totalWarrantyCard: reais(cardWarranty ?? 0),
        totalCardDifference: reais(cardDifference ?? 0),
        totalDiscountInCredit: reais(creditFreight ?? 0),
        totalWarrantyCredit: reais(creditWarranty ?? 0),
        totalCreditDifference: reais(creditDifference ?? 0),
        totalDifference: reais(totalDifference),
      },
    };
  }

  async function adjustmentRows(kind: 'EXCHANGE' | 'RETURN', id: number, start: string, end: string) {
    const { from, until } = periodOrThrow(start, end);
    const employee = await employeeOrThrow(id);
    // One path serves both screens: a courier's id reads what they collected, anyone else's what they registered.
    const column = employee.func === EMPLOYEE_FUNCS.DELIVERER ? 'deliverer_id' : 'employee_id';
    return repo.adjustments(db, kind, column, id, from, until);
  }

  async function adjustmentDetail(orderId: number, kind: 'EXCHANGE' | 'RETURN'): Promise<AdjustmentOrderDetail> {
    const order = await repo.orderWithCustomer(db, orderId);
    if (!order) throw notFound(REPORT_TEXTS.orderNotFound);
    const [items, adjustments] = await Promise.all([
      repo.orderItems(db, orderId),
      repo.orderAdjustments(db, orderId, kind),
    ]);
    const adjusted = adjustments.reduce((sum, a) => sum + a.quantity * a.unit_price_cents, 0);
    return {
      orderId: order.id,
      code: order.code,
      customerName: order.customer_name,
      items: items.map((i) => ({
        productName: i.product_name,
        quantity: i.quantity,
        unitPrice: reais(i.unit_price_cents),
      })),
      totalItems: reais(order.items_total_cents),
      shippingCost: reais(order.shipping_cost_cents),
      fastDeliveryTax: reais(order.fast_delivery_tax_cents),
      warranty: reais(order.warranty_cents),
      discount: reais(order.discount_cents),
      orderTotal: reais(order.total_cents),
      adjustments: adjustments.map((a) => ({
        productName: a.product_name,
        quantity: a.quantity,
        unitPrice: reais(a.unit_price_cents),
        createdAt: iso(a.created_at),
      })),
      ...(kind === 'EXCHANGE' ? { totalExchange: reais(adjusted) } : { totalReturn: reais(adjusted) }),
      // An exchange gives the same goods again: the order still brought in its total. A return gives money back.
      total: reais(kind === 'EXCHANGE' ? order.total_cents : order.total_cents - adjusted),
    };
  }

  const productRank = (r: { product_id: number; name: string; code: string; n: number }): ProductRankRow => ({
    productId: r.product_id,
    name: r.name,
    code: r.code,
    quantity: r.n,
  });

  return {
    async dashboard(): Promise<Dashboard> {
      const { available, awaiting } = await repo.dashboard(db);
      return { availableProducts: available, customersAwaitingApproval: awaiting };
    },

    /** Today's figures (issue 20 §4): the business day of `now`, against the same weekday a week before. */
    async dashboardToday(): Promise<DashboardToday> {
      const day = businessDay(now());
      const weekBefore = shiftDay(day, -7);
      const whole = (d: string) => {
        const { start, end } = dayPeriod(d, d);
        return periodOrThrow(start, end);
      };
      const r = await repo.dashboardToday(db, whole(day), whole(weekBefore), DASHBOARD_WAITING_STATUSES);
      return {
        day,
        salesToday: reais(r.salesTodayCents),
        salesSameWeekdayLastWeek: reais(r.salesLastWeekCents),
        waiting: DASHBOARD_WAITING_STATUSES.map((status) => ({
          status,
          orders: r.waiting.find((w) => w.status === status)?.orders ?? 0,
        })),
        cashToCollect: reais(r.cashCents),
        cashOrders: r.cashOrders,
        customersAwaitingApproval: r.awaiting,
      };
    },

    // ---------- the five charts: top ten of the last 7 days, or of a period ----------
    async searchedTerms(withResult: boolean, start?: string, end?: string): Promise<SearchedTermRow[]> {
      const { from, until } = periodOf(start, end);
      const rows = await repo.searchedTerms(db, splitPeriod(from, until), withResult, TOP_TEN);
      return rows.map((r) => ({ term: r.term, count: r.n }));
    },
    async productsViewed(start?: string, end?: string): Promise<ViewedProductRow[]> {
      const { from, until } = periodOf(start, end);
      const rows = await repo.productsViewed(db, splitPeriod(from, until), TOP_TEN);
      return rows.map((r) => ({ productId: r.product_id, productName: r.name, code: r.code, count: r.n }));
    },
    async customersSignedIn(start?: string, end?: string): Promise<SignedInCustomerRow[]> {
      const { from, until } = periodOf(start, end);
      const rows = await repo.customersSignedIn(db, splitPeriod(from, until), TOP_TEN);
      return rows.map((r) => ({ customerId: r.customer_id, customerName: r.name, email: r.email, count: r.n }));
    },
    async topTenSold(start?: string, end?: string): Promise<ProductRankRow[]> {
      const { from, until } = periodOf(start, end);
      return (await repo.productsSold(db, splitPeriod(from, until), 'desc', TOP_TEN)).map(productRank);
    },

    // ---------- general reports ----------
    async productsSold(start: string, end: string, order: 'desc' | 'asc', paging: ReportPaging) {
      const { from, until } = periodOrThrow(start, end);
      const split = splitPeriod(from, until);
      const w = windowOf(paging);
      const rows = await repo.productsSold(db, split, order, w);
      // A page past the end has no row to carry the count: count on the first row.
      const total =
        rows[0]?.total_rows ??
        (w.offset ? ((await repo.productsSold(db, split, order, { limit: 1 }))[0]?.total_rows ?? 0) : 0);
      return { data: rows.map(productRank), total };
    },
    async customerPurchases(start: string, end: string, order: 'desc' | 'asc', paging: ReportPaging) {
      const { from, until } = periodOrThrow(start, end);
      const split = splitPeriod(from, until);
      const w = windowOf(paging);
      const rows = await repo.customerPurchases(db, split, order, w);
      const total =
        rows[0]?.total_rows ??
        (w.offset ? ((await repo.customerPurchases(db, split, order, { limit: 1 }))[0]?.total_rows ?? 0) : 0);
      const data: CustomerPurchaseRow[] = rows.map((r) => ({
        customerId: r.customer_id,
        name: r.name,
        email: r.email,
        level: r.level,
        orders: r.n,
        total: reais(Number(r.total_cents)),
      }));
      return { data, total };
    },
    async lowStock(): Promise<LowStockRow[]> {
      return (await repo.lowStock(db)).map((p) => ({
        productId: p.id,
        name: p.name,
        code: p.code,
        stock: p.stock,
        stockAlert: p.stock_alert,
      }));
    },
    ordersByDeliverer: (id: number, start: string, end: string, paging: ReportPaging) =>
      orderReport('deliverer_id', id, start, end, paging),
    ordersByAttendant: (id: number, start: string, end: string, paging: ReportPaging) =>
      orderReport('attendant_id', id, start, end, paging),

    /** Report 18 (issue 17 §7): phones in stock by days since entry, with their cost; totals per age band. */
    async unitsByAge(paging: ReportPaging): Promise<UnitAgeReport> {
      const at = now();
      const limits = UNIT_AGE_BANDS.flatMap((b) => (b.maxDays === null ? [] : [b.maxDays]));
      const [rows, bands] = await Promise.all([
        repo.unitsByAge(db, at, windowOf(paging)),
        repo.unitsByAgeBands(db, at, limits),
      ]);
      const byBand = new Map(bands.map((b) => [b.band, b]));
      const summaryBands = UNIT_AGE_BANDS.map((b, i) => ({
        label: b.label,
        units: byBand.get(i)?.units ?? 0,
        cost: reais(Number(byBand.get(i)?.cost ?? 0)),
      }));
      const units = bands.reduce((sum, b) => sum + b.units, 0);
      const totalCost = bands.reduce((sum, b) => sum + Number(b.cost), 0);
      return {
        units: rows.map((u) => ({
          unitId: u.id,
          imei: u.imei,
          imei2: u.imei2,
          productId: u.product_id,
          code: u.code,
          name: u.name,
          enteredAt: new Date(u.entered_at).toISOString(),
          days: Number(u.days),
          cost: reais(u.cost_cents),
        })),
        summary: { units, totalCost: reais(totalCost), bands: summaryBands },
        total: units,
      };
    },

    async stockSales(level: number, paging: ReportPaging): Promise<StockSalesReport> {
      const [rows, totals] = await Promise.all([repo.stockSales(db, windowOf(paging)), repo.stockSalesTotals(db)]);
      const all = level === 0;
      const products: StockSalesRow[] = rows.map((p) => ({
        productId: p.id,
        code: p.code,
        name: p.name,
        stock: p.stock,
        unitPurchasePrice: reais(p.cost_cents),
        totalPurchase: reais(p.stock * p.cost_cents),
        ...(all ? { unitSalesPrice: reais(p.sell_price_cents), totalSales: reais(p.stock * p.sell_price_cents) } : {}),
        ...(all || level === 1
          ? { unitSalesPriceGold: reais(p.gold_cents), totalSalesGold: reais(p.stock * p.gold_cents) }
          : {}),
        ...(all || level === 2
          ? { unitSalesPriceSilver: reais(p.silver_cents), totalSalesSilver: reais(p.stock * p.silver_cents) }
          : {}),
        ...(all || level === 3
          ? { unitSalesPriceBronze: reais(p.bronze_cents), totalSalesBronze: reais(p.stock * p.bronze_cents) }
          : {}),
      }));
      return {
        level,
        products,
        total: totals.products,
        summary: {
          products: totals.products,
          stock: totals.stock,
          totalAmountPurchase: reais(Number(totals.purchase)),
          ...(all ? { totalAmountSales: reais(Number(totals.sales)) } : {}),
          ...(all || level === 1 ? { totalAmountSalesGold: reais(Number(totals.gold)) } : {}),
          ...(all || level === 2 ? { totalAmountSalesSilver: reais(Number(totals.silver)) } : {}),
          ...(all || level === 3 ? { totalAmountSalesBronze: reais(Number(totals.bronze)) } : {}),
        },
      };
    },

    async exchanges(id: number, start: string, end: string): Promise<ExchangeRow[]> {
      return (await adjustmentRows('EXCHANGE', id, start, end)).map((a) => ({
        orderId: a.order_id,
        orderCode: a.order_code,
        customerName: a.customer_name,
        exchangeOrderId: a.adjustment_order_id,
        exchangeOrderCode: a.adjustment_order_code,
        exchangeProductName: a.product_name,
        exchangeQuantity: a.quantity,
        exchangePrice: reais(a.unit_price_cents),
        comments: a.comments,
        createdAt: iso(a.created_at),
      }));
    },
    async returns(id: number, start: string, end: string): Promise<ReturnRow[]> {
      return (await adjustmentRows('RETURN', id, start, end)).map((a) => ({
        orderId: a.order_id,
        orderCode: a.order_code,
        customerName: a.customer_name,
        returnOrderId: a.adjustment_order_id,
        returnOrderCode: a.adjustment_order_code,
        returnProductName: a.product_name,
        returnQuantity: a.quantity,
        returnPrice: reais(a.unit_price_cents),
        comments: a.comments,
        createdAt: iso(a.created_at),
      }));
    },
    exchangeDetail: (orderId: number) => adjustmentDetail(orderId, 'EXCHANGE'),
    returnDetail: (orderId: number) => adjustmentDetail(orderId, 'RETURN'),

    async delivererCustomers(id: number): Promise<DelivererCustomerRow[]> {
      await employeeOrThrow(id);
      return (await repo.delivererCustomers(db, id)).map((c) => ({
        customerId: c.id,
        name: c.name,
        email: c.email,
        phone: c.phone,
        neighborhood: c.neighborhood,
        level: c.level,
        shippingCost: reais(c.shipping_cost_cents),
      }));
    },
    async awaitingCourier(id: number): Promise<AwaitingCourierRow[]> {
      await employeeOrThrow(id);
      return (await repo.awaitingCourier(db, id)).map((o) => ({
        orderId: o.id,
        code: o.code,
        customerName: o.customer_name,
        neighborhood: o.neighborhood,
        status: o.status,
        fastDelivery: o.fast_delivery,
        total: reais(o.total_cents),
        createdAt: iso(o.created_at),
        updatedAt: iso(o.updated_at),
      }));
    },
    async brandReference(brand: string, reference: string): Promise<BrandReferenceRow[]> {
      return (await repo.brandReference(db, brand, reference)).map((p) => ({
        productId: p.id,
        code: p.code,
        productName: p.name,
        reference: p.reference,
        brand: p.brand,
        archived: p.archived,
      }));
    },
    /**
     * Report 19 'Margem' (issue 38 §3; grouped, exchanges and returns netted by issue 39 §5): each group's
     * margin after the discounts given at sale time and what came back.
     */
    async margin(start: string, end: string, query: MarginQuery): Promise<MarginReport> {
      const { from, until } = periodOrThrow(start, end);
      const group = query.groupBy ?? 'product';
      const [rows, total, totals, cardFeeCents] = await Promise.all([
        repo.margin(db, from, until, group, windowOf(query)),
        repo.marginGroupCount(db, from, until, group),
        repo.marginTotals(db, from, until),
        repo.marginCardFees(db, from, until).then(Number),
      ]);
      const { net, cost } = marginFigureCents(totals);
      return {
        products: rows.map((row) => ({
          key: row.key,
          productId: row.product_id,
          name: group === 'month' ? revenueBucketLabel('month', `${row.key}-01`) : (row.name ?? ''),
          code: row.code,
          ...marginFigures(row),
        })),
        total,
        summary: {
          ...marginFigures(totals),
          cardFees: reais(cardFeeCents),
          marginAfterCardFees: reais(net - cost - cardFeeCents),
          // The margin % after the fees: the fees counted as a cost of the net.
          marginAfterCardFeesPercentage: marginPercentage(net, cost + cardFeeCents),
        },
      };
    },
    /**
     * Report 21 'Faturamento por período' (issue 39 §5): report 19's figures by day, week or month, with the
     * sales of each, oldest first.
     */
    async revenue(start: string, end: string, query: RevenueQuery): Promise<RevenueReport> {
      const { from, until } = periodOrThrow(start, end);
      const bucket = query.bucket ?? 'day';
      const [rows, total, totals] = await Promise.all([
        repo.revenue(db, from, until, bucket, windowOf(query)),
        repo.revenueBucketCount(db, from, until, bucket),
        repo.marginTotals(db, from, until),
      ]);
      const { quantity: _rows, ...summary } = marginFigures(totals);
      return {
        periods: rows.map((row) => {
          const { quantity: _units, ...figures } = marginFigures(row);
          return { period: row.period, label: revenueBucketLabel(bucket, row.period), orders: row.orders, ...figures };
        }),
        total,
        summary: { orders: totals.orders, ...summary },
      };
    },
    /**
     * Report 20 'Recebimentos de cartão' (issue 38 §2): each payment the acquirer is due to make of a confirmed
     * card part whose day falls in the period (its first to its last business day), split by the contract's
     * `cardPartSettlements`; by day, order code, instalment; the period's and each day's totals.
     */
    async cardSettlements(start: string, end: string, paging: ReportPaging): Promise<CardSettlementReport> {
      const { from, until } = periodOrThrow(start, end);
      const first = businessDay(from);
      const last = businessDay(new Date(until.getTime() - 1));
      const all: (CardSettlementRow & { cents: { gross: number; fee: number; net: number } })[] = [];
      for (const part of await repo.cardParts(db, from, until)) {
        const payments = cardPartSettlements({
          amountCents: part.amount_cents,
          feeCents: part.fee_cents,
          netCents: part.net_cents,
          instalments: part.instalments,
          settlementDays: part.settlement_days,
          confirmedAt: part.confirmed_at,
          createdAt: part.created_at,
        });
        for (const payment of payments) {
          if (payment.date < first || payment.date > last) continue;
          all.push({
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
          });
        }
      }
      all.sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.orderCode.localeCompare(b.orderCode) ||
          a.paymentId - b.paymentId ||
          a.instalment - b.instalment,
      );
      const sum = (list: typeof all) => {
        const cents = { gross: 0, fee: 0, net: 0 };
        for (const row of list) {
          cents.gross += row.cents.gross;
          cents.fee += row.cents.fee;
          cents.net += row.cents.net;
        }
        return { settlements: list.length, gross: reais(cents.gross), fee: reais(cents.fee), net: reais(cents.net) };
      };
      const byDay = new Map<string, typeof all>();
      for (const row of all) {
        const day = byDay.get(row.date);
        if (day) day.push(row);
        else byDay.set(row.date, [row]);
      }
      return {
        settlements: pageOf(all, paging).map(({ cents: _cents, ...row }) => row),
        total: all.length,
        summary: { ...sum(all), days: [...byDay].map(([date, list]) => ({ date, ...sum(list) })) },
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
          createdAt: iso(o.created_at),
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
        lastOrderAt: iso(c.last_order_at),
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
