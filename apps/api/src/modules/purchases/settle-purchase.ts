import {
  averageCostCents,
  type CostDeviation,
  centsToReais,
  costDeviationPercent,
  isValidImei,
  normalizeDocument,
  type ProductCreate,
  PURCHASE_COST_TEXTS,
  PURCHASE_SETTINGS_TEXTS,
  type PurchaseDecisions,
  type PurchaseMatch,
  type PurchasePreview,
  type PurchasePreviewItem,
  type PurchaseSettings,
  priceFromPercentage,
  productCreateSchema,
  PURCHASE_ENTRY_TEXTS as T,
  type UnitInput,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { shopIdentity } from '../settings/settings.service';
import { checkImeis } from '../stock/stock.service';
import { supplierByDocument } from '../suppliers/suppliers.service';
import { costsPreview, shopRegime } from './entry-cost-preview';
import { drawerProblem } from './entry-drawer';
import { type SettledBilling, settleBilling } from './entry-payment';
import { checkNewProducts } from './new-product-checks';
import { type ItemEntryCost, type NoteEntryCosts, noteEntryCosts } from './nfe/entry-costs';
import { type NfeDocument, type NfeItem, quantityInUnits, splitUnitCost } from './nfe/nfe-reader';
import { signatureChain, signatureWarnings } from './nfe/signature-checks';
import { factorInWords, type RememberedFactor, settleFactor } from './nfe/unit-factors';
import { purchaseSettings } from './purchase-settings';
import { type MatchableProduct, purchasesRepository as repo } from './purchases.repository';

type ItemDecision = PurchaseDecisions['items'][number];

/** One item of the note as the user's decisions settle it (the preview's item and what the confirm writes). */
export interface SettledItem {
  item: NfeItem;
  preview: PurchasePreviewItem;
  product: MatchableProduct | null;
  create: ItemDecision['create'];
  /** The new product's fields as the catalogue checked them ('Criar produto' with every field right). */
  createInput: ProductCreate | null;
  factor: number;
  units: number | null;
  unitCostCents: number | null;
  /** Units at one cent more (positive) or less (negative) than unitCostCents: the line adds up to its cost. */
  centUnits: number;
  /** Bonus, credits and the cost the line enters at (decision 0089). */
  cost: ItemEntryCost;
  /** The phones coming in (a serialized product): each its IMEI and, dual-SIM, the second. */
  phones: UnitInput[];
}

export interface Settled {
  note: NfeDocument;
  supplier: { id: number | null; name: string; document: string };
  items: SettledItem[];
  /** The duplicatas checked and the bills to make (entry-payment.ts). */
  billing: SettledBilling;
  /** Bonus and credits of the note (nfe/entry-costs.ts). */
  costs: NoteEntryCosts;
  preview: PurchasePreview;
}

/** Both IMEIs of a phone (dual-SIM), or its only one. */
const imeisOfUnit = (unit: UnitInput) => (unit.imei2 ? [unit.imei, unit.imei2] : [unit.imei]);

/**
 * The phones of an item: the decision's units (decision 0050), else its IMEIs one a unit, else those the note
 * lists (one a unit: a note does not say which two IMEIs are one phone's).
 */
export function phonesOf(decision: ItemDecision | undefined, fromNote: string[]): UnitInput[] {
  if (decision?.units) return decision.units;
  return (decision?.imeis ?? fromNote).filter((imei) => imei !== '').map((imei) => ({ imei }));
}

/** What the items are matched against: the decisions by line, the products by GTIN, by supplier code, chosen. */
interface Lookups {
  byLine: Map<number, ItemDecision>;
  gtinProduct: Map<string, Awaited<ReturnType<typeof repo.productsByGtin>>[number]>;
  codeLink: Map<string, Awaited<ReturnType<typeof repo.rememberedCodes>>[number]>;
  /** Each code's factors, one per unit it was learnt with (issue 57 §1). */
  codeFactors: Map<string, RememberedFactor[]>;
  chosenById: Map<number, MatchableProduct>;
  /** The level percentages of a product created from the note and the cost's ±% (decision 0090). */
  settings: PurchaseSettings;
}

/** The products the note's items may be: by the GTINs (the note's and those created), the codes, the choices. */
async function lookupsOf(
  db: Executor,
  note: NfeDocument,
  decisions: PurchaseDecisions,
  knownSupplierId: number | null,
): Promise<Lookups> {
  const gtins = [...new Set(note.items.flatMap((i) => (i.gtin ? [i.gtin] : [])))];
  const creating = decisions.items.flatMap((d) => (d.create?.barcode ? [d.create.barcode] : []));
  const [byGtin, remembered, chosen, settings] = await Promise.all([
    repo.productsByGtin(db, [...gtins, ...creating]),
    knownSupplierId !== null
      ? repo.rememberedCodes(db, knownSupplierId, [...new Set(note.items.map((i) => i.supplierCode))])
      : [],
    repo.productsByIds(
      db,
      decisions.items.flatMap((d) => (d.productId ? [d.productId] : [])),
    ),
    purchaseSettings(db),
  ]);
  return {
    byLine: new Map(decisions.items.map((d) => [d.line, d])),
    gtinProduct: new Map(byGtin.map((p) => [p.gtin14, p])),
    // The product of a code: the latest learnt (the rows come newest first).
    codeLink: new Map(remembered.toReversed().map((r) => [r.supplier_code, r])),
    codeFactors: remembered.reduce((byCode, r) => {
      byCode.set(r.supplier_code, [...(byCode.get(r.supplier_code) ?? []), { unit: r.unit, factor: r.factor }]);
      return byCode;
    }, new Map<string, RememberedFactor[]>()),
    chosenById: new Map(chosen.map((p) => [p.id, p])),
    settings,
  };
}

/** A new product's level percentages: the decision's, else the shop's defaults for products from a note. */
function discountOf(create: NonNullable<ItemDecision['create']>, settings: PurchaseSettings) {
  return (
    create.discount ?? {
      goldPercentage: settings.goldPercentage,
      silverPercentage: settings.silverPercentage,
      bronzePercentage: settings.bronzePercentage,
    }
  );
}

/**
 * A linked item's unit cost against its product's average before the note (decision 0090): beyond the setting's
 * ±%, a problem of the item until the clerk acknowledges it ('Custo conferido').
 */
function costDeviationOf(
  product: MatchableProduct | null,
  decision: ItemDecision | undefined,
  unitCost: number | null,
  limit: number,
  problems: string[],
): CostDeviation {
  if (!product || unitCost === null) return null;
  const percent = costDeviationPercent(unitCost, product.cost_cents, limit);
  if (percent === null) return null;
  const acknowledged = decision?.acceptCost === true;
  if (!acknowledged) problems.push(PURCHASE_SETTINGS_TEXTS.costDeviation(unitCost, product.cost_cents, percent, limit));
  return { averageCost: centsToReais(product.cost_cents), percent, limit, acknowledged };
}

/** The item's product: the user's choice ('Vincular' or 'Criar produto'), else by GTIN, else by supplier code. */
function matchProduct(
  item: NfeItem,
  decision: ItemDecision | undefined,
  lookups: Lookups,
  problems: string[],
): { product: MatchableProduct | null; match: PurchaseMatch } {
  const link = lookups.codeLink.get(item.supplierCode);
  if (decision?.productId) {
    const product = lookups.chosenById.get(decision.productId) ?? null;
    if (!product || product.archived) {
      problems.push(T.productNotFound);
      return { product: null, match: 'LINKED' };
    }
    return { product, match: 'LINKED' };
  }
  if (decision?.create) {
    const taken = decision.create.barcode
      ? lookups.gtinProduct.get(decision.create.barcode.padStart(14, '0'))
      : undefined;
    if (taken) problems.push(T.barcodeTaken(decision.create.barcode as string, taken.name));
    return { product: null, match: 'CREATE' };
  }
  if (item.gtin && lookups.gtinProduct.has(item.gtin.padStart(14, '0'))) {
    return { product: lookups.gtinProduct.get(item.gtin.padStart(14, '0')) ?? null, match: 'GTIN' };
  }
  if (link) return { product: link, match: 'SUPPLIER_CODE' };
  problems.push(T.chooseProduct);
  return { product: null, match: 'NONE' };
}

/** The factor of the item's unit (unit-factors.ts: per supplier, code and unit) and whether it is confirmed. */
function factorOf(item: NfeItem, decision: ItemDecision | undefined, lookups: Lookups, problems: string[]) {
  return settleFactor(item, decision?.factor, lookups.codeFactors.get(item.supplierCode) ?? [], problems);
}

/** The phones of a serialized item: one per unit, each IMEI Luhn-checked and kept for the note-wide checks. */
function checkPhones(
  item: NfeItem,
  serialized: boolean,
  phones: UnitInput[],
  units: number | null,
  problems: string[],
  imeiLines: { imei: string; line: number }[],
) {
  if (serialized) {
    if (units !== null && phones.length !== units) problems.push(T.imeiCount(units, phones.length));
    for (const imei of phones.flatMap(imeisOfUnit)) {
      if (!isValidImei(imei)) problems.push(T.imeiInvalid(imei));
      imeiLines.push({ imei, line: item.itemNumber });
    }
  } else if (phones.length > 0) {
    problems.push(T.imeisNotSerialized);
  }
}

type Percentages = { gold: number; silver: number; bronze: number };

/**
 * The product's new weighted average and its level percentages (a new product: its unit cost and the decision's
 * percentages); `running` keeps stock and cost as the items before change them (two items of one product
 * compound, as the move does).
 */
function newAverageOf(
  product: MatchableProduct | null,
  decision: ItemDecision | undefined,
  units: number | null,
  unitCost: number | null,
  centUnits: number,
  running: Map<number, { stock: number; cost: number }>,
  settings: PurchaseSettings,
): { newAverage: number | null; percentages: Percentages | null } {
  if (product && units !== null && unitCost !== null) {
    const before = running.get(product.id) ?? { stock: product.stock, cost: product.cost_cents };
    // As the move does: the units at the unit cost, then those at one cent more or less (write-purchase.ts).
    const cents = Math.abs(centUnits);
    const first = averageCostCents(before.stock, before.cost, units - cents, unitCost);
    const newAverage =
      cents > 0 ? averageCostCents(before.stock + units - cents, first, cents, unitCost + Math.sign(centUnits)) : first;
    running.set(product.id, { stock: before.stock + units, cost: newAverage });
    return {
      newAverage,
      percentages: {
        gold: product.gold_percentage,
        silver: product.silver_percentage,
        bronze: product.bronze_percentage,
      },
    };
  }
  if (decision?.create && unitCost !== null) {
    const { goldPercentage, silverPercentage, bronzePercentage } = discountOf(decision.create, settings);
    return {
      newAverage: unitCost,
      percentages: { gold: goldPercentage, silver: silverPercentage, bronze: bronzePercentage },
    };
  }
  return { newAverage: null, percentages: null };
}

/** The item's bonus, credits and cost entered, its units' costs adding up to it (decision 0089). */
function costFields(
  item: NfeItem,
  f: { units: number | null; unitCost: number | null; centUnits: number; cost: ItemEntryCost },
) {
  const cents = Math.abs(f.centUnits);
  const groups =
    f.units === null || f.unitCost === null
      ? []
      : [
          { units: f.units - cents, cost: centsToReais(f.unitCost) },
          { units: cents, cost: centsToReais(f.unitCost + Math.sign(f.centUnits)) },
        ].filter((g) => g.units > 0);
  return {
    bonus: f.cost.bonus,
    fcpSt: centsToReais(item.fcpStCents),
    credits: {
      icms: centsToReais(f.cost.credits.icms),
      pis: centsToReais(f.cost.credits.pis),
      cofins: centsToReais(f.cost.credits.cofins),
    },
    entryCost: centsToReais(f.cost.entryCostCents),
    unitCosts: groups,
    unitCostsText: groups.length > 0 ? PURCHASE_COST_TEXTS.unitCosts(groups, f.cost.entryCostCents) : '',
  };
}

/** The preview's item: the note's line, its match, units, costs, new average, level prices, IMEIs, problems. */
function itemPreview(
  item: NfeItem,
  figures: {
    product: MatchableProduct | null;
    match: PurchaseMatch;
    factor: number;
    factorConfirmed: boolean;
    units: number | null;
    unitCost: number | null;
    centUnits: number;
    cost: ItemEntryCost;
    serialized: boolean;
    newAverage: number | null;
    percentages: Percentages | null;
    costDeviation: CostDeviation;
    phones: UnitInput[];
    problems: string[];
  },
): PurchasePreviewItem {
  const { product, unitCost, newAverage, percentages } = figures;
  return {
    line: item.itemNumber,
    supplierCode: item.supplierCode,
    name: item.name,
    gtin: item.gtin,
    ncm: item.ncm,
    cest: item.cest,
    unit: item.unit,
    quantity: item.quantity,
    factor: figures.factor,
    factorConfirmed: figures.factorConfirmed,
    factorText: factorInWords(item, figures.factor, figures.units),
    units: figures.units,
    totalCost: centsToReais(item.totalCostCents),
    freight: centsToReais(item.freightCents),
    costParts: {
      products: centsToReais(item.productCents),
      discount: centsToReais(item.discountCents),
      freight: centsToReais(item.freightCents),
      insurance: centsToReais(item.insuranceCents),
      other: centsToReais(item.otherCents),
      ipi: centsToReais(item.ipiCents),
      ipiReturned: centsToReais(item.ipiDevolCents ?? 0),
      icmsSt: centsToReais(item.icmsStCents),
      fcpSt: centsToReais(item.fcpStCents ?? 0),
    },
    unitCost: unitCost === null ? null : centsToReais(unitCost),
    ...costFields(item, figures),
    match: figures.match,
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
    serialized: figures.serialized,
    newAverageCost: newAverage === null ? null : centsToReais(newAverage),
    levelPrices:
      newAverage === null || percentages === null
        ? null
        : {
            gold: centsToReais(priceFromPercentage(newAverage, percentages.gold)),
            silver: centsToReais(priceFromPercentage(newAverage, percentages.silver)),
            bronze: centsToReais(priceFromPercentage(newAverage, percentages.bronze)),
          },
    costDeviation: figures.costDeviation,
    imeis: figures.phones.map((phone) => phone.imei),
    problems: figures.problems,
  };
}

/** One item of the note settled: its product, factor, units, unit cost, phones, new product and figures. */
function settleItem(
  item: NfeItem,
  cost: ItemEntryCost,
  lookups: Lookups,
  running: Map<number, { stock: number; cost: number }>,
  imeiLines: { imei: string; line: number }[],
): SettledItem {
  const decision = lookups.byLine.get(item.itemNumber);
  const problems: string[] = [];
  const { product, match } = matchProduct(item, decision, lookups, problems);
  const { factor, factorConfirmed } = factorOf(item, decision, lookups, problems);
  const units = quantityInUnits(item.quantity, factor);
  if (units === null) problems.push(T.factorNotWhole(item.quantity, factor));
  const { unitCostCents: unitCost, centUnits } = units
    ? splitUnitCost(cost.entryCostCents, units)
    : { unitCostCents: null, centUnits: 0 };
  const serialized = product?.serialized ?? decision?.create?.serialized ?? false;
  const phones = phonesOf(decision, serialized ? item.imeis : []);
  checkPhones(item, serialized, phones, units, problems, imeiLines);
  const { settings } = lookups;
  const costDeviation = costDeviationOf(product, decision, unitCost, settings.costDeviationPercentage, problems);
  const createInput = decision?.create ? newProductInput(decision.create, unitCost ?? 0, problems, settings) : null;
  const { newAverage, percentages } = newAverageOf(product, decision, units, unitCost, centUnits, running, settings);
  return {
    item,
    product,
    create: decision?.create,
    createInput,
    factor,
    units,
    unitCostCents: unitCost,
    centUnits,
    cost,
    phones,
    preview: itemPreview(item, {
      product,
      match,
      factor,
      factorConfirmed,
      units,
      unitCost,
      centUnits,
      cost,
      serialized,
      newAverage,
      percentages,
      costDeviation,
      phones,
      problems,
    }),
  };
}

/** IMEIs repeated within the note, and those already registered to a unit: named on their line. */
async function checkNoteImeis(db: Executor, items: SettledItem[], imeiLines: { imei: string; line: number }[]) {
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
}

/**
 * The note's warnings (a recipient other than the shop, no signature, a certificate not the issuer's) and the
 * problems of those left unconfirmed.
 */
async function noteWarnings(db: Executor, note: NfeDocument, decisions: PurchaseDecisions) {
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
  const signed = signatureWarnings(note, decisions);
  warnings.push(...signed.warnings);
  problems.push(...signed.problems);
  return { warnings, problems };
}

/** The preview of the settled note: its header, signature, instalments, warnings, items and every problem. */
function notePreview(
  note: NfeDocument,
  supplier: Settled['supplier'],
  items: SettledItem[],
  warnings: PurchasePreview['warnings'],
  problems: string[],
  billing: SettledBilling,
  costs: PurchasePreview['costs'],
  settings: PurchaseSettings,
  drawerClosed: boolean,
): PurchasePreview {
  return {
    accessKey: note.accessKey,
    number: note.number,
    series: note.series,
    issuedAt: note.issuedAt,
    total: centsToReais(note.totalCents),
    supplier,
    recipient: note.recipient,
    signature:
      note.signature.status === 'VALID'
        ? { status: 'VALID', certificate: note.signature.certificate.subject, chain: signatureChain(note) }
        : { status: 'ABSENT', certificate: null, chain: null },
    instalments: note.instalments.map((i) => ({
      documentNumber: i.documentNumber,
      dueDate: i.dueDate,
      amount: centsToReais(i.amountCents),
    })),
    warnings,
    items: items.map((i) => i.preview),
    levelDefaults: {
      gold: settings.goldPercentage,
      silver: settings.silverPercentage,
      bronze: settings.bronzePercentage,
    },
    billing: billing.billing,
    costs,
    drawerClosed,
    problems,
    ready: problems.length === 0,
  };
}

/**
 * Settles every item of the note with the user's decisions (issue 39 §2, decision 0049): the product by the
 * user's choice ('Vincular' or 'Criar produto'), else by GTIN (products.barcode), else by the supplier's code
 * remembered from an earlier entry; the factor of its unit; the units coming in; the unit cost
 * (the line's entry cost — its total less its credits, a bonus item by the entry's rule, nfe/entry-costs.ts — ÷ units, `splitUnitCost`); the product's new
 * weighted average and level prices; the phones (one per unit coming in, each IMEI of each, the second of a
 * dual-SIM too: Luhn, repeats within the note, already registered); and the note's warnings. Reads only: the preview answers it, the confirm writes it when nothing is left open.
 */
export async function settle(
  db: Executor,
  note: NfeDocument,
  decisions: PurchaseDecisions,
  options: { drawerOf?: number } = {},
): Promise<Settled> {
  const document = normalizeDocument(note.issuer.document);
  const known = await supplierByDocument(db, document);
  const lookups = await lookupsOf(db, note, decisions, known ? known.id : null);
  // Stock and cost as the items before change them (two items of one product compound, as the move does).
  const running = new Map<number, { stock: number; cost: number }>();
  const imeiLines: { imei: string; line: number }[] = [];
  const regime = await shopRegime(db);
  const costs = noteEntryCosts(note.items, regime, decisions.bonusCost);
  const items = note.items.map((item, index) =>
    settleItem(item, costs.items[index] as ItemEntryCost, lookups, running, imeiLines),
  );
  await checkNoteImeis(db, items, imeiLines);
  await checkNewProducts(db, items);
  const { warnings, problems } = await noteWarnings(db, note, decisions);
  for (const settledItem of items) {
    for (const problem of settledItem.preview.problems) {
      problems.push(T.item(settledItem.item.itemNumber, settledItem.item.name, problem));
    }
  }
  if (decisions.bonusCost && costs.bonusItems === 0) problems.push(PURCHASE_COST_TEXTS.bonusChoiceInvalid);
  // The bonus items' value is not billed (decision 0089).
  const billing = settleBilling(note, decisions, note.totalCents - costs.bonusCents);
  problems.push(...billing.problems);
  // The preview only: the confirm's drawer is checked as the cash leaves it (bill-entry.ts, 409 CASH_DRAWER_CLOSED).
  const drawer = options.drawerOf === undefined ? null : await drawerProblem(db, options.drawerOf, billing);
  if (drawer) problems.push(drawer);
  const supplier = { id: known?.id ?? null, name: known?.name ?? note.issuer.name, document };
  const costsShown = costsPreview(costs, regime, note.totalCents);
  const preview = notePreview(
    note,
    supplier,
    items,
    warnings,
    problems,
    billing,
    costsShown,
    lookups.settings,
    drawer !== null,
  );
  return { note, supplier, items, billing, costs, preview };
}

/**
 * A new product's fields as the catalogue checks them (`productCreateSchema`): the user's decision with the
 * item's unit cost and no stock (it comes in by the entry); a field that would be refused is a problem of the
 * item, in the catalogue's words.
 */
function newProductInput(
  create: NonNullable<ItemDecision['create']>,
  unitCost: number,
  problems: string[],
  settings: PurchaseSettings,
): ProductCreate | null {
  const parsed = productCreateSchema.safeParse({
    name: create.name,
    brand: create.brand,
    cost: centsToReais(unitCost),
    sellPrice: create.sellPrice,
    discount: discountOf(create, settings),
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
