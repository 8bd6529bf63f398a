import {
  ADJUSTABLE_STATUSES,
  ADJUSTMENT_TEXTS,
  formatDocument,
  hasAnyPermission,
  PERMISSIONS,
  SEARCH_LINKS,
  type SearchKind,
  type SearchResult,
  UNIT_READ_PERMISSIONS,
  UNIT_STATUS_LABELS,
} from '@backoffice/contract';
import type { AppDeps } from '../../app-deps';
import type { Principal } from '../../plugins/auth';
import { searchCustomers } from '../customers/customers.service';
import { searchEmployees } from '../employees/employees.service';
import { createOrdersService } from '../orders/orders.service';
import { searchProducts } from '../products/products.service';
import { type UnitMatch, unitsByImeiPrefix } from '../stock/stock.service';

/**
 * Who gets each kind: whoever may open its page (issue 20 §2); a phone, whoever may read it by its IMEI
 * (GET /units/{imei}: the stock, and the desk that registers exchanges, issue 35 §3).
 */
const KIND_PERMISSIONS: Record<SearchKind, readonly string[]> = {
  order: [PERMISSIONS.orders],
  unit: UNIT_READ_PERMISSIONS,
  customer: [PERMISSIONS.customers],
  product: [PERMISSIONS.products],
  employee: [PERMISSIONS.employees],
};

/**
 * A phone found by its IMEI: its product, status and order; it opens 'Consultar IMEI' (the products screen)
 * for whoever may open it, else its order's details (none: a phone in stock, shown with its status); a phone sold in a delivered or finished order offers
 * 'Registrar troca' to whoever manages orders.
 */
function unitResult(unit: UnitMatch, held: readonly string[]): SearchResult {
  const { order } = unit;
  const desk = hasAnyPermission(held, [PERMISSIONS.orders]);
  const link = hasAnyPermission(held, [PERMISSIONS.products])
    ? SEARCH_LINKS.unit(unit.imei)
    : order
      ? SEARCH_LINKS.order(order.id)
      : null;
  const exchangeable = desk && order && (ADJUSTABLE_STATUSES as readonly number[]).includes(order.status);
  return {
    kind: 'unit',
    id: unit.imei,
    title: `IMEI ${unit.imei2 ? `${unit.imei} / ${unit.imei2}` : unit.imei}`,
    subtitle: [unit.productName, UNIT_STATUS_LABELS[unit.status], order ? `Pedido ${order.code}` : null]
      .filter(Boolean)
      .join(' · '),
    link,
    ...(exchangeable
      ? { action: { label: ADJUSTMENT_TEXTS.registerExchange, link: SEARCH_LINKS.orderExchange(order.id) } }
      : {}),
  };
}

/** An order code as typed: 6 letters or digits, the dash and case free ("k7m4qp", "K7M-4QP"). */
const ORDER_CODE = /^[a-z0-9]{3}-?[a-z0-9]{3}$/i;

/**
 * The command palette's search (issue 20 §2): one query over orders by code, phones by IMEI, customers,
 * products and employees, each kind only to whoever may open its page, through each module's own search
 * (their indexes). Exact identifiers first (an order's code, an IMEI), then the kinds take turns, so that
 * a name found in customers does not push every product out of `limit`.
 */
export function createSearchService(deps: Pick<AppDeps, 'db' | 'storage' | 'fileLinks'>) {
  const { db } = deps;
  const orders = createOrdersService(deps.db, deps.storage, deps.fileLinks);

  return {
    async search(principal: Principal, q: string, limit: number): Promise<SearchResult[]> {
      const may = (kind: SearchKind) => hasAnyPermission(principal.permissions, KIND_PERMISSIONS[kind]);
      const term = q.trim();
      const digits = term.replace(/[\s.\-/()]/g, '');

      const [order, units, customers, products, employees] = await Promise.all([
        may('order') && ORDER_CODE.test(term) ? orders.findByCode(principal, term) : null,
        may('unit') && /^\d+$/.test(digits) ? unitsByImeiPrefix(db, digits, limit) : [],
        may('customer') ? searchCustomers(db, term, limit) : [],
        may('product') ? searchProducts(db, term, limit) : [],
        may('employee') ? searchEmployees(db, term, limit) : [],
      ]);

      const exact: SearchResult[] = [];
      if (order)
        exact.push({
          kind: 'order',
          id: String(order.orderId),
          title: `Pedido ${order.code}`,
          subtitle: `${order.customer} · ${order.status}`,
          link: SEARCH_LINKS.order(order.orderId),
        });
      for (const unit of units) exact.push(unitResult(unit, principal.permissions));
      const lists: SearchResult[][] = [
        customers.map((c) => ({
          kind: 'customer' as const,
          id: String(c.id),
          title: c.name,
          subtitle: [formatDocument(c.document), c.email].filter(Boolean).join(' · '),
          link: SEARCH_LINKS.customer(c.email),
        })),
        products.map((p) => ({
          kind: 'product' as const,
          id: String(p.id),
          title: p.name,
          subtitle: [p.code, p.brand, p.reference].filter(Boolean).join(' · '),
          link: SEARCH_LINKS.product(p.code),
        })),
        employees.map((e) => ({
          kind: 'employee' as const,
          id: String(e.id),
          title: e.name,
          subtitle: [e.type, e.email].filter(Boolean).join(' · '),
          link: SEARCH_LINKS.employee(e.id),
        })),
      ];
      const results = [...exact];
      for (let i = 0; results.length < limit && lists.some((list) => i < list.length); i++)
        for (const list of lists) {
          const item = list[i];
          if (item && results.length < limit) results.push(item);
        }
      return results.slice(0, limit);
    },
  };
}
