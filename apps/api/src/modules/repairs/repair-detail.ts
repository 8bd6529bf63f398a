import {
  availableRepairActions,
  centsToReais,
  fillWhatsAppMessage,
  formatBRL,
  formatDay,
  OPEN_REPAIR_STATUSES,
  REPAIR_CUSTOMER_PHRASES,
  REPAIR_STATUS_LABELS,
  REPAIR_TEXTS,
  type Repair,
  type RepairStatus,
  type RepairWarrantySource,
  whatsAppLink,
} from '@backoffice/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import type { Principal } from '../../plugins/auth';
import { kindWhatsAppTemplate } from '../settings/whatsapp-templates.service';
import { totalCents } from './repair-figures';
import { statusUrl, summaryOf } from './repair-views';
import { repairsRepository as repo } from './repairs.repository';

/** What the repairs' use cases are made with. */
export type RepairsDeps = Pick<AppDeps, 'db' | 'storage' | 'fileLinks' | 'config'>;

/**
 * One service order whole, as its reader may see it: its figures, parts, photos and signature (signed links for
 * this reader), warranty, bill, history, the buttons of his moves, the status page's address and the WhatsApp
 * message of the repairs' template.
 */
export async function repairDetail(
  { db, storage, fileLinks, config }: RepairsDeps,
  principal: Principal,
  id: number,
  now = new Date(),
): Promise<Repair> {
  const row = await repo.detail(db, id);
  if (!row) throw notFound(REPAIR_TEXTS.notFound);
  const [parts, photos, history, template] = await Promise.all([
    repo.parts(db, id),
    repo.photos(db, id),
    repo.history(db, id),
    kindWhatsAppTemplate(db, 'repair'),
  ]);
  const holder = { employeeId: principal.employeeId, tokenVersion: principal.tokenVersion };
  const link = (key: string) => fileLinks.sign(storage.url(key), key, holder);
  const url = statusUrl(config.publicUrl, row.status_token);
  const total = totalCents(row);
  const message = fillWhatsAppMessage(template, {
    cliente: row.customer_name,
    os: String(row.id),
    aparelho: row.model,
    situacao: REPAIR_CUSTOMER_PHRASES[row.status as RepairStatus],
    total: total > 0 && row.status === 'AWAITING_APPROVAL' ? formatBRL(centsToReais(total)) : '',
    previsao: OPEN_REPAIR_STATUSES.includes(row.status as RepairStatus) ? formatDay(row.estimated_date) : '',
    link: url,
  });
  return {
    ...summaryOf(row, now),
    hasDevicePassword: row.has_device_password,
    checklist: (row.checklist as { item: string; ok: boolean }[]) ?? [],
    conditionNotes: row.condition_notes,
    accessories: row.accessories,
    photos: photos.map((photo) => link(photo.file_key)),
    signature: row.signature_key ? link(row.signature_key) : null,
    diagnosis: row.diagnosis,
    parts: parts.map((part) => ({
      productId: part.product_id,
      code: part.product_code,
      name: part.product_name,
      quantity: part.quantity,
      unitPrice: centsToReais(part.unit_price_cents),
      unitCost: centsToReais(part.unit_cost_cents),
      total: centsToReais(part.unit_price_cents * part.quantity),
    })),
    labour: centsToReais(row.labour_cents),
    partsTotal: centsToReais(row.parts_cents),
    warranty:
      row.warranty_source && row.warranty_until
        ? { source: row.warranty_source as RepairWarrantySource, until: isoTimestamp(row.warranty_until) }
        : null,
    order:
      row.order_id !== null && row.order_code !== null && row.order_payment_method !== null
        ? {
            id: row.order_id,
            code: row.order_code,
            paymentMethod: row.order_payment_method,
            due: centsToReais(Number(row.order_due_cents ?? 0)),
          }
        : null,
    deliveredAt: row.delivered_at ? isoTimestamp(row.delivered_at) : null,
    repairWarrantyEndsAt: row.warranty_ends_at ? isoTimestamp(row.warranty_ends_at) : null,
    statusUrl: url,
    whatsAppLink: whatsAppLink(row.customer_phone, message),
    actions: availableRepairActions(row.status as RepairStatus, principal.permissions, principal.func),
    history: history.map((entry) => ({
      status: entry.status as RepairStatus,
      statusLabel: REPAIR_STATUS_LABELS[entry.status as RepairStatus],
      at: isoTimestamp(entry.created_at),
      employee: entry.employee_name,
      note: entry.note,
    })),
  };
}
