import {
  apiErrorSchema,
  cartResponseSchema,
  checkoutResponseSchema,
  customerListSchema,
  deliverersResponseSchema,
  employeeListResponseSchema,
  employeeResponseSchema,
  messageResponseSchema,
  preCheckoutResponseSchema,
  roleSchema,
  sellingProductSearchResponseSchema,
  signinResponseSchema,
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
  'GET /api/employees/deliverers': deliverersResponseSchema,
  'POST /api/accounts/employee/:kind/signup': employeeResponseSchema,
  'PUT /api/employees/:kind': employeeResponseSchema,
  'GET /api/roles': z.object({ data: z.array(roleSchema) }),
  'POST /api/roles': z.object({ data: roleSchema }),
  'PATCH /api/roles/:id': z.object({ data: roleSchema }),
  'GET /api/permissions': z.object({ data: z.record(z.string(), z.string()) }),
  'GET /api/customers': customerListSchema,
  'GET /api/shop/products/full/search/:param/email/:email': sellingProductSearchResponseSchema,
  'GET /api/orders/pre/checkout/:id': preCheckoutResponseSchema,
  'POST /api/orders/cart/add/:id': cartResponseSchema,
  'PATCH /api/orders/cart/change/:id': cartResponseSchema,
  'POST /api/orders/checkout/:id': checkoutResponseSchema,
  'POST /api/orders/checkout/bank/transfer/:id': checkoutResponseSchema,
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
