import type { FiscalNote, FiscalNoteEventType, FiscalNoteStatus } from '@backoffice/contract';
import { isoTimestampOrNull } from '../../../lib/iso-timestamp';
import { cancellableUntil } from '../nfe/cancellation-windows';
import type { EventRow, NoteViewRow } from './notes.repository';

/** A note's row and its events as the API shows them. */
export function noteView(row: NoteViewRow, events: EventRow[]): FiscalNote {
  return {
    id: row.id,
    order: row.order_id && row.order_code ? { id: row.order_id, code: row.order_code } : null,
    model: row.model as 55 | 65,
    series: row.series,
    number: row.number,
    environment: row.environment as 1 | 2,
    contingency: row.emission_type === 9,
    accessKey: row.access_key,
    status: row.status as FiscalNoteStatus,
    statusCode: row.status_code,
    statusReason: row.status_reason,
    protocol: row.protocol,
    authorizedAt: isoTimestampOrNull(row.authorized_at),
    cancellableUntil:
      row.status === 'AUTHORIZED' && row.authorized_at
        ? cancellableUntil(row.access_key, new Date(row.authorized_at)).toISOString()
        : null,
    issuedAt: isoTimestampOrNull(row.issued_at) as string,
    total: Number(row.total_cents) / 100,
    recipient: { document: row.recipient_document, name: row.recipient_name },
    createdBy: row.created_by && row.created_by_name ? { id: row.created_by, name: row.created_by_name } : null,
    events: events.map((e) => ({
      id: e.id,
      type: e.type as FiscalNoteEventType,
      sequence: e.sequence,
      text: e.text,
      statusCode: e.status_code,
      statusReason: e.status_reason,
      protocol: e.protocol,
      registeredAt: isoTimestampOrNull(e.registered_at),
      createdAt: isoTimestampOrNull(e.created_at) as string,
      createdBy: e.created_by && e.created_by_name ? { id: e.created_by, name: e.created_by_name } : null,
    })),
  };
}
