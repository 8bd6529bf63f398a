import { IMPORT_LIMITS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { type AuditEntry, diff, recordAudits } from '../../lib/audit';
import { moveStock, type StockMoveLine } from '../stock/stock.service';
import { type KnownCatalogue, lower, type MissingNames, type PlannedProduct } from './product-import-checks';
import { productAuditView, productForm } from './product-views';
import { productValues } from './product-writes';
import { type ProductValues, productsRepository as repo } from './products.repository';

/**
 * Writes the good lines in the caller's transaction: the brands and references they need created, the products
 * upserted by code a thousand per statement (a line without a code takes the sequence's next), the stock each line
 * sets moved through `moveStock` (ledger kind IMPORT), the code sequence past the highest imported, one audit row
 * per product.
 */
export async function writeProducts(
  trx: Transaction<Database>,
  actorId: number,
  good: PlannedProduct[],
  known: KnownCatalogue,
  missing: MissingNames,
  turn: () => Promise<void>,
): Promise<void> {
  await insertMissing(trx, good, known, missing);
  const issued = await repo.nextCodes(trx, good.filter((p) => p.code === null).length);
  let highestImported = 0;

  const audits: AuditEntry[] = [];
  const stockLines: StockMoveLine[] = [];
  for (let start = 0; start < good.length; start += IMPORT_LIMITS.batchSize) {
    await turn();
    const batch = good.slice(start, start + IMPORT_LIMITS.batchSize);
    const values: (ProductValues & { code: string })[] = batch.map((p) => {
      const code = p.code ?? (issued.shift() as string);
      p.code = code;
      if (!p.before) {
        const numeric = /^P(\d{1,15})$/.exec(code);
        if (numeric) highestImported = Math.max(highestImported, Number(numeric[1]));
      }
      return rowOf(p, code, known);
    });
    const ids = new Map((await repo.upsertByCode(trx, values)).map((row) => [row.code, row.id]));
    for (const p of batch) {
      const id = ids.get(p.code as string) as number;
      const stockBefore = p.before?.stock ?? 0;
      if (p.serialized) {
        if (p.newUnits.length > 0) {
          const units = p.newUnits.map((imei) => ({ imei }));
          stockLines.push({ productId: id, quantityIn: units.length, units });
        }
      } else if (p.data.stock !== stockBefore) stockLines.push({ productId: id, newStock: p.data.stock });
      audits.push(auditOf(p, known, actorId));
    }
  }
  for (let start = 0; start < stockLines.length; start += IMPORT_LIMITS.batchSize) {
    await moveStock(
      trx,
      { kind: 'IMPORT', employeeId: actorId, note: 'Importação de planilha' },
      stockLines.slice(start, start + IMPORT_LIMITS.batchSize),
    );
  }
  if (highestImported > 0) await repo.codeSequenceAtLeast(trx, highestImported);
  await recordAudits(trx, audits);
}

/** The brands and references the good lines use that do not exist yet, created and added to `known`. */
async function insertMissing(
  trx: Transaction<Database>,
  good: PlannedProduct[],
  known: KnownCatalogue,
  missing: MissingNames,
): Promise<void> {
  const { brands, references } = known;
  const usedBrands = new Set(good.map((p) => p.brandKey));
  for (const row of await repo.insertBrands(
    trx,
    [...missing.brands].filter(([key]) => usedBrands.has(key)).map(([, name]) => name),
  )) {
    brands.set(lower(row.name), row);
  }
  const usedReferences = new Set(good.map((p) => (p.data.reference ? `${p.brandKey}/${lower(p.data.reference)}` : '')));
  const referenceRows = [...missing.references]
    .filter(([key]) => usedReferences.has(key))
    .map(([, r]) => ({ brand_id: (brands.get(r.brandKey) as { id: number }).id, name: r.name }));
  for (const row of await repo.insertReferences(trx, referenceRows)) {
    references.set(`${row.brand_id}/${lower(row.name)}`, { id: row.id, name: row.name });
  }
}

/** A line's product row: the catalogue's own values (cents, search text); a file's empty fiscal cell clears the field. */
function rowOf(p: PlannedProduct, code: string, known: KnownCatalogue): ProductValues & { code: string } {
  const brand = known.brands.get(p.brandKey) as { id: number; name: string };
  const reference = p.data.reference ? known.references.get(`${brand.id}/${lower(p.data.reference)}`) : undefined;
  return {
    code,
    ...productValues(p.data, code, brand, reference, p.data.barcode ?? null),
    ncm: p.data.ncm ?? null,
    cest: p.data.cest ?? null,
    unit: p.data.unit ?? null,
    origin: p.data.origin ?? null,
    serialized: p.serialized,
  };
}

/** A line's audit row: what an update changed, or what a new product holds, with the file's line. */
function auditOf(p: PlannedProduct, known: KnownCatalogue, actorId: number): AuditEntry {
  const brand = known.brands.get(p.brandKey) as { name: string };
  const after = productAuditView({
    name: p.data.name,
    description: p.data.description,
    brand: brand.name,
    reference: p.data.reference ?? null,
    cost: p.data.cost,
    sellPrice: p.data.sellPrice,
    discount: p.data.discount,
    stock: p.data.stock,
    stockAlert: p.data.stockAlert,
    tags: p.data.tags,
    barcode: p.data.barcode ?? null,
    ncm: p.data.ncm ?? null,
    cest: p.data.cest ?? null,
    unit: p.data.unit ?? null,
    origin: p.data.origin ?? null,
  });
  return {
    employeeId: actorId,
    entity: 'product',
    entityId: p.code as string,
    action: p.before ? 'import-update' : 'import-create',
    changes: p.before
      ? { ...diff(productAuditView(productForm(p.before)), after), line: p.line }
      : { ...after, line: p.line },
  };
}
