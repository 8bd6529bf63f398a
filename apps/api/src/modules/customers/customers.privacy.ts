import {
  anonymisedEmail,
  CUSTOMER_PRIVACY_TEXTS,
  CUSTOMER_STATUS_LABELS,
  CUSTOMER_TEXTS,
  type Customer,
  type CustomerDataExport,
  centsToReais,
  customerSearchText,
  DELIVERY_TYPE_LABELS,
  type DeliveryType,
  FINAL_ORDER_STATUSES,
  isAnonymisedEmail,
  isOrderStatusKey,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { imeisOfOrders } from '../stock/stock.service';
import { customersRepository as repo } from './customers.repository';
import { toCustomer } from './customers.service';

const iso = (value: Date | string) => new Date(value).toISOString();

/** An order that no longer needs the person's address or phone: closed, or delivered and only awaiting finalization. */
const DONE_WITH_THE_PERSON: readonly number[] = [...FINAL_ORDER_STATUSES, ORDER_STATUS.ENTREGUE];

/**
 * The fields of the customer's audit rows that name or reach the person: emptied by anonymisation (the
 * trail keeps who changed what and when, the level and money changes, not the old name or note).
 */
const PERSONAL_AUDIT_FIELDS = new Set([
  'name',
  'email',
  'phone',
  'document',
  'notes',
  'statusNote',
  'street',
  'number',
  'complement',
  'neighborhood',
  'zipCode',
  'zip_code',
  'city',
  'state',
  'address',
]);

function scrubbed(changes: unknown): { value: unknown; changed: boolean } {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes))
    return { value: changes, changed: false };
  let changed = false;
  const value: Record<string, unknown> = {};
  for (const [field, entry] of Object.entries(changes)) {
    if (!PERSONAL_AUDIT_FIELDS.has(field)) {
      value[field] = entry;
      continue;
    }
    const isDiff = typeof entry === 'object' && entry !== null && 'from' in entry && 'to' in entry;
    const emptied = isDiff ? { from: null, to: null } : null;
    if (JSON.stringify(entry) !== JSON.stringify(emptied)) changed = true;
    value[field] = emptied;
  }
  return { value, changed };
}

/**
 * LGPD requests of one customer (administrators only, see customers.routes.ts): the export of everything
 * held about the person, and anonymisation. Decision 0016.
 */
export function createCustomerPrivacy(db: DB) {
  return {
    async exportData(actorId: number, id: number): Promise<CustomerDataExport> {
      const row = await repo.findById(db, id);
      if (!row) throw notFound(CUSTOMER_TEXTS.notFound);
      const orders = await repo.privacyOrders(db, id);
      const orderIds = orders.map((o) => o.id);
      const [items, imeis, pix, signIns, searches, views, cart, audit] = await Promise.all([
        repo.historyItems(db, orderIds),
        imeisOfOrders(db, orderIds),
        repo.privacyPix(db, orderIds),
        repo.privacySignIns(db, id),
        repo.privacySearches(db, id),
        repo.privacyViews(db, id),
        repo.privacyCart(db, id),
        repo.auditOf(db, id),
      ]);
      // The registration as every list answers it (customers.service.ts), the status by name.
      const registered = toCustomer(row);
      const data: CustomerDataExport = {
        exportedAt: new Date().toISOString(),
        customer: {
          ...registered,
          status: CUSTOMER_STATUS_LABELS[registered.status],
          approvedAt: row.approved_at ? iso(row.approved_at) : null,
        },
        orders: orders.map((o) => ({
          code: o.code,
          createdAt: iso(o.created_at),
          status: isOrderStatusKey(o.status) ? ORDER_STATUS_LABELS[o.status] : String(o.status),
          deliveryType: DELIVERY_TYPE_LABELS[o.delivery_type as DeliveryType] ?? String(o.delivery_type),
          paymentMethod: PAYMENT_METHOD_LABELS[o.payment_method as PaymentMethod] ?? String(o.payment_method),
          neighborhood: o.neighborhood,
          comments: o.comments,
          itemsTotal: centsToReais(o.items_total_cents),
          shippingCost: centsToReais(o.shipping_cost_cents),
          fastDeliveryTax: centsToReais(o.fast_delivery_tax_cents),
          warranty: centsToReais(o.warranty_cents),
          discount: centsToReais(o.discount_cents),
          total: centsToReais(o.total_cents),
          items: items
            .filter((item) => item.order_id === o.id)
            .map((item) => {
              const phones = imeis.get(`${item.order_id}:${item.product_id}`);
              return {
                code: item.product_code,
                name: item.product_name,
                quantity: item.quantity,
                unitPrice: centsToReais(item.unit_price_cents),
                total: centsToReais(item.total_cents),
                ...(phones ? { imeis: phones } : {}),
              };
            }),
          pixReceived: pix
            .filter((p) => p.order_id === o.id)
            .map((p) => ({ amount: centsToReais(p.amount_cents), paidAt: iso(p.paid_at), payer: p.payer })),
        })),
        signIns: signIns.map((s) => iso(s.created_at)),
        searches: searches.map((s) => ({ term: s.term, at: iso(s.created_at) })),
        productViews: views.map((v) => ({ code: v.code, name: v.name, at: iso(v.created_at) })),
        cart: cart.map((c) => ({ code: c.code, name: c.name, quantity: c.quantity, addedAt: iso(c.added_at) })),
        recordChanges: audit.map((a) => ({ at: iso(a.created_at), action: a.action })),
      };
      // Who exported whose data, and when (the file itself is not kept).
      await recordAudit(db, { employeeId: actorId, entity: 'customer', entityId: id, action: 'privacy-export' });
      return data;
    },

    /**
     * Replaces name, e-mail, phone, document, address and notes; removes sign-ins and the cart, unlinks
     * searches and product views, clears the comments of his orders and the personal values of his audit
     * rows; blocks the registration. Orders, their items and amounts, Pix receipts and the stock ledger
     * stay (accounting records). One transaction; refused while an order still needs the person.
     */
    async anonymise(actorId: number, id: number): Promise<Customer> {
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockById(trx, id);
        if (!before) throw notFound(CUSTOMER_TEXTS.notFound);
        if (isAnonymisedEmail(id, before.email)) throw conflict(CUSTOMER_PRIVACY_TEXTS.alreadyAnonymised);
        const open = await repo.openOrderCodes(trx, id, DONE_WITH_THE_PERSON);
        if (open.length > 0) throw conflict(CUSTOMER_PRIVACY_TEXTS.openOrders(open.map((o) => o.code)), 'IN_USE');
        const now = new Date();
        const identity = {
          name: CUSTOMER_PRIVACY_TEXTS.anonymisedName(id),
          email: anonymisedEmail(id),
          phone: '',
          document: '',
        };
        await repo.update(trx, id, {
          ...identity,
          search_text: customerSearchText(identity),
          street: null,
          number: null,
          complement: null,
          neighborhood: null,
          zip_code: null,
          city: null,
          state: null,
          notes: null,
          status: 'BLOCKED',
          status_note: CUSTOMER_PRIVACY_TEXTS.anonymisedNote,
          status_changed_by: actorId,
          status_changed_at: now,
        });
        await repo.forgetActivity(trx, id);
        for (const row of await repo.auditOf(trx, id)) {
          const { value, changed } = scrubbed(row.changes);
          if (changed) await repo.rewriteAudit(trx, row.id, value);
        }
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'customer',
          entityId: id,
          action: 'anonymise',
          changes: { status: { from: before.status, to: 'BLOCKED' } },
        });
      });
      const after = await repo.findById(db, id);
      if (!after) throw notFound(CUSTOMER_TEXTS.notFound);
      return toCustomer(after);
    },
  };
}
