import type { CustomerRegister, WalkInCustomer } from '@backoffice/contract';
import {
  type AssociateDelivererInput,
  CUSTOMER_PAGING,
  CUSTOMER_REGISTER_TEXTS,
  CUSTOMER_TEXTS,
  type Customer,
  type CustomerDetails,
  type CustomerHistory,
  type CustomerLevelOption,
  type CustomerSortField,
  type CustomerStatus,
  centsToReais,
  customerLevelLabel,
  customerSearchText,
  isActiveCourier,
  isOrderStatusKey,
  normalizeSearch,
  ORDER_STATUS_LABELS,
  reaisToCents,
  WALK_IN_TEXTS,
} from '@backoffice/contract';
import type { Transaction, Updateable } from 'kysely';
import type { DB } from '../../db/database';
import type { CustomersTable, Database, CustomerStatus as DbStatus } from '../../db/schema';
import { diff, recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isoTimestampOrNull } from '../../lib/iso-timestamp';
import { periodOrThrow } from '../../lib/period';
import { imeisOfOrders } from '../stock/stock.service';
import { customerColumnsOf, customerFieldsOf, pickCustomerFields } from './customer-fields';
import {
  CUSTOMER_FILTER_COLUMNS,
  CUSTOMER_SORT_COLUMNS,
  type CustomerColumnFilter,
  type CustomerListFilter,
  type CustomerMatch,
  type CustomerRow,
  customersRepository as repo,
  WALK_IN,
} from './customers.repository';

/** The spreadsheet import of customers (issue 21 §2), for the imports module. */
export { importCustomers } from './customers.import';

const TO_API: Record<DbStatus, CustomerStatus> = {
  AWAITING: 'Awaiting',
  APPROVED: 'Approved',
  REPROVED: 'Reproved',
  BLOCKED: 'Blocked',
  // Never answered: every read of this module leaves the counter's 'Consumidor final' records out (decision 0040).
  WALK_IN: 'Approved',
};
const TO_DB: Record<CustomerStatus, DbStatus> = {
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

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockById>>>;

/** The audited fields of a customer, in API units. */
function snapshot(
  c: Pick<Locked, 'status' | 'level' | 'shipping_cost_cents' | 'warranty_percentage'> & Partial<Locked>,
) {
  return {
    status: c.status,
    level: c.level,
    shippingCost: centsToReais(c.shipping_cost_cents),
    warrantyPercentage: c.warranty_percentage,
    ...(c.fast_delivery_tax_cents !== undefined ? { fastDeliveryTax: centsToReais(c.fast_delivery_tax_cents) } : {}),
    ...(c.state_registration !== undefined ? { stateRegistration: c.state_registration } : {}),
    ...(c.deliverer_id !== undefined ? { delivererId: c.deliverer_id } : {}),
    ...(c.status_note !== undefined ? { statusNote: c.status_note } : {}),
    ...(c.approved_by !== undefined ? { approvedBy: c.approved_by } : {}),
  };
}

/** Compact forms of a query typed with punctuation: "123.456.789-09" → "12345678909". */
function compactForms(param: string): string[] {
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

function listFilter(
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

/**
 * Rules of customers (spec section 4): waiting → approved (level, shipping cost, warranty) or reproved;
 * approved, waiting or reproved → blocked with a reason; blocked → approved (unblock: back to waiting
 * when the customer had never been approved); reproved → approved. Level 0 (no price level) is a valid
 * level for an approved retail customer, except in the approval form. Every change runs in one
 * transaction with an audit row.
 */
export function createCustomersService(db: DB) {
  async function load(id: number): Promise<Customer> {
    const row = await repo.findById(db, id);
    if (!row) throw notFound(CUSTOMER_TEXTS.notFound);
    return toCustomer(row);
  }

  /** Writes the patch (search text kept in step), the audit row, and returns the id. */
  async function write(
    trx: Transaction<Database>,
    actorId: number,
    before: Locked,
    patch: Updateable<CustomersTable>,
    action: string,
    extra: Record<string, unknown> = {},
  ) {
    const after = { ...before, ...patch } as Locked;
    await repo.update(trx, before.id, { ...patch, search_text: customerSearchText(after) });
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'customer',
      entityId: before.id,
      action,
      changes: { ...diff(snapshot(before), snapshot(after)), ...extra },
    });
  }

  const approvedNow = (actorId: number, now: Date) => ({
    status: 'APPROVED' as const,
    approved_by: actorId,
    approved_at: now,
    status_changed_by: actorId,
    status_changed_at: now,
    status_note: null,
  });
  const reprovedNow = (actorId: number, now: Date, note: string | null = null) => ({
    status: 'REPROVED' as const,
    approved_by: null,
    approved_at: null,
    status_changed_by: actorId,
    status_changed_at: now,
    status_note: note,
  });

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

    async associateDeliverer(actorId: number, input: AssociateDelivererInput): Promise<Customer> {
      await db.transaction().execute(async (trx) => {
        const deliverer = await repo.findEmployee(trx, input.delivererId);
        if (!deliverer || !isActiveCourier(deliverer)) throw badRequest(CUSTOMER_TEXTS.delivererInvalid);
        const before = await repo.lockById(trx, input.customerId);
        if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
        if (before.status !== 'APPROVED' && before.status !== 'AWAITING')
          throw conflict(CUSTOMER_TEXTS.delivererNotAllowed);
        await write(trx, actorId, before, { deliverer_id: deliverer.id }, 'associate-deliverer', {
          deliverer: deliverer.name,
        });
      });
      return load(input.customerId);
    },

    async remove(actorId: number, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockById(trx, id);
        if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
        const orders = await repo.countOrders(trx, id);
        if (orders > 0) throw conflict(CUSTOMER_TEXTS.cannotDeleteWithOrders(orders), 'IN_USE');
        await repo.remove(trx, id);
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'customer',
          entityId: id,
          action: 'delete',
          changes: { name: before.name, email: before.email, document: before.document, ...snapshot(before) },
        });
      });
    },

    async changeStatus(
      actorId: number,
      id: number,
      input: { status: 'Approved' | 'Blocked' | 'Reproved'; note?: string | null },
    ): Promise<Customer> {
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockById(trx, id);
        if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
        const now = new Date();
        const from = before.status;
        const note = input.note?.trim() || null;
        if (input.status === 'Blocked') {
          if (from === 'BLOCKED') throw conflict(CUSTOMER_TEXTS.alreadyBlocked, 'TRANSITION_REFUSED');
          await write(
            trx,
            actorId,
            before,
            { status: 'BLOCKED', status_note: note, status_changed_by: actorId, status_changed_at: now },
            'block',
          );
        } else if (input.status === 'Approved') {
          if (from === 'APPROVED') throw conflict(CUSTOMER_TEXTS.alreadyApproved, 'TRANSITION_REFUSED');
          if (from === 'BLOCKED') {
            // Unblock: back to Approved, or to waiting when the customer had never been approved.
            const status = before.approved_at !== null ? 'APPROVED' : 'AWAITING';
            await write(
              trx,
              actorId,
              before,
              { status, status_note: null, status_changed_by: actorId, status_changed_at: now },
              'unblock',
            );
          } else {
            // Re-approval of a reproved customer keeps the terms; a waiting one needs the approval form.
            if (from === 'AWAITING') throw conflict(CUSTOMER_TEXTS.approveNeedsLevel);
            await write(trx, actorId, before, approvedNow(actorId, now), 'approve');
          }
        } else {
          if (from === 'REPROVED') throw conflict(CUSTOMER_TEXTS.alreadyReproved, 'TRANSITION_REFUSED');
          if (from === 'BLOCKED')
            throw conflict(CUSTOMER_TEXTS.transitionRefused('Blocked', 'Reproved'), 'TRANSITION_REFUSED');
          await write(trx, actorId, before, reprovedNow(actorId, now, note), 'reprove');
        }
      });
      return load(id);
    },

    async approve(
      actorId: number,
      input: {
        email: string;
        approve: boolean;
        level?: number | null;
        shippingCost?: number | null;
        warrantyPercentage?: number | null;
      },
    ): Promise<Customer> {
      const id = await db.transaction().execute(async (trx) => {
        const before = await repo.lockByEmail(trx, input.email);
        if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
        const now = new Date();
        if (before.status === 'BLOCKED') throw conflict(CUSTOMER_TEXTS.blockedCannotApprove, 'TRANSITION_REFUSED');
        if (input.approve) {
          if (before.status === 'APPROVED') throw conflict(CUSTOMER_TEXTS.alreadyApproved, 'TRANSITION_REFUSED');
          await write(
            trx,
            actorId,
            before,
            {
              ...approvedNow(actorId, now),
              level: input.level ?? 0,
              shipping_cost_cents: reaisToCents(input.shippingCost ?? 0),
              warranty_percentage: input.warrantyPercentage ?? 0,
            },
            'approve',
          );
        } else {
          if (before.status === 'REPROVED') throw conflict(CUSTOMER_TEXTS.alreadyReproved, 'TRANSITION_REFUSED');
          await write(trx, actorId, before, reprovedNow(actorId, now), 'reprove');
        }
        return before.id;
      });
      return load(id);
    },

    async edit(
      actorId: number,
      input: {
        customerId: number;
        email?: string | null;
        level: number;
        warrantyPercentage: number;
        shippingCost: number;
        approve: boolean;
        fastDeliveryTax?: number | null;
        /** Normalised by the contract; absent keeps the customer's, null removes it. */
        stateRegistration?: string | null;
      },
    ): Promise<Customer> {
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockById(trx, input.customerId);
        if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
        if (input.email && input.email.toLowerCase() !== before.email.toLowerCase())
          throw badRequest(CUSTOMER_TEXTS.emailMismatch);
        const now = new Date();
        const patch: Updateable<CustomersTable> = {
          level: input.level,
          warranty_percentage: input.warrantyPercentage,
          shipping_cost_cents: reaisToCents(input.shippingCost),
          ...(input.fastDeliveryTax != null ? { fast_delivery_tax_cents: reaisToCents(input.fastDeliveryTax) } : {}),
          ...(input.stateRegistration !== undefined ? { state_registration: input.stateRegistration } : {}),
        };
        const from = before.status;
        if (from === 'BLOCKED') {
          // A blocked customer stays blocked; the flag decides where an unblock will take them.
          if (input.approve && before.approved_at === null)
            Object.assign(patch, { approved_by: actorId, approved_at: now });
          if (!input.approve && before.approved_at !== null)
            Object.assign(patch, { approved_by: null, approved_at: null });
        } else if (input.approve && from !== 'APPROVED') {
          Object.assign(patch, approvedNow(actorId, now));
        } else if (!input.approve && from === 'APPROVED') {
          Object.assign(patch, reprovedNow(actorId, now));
        }
        await write(trx, actorId, before, patch, 'edit');
      });
      return load(input.customerId);
    },

    /**
     * A customer registered by staff (issue 38 §1): approved at once by `actorId`, with the terms given, in one
     * transaction with its audit row. Registrations queue on one lock, then a customer already holding the
     * document or the e-mail (any status) refuses it: 409 DUPLICATE naming him in `details.customer`.
     */
    async register(actorId: number, input: CustomerRegister): Promise<Customer> {
      const id = await db.transaction().execute(async (trx) => {
        await repo.lockRegistrations(trx);
        const existing = await repo.findDuplicate(trx, input.document, input.email);
        if (existing) {
          const message =
            existing.document === input.document
              ? CUSTOMER_REGISTER_TEXTS.documentTaken(existing.name)
              : CUSTOMER_REGISTER_TEXTS.emailTaken(existing.name);
          throw conflict(message, 'DUPLICATE', {
            customer: { id: existing.id, name: existing.name, email: existing.email },
          });
        }
        let deliverer: { id: number; name: string } | null = null;
        if (input.delivererId != null) {
          const found = await repo.findEmployee(trx, input.delivererId);
          if (!found || !isActiveCourier(found)) throw badRequest(CUSTOMER_TEXTS.delivererInvalid);
          deliverer = { id: found.id, name: found.name };
        }
        const fields = {
          ...input,
          fastDeliveryTax: input.fastDeliveryTax ?? 0,
          stateRegistration: input.stateRegistration ?? null,
        };
        const now = new Date();
        const newId = await repo.insert(trx, {
          ...customerColumnsOf(pickCustomerFields(fields)),
          ...approvedNow(actorId, now),
          deliverer_id: deliverer?.id ?? null,
          search_text: customerSearchText(input),
        });
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'customer',
          entityId: newId,
          action: 'register',
          changes: {
            ...pickCustomerFields(fields),
            status: 'APPROVED',
            approvedBy: actorId,
            ...(deliverer ? { delivererId: deliverer.id, deliverer: deliverer.name } : {}),
          },
        });
        return newId;
      });
      return load(id);
    },

    /**
     * The employee's own 'Consumidor final' (decision 0040), made on first use: a record of status WALK_IN that
     * no list, search, count or LGPD call reads, with its own cart (two counters never share one).
     */
    async walkIn(employeeId: number): Promise<WalkInCustomer> {
      const found = await repo.walkInOf(db, employeeId);
      if (found) return found;
      await repo.insertWalkIn(db, {
        name: WALK_IN_TEXTS.name,
        email: `consumidor-final-${employeeId}@balcao.invalid`,
        phone: '',
        document: '',
        status: WALK_IN,
        walk_in_employee_id: employeeId,
        // The orders screen's filter finds his orders by 'consumidor final' (the customers search leaves him out).
        search_text: customerSearchText({ name: WALK_IN_TEXTS.name, email: '', document: '', phone: '' }),
      });
      const made = await repo.walkInOf(db, employeeId);
      if (!made) throw notFound(CUSTOMER_TEXTS.notFound);
      return made;
    },

    async history(id: number, start: string, end: string): Promise<CustomerHistory> {
      const { from, until } = periodOrThrow(start, end);
      const customer = await repo.findById(db, id);
      if (!customer) throw notFound(CUSTOMER_TEXTS.notFound);
      const orders = await repo.historyOrders(db, id, from, until);
      const items = await repo.historyItems(
        db,
        orders.map((o) => o.id),
      );
      const imeis = await imeisOfOrders(
        db,
        orders.map((o) => o.id),
      );
      const byOrder = new Map<number, CustomerHistory['orders'][number]['items']>();
      for (const item of items) {
        const list = byOrder.get(item.order_id) ?? [];
        const phones = imeis.get(`${item.order_id}:${item.product_id}`);
        list.push({
          id: item.id,
          name: item.product_name,
          code: item.product_code,
          quantity: item.quantity,
          unitPrice: centsToReais(item.unit_price_cents),
          total: centsToReais(item.total_cents),
          ...(phones ? { imeis: phones } : {}),
        });
        byOrder.set(item.order_id, list);
      }
      const totalCents = orders.reduce((sum, o) => sum + o.total_cents, 0);
      return {
        orders: orders.map((o) => ({
          orderId: o.id,
          code: o.code,
          status: isOrderStatusKey(o.status) ? ORDER_STATUS_LABELS[o.status] : String(o.status),
          statusKey: o.status,
          purchasedAt: new Date(o.created_at).toISOString(),
          totalOrder: centsToReais(o.total_cents),
          items: byOrder.get(o.id) ?? [],
        })),
        total: centsToReais(totalCents),
      };
    },
  };
}
