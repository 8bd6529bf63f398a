import {
  adjustmentOrderDetailSchema,
  adjustmentResultSchema,
  apiErrorSchema,
  attendantsResponseSchema,
  auditPageSchema,
  awaitingCourierRowSchema,
  backupEnvelopeSchema,
  backupListSchema,
  backupSettingsEnvelopeSchema,
  brandReferenceRowSchema,
  brandSchema,
  cardSettingsEnvelopeSchema,
  cardSettlementReportSchema,
  cartResponseSchema,
  checkoutResponseSchema,
  customerCreditSchema,
  customerListSchema,
  customerPurchaseRowSchema,
  customerSchema,
  dashboardTodaySchema,
  delivererCustomerRowSchema,
  deliverersResponseSchema,
  departureScheduleSchema,
  depositReportSchema,
  employeeListResponseSchema,
  employeeResponseSchema,
  exchangeRowSchema,
  fastDeliveryCustomersSchema,
  lateLimitsSchema,
  lowStockRowSchema,
  marginReportSchema,
  messageResponseSchema,
  notificationsSchema,
  orderDetailSchema,
  orderHistoryEntrySchema,
  orderImageSchema,
  orderListSchema,
  orderPaymentAnswerSchema,
  orderPaymentsSchema,
  orderReportSchema,
  orderStatusCountSchema,
  orderSummarySchema,
  pixPayloadSchema,
  preCheckoutResponseSchema,
  productRankRowSchema,
  productSchema,
  profileResponseSchema,
  purchaseHistoryRowSchema,
  returnRowSchema,
  revenueReportSchema,
  roleSchema,
  salesHistoryRowSchema,
  searchedTermRowSchema,
  sellingProductSearchResponseSchema,
  setupStatusSchema,
  signedInCustomerRowSchema,
  signinResponseSchema,
  stockSalesReportSchema,
  systemTasksEnvelopeSchema,
  taskListSchema,
  unitAgeReportSchema,
  unitSchema,
  unitsInAnalysisSchema,
  viewedProductRowSchema,
  walkInCustomerSchema,
  whatsAppTemplatesSchema,
} from '@backoffice/contract';
import { afterEach } from 'vitest';
import { z } from 'zod';
import { type MockCall, mockFetch } from './render';

/**
 * The response schema of each API call the tests mock, as the API route declares it (`:name` matches one
 * path segment). A fixture that drifts from the API fails the test instead of passing against a shape the
 * server never sends. Add a feature's routes here when its tests move to `mockApi`.
 */
export const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  'POST /api/accounts/signin': signinResponseSchema,
  'PATCH /api/accounts/users/forgotpassword/:email': messageResponseSchema,
  'PATCH /api/accounts/users/activate': messageResponseSchema,
  'GET /api/employees': employeeListResponseSchema,
  'GET /api/notifications': notificationsSchema,
  'PATCH /api/notifications/read': z.object({ unread: z.number().int() }),
  'GET /api/notifications/late-limits': lateLimitsSchema,
  'PUT /api/notifications/late-limits': lateLimitsSchema,
  'GET /api/employees/deliverers': deliverersResponseSchema,
  'POST /api/accounts/employee/:kind/signup': employeeResponseSchema,
  'PUT /api/employees/:kind': employeeResponseSchema,
  'GET /api/roles': z.object({ data: z.array(roleSchema) }),
  'GET /api/audit': auditPageSchema,
  'POST /api/roles': z.object({ data: roleSchema }),
  'PATCH /api/roles/:id': z.object({ data: roleSchema }),
  'GET /api/permissions': z.object({ data: z.record(z.string(), z.string()) }),
  'GET /api/dashboard/today': z.object({ data: dashboardTodaySchema }),
  // reports (fixed paths before the brand/reference pattern, which would match them too)
  'GET /api/employees/attendants': attendantsResponseSchema,
  'GET /api/products/brands': z.object({ data: z.array(brandSchema) }),
  'GET /api/products/barcode/:gtin': z.object({ data: productSchema }),
  'GET /api/reports/products/low/stock': z.object({ data: z.array(lowStockRowSchema) }),
  'GET /api/reports/customers/purchases/start/:s/end/:e/:order': z.object({
    data: z.array(customerPurchaseRowSchema),
    total: z.number().int(),
  }),
  'GET /api/reports/products/sold/start/:s/end/:e/:order': z.object({
    data: z.array(productRankRowSchema),
    total: z.number().int(),
  }),
  'GET /api/reports/order/start/:s/end/:e/deliverer/:id': z.object({ data: orderReportSchema }),
  'GET /api/reports/order/start/:s/end/:e/attendant/:id': z.object({ data: orderReportSchema }),
  'GET /api/reports/product/stock/sales/level/:level': z.object({ data: stockSalesReportSchema }),
  'GET /api/reports/units/in-stock/age': z.object({ data: unitAgeReportSchema }),
  'GET /api/reports/margin/start/:s/end/:e': z.object({ data: marginReportSchema }),
  'GET /api/reports/revenue/start/:s/end/:e': z.object({ data: revenueReportSchema }),
  'GET /api/reports/card/settlements/start/:s/end/:e': z.object({ data: cardSettlementReportSchema }),
  'GET /api/reports/product/sold/histories/:id/start/:s/end/:e': z.object({ data: z.array(salesHistoryRowSchema) }),
  'GET /api/reports/product/purchased/histories/start/:s/end/:e/:id': z.object({
    data: z.array(purchaseHistoryRowSchema),
  }),
  'GET /api/reports/order/exchange/start/:s/end/:e/employee/:id': z.object({ data: z.array(exchangeRowSchema) }),
  'GET /api/reports/order/return/start/:s/end/:e/employee/:id': z.object({ data: z.array(returnRowSchema) }),
  'GET /api/reports/deliverer-customers/:id': z.object({ data: z.array(delivererCustomerRowSchema) }),
  'GET /api/reports/awaiting-motoboy-orders/:id': z.object({ data: z.array(awaitingCourierRowSchema) }),
  'GET /api/reports/products/:brand/:reference': z.object({ data: z.array(brandReferenceRowSchema) }),
  'GET /api/reports/order/transfer/start/:s/end/:e': z.object({ data: depositReportSchema }),
  'GET /api/reports/customer/fast-delivery': fastDeliveryCustomersSchema,
  'GET /api/reports/order/exchange/:orderId': z.object({ data: adjustmentOrderDetailSchema }),
  'GET /api/reports/order/return/:orderId': z.object({ data: adjustmentOrderDetailSchema }),
  'GET /api/reports/customer/top-ten/signedin/start/:s/end/:e': z.object({ data: z.array(signedInCustomerRowSchema) }),
  'GET /api/reports/product/viewed/start/:s/end/:e': z.object({ data: z.array(viewedProductRowSchema) }),
  'GET /api/reports/product/searched-by-term/start/:s/end/:e': z.object({ data: z.array(searchedTermRowSchema) }),
  'GET /api/reports/product/not-exists/searched-by-term/start/:s/end/:e': z.object({
    data: z.array(searchedTermRowSchema),
  }),
  'GET /api/orders/by-id/:id': z.object({ data: orderDetailSchema }),
  'GET /api/orders/receipt/:id': z.object({ data: orderImageSchema.nullable() }),
  'GET /api/orders/stocking/images/:id': z.object({ data: z.array(orderImageSchema) }),
  'GET /api/accounts/me': profileResponseSchema,
  'GET /api/orders/status': z.object({ data: z.array(orderStatusCountSchema) }),
  'GET /api/orders/status/:status': orderListSchema,
  'GET /api/orders/signature/:id': z.object({ data: orderImageSchema.nullable() }),
  'GET /api/orders/pix/:orderId': z.object({ data: pixPayloadSchema }),
  'GET /api/orders/:id/payments': orderPaymentsSchema,
  'POST /api/orders/:id/payments': orderPaymentAnswerSchema,
  'GET /api/settings/card-fees': cardSettingsEnvelopeSchema,
  'PUT /api/settings/card-fees': cardSettingsEnvelopeSchema,
  'GET /api/setup': z.object({ data: setupStatusSchema }),
  'POST /api/setup': z.object({ data: setupStatusSchema }),
  'GET /api/settings/departures': z.object({ data: departureScheduleSchema }),
  'PUT /api/settings/departures': z.object({ data: departureScheduleSchema }),
  'GET /api/settings/whatsapp-templates': whatsAppTemplatesSchema,
  'GET /api/backups': backupListSchema,
  'POST /api/backups': backupEnvelopeSchema,
  'GET /api/backups/settings': backupSettingsEnvelopeSchema,
  'GET /api/system/tasks': systemTasksEnvelopeSchema,
  'PUT /api/backups/settings': backupSettingsEnvelopeSchema,
  'PUT /api/backups/passphrase': backupSettingsEnvelopeSchema,
  /** The backup's bytes (after /settings, which the pattern would also match). */
  'GET /api/backups/:name': z.unknown(),
  'PUT /api/settings/whatsapp-templates/:status': whatsAppTemplatesSchema,
  'DELETE /api/settings/whatsapp-templates/:status': whatsAppTemplatesSchema,
  'GET /api/reports/order/histories/:orderId': z.object({
    data: z.object({ histories: z.array(orderHistoryEntrySchema) }),
  }),
  'GET /api/orders/tasks': taskListSchema,
  'GET /api/orders/:code': z.object({ data: orderSummarySchema }),
  'PATCH /api/workflow/order/:move': z.object({ data: orderSummarySchema }),
  'POST /api/workflow/order/finalize': z.object({ data: orderSummarySchema }),
  'PUT /api/orders/change/order/:orderId/deliverer/:id': z.object({ data: orderSummarySchema }),
  'PUT /api/orders/change/fast-deliverer/order/:orderId/deliverer/:id': z.object({ data: orderSummarySchema }),
  'GET /api/customers': customerListSchema,
  'GET /api/customers/:id/credit': z.object({ data: customerCreditSchema }),
  'POST /api/customers': z.object({ data: customerSchema }),
  'POST /api/customers/walk-in': z.object({ data: walkInCustomerSchema }),
  'GET /api/shop/products/full/search/:param/email/:email': sellingProductSearchResponseSchema,
  'GET /api/orders/pre/checkout/:id': preCheckoutResponseSchema,
  'POST /api/orders/cart/add/:id': cartResponseSchema,
  'PATCH /api/orders/cart/change/:id': cartResponseSchema,
  'POST /api/orders/checkout/:id': checkoutResponseSchema,
  'POST /api/orders/checkout/bank/transfer/:id': checkoutResponseSchema,
  'POST /api/orders/adjustments': z.object({ data: adjustmentResultSchema }),
  'GET /api/units/in-analysis': unitsInAnalysisSchema,
  'GET /api/units/:imei': z.object({ data: unitSchema }),
  'POST /api/units/:imei/:action': z.object({ data: unitSchema }),
};

function schemaFor(route: string): z.ZodType | undefined {
  const [method, path = ''] = route.split(' ');
  const segments = path.split('/');
  for (const [pattern, schema] of Object.entries(RESPONSE_SCHEMAS)) {
    const [patternMethod, patternPath = ''] = pattern.split(' ');
    const patternSegments = patternPath.split('/');
    if (patternMethod !== method || patternSegments.length !== segments.length) continue;
    if (patternSegments.every((segment, i) => segment.startsWith(':') || segment === segments[i])) return schema;
  }
  return undefined;
}

/**
 * Checks one answer against the contract: a 2xx body with the route's response schema, any other with the
 * error body every failure has (`{ errors, code, details? }`). Throws, naming the route and the issues.
 */
export function expectContractAnswer(route: string, status: number, body: unknown): void {
  const schema = status >= 400 ? apiErrorSchema : schemaFor(route);
  if (!schema)
    throw new Error(`Sem schema de resposta do contrato para ${route} (RESPONSE_SCHEMAS em test/contract.ts).`);
  const result = schema.safeParse(body);
  if (!result.success)
    throw new Error(
      `A resposta simulada de ${route} (${status}) não segue o contrato:\n${z.prettifyError(result.error)}`,
    );
}

type Answer = { status?: number; body?: unknown } | 'network-error';
type Routes = Record<string, Answer | ((call: MockCall) => Answer)>;

let lateFailures: Error[] = [];
afterEach(() => {
  const failures = lateFailures;
  lateFailures = [];
  if (failures.length) throw failures[0];
});

/**
 * `mockFetch` whose every answer is checked against the contract: fixed answers at once, answers computed
 * by a handler when the call is made (the test then fails at its end even if the page swallowed the error).
 */
export function mockApi(routes: Routes) {
  const checked: Parameters<typeof mockFetch>[0] = {};
  for (const [route, answer] of Object.entries(routes)) {
    if (typeof answer === 'function') {
      checked[route] = (call) => {
        const computed = answer(call);
        if (computed !== 'network-error') {
          try {
            expectContractAnswer(route, computed.status ?? 200, computed.body);
          } catch (error) {
            lateFailures.push(error as Error);
            throw error;
          }
        }
        return computed;
      };
    } else {
      if (answer !== 'network-error') expectContractAnswer(route, answer.status ?? 200, answer.body);
      checked[route] = answer;
    }
  }
  return mockFetch(checked);
}
