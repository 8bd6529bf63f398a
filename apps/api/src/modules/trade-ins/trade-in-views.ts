import {
  centsToReais,
  formatBRL,
  TRADE_IN_DEFECT_LABELS,
  TRADE_IN_TEXTS,
  type TradeIn,
  type TradeInChecklist,
  type TradeInDefect,
  type TradeInEvaluation,
  type TradeInSummary,
  tradeInCode,
  tradeInPhoneName,
  UNIT_STATUS_LABELS,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import type { FileLinks } from '../../lib/file-links';
import { isoTimestamp } from '../../lib/iso-timestamp';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { unitByImei } from '../stock/stock.service';
import { tradeInsRepository as repo, type TradeInFileKind } from './trade-ins.repository';

/** What the trade-ins' use cases are made with: the database, the pictures' storage and their signed links. */
export interface TradeInsDeps {
  db: DB;
  storage: Storage;
  links: FileLinks;
}
export const brl = (cents: number) => formatBRL(centsToReais(cents));
export const reais = (cents: number | null) => (cents === null ? null : centsToReais(cents));

type Row = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;

export function evaluationToApi(evaluated: {
  tablePriceCents: number | null;
  deductions: Array<{ defect: TradeInDefect; cents: number }>;
  offerCents: number | null;
}): TradeInEvaluation {
  return {
    tablePrice: reais(evaluated.tablePriceCents),
    deductions: evaluated.deductions.map((line) => ({
      defect: line.defect,
      label: TRADE_IN_DEFECT_LABELS[line.defect],
      amount: centsToReais(line.cents),
    })),
    offer: reais(evaluated.offerCents),
  };
}

/** What is still needed before a trade-in can be accepted, in the shop's words. */
export function missingOf(row: {
  value_cents: number | null;
  check_result: string | null;
  signed_at: Date | string | null;
  checklist: unknown;
}): string[] {
  const missing: string[] = [];
  if (row.value_cents === null) missing.push(TRADE_IN_TEXTS.valueMissing);
  if (row.check_result === null) missing.push(TRADE_IN_TEXTS.checkMissing);
  if (!(row.checklist as TradeInChecklist).accountRemoved) missing.push(TRADE_IN_TEXTS.accountLinked);
  if (row.signed_at === null) missing.push(TRADE_IN_TEXTS.signatureMissing);
  return missing;
}

export function summaryOf(row: {
  id: number;
  status: string;
  seller_name: string;
  brand: string;
  model: string;
  storage_gb: number;
  imei: string;
  offer_cents: number | null;
  value_cents: number | null;
  settlement: string | null;
  created_at: Date | string;
}): TradeInSummary {
  return {
    id: row.id,
    code: tradeInCode(row.id),
    status: row.status as TradeInSummary['status'],
    sellerName: row.seller_name,
    phone: tradeInPhoneName({ brand: row.brand, model: row.model, storage: row.storage_gb }),
    imei: row.imei,
    offer: reais(row.offer_cents),
    value: reais(row.value_cents),
    settlement: row.settlement as TradeInSummary['settlement'],
    createdAt: isoTimestamp(row.created_at),
  };
}

/** The phone as the stock knows it, while the trade-in is open: its product, status, order and warranty. */
async function knownUnitOf(db: DB, row: Row): Promise<TradeIn['knownUnit']> {
  if (row.status !== 'OPEN') return null;
  const unit = await unitByImei(db, row.imei).catch(() => null);
  if (!unit) return null;
  return {
    product: unit.product,
    status: UNIT_STATUS_LABELS[unit.status],
    order: unit.order,
    warrantyEndsAt: unit.warrantyEndsAt,
  };
}

/** A trade-in whole, its pictures signed for its reader. */
async function toApi({ db, storage, links }: TradeInsDeps, principal: Principal, row: Row): Promise<TradeIn> {
  const files = await repo.files(db, row.id);
  const url = (path: string) => links.sign(storage.url(path), path, principal);
  const of = (kind: TradeInFileKind) => files.filter((file) => file.kind === kind).map((file) => url(file.path));
  const checklist = row.checklist as TradeInChecklist;
  const deductions = row.deductions as Array<{ defect: TradeInDefect; cents: number }>;
  const knownUnit = await knownUnitOf(db, row);
  return {
    ...summaryOf(row),
    customer: row.customer_id !== null && row.customer_name ? { id: row.customer_id, name: row.customer_name } : null,
    sellerCpf: row.seller_cpf,
    brand: row.brand,
    model: row.model,
    storage: row.storage_gb,
    colour: row.colour,
    imei2: row.imei2,
    checklist,
    evaluation: evaluationToApi({ tablePriceCents: row.table_price_cents, deductions, offerCents: row.offer_cents }),
    valueSetBy: row.value_set_by_name ?? null,
    check:
      row.check_result && row.checked_at
        ? {
            result: row.check_result as 'REGULAR' | 'IMPEDIDO',
            at: isoTimestamp(row.checked_at),
            by: row.checked_by_name ?? '',
            screenshot: of('CHECK')[0] ?? '',
          }
        : null,
    signedAt: row.signed_at ? isoTimestamp(row.signed_at) : null,
    signature: of('SIGNATURE')[0] ?? null,
    photos: of('PHOTO'),
    order: row.order_id !== null && row.order_code ? { id: row.order_id, code: row.order_code } : null,
    product:
      row.product_id !== null && row.product_code && row.product_name
        ? { id: row.product_id, code: row.product_code, name: row.product_name }
        : null,
    unitStatus: row.unit_status ?? null,
    acceptedAt: row.accepted_at ? isoTimestamp(row.accepted_at) : null,
    cancelReason: row.cancel_reason,
    knownUnit,
    missing: row.status === 'OPEN' ? missingOf(row) : [],
  };
}

/** One trade-in as its reader sees it; 404 none. */
export async function tradeInDetails(deps: TradeInsDeps, principal: Principal, id: number): Promise<TradeIn> {
  const row = await repo.byId(deps.db, id);
  if (!row) throw notFound(TRADE_IN_TEXTS.notFound);
  return toApi(deps, principal, row);
}
