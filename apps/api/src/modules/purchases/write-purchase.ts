import {
  centsToReais,
  type ProductCreate,
  type PurchaseDecisions,
  PURCHASE_ENTRY_TEXTS as T,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { diff, recordAudit } from '../../lib/audit';
import { insertProducts } from '../products/products.service';
import { moveStock, type StockChangeResult, type StockMoveLine } from '../stock/stock.service';
import { findOrCreateSupplierFromIssuer } from '../suppliers/suppliers.service';
import { billEntry } from './bill-entry';
import { unitKey } from './nfe/unit-factors';
import { type NewPurchaseItemRow, purchasesRepository as repo, SUPPLIER_PURCHASE_SOURCE } from './purchases.repository';
import type { Settled } from './settle-purchase';

/** An item's ledger row and, when the rounding left cents, the row of its units at one cent more or less. */
type MovedItem = { main: StockChangeResult; cents: StockChangeResult | null };

/** The products the note creates ('Criar produto'), together, in the note's order; answers every item's product id. */
async function productIdsOf(trx: Transaction<Database>, actorId: number, settled: Settled): Promise<number[]> {
  const { note } = settled;
  const creating = settled.items.filter((item) => !item.product);
  const created = await insertProducts(
    trx,
    actorId,
    creating.map((item) => ({
      input: item.createInput as ProductCreate,
      origin: { accessKey: note.accessKey, line: item.item.itemNumber },
    })),
  );
  const createdIds = new Map(creating.map((item, index) => [item, created[index]?.id as number]));
  return settled.items.map((item) => item.product?.id ?? (createdIds.get(item) as number));
}

/** The entry's own row: the note's header, its signature and recipient as confirmed, who entered it. */
function insertPurchase(
  trx: Transaction<Database>,
  actorId: number,
  supplierId: number,
  settled: Settled,
  decisions: PurchaseDecisions,
  idempotencyKey: string | undefined,
): Promise<number> {
  const { note } = settled;
  const unsigned = note.signature.status === 'ABSENT';
  return repo.insert(trx, {
    access_key: note.accessKey,
    supplier_id: supplierId,
    number: note.number,
    series: note.series,
    issued_at: new Date(note.issuedAt),
    total_cents: note.totalCents,
    items_count: note.items.length,
    signature_status: note.signature.status,
    signature_chain: settled.preview.signature.chain,
    unsigned_reason: unsigned ? (decisions.unsignedReason ?? null) : null,
    recipient_document: note.recipient.document,
    recipient_confirmed: settled.preview.warnings.some((w) => w.code === 'RECIPIENT' && w.confirmed),
    bonus_cost: settled.costs.bonusCost,
    bonus_cents: settled.costs.bonusCents,
    icms_credit_cents: settled.costs.credits.icms,
    pis_credit_cents: settled.costs.credits.pis,
    cofins_credit_cents: settled.costs.credits.cofins,
    idempotency_key: idempotencyKey ?? null,
    created_by: actorId,
  });
}

/**
 * The ledger rows and the phones that come in, naming the entry (the stock module writes it with them): each item
 * its units at its unit cost, then — when the rounding left cents (decision 0089) — those at one cent more or less
 * on a row of their own (the last phones of a serialized item), so the rows add up to the item's cost exactly.
 * Answers each item's row and, when it has one, its cents' row.
 */
async function moveIntoStock(
  trx: Transaction<Database>,
  actorId: number,
  settled: Settled,
  purchaseId: number,
  productIds: number[],
  sourceId: number | null,
): Promise<{ main: StockChangeResult; cents: StockChangeResult | null }[]> {
  const { note } = settled;
  const lines: StockMoveLine[] = [];
  const owners: { item: number; cents: boolean }[] = [];
  for (const [index, item] of settled.items.entries()) {
    const serialized = item.phones.length > 0 && (item.product?.serialized ?? item.create?.serialized);
    const units = item.units as number;
    const cents = Math.abs(item.centUnits);
    const cost = item.unitCostCents as number;
    const groups = [
      { quantity: units - cents, cost, phones: item.phones.slice(0, units - cents), cents: false },
      {
        quantity: cents,
        cost: cost + Math.sign(item.centUnits),
        phones: item.phones.slice(units - cents),
        cents: true,
      },
    ];
    for (const group of groups) {
      if (group.quantity === 0) continue;
      lines.push({
        productId: productIds[index] as number,
        quantityIn: group.quantity,
        entryUnitCostCents: group.cost,
        sourceId,
        ...(serialized ? { units: group.phones } : {}),
      });
      owners.push({ item: index, cents: group.cents });
    }
  }
  const moved = await moveStock(
    trx,
    {
      kind: 'PURCHASE',
      employeeId: actorId,
      purchaseId,
      note: T.ledgerNote(note.number, note.series, note.accessKey),
    },
    lines,
  );
  const byItem = settled.items.map(() => ({
    main: null as StockChangeResult | null,
    cents: null as StockChangeResult | null,
  }));
  for (const [index, owner] of owners.entries()) {
    const slot = byItem[owner.item] as { main: StockChangeResult | null; cents: StockChangeResult | null };
    if (owner.cents) slot.cents = moved[index] ?? null;
    else slot.main = moved[index] ?? null;
  }
  // An item whose units are all at one cent more or less (1 unit never is; units − |cents| > 0 always) keeps its row.
  return byItem.map((slot) => ({
    main: (slot.main ?? slot.cents) as StockChangeResult,
    cents: slot.main ? slot.cents : null,
  }));
}

/** The entry's items as written: the note's line, its costs, the product's cost before and after, its move. */
function itemRows(settled: Settled, productIds: number[], moved: MovedItem[]): NewPurchaseItemRow[] {
  return settled.items.map((settledItem, index) => {
    const { item, cost } = settledItem;
    const result = moved[index]?.cents ?? moved[index]?.main;
    const first = moved[index]?.main;
    return {
      line: item.itemNumber,
      supplier_code: item.supplierCode,
      description: item.name,
      gtin: item.gtin,
      ncm: item.ncm,
      unit: item.unit,
      quantity: item.quantity,
      factor: settledItem.factor,
      units: settledItem.units as number,
      product_id: productIds[index] as number,
      product_cents: item.productCents,
      freight_cents: item.freightCents,
      insurance_cents: item.insuranceCents,
      discount_cents: item.discountCents,
      other_cents: item.otherCents,
      ipi_cents: item.ipiCents,
      icms_st_cents: item.icmsStCents,
      fcp_st_cents: item.fcpStCents,
      ipi_devol_cents: item.ipiDevolCents,
      total_cost_cents: item.totalCostCents,
      bonus: cost.bonus,
      icms_credit_cents: cost.credits.icms,
      pis_credit_cents: cost.credits.pis,
      cofins_credit_cents: cost.credits.cofins,
      entry_cost_cents: cost.entryCostCents,
      unit_cost_cents: settledItem.unitCostCents as number,
      cent_units: settledItem.centUnits,
      cost_before_cents: first?.costBeforeCents ?? 0,
      cost_after_cents: result?.costAfterCents ?? 0,
      movement_id: first?.movementId ?? null,
      cent_movement_id: moved[index]?.cents?.movementId ?? null,
    };
  });
}

/** The entry's audit: the note, its signature, the recipient confirmed, each item's product, units and costs. */
async function auditEntry(
  trx: Transaction<Database>,
  actorId: number,
  settled: Settled,
  decisions: PurchaseDecisions,
  entry: { purchaseId: number; supplierId: number; productIds: number[]; moved: MovedItem[] },
) {
  const { note } = settled;
  const unsigned = note.signature.status === 'ABSENT';
  await recordAudit(trx, {
    employeeId: actorId,
    entity: 'purchase',
    entityId: entry.purchaseId,
    action: 'nfe-entry',
    changes: {
      accessKey: note.accessKey,
      supplierId: entry.supplierId,
      number: note.number,
      series: note.series,
      total: centsToReais(note.totalCents),
      signature: note.signature.status,
      signatureChain: settled.preview.signature.chain,
      ...(unsigned ? { unsignedReason: decisions.unsignedReason } : {}),
      ...(settled.preview.warnings.some((w) => w.code === 'RECIPIENT')
        ? { recipientConfirmed: note.recipient.document }
        : {}),
      ...(settled.costs.bonusCost
        ? { bonusCost: settled.costs.bonusCost, bonus: centsToReais(settled.costs.bonusCents) }
        : {}),
      credits: {
        icms: centsToReais(settled.costs.credits.icms),
        pis: centsToReais(settled.costs.credits.pis),
        cofins: centsToReais(settled.costs.credits.cofins),
      },
      items: settled.items.map((item, index) => ({
        line: item.item.itemNumber,
        productId: entry.productIds[index],
        units: item.units,
        unitCost: centsToReais(item.unitCostCents ?? 0),
        ...(item.centUnits !== 0 ? { centUnits: item.centUnits } : {}),
        entryCost: centsToReais(item.cost.entryCostCents),
        costAfter: centsToReais((entry.moved[index]?.cents ?? entry.moved[index]?.main)?.costAfterCents ?? 0),
        ...(item.phones.length > 0 ? { units: item.phones } : {}),
      })),
    },
  });
}

/**
 * Each item's row in its product's 'Histórico de alterações', as a manual stock entry writes it
 * (products/product-stock.ts): stock and average cost from → to, the units, the entry's own unit cost beside
 * the average it made, the operation, the IMEIs, and the note it came by (issue 54 §8).
 */
async function auditProducts(trx: Transaction<Database>, actorId: number, settled: Settled, moved: MovedItem[]) {
  const { note } = settled;
  for (const [index, item] of settled.items.entries()) {
    const result = moved[index]?.main;
    if (!result) continue;
    const last = moved[index]?.cents ?? result;
    const serialized = item.product?.serialized ?? item.create?.serialized;
    const imeis = serialized ? item.phones.map((unit) => unit.imei) : [];
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'product',
      entityId: result.code,
      action: 'nfe-entry',
      changes: {
        ...diff(
          { stock: result.stockBefore, cost: centsToReais(result.costBeforeCents) },
          { stock: last.stockAfter, cost: centsToReais(last.costAfterCents) },
        ),
        quantity: item.units,
        entryUnitCost: centsToReais(item.unitCostCents ?? 0),
        source: SUPPLIER_PURCHASE_SOURCE,
        nfe: T.ledgerNote(note.number, note.series, note.accessKey),
        ...(imeis.length > 0 ? { imeis } : {}),
        movementId: result.movementId,
      },
    });
  }
}

/** Writes the settled entry (every check passed) in the caller's transaction; answers its id. */
export async function write(
  trx: Transaction<Database>,
  actorId: number,
  settled: Settled,
  decisions: PurchaseDecisions,
  idempotencyKey: string | undefined,
): Promise<number> {
  const { note } = settled;
  const supplier = await findOrCreateSupplierFromIssuer(trx, note.issuer, actorId);
  const sourceId = await repo.purchaseSourceId(trx);
  const productIds = await productIdsOf(trx, actorId, settled);
  const purchaseId = await insertPurchase(trx, actorId, supplier.id, settled, decisions, idempotencyKey);
  const moved = await moveIntoStock(trx, actorId, settled, purchaseId, productIds, sourceId);
  await repo.insertItems(trx, purchaseId, itemRows(settled, productIds, moved));
  await repo.rememberCodes(
    trx,
    settled.items.map((item, index) => ({
      supplier_id: supplier.id,
      supplier_code: item.item.supplierCode,
      product_id: productIds[index] as number,
      factor: item.factor,
      // The factor is remembered for this unit of the note only (issue 57 §1).
      unit: unitKey(item.item.unit),
    })),
    actorId,
  );
  await billEntry(trx, actorId, settled, supplier, purchaseId);
  await auditEntry(trx, actorId, settled, decisions, { purchaseId, supplierId: supplier.id, productIds, moved });
  await auditProducts(trx, actorId, settled, moved);
  return purchaseId;
}
