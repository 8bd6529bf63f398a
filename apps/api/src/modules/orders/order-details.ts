import {
  centsToReais,
  formatDocument,
  ORDER_TEXTS,
  type OrderDetail,
  type OrderHistoryEntry,
  type OrderImage,
  orderStatusLabel,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { OrderImageKind } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { FileLinks } from '../../lib/file-links';
import { isoTimestamp } from '../../lib/iso-timestamp';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { type OrderReader, readerOf } from './order-readers';
import { toOrderSummary } from './order-summary';
import { ordersRepository as repo } from './orders.repository';
import { pixOfOrder } from './payment-facts.service';
import { sameProofAs } from './proof-matches';

/**
 * One order read whole: its details, its history, its pictures (answered as signed links, lib/file-links.ts).
 * A 404 when it does not exist or is not the caller's to read (`readerOf`: a courier reads only his orders).
 */
export function orderDetails(db: DB, storage: Storage, links: FileLinks) {
  /** The order as `reader` may read it: a 404 when it does not exist or is not theirs to read. */
  async function readable(reader: OrderReader, orderId: number) {
    const row = await repo.findById(db, orderId, reader);
    if (!row) throw notFound(ORDER_TEXTS.notFound);
    return row;
  }

  /** The pictures of a kind, each as a signed link for the reader (an <img> sends no bearer token). */
  async function imagesOf(principal: Principal, orderId: number, kind: OrderImageKind): Promise<OrderImage[]> {
    const reader = readerOf(principal);
    await readable(reader, orderId);
    const rows = await repo.images(db, orderId, kind);
    return rows.map((row) => ({
      url: links.sign(storage.url(row.path), row.path, reader),
      createdAt: isoTimestamp(row.created_at),
    }));
  }

  return {
    async detail(principal: Principal, id: number): Promise<OrderDetail> {
      const row = await readable(readerOf(principal), id);
      const items = await repo.items(db, id);
      const units = await repo.unitsOf(db, id);
      const pix = await pixOfOrder(db, id);
      const contact = await repo.contactFacts(db, id, row.customer_id);
      const usedWarrantyDays = Math.max(0, ...units.map((unit) => unit.warranty_days ?? 0));
      return {
        ...toOrderSummary(row),
        customerPhone: contact.phone,
        // Issue 38 §5: 'Editar pedido' searches products at this customer's price (the selling search takes the e-mail).
        customerEmail: contact.customer?.email ?? null,
        // A walk-in's order prints the CPF he asked on the note (decision 0040); anyone else's, his registration's.
        customerDocument: contact.noteDocument
          ? formatDocument(contact.noteDocument)
          : contact.customer?.document
            ? formatDocument(contact.customer.document)
            : null,
        customerAddress: contact.customer
          ? {
              street: contact.customer.street,
              number: contact.customer.number,
              complement: contact.customer.complement,
              neighborhood: contact.customer.neighborhood,
              city: contact.customer.city,
              state: contact.customer.state,
              zipCode: contact.customer.zip_code,
            }
          : null,
        departedAt: contact.departedAt ? isoTimestamp(contact.departedAt) : null,
        deliveredAt: contact.deliveredAt ? isoTimestamp(contact.deliveredAt) : null,
        receivedBy: row.receiver_name ? { name: row.receiver_name, document: row.receiver_document ?? null } : null,
        items: items.map((item) => {
          const imeis = units.filter((unit) => unit.product_id === item.product_id).map((unit) => unit.imei);
          return {
            productId: item.product_id,
            name: item.product_name,
            quantity: item.quantity,
            unitPrice: centsToReais(item.unit_price_cents),
            ...(imeis.length > 0 ? { imeis } : {}),
            ...(item.discount_cents > 0 ? { discount: centsToReais(item.discount_cents) } : {}),
          };
        }),
        itemsTotal: centsToReais(row.items_total_cents),
        ...(row.repair_id != null
          ? { repair: { id: row.repair_id, labour: centsToReais(row.labour_cents ?? 0) } }
          : {}),
        fastDeliveryTax: centsToReais(row.fast_delivery_tax_cents),
        warranty: centsToReais(row.warranty_cents),
        ...(usedWarrantyDays > 0 ? { usedWarrantyDays } : {}),
        discount: centsToReais(row.discount_cents),
        attendant: row.attendant_id !== null ? { id: row.attendant_id, name: row.attendant_name ?? '' } : null,
        finishedAt: row.finished_at ? isoTimestamp(row.finished_at) : null,
        pixReceived: pix
          ? {
              endToEndId: pix.end_to_end_id,
              amount: centsToReais(pix.amount_cents),
              paidAt: isoTimestamp(pix.paid_at),
              confirmedAt: pix.confirmed_at ? isoTimestamp(pix.confirmed_at) : null,
              refunded: centsToReais(pix.refunded_cents),
              refundedAt: pix.refunded_at ? isoTimestamp(pix.refunded_at) : null,
            }
          : null,
      };
    },

    async histories(principal: Principal, orderId: number): Promise<OrderHistoryEntry[]> {
      await readable(readerOf(principal), orderId);
      const rows = await repo.histories(db, orderId);
      return rows.map((row) => ({
        status: orderStatusLabel(row.status),
        statusKey: row.status,
        user: row.employee_name ?? ORDER_TEXTS.systemUser,
        when: isoTimestamp(row.created_at),
        note: row.note,
      }));
    },

    /**
     * The latest payment proof, with the other order whose proof is the same picture or, failing that, a
     * near match for review (`sameProofAs`, proof-matches.ts), for the approval dialog.
     */
    async receipt(principal: Principal, orderId: number): Promise<OrderImage | null> {
      const image = (await imagesOf(principal, orderId, 'RECEIPT')).at(-1);
      if (!image) return null;
      const stored = (await repo.images(db, orderId, 'RECEIPT')).at(-1);
      return { ...image, sameAs: await sameProofAs(db, orderId, stored) };
    },
    signature: async (principal: Principal, orderId: number) =>
      (await imagesOf(principal, orderId, 'SIGNATURE')).at(-1) ?? null,
    packaging: (principal: Principal, orderId: number) => imagesOf(principal, orderId, 'PACKAGING'),
  };
}
