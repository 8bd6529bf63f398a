import {
  averageCostCents,
  centsToReais,
  formatBusinessDateTimeMinutes,
  isValidImei,
  normalizeDocument,
  type Paged,
  type ProductCreate,
  type Purchase,
  type PurchaseDecisions,
  type PurchaseListQuery,
  type PurchaseMatch,
  type PurchasePreview,
  type PurchasePreviewItem,
  type PurchaseProductOption,
  type PurchaseProductSearchQuery,
  type PurchaseSummary,
  priceFromPercentage,
  productCreateSchema,
  type SupplierReturn,
  type SupplierReturnBody,
  PURCHASE_ENTRY_TEXTS as T,
  type UnitInput,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { billsOfPurchase, createPayables, recordSupplierCredit } from '../payables/payables.service';
import { insertProducts, searchProducts } from '../products/products.service';
import { shopIdentity } from '../settings/settings.service';
import { checkImeis, moveStock, type StockMoveLine, sendUnitsBack, unitsGoingBack } from '../stock/stock.service';
import { findOrCreateSupplierFromIssuer, supplierByDocument } from '../suppliers/suppliers.service';
import { type NfeDocument, type NfeItem, NfeReadError, quantityInUnits, unitCostCents } from './nfe/nfe-reader';
import { readNfeInWorker } from './nfe/nfe-worker';
import {
  type MatchableProduct,
  type NewPurchaseItemRow,
  type PurchaseSummaryRow,
  purchasesRepository as repo,
} from './purchases.repository';

/** Units of measure that are one unit of the product: their factor needs no confirmation. */
const UNITS_OF_ONE = new Set(['UN', 'UND', 'UNID', 'UNIDADE', 'PC', 'PÇ', 'PCA', 'PEÇA', 'PECA']);

/** One item of the note as the user's decisions settle it (the preview's item and what the confirm writes). */
interface SettledItem {
  item: NfeItem;
  preview: PurchasePreviewItem;
  product: MatchableProduct | null;
  create: PurchaseDecisions['items'][number]['create'];
  /** The new product's fields as the catalogue checked them ('Criar produto' with every field right). */
  createInput: ProductCreate | null;
  factor: number;
  units: number | null;
  unitCostCents: number | null;
  /** The phones coming in (a serialized product): each its IMEI and, dual-SIM, the second. */
  phones: UnitInput[];
}

interface Settled {
  note: NfeDocument;
  supplier: { id: number | null; name: string; document: string };
  items: SettledItem[];
  preview: PurchasePreview;
}

/** The 409 of a note entered before, naming when and by whom. */
function alreadyEntered(accessKey: string, entry: { id: number; created_at: Date | string; employee_name: string }) {
  return new AppError(
    409,
    T.alreadyEntered(accessKey, formatBusinessDateTimeMinutes(new Date(entry.created_at)), entry.employee_name),
    {
      code: 'PURCHASE_ALREADY_ENTERED',
      details: { purchaseId: entry.id },
    },
  );
}

/**
 * The note read from the file (in the reader's worker thread); a refusal of the reader is a 400 with its own
 * message, a homologation note too. The confirm's first step, and the demo seed's (demo/purchases.ts).
 */
export async function readNfeFile(bytes: Buffer): Promise<NfeDocument> {
  let note: NfeDocument;
  try {
    note = await readNfeInWorker(bytes);
  } catch (error) {
    if (error instanceof NfeReadError) {
      const { code } = error;
      throw new AppError(code === 'too-large' ? 413 : 400, (error as Error).message, {
        code: code === 'too-large' ? 'PAYLOAD_TOO_LARGE' : 'NFE_INVALID',
        details: { reason: code },
      });
    }
    throw error;
  }
  if (note.environment === 'homologation') {
    throw new AppError(400, T.homologation, { code: 'NFE_INVALID', details: { reason: 'homologation' } });
  }
  return note;
}

/** Both IMEIs of a phone (dual-SIM), or its only one. */
const imeisOfUnit = (unit: UnitInput) => (unit.imei2 ? [unit.imei, unit.imei2] : [unit.imei]);

/**
 * The phones of an item: the decision's units (decision 0050), else its IMEIs one a unit, else those the note
 * lists (one a unit: a note does not say which two IMEIs are one phone's).
 */
function phonesOf(decision: PurchaseDecisions['items'][number] | undefined, fromNote: string[]): UnitInput[] {
  if (decision?.units) return decision.units;
  return (decision?.imeis ?? fromNote).filter((imei) => imei !== '').map((imei) => ({ imei }));
}

/**
 * Settles every item of the note with the user's decisions (issue 39 §2, decision 0049): the product by the
 * user's choice ('Vincular' or 'Criar produto'), else by GTIN (products.barcode), else by the supplier's code
 * remembered from an earlier entry; the factor of its unit; the units coming in; the unit cost
 * ((vProd + vFrete + vSeg + vOutro − vDesc + vIPI + vICMSST) ÷ units, `unitCostCents`); the product's new
 * weighted average and level prices; the phones (one per unit coming in, each IMEI of each, the second of a
 * dual-SIM too: Luhn, repeats within the note, already registered); and the note's warnings. Reads only: the preview answers it, the confirm writes it when nothing is left open.
 */
async function settle(db: Executor, note: NfeDocument, decisions: PurchaseDecisions): Promise<Settled> {
  const document = normalizeDocument(note.issuer.document);
  const known = await supplierByDocument(db, document);
  const byLine = new Map(decisions.items.map((d) => [d.line, d]));
  const gtins = [...new Set(note.items.flatMap((i) => (i.gtin ? [i.gtin] : [])))];
  const creating = decisions.items.flatMap((d) => (d.create?.barcode ? [d.create.barcode] : []));
  const [byGtin, remembered, chosen] = await Promise.all([
    repo.productsByGtin(db, [...gtins, ...creating]),
    known ? repo.rememberedCodes(db, known.id, [...new Set(note.items.map((i) => i.supplierCode))]) : [],
    repo.productsByIds(
      db,
      decisions.items.flatMap((d) => (d.productId ? [d.productId] : [])),
    ),
  ]);
  const gtinProduct = new Map(byGtin.map((p) => [p.gtin14, p]));
  const codeLink = new Map(remembered.map((r) => [r.supplier_code, r]));
  const chosenById = new Map(chosen.map((p) => [p.id, p]));
  // Stock and cost as the items before change them (two items of one product compound, as the move does).
  const running = new Map<number, { stock: number; cost: number }>();

  const items: SettledItem[] = [];
  const imeiLines: { imei: string; line: number }[] = [];
  for (const item of note.items) {
    const decision = byLine.get(item.itemNumber);
    const problems: string[] = [];
    const link = codeLink.get(item.supplierCode);
    let product: MatchableProduct | null = null;
    let match: PurchaseMatch = 'NONE';
    if (decision?.productId) {
      product = chosenById.get(decision.productId) ?? null;
      match = 'LINKED';
      if (!product || product.archived) {
        problems.push(T.productNotFound);
        product = null;
      }
    } else if (decision?.create) {
      match = 'CREATE';
      const taken = decision.create.barcode ? gtinProduct.get(decision.create.barcode.padStart(14, '0')) : undefined;
      if (taken) problems.push(T.barcodeTaken(decision.create.barcode as string, taken.name));
    } else if (item.gtin && gtinProduct.has(item.gtin.padStart(14, '0'))) {
      product = gtinProduct.get(item.gtin.padStart(14, '0')) ?? null;
      match = 'GTIN';
    } else if (link) {
      product = link;
      match = 'SUPPLIER_CODE';
    } else {
      problems.push(T.chooseProduct);
    }

    const unitOfOne = UNITS_OF_ONE.has(item.unit.trim().toUpperCase());
    const factor = decision?.factor ?? link?.factor ?? 1;
    const factorConfirmed = decision?.factor !== undefined || link !== undefined || unitOfOne;
    if (!factorConfirmed) problems.push(T.factorRequired(item.unit));
    const units = quantityInUnits(item.quantity, factor);
    if (units === null) problems.push(T.factorNotWhole(item.quantity, factor));
    const unitCost = units ? unitCostCents(item.totalCostCents, units) : null;

    const serialized = product?.serialized ?? decision?.create?.serialized ?? false;
    const phones = phonesOf(decision, serialized ? item.imeis : []);
    if (serialized) {
      if (units !== null && phones.length !== units) problems.push(T.imeiCount(units, phones.length));
      for (const imei of phones.flatMap(imeisOfUnit)) {
        if (!isValidImei(imei)) problems.push(T.imeiInvalid(imei));
        imeiLines.push({ imei, line: item.itemNumber });
      }
    } else if (phones.length > 0) {
      problems.push(T.imeisNotSerialized);
    }

    const createInput = decision?.create ? newProductInput(decision.create, unitCost ?? 0, problems) : null;

    let newAverage: number | null = null;
    let percentages: { gold: number; silver: number; bronze: number } | null = null;
    if (product && units !== null && unitCost !== null) {
      const before = running.get(product.id) ?? { stock: product.stock, cost: product.cost_cents };
      newAverage = averageCostCents(before.stock, before.cost, units, unitCost);
      running.set(product.id, { stock: before.stock + units, cost: newAverage });
      percentages = {
        gold: product.gold_percentage,
        silver: product.silver_percentage,
        bronze: product.bronze_percentage,
      };
    } else if (decision?.create && unitCost !== null) {
      newAverage = unitCost;
      const { goldPercentage, silverPercentage, bronzePercentage } = decision.create.discount;
      percentages = { gold: goldPercentage, silver: silverPercentage, bronze: bronzePercentage };
    }

    items.push({
      item,
      product,
      create: decision?.create,
      createInput,
      factor,
      units,
      unitCostCents: unitCost,
      phones,
      preview: {
        line: item.itemNumber,
        supplierCode: item.supplierCode,
        name: item.name,
        gtin: item.gtin,
        ncm: item.ncm,
        cest: item.cest,
        unit: item.unit,
        quantity: item.quantity,
        factor,
        factorConfirmed,
        units,
        totalCost: centsToReais(item.totalCostCents),
        freight: centsToReais(item.freightCents),
        unitCost: unitCost === null ? null : centsToReais(unitCost),
        match,
        product: product
          ? {
              id: product.id,
              code: product.code,
              name: product.name,
              serialized: product.serialized,
              stock: product.stock,
              cost: centsToReais(product.cost_cents),
            }
          : null,
        suggested: {
          name: item.name,
          barcode: item.gtin,
          ncm: item.ncm,
          cest: item.cest,
          cost: unitCost === null ? null : centsToReais(unitCost),
        },
        serialized,
        newAverageCost: newAverage === null ? null : centsToReais(newAverage),
        levelPrices:
          newAverage === null || percentages === null
            ? null
            : {
                gold: centsToReais(priceFromPercentage(newAverage, percentages.gold)),
                silver: centsToReais(priceFromPercentage(newAverage, percentages.silver)),
                bronze: centsToReais(priceFromPercentage(newAverage, percentages.bronze)),
              },
        imeis: phones.map((phone) => phone.imei),
        problems,
      },
    });
  }

  // IMEIs repeated within the note, and those already registered to a unit: named on their line.
  const seen = new Map<string, number>();
  for (const { imei, line } of imeiLines) {
    const first = seen.get(imei);
    if (first !== undefined) items.find((i) => i.item.itemNumber === line)?.preview.problems.push(T.imeiRepeated(imei));
    else seen.set(imei, line);
  }
  const valid = [...seen.keys()].filter(isValidImei);
  if (valid.length > 0) {
    for (const check of await checkImeis(db, valid)) {
      if (!check.registered) continue;
      const line = seen.get(check.imei);
      items
        .find((i) => i.item.itemNumber === line)
        ?.preview.problems.push(T.imeiRegistered(check.imei, check.registered.productName));
    }
  }

  const warnings: PurchasePreview['warnings'] = [];
  const problems: string[] = [];
  const shop = normalizeDocument((await shopIdentity(db)).cnpj ?? '');
  const recipient = note.recipient.document ? normalizeDocument(note.recipient.document) : null;
  if (shop && recipient !== shop) {
    const confirmed = decisions.confirmRecipient;
    warnings.push({
      code: 'RECIPIENT',
      message: recipient ? T.recipientWarning(recipient, shop) : T.recipientMissingWarning(shop),
      needsConfirmation: true,
      confirmed,
    });
    if (!confirmed) problems.push(T.recipientNotConfirmed);
  }
  if (note.signature.status === 'ABSENT') {
    const confirmed = (decisions.unsignedReason?.length ?? 0) >= 5;
    warnings.push({ code: 'UNSIGNED', message: T.unsignedWarning, needsConfirmation: true, confirmed });
    if (!confirmed) problems.push(T.unsignedReasonRequired);
  } else if (!note.signature.certificate.matchesIssuer) {
    warnings.push({
      code: 'CERTIFICATE',
      message: T.certificateWarning(note.signature.certificate.subject),
      needsConfirmation: false,
      confirmed: true,
    });
  }
  for (const settledItem of items) {
    for (const problem of settledItem.preview.problems) {
      problems.push(T.item(settledItem.item.itemNumber, settledItem.item.name, problem));
    }
  }

  const supplier = { id: known?.id ?? null, name: known?.name ?? note.issuer.name, document };
  return {
    note,
    supplier,
    items,
    preview: {
      accessKey: note.accessKey,
      number: note.number,
      series: note.series,
      issuedAt: note.issuedAt,
      total: centsToReais(note.totalCents),
      supplier,
      recipient: note.recipient,
      signature:
        note.signature.status === 'VALID'
          ? { status: 'VALID', certificate: note.signature.certificate.subject }
          : { status: 'ABSENT', certificate: null },
      instalments: note.instalments.map((i) => ({
        documentNumber: i.documentNumber,
        dueDate: i.dueDate,
        amount: centsToReais(i.amountCents),
      })),
      warnings,
      items: items.map((i) => i.preview),
      problems,
      ready: problems.length === 0,
    },
  };
}

/**
 * A new product's fields as the catalogue checks them (`productCreateSchema`): the user's decision with the
 * item's unit cost and no stock (it comes in by the entry); a field that would be refused is a problem of the
 * item, in the catalogue's words.
 */
function newProductInput(
  create: NonNullable<PurchaseDecisions['items'][number]['create']>,
  unitCost: number,
  problems: string[],
): ProductCreate | null {
  const parsed = productCreateSchema.safeParse({
    name: create.name,
    brand: create.brand,
    cost: centsToReais(unitCost),
    sellPrice: create.sellPrice,
    discount: create.discount,
    stock: 0,
    barcode: create.barcode ?? null,
    ncm: create.ncm ?? null,
    cest: create.cest ?? null,
    serialized: create.serialized,
  });
  if (parsed.success) return parsed.data;
  problems.push(T.createInvalid(parsed.error.issues[0]?.message ?? ''));
  return null;
}

/** The day a date-time of the note falls on, as the issuer wrote it (dhEmi carries its own offset). */
const dayOf = (issuedAt: string) => issuedAt.slice(0, 10);

/** Writes the settled entry (every check passed) in the caller's transaction; answers its id. */
async function write(
  trx: Transaction<Database>,
  actorId: number,
  settled: Settled,
  decisions: PurchaseDecisions,
  idempotencyKey: string | undefined,
): Promise<number> {
  const { note } = settled;
  const supplier = await findOrCreateSupplierFromIssuer(trx, note.issuer, actorId);
  const sourceId = await repo.purchaseSourceId(trx);
  // The products the note creates ('Criar produto'), together, in the note's order.
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
  const productIds = settled.items.map((item) => item.product?.id ?? (createdIds.get(item) as number));
  const lines: StockMoveLine[] = settled.items.map((item, index) => ({
    productId: productIds[index] as number,
    quantityIn: item.units as number,
    entryUnitCostCents: item.unitCostCents as number,
    sourceId,
    ...(item.phones.length > 0 && (item.product?.serialized ?? item.create?.serialized) ? { units: item.phones } : {}),
  }));
  const unsigned = note.signature.status === 'ABSENT';
  const purchaseId = await repo.insert(trx, {
    access_key: note.accessKey,
    supplier_id: supplier.id,
    number: note.number,
    series: note.series,
    issued_at: new Date(note.issuedAt),
    total_cents: note.totalCents,
    items_count: note.items.length,
    signature_status: note.signature.status,
    unsigned_reason: unsigned ? (decisions.unsignedReason ?? null) : null,
    recipient_document: note.recipient.document,
    recipient_confirmed: settled.preview.warnings.some((w) => w.code === 'RECIPIENT' && w.confirmed),
    idempotency_key: idempotencyKey ?? null,
    created_by: actorId,
  });
  // The ledger rows and the phones that come in name the entry (the stock module writes it with them).
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
  const rows: NewPurchaseItemRow[] = settled.items.map((settledItem, index) => {
    const { item } = settledItem;
    const result = moved[index];
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
      total_cost_cents: item.totalCostCents,
      unit_cost_cents: settledItem.unitCostCents as number,
      cost_before_cents: result?.costBeforeCents ?? 0,
      cost_after_cents: result?.costAfterCents ?? 0,
      movement_id: result?.movementId ?? null,
    };
  });
  await repo.insertItems(trx, purchaseId, rows);
  await repo.rememberCodes(
    trx,
    settled.items.map((item, index) => ({
      supplier_id: supplier.id,
      supplier_code: item.item.supplierCode,
      product_id: productIds[index] as number,
      factor: item.factor,
      unit: item.item.unit,
    })),
    actorId,
  );
  // The note's instalments (cobr/dup), or one bill of its total due on the day it was issued.
  const instalments =
    note.instalments.length > 0
      ? note.instalments
      : [{ documentNumber: note.number, dueDate: dayOf(note.issuedAt), amountCents: note.totalCents }];
  if (note.totalCents > 0) {
    await createPayables(
      trx,
      {
        supplierId: supplier.id,
        purchaseId,
        category: 'COMPRA',
        description: T.billDescription(note.number, note.series, supplier.name),
        instalments,
      },
      actorId,
    );
  }
  await recordAudit(trx, {
    employeeId: actorId,
    entity: 'purchase',
    entityId: purchaseId,
    action: 'nfe-entry',
    changes: {
      accessKey: note.accessKey,
      supplierId: supplier.id,
      number: note.number,
      series: note.series,
      total: centsToReais(note.totalCents),
      signature: note.signature.status,
      ...(unsigned ? { unsignedReason: decisions.unsignedReason } : {}),
      ...(settled.preview.warnings.some((w) => w.code === 'RECIPIENT')
        ? { recipientConfirmed: note.recipient.document }
        : {}),
      items: settled.items.map((item, index) => ({
        line: item.item.itemNumber,
        productId: productIds[index],
        units: item.units,
        unitCost: centsToReais(item.unitCostCents ?? 0),
        costAfter: centsToReais(moved[index]?.costAfterCents ?? 0),
        ...(item.phones.length > 0 ? { units: item.phones } : {}),
      })),
    },
  });
  return purchaseId;
}

/**
 * The entry of a note read (`readNfeFile`) in the caller's transaction: the note's key locked (a second confirm of it
 * waits, then finds this entry), refused when entered before (409, unless by the same Idempotency-Key: then that
 * entry, `replayed`), settled with the decisions, refused while anything is open (400 PURCHASE_NOT_READY naming
 * each), then written. The confirm runs it in a transaction of its own; the demo seed in its one transaction.
 */
export async function enterNfe(
  trx: Transaction<Database>,
  actorId: number,
  note: NfeDocument,
  decisions: PurchaseDecisions,
  idempotencyKey?: string,
): Promise<{ id: number; replayed: boolean }> {
  await repo.lockAccessKey(trx, note.accessKey);
  const entered = await repo.byAccessKey(trx, note.accessKey);
  if (entered) {
    if (idempotencyKey && entered.idempotency_key === idempotencyKey) return { id: entered.id, replayed: true };
    throw alreadyEntered(note.accessKey, entered);
  }
  const settled = await settle(trx, note, decisions);
  if (!settled.preview.ready) {
    const messages = settled.preview.problems;
    throw new AppError(400, messages[0] ?? T.notReady, {
      code: 'PURCHASE_NOT_READY',
      messages,
      details: { items: settled.preview.items.map((i) => ({ line: i.line, problems: i.problems })) },
    });
  }
  return { id: await write(trx, actorId, settled, decisions, idempotencyKey), replayed: false };
}

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

/** Rows an export reads at a time. */
const EXPORT_BATCH = 500;

/** Entries by the supplier's NF-e XML (issue 39 §2, decision 0049). */
export function createPurchasesService(db: DB) {
  async function get(id: number): Promise<Purchase> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(T.notFound);
    const [items, imeis, payables] = await Promise.all([
      repo.items(db, id),
      repo.imeis(db, id),
      billsOfPurchase(db, id),
    ]);
    return {
      ...toSummary(row),
      unsignedReason: row.unsigned_reason,
      recipientDocument: row.recipient_document,
      recipientConfirmed: row.recipient_confirmed,
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
        imeis: imeis.filter((u) => u.movement_id === item.movement_id).map((u) => u.imei),
      })),
      payables,
    };
  }

  return {
    /** The preview of the note with the user's decisions so far: nothing is written. */
    async preview(bytes: Buffer, decisions: PurchaseDecisions): Promise<PurchasePreview> {
      const note = await readNfeFile(bytes);
      const entered = await repo.byAccessKey(db, note.accessKey);
      if (entered) throw alreadyEntered(note.accessKey, entered);
      return (await settle(db, note, decisions)).preview;
    },

    /**
     * 'Confirmar entrada': in ONE transaction, under a lock of the note's key (two confirms of one note at once:
     * the second waits, then finds the first's entry). The same Idempotency-Key answers the entry it made.
     */
    async confirm(
      actorId: number,
      bytes: Buffer,
      decisions: PurchaseDecisions,
      idempotencyKey: string | undefined,
    ): Promise<{ purchase: Purchase; replayed: boolean }> {
      const note = await readNfeFile(bytes);
      if (idempotencyKey) {
        const keyed = await repo.byIdempotencyKey(db, idempotencyKey);
        if (keyed && keyed.access_key !== note.accessKey) throw conflict(T.keyOfAnotherNote, 'CONFLICT');
        if (keyed) return { purchase: await get(keyed.id), replayed: true };
      }
      const run = () => db.transaction().execute((trx) => enterNfe(trx, actorId, note, decisions, idempotencyKey));
      let answer: { id: number; replayed: boolean };
      try {
        answer = await run();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Settled meanwhile by another confirm of the same key or note (the unique index is the last word).
        const entered = await repo.byAccessKey(db, note.accessKey);
        if (!entered) throw error;
        if (!(idempotencyKey && entered.idempotency_key === idempotencyKey))
          throw alreadyEntered(note.accessKey, entered);
        answer = { id: entered.id, replayed: true };
      }
      return { purchase: await get(answer.id), replayed: answer.replayed };
    },

    get,

    /**
     * Phones sent back to their supplier (issue 39 §4): each named by IMEI, in stock or in analysis, come in by
     * a note (its entry names the supplier); all of one supplier. In one transaction: the units leave (a ledger
     * row each naming the supplier and the note's key, the entry tagged), and the supplier owes their entry
     * costs back (`recordSupplierCredit`: a negative bill), audited with the reason.
     */
    async returnToSupplier(actorId: number, body: SupplierReturnBody): Promise<SupplierReturn> {
      return db.transaction().execute(async (trx) => {
        const units = await unitsGoingBack(trx, body.imeis);
        const entries = new Map(
          (
            await repo.unitsEntries(
              trx,
              units.map((u) => u.unitId),
            )
          ).map((e) => [e.unit_id, e]),
        );
        const without = units.filter((unit) => !entries.has(unit.unitId));
        if (without.length > 0) {
          const messages = without.map((unit) => T.returnUnitWithoutNote(unit.imei));
          throw new AppError(400, messages[0] as string, { code: 'BAD_REQUEST', messages });
        }
        const suppliers = new Set([...entries.values()].map((e) => e.supplier_id));
        if (suppliers.size > 1) throw new AppError(400, T.returnSeveralSuppliers, { code: 'BAD_REQUEST' });
        const first = entries.get(units[0]?.unitId as number) as NonNullable<ReturnType<typeof entries.get>>;
        await sendUnitsBack(
          trx,
          units.map((unit) => {
            const entry = entries.get(unit.unitId) as typeof first;
            return {
              ...unit,
              purchaseId: entry.purchase_id,
              note: T.returnLedgerNote(entry.supplier_name, entry.number, entry.series, entry.access_key, body.reason),
            };
          }),
          actorId,
        );
        const creditCents = units.reduce((sum, unit) => sum + unit.costCents, 0);
        const keys = [...new Set([...entries.values()].map((e) => e.access_key))];
        const payableId = await recordSupplierCredit(
          trx,
          {
            supplierId: first.supplier_id,
            amountCents: creditCents,
            description: T.returnCreditDescription(units.length, body.reason),
            reference: keys.length === 1 ? (keys[0] as string) : `${keys.length} notas`,
          },
          actorId,
        );
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'purchase',
          entityId: first.purchase_id,
          action: 'supplier-return',
          changes: {
            supplierId: first.supplier_id,
            reason: body.reason,
            imeis: units.map((u) => u.imei),
            accessKeys: keys,
            credit: centsToReais(creditCents),
            payableId,
          },
        });
        return {
          supplier: { id: first.supplier_id, name: first.supplier_name },
          units: units.map((unit) => {
            const entry = entries.get(unit.unitId) as typeof first;
            return {
              imei: unit.imei,
              product: unit.productName,
              cost: centsToReais(unit.costCents),
              accessKey: entry.access_key,
              purchaseId: entry.purchase_id,
            };
          }),
          credit: centsToReais(creditCents),
          payableId,
        };
      });
    },

    /** 'Vincular a um produto': active products found by the catalogue's own search (`searchProducts`). */
    async products(query: PurchaseProductSearchQuery): Promise<PurchaseProductOption[]> {
      const rows = await searchProducts(db, query.search ?? '', query.limit);
      return rows.map((row) => ({
        id: row.id,
        code: row.code,
        name: row.name,
        serialized: row.serialized,
        barcode: row.barcode,
      }));
    },

    async page(query: PurchaseListQuery): Promise<Paged<PurchaseSummary>> {
      const offset = query.page * query.size;
      const [rows, total] = await Promise.all([
        repo.page(db, { offset, limit: query.size, search: query.search }),
        repo.count(db, query.search),
      ]);
      return { items: rows.map(toSummary), page: query.page, total };
    },

    async *exportBatches(search?: string): AsyncGenerator<PurchaseSummary[]> {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const rows = await repo.page(db, { offset, limit: EXPORT_BATCH, search });
        yield rows.map(toSummary);
        if (rows.length < EXPORT_BATCH) return;
      }
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
