import {
  formatDocument,
  hasAnyPermission,
  PERMISSIONS,
  SEARCH_LINKS,
  type SearchKind,
  type SearchResult,
} from '@backoffice/contract';
import type { AppDeps } from '../../app-deps';
import type { Principal } from '../../plugins/auth';
import { searchCustomers } from '../customers/customers.service';
import { searchEmployees } from '../employees/employees.service';
import { createOrdersService } from '../orders/orders.service';
import { searchProducts } from '../products/products.service';
import { unitsByImeiPrefix } from '../stock/stock.service';

/** The page each kind opens, whose permission the employee must hold to get that kind (issue 20 §2). */
const KIND_PERMISSION: Record<SearchKind, string> = {
  order: PERMISSIONS.orders,
  unit: PERMISSIONS.products,
  customer: PERMISSIONS.customers,
  product: PERMISSIONS.products,
  employee: PERMISSIONS.employees,
};

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
      const may = (kind: SearchKind) => hasAnyPermission(principal.permissions, [KIND_PERMISSION[kind]]);
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
      for (const unit of units)
        exact.push({
          kind: 'unit',
          id: unit.imei,
          title: `IMEI ${unit.imei2 ? `${unit.imei} / ${unit.imei2}` : unit.imei}`,
          subtitle: unit.productName,
          link: SEARCH_LINKS.unit(unit.imei),
        });
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
