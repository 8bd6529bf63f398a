import {
  type AdjustmentOrderDetail,
  type AwaitingCourierRow,
  type DelivererCustomerRow,
  EMPLOYEE_FUNCS,
  type ExchangeRow,
  type OrderReport,
  PAYMENT_DESCRIPTIONS,
  REPORT_TEXTS,
  type ReportOrderRow,
  type ReportPaging,
  type ReturnRow,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { periodOrThrow } from '../../lib/period';
import { pageOf, type ReportsContext, reais } from './report-paging';
import { createStaffReportsRepository } from './staff-reports.repository';

type StaffRepository = ReturnType<typeof createStaffReportsRepository>;
type OrderRows = Awaited<ReturnType<StaffRepository['ordersBy']>>;

async function employeeOrThrow(db: DB, repo: StaffRepository, id: number) {
  const employee = await repo.employee(db, id);
  if (!employee) throw notFound(REPORT_TEXTS.employeeNotFound);
  return employee;
}

/** The report's rows, and per payment method the sums of freight, warranty and difference (total − returns). */
function orderRows(orders: OrderRows) {
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
      createdAt: isoTimestamp(o.created_at),
      shippedDate: o.shipped_at ? isoTimestamp(o.shipped_at) : null,
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
  return { rows, byPayment, totalSales, totalDifference };
}

/** The sales of the period served by a courier or taken by an attendant, with totals by payment method. */
async function orderReport(
  db: DB,
  repo: StaffRepository,
  column: 'deliverer_id' | 'attendant_id',
  id: number,
  start: string,
  end: string,
  paging: ReportPaging,
): Promise<OrderReport> {
  const { from, until } = periodOrThrow(start, end);
  await employeeOrThrow(db, repo, id);
  const { rows, byPayment, totalSales, totalDifference } = orderRows(await repo.ordersBy(db, column, id, from, until));
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

async function adjustmentRows(
  db: DB,
  repo: StaffRepository,
  kind: 'EXCHANGE' | 'RETURN',
  id: number,
  start: string,
  end: string,
) {
  const { from, until } = periodOrThrow(start, end);
  const employee = await employeeOrThrow(db, repo, id);
  // One path serves both screens: a courier's id reads what they collected, anyone else's what they registered.
  const column = employee.func === EMPLOYEE_FUNCS.DELIVERER ? 'deliverer_id' : 'employee_id';
  return repo.adjustments(db, kind, column, id, from, until);
}

/** What an exchange's row and a return's row both say: the order it was made on, its customer, the comments, when. */
function adjustedOrder(a: Awaited<ReturnType<typeof adjustmentRows>>[number]) {
  return {
    orderId: a.order_id,
    orderCode: a.order_code,
    customerName: a.customer_name,
    comments: a.comments,
    createdAt: isoTimestamp(a.created_at),
  };
}

async function adjustmentDetail(
  db: DB,
  repo: StaffRepository,
  orderId: number,
  kind: 'EXCHANGE' | 'RETURN',
): Promise<AdjustmentOrderDetail> {
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
      createdAt: isoTimestamp(a.created_at),
    })),
    ...(kind === 'EXCHANGE' ? { totalExchange: reais(adjusted) } : { totalReturn: reais(adjusted) }),
    // An exchange gives the same goods again: the order still brought in its total. A return gives money back.
    total: reais(kind === 'EXCHANGE' ? order.total_cents : order.total_cents - adjusted),
  };
}

/**
 * The staff's reports: an attendant's or a courier's sales, exchanges and returns (and the order each adjusts),
 * a courier's customers and the orders awaiting him.
 */
export function staffReports({ db }: ReportsContext) {
  const repo = createStaffReportsRepository();
  return {
    ordersByDeliverer: (id: number, start: string, end: string, paging: ReportPaging) =>
      orderReport(db, repo, 'deliverer_id', id, start, end, paging),
    ordersByAttendant: (id: number, start: string, end: string, paging: ReportPaging) =>
      orderReport(db, repo, 'attendant_id', id, start, end, paging),

    async exchanges(id: number, start: string, end: string): Promise<ExchangeRow[]> {
      return (await adjustmentRows(db, repo, 'EXCHANGE', id, start, end)).map((a) => ({
        ...adjustedOrder(a),
        exchangeOrderId: a.adjustment_order_id,
        exchangeOrderCode: a.adjustment_order_code,
        exchangeProductName: a.product_name,
        exchangeQuantity: a.quantity,
        exchangePrice: reais(a.unit_price_cents),
      }));
    },
    async returns(id: number, start: string, end: string): Promise<ReturnRow[]> {
      return (await adjustmentRows(db, repo, 'RETURN', id, start, end)).map((a) => ({
        ...adjustedOrder(a),
        returnOrderId: a.adjustment_order_id,
        returnOrderCode: a.adjustment_order_code,
        returnProductName: a.product_name,
        returnQuantity: a.quantity,
        returnPrice: reais(a.unit_price_cents),
      }));
    },
    exchangeDetail: (orderId: number) => adjustmentDetail(db, repo, orderId, 'EXCHANGE'),
    returnDetail: (orderId: number) => adjustmentDetail(db, repo, orderId, 'RETURN'),

    async delivererCustomers(id: number): Promise<DelivererCustomerRow[]> {
      await employeeOrThrow(db, repo, id);
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
      await employeeOrThrow(db, repo, id);
      return (await repo.awaitingCourier(db, id)).map((o) => ({
        orderId: o.id,
        code: o.code,
        customerName: o.customer_name,
        neighborhood: o.neighborhood,
        status: o.status,
        fastDelivery: o.fast_delivery,
        total: reais(o.total_cents),
        createdAt: isoTimestamp(o.created_at),
        updatedAt: isoTimestamp(o.updated_at),
      }));
    },
  };
}
