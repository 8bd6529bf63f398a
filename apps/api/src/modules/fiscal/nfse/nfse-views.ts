import { centsToReais, type ServiceInvoice, type ServiceInvoiceStatus } from '@backoffice/contract';
import { isoTimestamp } from '../../../lib/iso-timestamp';
import type { ServiceInvoiceRow } from './nfse.repository';

export function serviceInvoiceView(row: ServiceInvoiceRow): ServiceInvoice {
  return {
    id: row.id,
    repairId: row.repair_id,
    orderId: row.order_id,
    status: row.status as ServiceInvoiceStatus,
    amount: centsToReais(row.amount_cents),
    issRate: row.iss_rate_hundredths / 100,
    iss: centsToReais(row.iss_cents),
    takerDocument: row.taker_document,
    takerName: row.taker_name,
    description: row.description,
    environment: row.environment,
    dpsSeries: row.dps_series,
    dpsNumber: row.dps_number === null ? null : Number(row.dps_number),
    accessKey: row.access_key,
    nfseNumber: row.nfse_number,
    rejection: row.rejection,
    cancelReason: row.cancel_reason,
    createdAt: isoTimestamp(row.created_at),
    authorizedAt: row.authorized_at ? isoTimestamp(row.authorized_at) : null,
    cancelledAt: row.cancelled_at ? isoTimestamp(row.cancelled_at) : null,
  };
}
