import {
  centsToReais,
  dayStart,
  OPEN_REPAIR_STATUSES,
  REPAIR_STATUS_LABELS,
  type RepairStatus,
  type RepairSummary,
  shiftDay,
} from '@backoffice/contract';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { totalCents } from './repair-figures';
import type { RepairRow } from './repairs.repository';

/** The public page's address for a token (the receipt's QR code, the WhatsApp message). */
export function statusUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/os/${token}`;
}

/** The end of the estimated business day: from then on an open service order is late (the bell, the lists). */
export function lateAt(estimatedDate: string): Date {
  return dayStart(shiftDay(estimatedDate, 1));
}

export function isLate(row: { status: string; late_at: Date | string }, now: Date): boolean {
  return OPEN_REPAIR_STATUSES.includes(row.status as RepairStatus) && new Date(row.late_at) <= now;
}

export function summaryOf(row: RepairRow, now: Date): RepairSummary {
  return {
    id: row.id,
    number: row.id,
    status: row.status as RepairStatus,
    statusLabel: REPAIR_STATUS_LABELS[row.status as RepairStatus],
    customer: { id: row.customer_id, name: row.customer_name },
    imei: row.imei,
    model: row.model,
    problem: row.problem,
    technician:
      row.technician_id !== null && row.technician_name !== null
        ? { id: row.technician_id, name: row.technician_name }
        : null,
    estimatedDate: row.estimated_date,
    late: isLate(row, now),
    total: centsToReais(totalCents(row)),
    underWarranty: row.warranty_source !== null,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}
