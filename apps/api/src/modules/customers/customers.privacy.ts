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
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { deleteUnreferencedFiles } from '../../lib/storage';
import { forgetPixPayersOf } from '../payments/payments.service';
import { imeisOfOrders } from '../stock/stock.service';
import { customerTracesRepository as traces } from './customers.privacy.repository';
import { type PersonTraces, personPattern, redactDeep, redactText } from './customers.redact';
import { customersRepository as repo } from './customers.repository';
import { toCustomer } from './customers.service';

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
  'stateRegistration',
  'state_registration',
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

/** Where each personal field of the registration goes among the traces looked for in free text. */
const TRACE_OF_FIELD: Record<string, keyof Omit<PersonTraces, 'streets'> | 'street'> = {
  name: 'names',
  email: 'emails',
  document: 'documents',
  phone: 'phones',
  street: 'street',
  complement: 'complements',
  zipCode: 'zipCodes',
  zip_code: 'zipCodes',
  stateRegistration: 'stateRegistrations',
  state_registration: 'stateRegistrations',
};

/**
 * What identifies the person: the registration as it is, and every value his audit rows say it had (an
 * old name, phone or address may still be written in an old note).
 */
function personTraces(
  row: { name: string; email: string; phone: string; document: string } & Partial<
    Record<'street' | 'number' | 'complement' | 'zip_code' | 'state_registration', string | null>
  >,
  auditChanges: unknown[],
): PersonTraces {
  const found: PersonTraces = {
    names: [row.name],
    emails: [row.email],
    documents: [row.document],
    phones: [row.phone],
    streets: row.street ? [{ street: row.street, number: row.number ?? null }] : [],
    complements: row.complement ? [row.complement] : [],
    zipCodes: row.zip_code ? [row.zip_code] : [],
    stateRegistrations: row.state_registration ? [row.state_registration] : [],
  };
  const visit = (field: string, value: unknown) => {
    if (typeof value === 'string') {
      const trace = TRACE_OF_FIELD[field];
      if (trace === 'street') found.streets.push({ street: value, number: null });
      else if (trace) found[trace].push(value);
    } else if (typeof value === 'object' && value !== null) {
      // { from, to } keeps its field's name; an address object names its own parts.
      for (const [key, inner] of Object.entries(value)) visit(key === 'from' || key === 'to' ? field : key, inner);
    }
  };
  for (const changes of auditChanges) {
    const parsed = typeof changes === 'string' ? JSON.parse(changes) : changes;
    if (typeof parsed === 'object' && parsed !== null)
      for (const [field, value] of Object.entries(parsed)) visit(field, value);
  }
  return found;
}

/**
 * The person removed from what was written about his orders: history notes, exchange and return comments,
 * stock-ledger notes, the runs' settlement notes and the orders' audit rows lose his traces (the rest of
 * each text stays); his signatures and payment proofs are deleted (their files too, unless another picture
 * shows the same), with who received his deliveries (name and document, decision 0039). Amounts, items, dates and
 * end-to-end ids stay. (The Pix about him lose their payer: `forgetPixPayersOf`, called by `anonymise`.)
 */
async function forgetWhatWasWritten(trx: Transaction<Database>, customerId: number, pattern: RegExp | null) {
  const orders = await traces.orders(trx, customerId);
  if (orders.length === 0) return;
  const ids = orders.map((o) => o.id);
  if (pattern) {
    const texts = [
      ['history', () => traces.orderNotes(trx, 'history', ids)],
      ['adjustment', () => traces.adjustmentComments(trx, ids)],
      ['stock', () => traces.orderNotes(trx, 'stock', ids)],
      ['run', () => traces.runNotes(trx, ids)],
    ] as const;
    // One after the other: the reads share the transaction's connection.
    for (const [place, read] of texts) {
      for (const row of await read()) {
        if (row.note === null) continue;
        const redacted = redactText(row.note, pattern);
        if (redacted !== row.note) await traces.rewriteText(trx, place, row.id, redacted);
      }
    }
  }
  for (const row of await traces.orderAudit(
    trx,
    orders.map((o) => o.code),
  )) {
    // Who received a delivery (decision 0039) is a person too: the name and document go, whoever it was.
    const receiver = withoutReceiver(parsed(row.changes));
    const text = pattern ? redactDeep(receiver.value, pattern) : { value: receiver.value, changed: false };
    if (receiver.changed || text.changed) await repo.rewriteAudit(trx, row.id, text.value);
  }
  await traces.forgetReceivers(trx, ids);
  await deleteUnreferencedFiles(trx, await traces.removePersonalPictures(trx, ids));
}

/** An order's audit changes without who received its delivery. */
function withoutReceiver(changes: unknown): { value: unknown; changed: boolean } {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes))
    return { value: changes, changed: false };
  const { receiverName, receiverDocument, ...rest } = changes as Record<string, unknown>;
  return receiverName === undefined && receiverDocument === undefined
    ? { value: changes, changed: false }
    : { value: rest, changed: true };
}

const parsed = (changes: unknown): unknown => (typeof changes === 'string' ? JSON.parse(changes) : changes);

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
          approvedAt: row.approved_at ? isoTimestamp(row.approved_at) : null,
        },
        orders: orders.map((o) => ({
          code: o.code,
          createdAt: isoTimestamp(o.created_at),
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
            .map((p) => ({ amount: centsToReais(p.amount_cents), paidAt: isoTimestamp(p.paid_at), payer: p.payer })),
        })),
        signIns: signIns.map((s) => isoTimestamp(s.created_at)),
        searches: searches.map((s) => ({ term: s.term, at: isoTimestamp(s.created_at) })),
        productViews: views.map((v) => ({ code: v.code, name: v.name, at: isoTimestamp(v.created_at) })),
        cart: cart.map((c) => ({
          code: c.code,
          name: c.name,
          quantity: c.quantity,
          addedAt: isoTimestamp(c.added_at),
        })),
        recordChanges: audit.map((a) => ({ at: isoTimestamp(a.created_at), action: a.action })),
      };
      // Who exported whose data, and when (the file itself is not kept).
      await recordAudit(db, { employeeId: actorId, entity: 'customer', entityId: id, action: 'privacy-export' });
      return data;
    },

    /**
     * Replaces name, e-mail, phone, document, state registration, address and notes; removes sign-ins and the cart, unlinks
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
          // A person's IE (a rural producer's) is personal data; a company's is not, but it goes with its CNPJ.
          state_registration: null,
          notes: null,
          status: 'BLOCKED',
          status_note: CUSTOMER_PRIVACY_TEXTS.anonymisedNote,
          status_changed_by: actorId,
          status_changed_at: now,
        });
        const audit = await repo.auditOf(trx, id);
        const found = personTraces(
          before,
          audit.map((row) => row.changes),
        );
        const pattern = personPattern(found);
        await repo.forgetActivity(trx, id);
        await forgetWhatWasWritten(trx, id, pattern);
        // The Pix that paid his orders, or paid nothing but named his txids or his CPF (issue 53): the payments
        // module's table, by its own function.
        await forgetPixPayersOf(trx, { id, documents: found.documents });
        for (const row of audit) {
          const fields = scrubbed(parsed(row.changes));
          const text = pattern ? redactDeep(fields.value, pattern) : { value: fields.value, changed: false };
          if (fields.changed || text.changed) await repo.rewriteAudit(trx, row.id, text.value);
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
