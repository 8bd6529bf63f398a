import {
  type BonusCost,
  centsToReais,
  type Paged,
  type Purchase,
  type PurchaseListQuery,
  type PurchaseProductOption,
  type PurchaseProductSearchQuery,
  type PurchaseSummary,
  type SignatureChain,
  PURCHASE_ENTRY_TEXTS as T,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { billsOfPurchase } from '../payables/payables.service';
import { searchProducts } from '../products/products.service';
import { keptBilling } from './bill-entry';
import { type PurchaseSummaryRow, purchasesRepository as repo } from './purchases.repository';

/** Rows an export reads at a time. */
const EXPORT_BATCH = 500;

function toSummary(row: PurchaseSummaryRow): PurchaseSummary {
  return {
    id: row.id,
    accessKey: row.access_key,
    number: row.number,
    series: row.series,
    issuedAt: new Date(row.issued_at).toISOString(),
    supplier: { id: row.supplier_id, name: row.supplier_name, document: row.supplier_document },
    total: centsToReais(Number(row.total_cents)),
    itemsCount: row.items_count,
    signatureStatus: row.signature_status as 'VALID' | 'ABSENT',
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.employee_name,
  };
}

/** One entry whole: its summary, the note's items with their costs and IMEIs, its bills; 404 none. */
export async function purchaseById(db: DB, id: number): Promise<Purchase> {
  const row = await repo.find(db, id);
  if (!row) throw notFound(T.notFound);
  const [items, imeis, payables, billing, costs] = await Promise.all([
    repo.items(db, id),
    repo.imeis(db, id),
    billsOfPurchase(db, id),
    keptBilling(db, id),
    repo.costs(db, id),
  ]);
  const credits = {
    icms: Number(costs?.icms_credit_cents ?? 0),
    pis: Number(costs?.pis_credit_cents ?? 0),
    cofins: Number(costs?.cofins_credit_cents ?? 0),
  };
  return {
    ...toSummary(row),
    signatureChain: (costs?.signature_chain ?? null) as SignatureChain | null,
    unsignedReason: row.unsigned_reason,
    recipientDocument: row.recipient_document,
    recipientConfirmed: row.recipient_confirmed,
    billing,
    costs: {
      bonusCost: (costs?.bonus_cost ?? null) as BonusCost | null,
      bonusValue: centsToReais(Number(costs?.bonus_cents ?? 0)),
      credits: {
        icms: centsToReais(credits.icms),
        pis: centsToReais(credits.pis),
        cofins: centsToReais(credits.cofins),
        total: centsToReais(credits.icms + credits.pis + credits.cofins),
      },
    },
    items: items.map((item) => ({
      line: item.line,
      supplierCode: item.supplier_code,
      description: item.description,
      gtin: item.gtin,
      unit: item.unit,
      quantity: item.quantity,
      factor: item.factor,
      units: item.units,
      product: { id: item.product_id, code: item.product_code, name: item.product_name },
      totalCost: centsToReais(Number(item.total_cost_cents)),
      unitCost: centsToReais(item.unit_cost_cents),
      costBefore: centsToReais(item.cost_before_cents),
      costAfter: centsToReais(item.cost_after_cents),
      bonus: item.bonus,
      fcpSt: centsToReais(Number(item.fcp_st_cents)),
      credits: {
        icms: centsToReais(Number(item.icms_credit_cents)),
        pis: centsToReais(Number(item.pis_credit_cents)),
        cofins: centsToReais(Number(item.cofins_credit_cents)),
      },
      // Entries before decision 0089 entered at their total.
      entryCost: centsToReais(Number(item.entry_cost_cents ?? item.total_cost_cents)),
      centUnits: item.cent_units,
      imeis: imeis
        .filter((u) => u.movement_id === item.movement_id || u.movement_id === item.cent_movement_id)
        .map((u) => u.imei),
    })),
    payables,
  };
}

/** 'Vincular a um produto': active products found by the catalogue's own search (`searchProducts`). */
export async function purchaseProductOptions(
  db: DB,
  query: PurchaseProductSearchQuery,
): Promise<PurchaseProductOption[]> {
  const rows = await searchProducts(db, query.search ?? '', query.limit);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    serialized: row.serialized,
    barcode: row.barcode,
  }));
}

/** A page of the entries list, with the count of every match. */
export async function purchasesPage(db: DB, query: PurchaseListQuery): Promise<Paged<PurchaseSummary>> {
  const offset = query.page * query.size;
  const [rows, total] = await Promise.all([
    repo.page(db, { offset, limit: query.size, search: query.search }),
    repo.count(db, query.search),
  ]);
  return { items: rows.map(toSummary), page: query.page, total };
}

/** Every entry matching `search`, in the list's order, in batches for a CSV download. */
export async function* purchaseExportBatches(db: DB, search?: string): AsyncGenerator<PurchaseSummary[]> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await repo.page(db, { offset, limit: EXPORT_BATCH, search });
    yield rows.map(toSummary);
    if (rows.length < EXPORT_BATCH) return;
  }
}
