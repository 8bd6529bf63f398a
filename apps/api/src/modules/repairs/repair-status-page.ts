import {
  REPAIR_CUSTOMER_PHRASES,
  REPAIR_STATUS_LABELS,
  REPAIR_TEXTS,
  REPAIR_TOKEN_PATTERN,
  type RepairPublicStatus,
  type RepairStatus,
} from '@backoffice/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { issuerPhone } from '../fiscal/fiscal.service';
import { shopIdentity } from '../settings/settings.service';
import { repairsRepository as repo } from './repairs.repository';

/**
 * GET /repairs/status/{token}: the public page: the status and its dates, and who to call about it (issue 54):
 * the shop's name and address from 'Configurações' and its phone from the fiscal profile (the one phone the
 * settings keep); nothing about the person or the device. An unknown token is a 404.
 */
export async function publicRepairStatus(db: AppDeps['db'], token: string): Promise<RepairPublicStatus> {
  const row = REPAIR_TOKEN_PATTERN.test(token) ? await repo.byToken(db, token) : undefined;
  if (!row) throw notFound(REPAIR_TEXTS.statusTokenInvalid);
  const [history, identity, phone] = await Promise.all([repo.history(db, row.id), shopIdentity(db), issuerPhone(db)]);
  return {
    number: row.id,
    status: row.status as RepairStatus,
    statusLabel: REPAIR_STATUS_LABELS[row.status as RepairStatus],
    message: REPAIR_CUSTOMER_PHRASES[row.status as RepairStatus],
    receivedAt: isoTimestamp(row.created_at),
    estimatedDate: row.estimated_date,
    updatedAt: isoTimestamp(row.updated_at),
    deliveredAt: row.delivered_at ? isoTimestamp(row.delivered_at) : null,
    warrantyEndsAt: row.warranty_ends_at ? isoTimestamp(row.warranty_ends_at) : null,
    history: history.map((entry) => ({
      status: entry.status as RepairStatus,
      statusLabel: REPAIR_STATUS_LABELS[entry.status as RepairStatus],
      at: isoTimestamp(entry.created_at),
    })),
    shop: { name: identity.name.trim() || null, phone, address: identity.address },
  };
}
