import {
  type Customer,
  type CustomerSortField,
  type CustomerStatus,
  centsToReais,
  customerLevelLabel,
  normalizeSearch,
} from '@backoffice/contract';
import type { CustomerStatus as DbStatus } from '../../db/schema';
import { isoTimestampOrNull } from '../../lib/iso-timestamp';
import { customerFieldsOf } from './customer-fields';
import {
  CUSTOMER_FILTER_COLUMNS,
  CUSTOMER_SORT_COLUMNS,
  type CustomerColumnFilter,
  type CustomerListFilter,
  type CustomerMatch,
  type CustomerRow,
} from './customers.repository';

/* A customer as the API answers it, and a list's search, order and column filter as the repository reads them. */

const TO_API: Record<DbStatus, CustomerStatus> = {
  AWAITING: 'Awaiting',
  APPROVED: 'Approved',
  REPROVED: 'Reproved',
  BLOCKED: 'Blocked',
  // Never answered: every read of this module leaves the counter's 'Consumidor final' records out (decision 0040).
  WALK_IN: 'Approved',
};
export const TO_DB: Record<CustomerStatus, DbStatus> = {
  Awaiting: 'AWAITING',
  Approved: 'APPROVED',
  Reproved: 'REPROVED',
  Blocked: 'BLOCKED',
};

/** A customer row as the API answers it. */
export function toCustomer(row: CustomerRow): Customer {
  const { street, number, complement, neighborhood, zipCode, state, city, ...own } = customerFieldsOf(row);
  return {
    id: row.id,
    ...own,
    levelName: customerLevelLabel(row.level),
    status: TO_API[row.status],
    approved: row.status === 'APPROVED' || (row.status === 'BLOCKED' && row.approved_at !== null),
    isBlocked: row.status === 'BLOCKED',
    statusNote: row.status_note,
    deliverer:
      row.deliverer_id !== null && row.deliverer_name ? { id: row.deliverer_id, name: row.deliverer_name } : null,
    delivererAssociated: row.deliverer_name ?? null,
    notes: row.notes,
    totalPurchase: centsToReais(Number(row.total_purchase_cents ?? 0)),
    address: { street, number, complement, neighborhood, zipCode, state, city, shippingCost: own.shippingCost },
    createdAt: isoTimestampOrNull(row.created_at) ?? new Date(0).toISOString(),
  };
}

/** Compact forms of a query typed with punctuation: "123.456.789-09" → "12345678909". */
export function compactForms(param: string): string[] {
  const compact = normalizeSearch(param).replace(/[\s.\-/()+]/g, '');
  if (compact.length < 3) return [];
  const forms = [compact];
  // A phone typed with the country code: +55 (11) 98765-4321.
  if (/^55\d{10,11}$/.test(compact)) forms.push(compact.slice(2));
  return forms;
}

/** What a list search matches; undefined for a blank search (the whole list). */
function matchOf(search: string | undefined): CustomerMatch | undefined {
  const normalized = normalizeSearch(search ?? '');
  if (!normalized) return undefined;
  return { terms: normalized.split(' '), compacts: compactForms(search ?? '') };
}

/** `name:asc` → the column and direction; the default order is by name. */
function sortOf(sort: string | undefined): CustomerListFilter['sort'] {
  const [field, direction] = (sort ?? 'name:asc').split(':') as [CustomerSortField, 'asc' | 'desc'];
  return { column: CUSTOMER_SORT_COLUMNS[field] ?? CUSTOMER_SORT_COLUMNS.name, direction: direction ?? 'asc' };
}

/** `city:equals:Niterói` → the column, operator and value (the value may hold ':'). */
function filterOf(filter: string | undefined): CustomerColumnFilter | undefined {
  if (!filter) return undefined;
  const [field, operator, ...rest] = filter.split(':');
  const column = CUSTOMER_FILTER_COLUMNS[field as keyof typeof CUSTOMER_FILTER_COLUMNS];
  if (!column) return undefined;
  return { column, operator: operator as CustomerColumnFilter['operator'], value: rest.join(':').trim() };
}

export function listFilter(
  status: CustomerStatus,
  query: { search?: string; sort?: string; filter?: string },
): CustomerListFilter {
  return {
    status: TO_DB[status],
    match: matchOf(query.search),
    filter: filterOf(query.filter),
    sort: sortOf(query.sort),
  };
}
