import {
  CUSTOMER_PAGING,
  CUSTOMER_TEXTS,
  type Customer,
  type CustomerDetails,
  type CustomerLevelOption,
  type CustomerStatus,
  normalizeSearch,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { badRequest, notFound } from '../../lib/errors';
import { isoTimestampOrNull } from '../../lib/iso-timestamp';
import { compactForms, listFilter, TO_DB, toCustomer } from './customer-views';
import { customersRepository as repo } from './customers.repository';

/**
 * The command palette's customers (issue 20 §2): by name, e-mail, CPF/CNPJ and phone, typed with or without
 * punctuation, through the same match (and trigram index) as the lists; approved first, then by name.
 */
export async function searchCustomers(db: DB, param: string, limit: number): Promise<Customer[]> {
  const normalized = normalizeSearch(param);
  if (!normalized) return [];
  const rows = await repo.search(db, { terms: normalized.split(' '), compacts: compactForms(param) }, limit);
  return rows.map(toCustomer);
}

/** Rows an export reads at a time: memory stays that of one batch whatever the list's size. */
const EXPORT_BATCH = 500;

/** One customer as the API answers it; 404 unknown. */
export async function loadCustomer(db: Executor, id: number): Promise<Customer> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound(CUSTOMER_TEXTS.notFound);
  return toCustomer(row);
}

/** The lists (a status's, a page of it, its CSV batches), one customer's details, the levels and the search. */
export function customerReads(db: DB) {
  return {
    async list(status: CustomerStatus): Promise<Customer[]> {
      return (await repo.listByStatus(db, TO_DB[status])).map(toCustomer);
    },

    /** One page of a list with the count of every customer that matches (`page` 0-based). */
    async page(
      status: CustomerStatus,
      query: { page?: number; items?: number; search?: string; sort?: string; filter?: string },
    ): Promise<{ customers: Customer[]; total: number }> {
      const items = query.items ?? CUSTOMER_PAGING.defaultItems;
      const filter = listFilter(status, query);
      const { rows, total } = await repo.page(db, filter, (query.page ?? 0) * items, items);
      return { customers: rows.map(toCustomer), total };
    },

    /** Every customer of a list that matches, in batches, for a CSV download. */
    async *exportBatches(
      status: CustomerStatus,
      query: { search?: string; sort?: string; filter?: string },
    ): AsyncGenerator<Customer[]> {
      const filter = listFilter(status, query);
      const ids = await repo.allIds(db, filter);
      for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
        yield (await repo.findByIdsInOrder(db, ids.slice(start, start + EXPORT_BATCH))).map(toCustomer);
      }
    },

    async details(email: string): Promise<CustomerDetails> {
      const row = await repo.findByEmail(db, email);
      if (!row) throw notFound(CUSTOMER_TEXTS.notFound);
      const ids = [row.approved_by, row.status_changed_by].filter((id): id is number => id !== null);
      const names = new Map((await repo.employeeNames(db, ids)).map((e) => [e.id, e.name]));
      const ref = (id: number | null) => (id !== null && names.has(id) ? { id, name: names.get(id) ?? '' } : null);
      const last = await repo.lastOrderAt(db, row.id);
      return {
        ...toCustomer(row),
        approvedBy: ref(row.approved_by),
        approvedAt: isoTimestampOrNull(row.approved_at),
        statusChangedBy: ref(row.status_changed_by),
        statusChangedAt: isoTimestampOrNull(row.status_changed_at),
        ordersCount: await repo.countOrders(db, row.id),
        lastPurchaseAt: isoTimestampOrNull(last?.last as Date | string | null | undefined),
      };
    },

    async levels(): Promise<CustomerLevelOption[]> {
      return (await repo.levels(db)).map((l) => ({ value: l.id, text: l.name }));
    },

    async search(param: string, status?: CustomerStatus): Promise<Customer[]> {
      const normalized = normalizeSearch(param);
      if (normalized.length < 2) throw badRequest(CUSTOMER_TEXTS.searchTooShort);
      const terms = normalized.split(' ');
      const rows = await repo.search(
        db,
        { terms, compacts: compactForms(param) },
        50,
        status ? TO_DB[status] : undefined,
      );
      return rows.map(toCustomer);
    },
  };
}
