import {
  businessDay,
  businessTimeZone,
  COMPANY_ID,
  centsToReais,
  DEFAULT_TRADE_IN_DEDUCTIONS,
  DEFAULT_USED_WARRANTY_DAYS,
  dayStart,
  formatBRL,
  hasAnyPermission,
  isValidImei,
  ORDER_TEXTS,
  PERMISSIONS,
  reaisToCents,
  shiftDay,
  TRADE_IN_CHECK_LABELS,
  TRADE_IN_DEFECT_LABELS,
  TRADE_IN_DEFECTS,
  TRADE_IN_STATUS_LABELS,
  TRADE_IN_TEXTS,
  type TradeIn,
  type TradeInAcceptBody,
  type TradeInCheckBody,
  type TradeInChecklist,
  type TradeInCreateBody,
  type TradeInDefect,
  type TradeInEvaluateBody,
  type TradeInEvaluation,
  type TradeInListQuery,
  type TradeInPrice,
  type TradeInPriceBody,
  type TradeInReportRow,
  type TradeInSettings,
  type TradeInSummary,
  tradeInCode,
  tradeInOffer,
  tradeInPhoneName,
  UNIT_STATUS_LABELS,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import type { FileLinks } from '../../lib/file-links';
import { isUniqueViolation } from '../../lib/sql-errors';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { receiveCash } from '../cash/cash.service';
import { assertOrderReadable, normalizeOrderPicture } from '../orders/workflow.service';
import { createPayables, payPayableNow } from '../payables/payables.service';
import { addTradeInPart } from '../payments/order-payments.service';
import { shopIdentity } from '../settings/settings.service';
import { releaseUsedUnit, takeInUsedUnit, unitByImei } from '../stock/stock.service';
import { tradeInTermPdf } from './term';
import { tradeInsRepository as repo, type TradeInFileKind } from './trade-ins.repository';

const iso = (value: Date | string) => new Date(value).toISOString();
/** Rows a CSV export reads at a time. */
const EXPORT_BATCH = 500;
const brl = (cents: number) => formatBRL(centsToReais(cents));
const reais = (cents: number | null) => (cents === null ? null : centsToReais(cents));

type Row = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;

/** The shop's deductions (cents) and seminovo warranty, the defaults where it typed none. */
export async function tradeInSettings(
  db: Executor,
): Promise<{ deductions: Record<TradeInDefect, number>; warrantyDays: number }> {
  const row = await repo.settings(db, COMPANY_ID);
  const saved = (row?.deductions ?? {}) as Partial<Record<TradeInDefect, number>>;
  const deductions = Object.fromEntries(
    TRADE_IN_DEFECTS.map((defect) => [defect, saved[defect] ?? DEFAULT_TRADE_IN_DEDUCTIONS[defect]]),
  ) as Record<TradeInDefect, number>;
  return { deductions, warrantyDays: row?.warranty_days ?? DEFAULT_USED_WARRANTY_DAYS };
}

/** The evaluation of a phone: its table price, the checklist's deductions and the offer (cents). */
async function evaluation(db: Executor, body: TradeInEvaluateBody) {
  const price = await repo.priceOf(db, body);
  const { deductions } = await tradeInSettings(db);
  const tablePriceCents = price?.price_cents ?? null;
  const offer = tradeInOffer(tablePriceCents, body.checklist, deductions);
  return { tablePriceCents, ...offer };
}

function evaluationToApi(evaluated: {
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

/** A value above the offer (or without one) is a manager's: `bo:manage:trade-ins`. */
function assertValueAllowed(principal: Principal, valueCents: number, offerCents: number | null) {
  if (hasAnyPermission(principal.permissions, [PERMISSIONS.tradeIns])) return;
  if (offerCents === null) throw forbidden(TRADE_IN_TEXTS.noTablePrice);
  if (valueCents > offerCents) throw forbidden(TRADE_IN_TEXTS.aboveOffer(brl(offerCents)));
}

function badImeis(imeis: string[]) {
  const bad = imeis.filter((imei) => !isValidImei(imei));
  if (bad.length === 0) return;
  const messages = bad.map(TRADE_IN_TEXTS.imeiInvalid);
  throw new AppError(400, messages[0] as string, { code: 'INVALID_IMEI', messages, details: { imeis: bad } });
}

/** What is still needed before a trade-in can be accepted, in the shop's words. */
function missingOf(row: {
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

function summaryOf(row: {
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
    createdAt: iso(row.created_at),
  };
}

/**
 * Used phones taken in (issue 42 §1, decision 0058). Every write runs in one transaction with the trade-in's row
 * locked, and is audited.
 */
export function createTradeInsService(db: DB, storage: Storage, links: FileLinks) {
  /** Pictures checked and re-encoded before a transaction opens (sharp is slow: no connection held meanwhile). */
  function readPictures(base64s: readonly string[], kind: 'photo' | 'signature') {
    return Promise.all(base64s.map((base64) => normalizeOrderPicture(base64, kind)));
  }

  async function storePictures(trx: Executor, pictures: ReadonlyArray<{ data: Buffer; extension: string }>) {
    const keys: string[] = [];
    for (const picture of pictures) keys.push(await storage.put(trx, 'trade-ins', picture.data, picture.extension));
    return keys;
  }

  async function locked(trx: Transaction<Database>, id: number) {
    const row = await repo.lock(trx, id);
    if (!row) throw notFound(TRADE_IN_TEXTS.notFound);
    return row;
  }

  function assertOpen(row: { id: number; status: string }) {
    if (row.status !== 'OPEN') {
      throw conflict(
        TRADE_IN_TEXTS.notOpen(tradeInCode(row.id), TRADE_IN_STATUS_LABELS[row.status as TradeIn['status']]),
        'TRANSITION_REFUSED',
      );
    }
  }

  async function audit(
    trx: Executor,
    employeeId: number,
    id: number,
    action: string,
    changes: Record<string, unknown>,
  ) {
    await recordAudit(trx, { employeeId, entity: 'trade_in', entityId: id, action, changes });
  }

  async function details(principal: Principal, id: number): Promise<TradeIn> {
    const row = await repo.byId(db, id);
    if (!row) throw notFound(TRADE_IN_TEXTS.notFound);
    return toApi(principal, row);
  }

  async function toApi(principal: Principal, row: Row): Promise<TradeIn> {
    const files = await repo.files(db, row.id);
    const url = (path: string) => links.sign(storage.url(path), path, principal);
    const of = (kind: TradeInFileKind) => files.filter((file) => file.kind === kind).map((file) => url(file.path));
    const checklist = row.checklist as TradeInChecklist;
    const deductions = row.deductions as Array<{ defect: TradeInDefect; cents: number }>;
    let knownUnit: TradeIn['knownUnit'] = null;
    if (row.status === 'OPEN') {
      const unit = await unitByImei(db, row.imei).catch(() => null);
      if (unit) {
        knownUnit = {
          product: unit.product,
          status: UNIT_STATUS_LABELS[unit.status],
          order: unit.order,
          warrantyEndsAt: unit.warrantyEndsAt,
        };
      }
    }
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
              at: iso(row.checked_at),
              by: row.checked_by_name ?? '',
              screenshot: of('CHECK')[0] ?? '',
            }
          : null,
      signedAt: row.signed_at ? iso(row.signed_at) : null,
      signature: of('SIGNATURE')[0] ?? null,
      photos: of('PHOTO'),
      order: row.order_id !== null && row.order_code ? { id: row.order_id, code: row.order_code } : null,
      product:
        row.product_id !== null && row.product_code && row.product_name
          ? { id: row.product_id, code: row.product_code, name: row.product_name }
          : null,
      unitStatus: row.unit_status ?? null,
      acceptedAt: row.accepted_at ? iso(row.accepted_at) : null,
      cancelReason: row.cancel_reason,
      knownUnit,
      missing: row.status === 'OPEN' ? missingOf(row) : [],
    };
  }

  return {
    details,

    async page(query: TradeInListQuery) {
      const { rows, total } = await repo.page(db, query);
      return { items: rows.map(summaryOf), page: query.page, total };
    },

    /** Every trade-in the list's filters match, a page of the list at a time (the CSV: memory stays one batch). */
    async *exportBatches(filter: Omit<TradeInListQuery, 'page' | 'items'>): AsyncGenerator<TradeInSummary[]> {
      for (let page = 0; ; page++) {
        const { rows } = await repo.page(db, { ...filter, page, items: EXPORT_BATCH }, false);
        if (rows.length > 0) yield rows.map(summaryOf);
        if (rows.length < EXPORT_BATCH) return;
      }
    },

    async evaluate(body: TradeInEvaluateBody): Promise<TradeInEvaluation> {
      return evaluationToApi(await evaluation(db, body));
    },

    /**
     * A used phone evaluated: the seller, the phone, its checklist and photos; the offer from the table and the
     * deductions, the value agreed (the offer unless typed; above it only by a manager). The same Idempotency-Key
     * sent again (a lost answer) answers the trade-in it created, once.
     */
    async create(principal: Principal, body: TradeInCreateBody, key?: string): Promise<TradeIn> {
      const earlier = key === undefined ? undefined : await repo.idByKey(db, key);
      if (earlier !== undefined) return details(principal, earlier);
      badImeis(body.imei2 ? [body.imei, body.imei2] : [body.imei]);
      const evaluated = await evaluation(db, body);
      const valueCents = body.value === undefined ? evaluated.offerCents : reaisToCents(body.value);
      if (valueCents !== null) assertValueAllowed(principal, valueCents, evaluated.offerCents);
      const pictures = await readPictures(body.photos ?? [], 'photo');
      const created = db.transaction().execute(async (trx) => {
        if (body.customerId !== undefined && !(await repo.customerExists(trx, body.customerId))) {
          throw notFound(TRADE_IN_TEXTS.customerNotFound);
        }
        const photos = await storePictures(trx, pictures);
        const newId = await repo.insert(trx, {
          customer_id: body.customerId ?? null,
          seller_name: body.sellerName,
          seller_cpf: body.sellerCpf,
          brand: body.brand,
          model: body.model,
          storage_gb: body.storage,
          colour: body.colour?.trim() || null,
          imei: body.imei,
          imei2: body.imei2 ?? null,
          checklist: JSON.stringify(body.checklist),
          table_price_cents: evaluated.tablePriceCents,
          deductions: JSON.stringify(evaluated.deductions),
          offer_cents: evaluated.offerCents,
          value_cents: valueCents,
          value_set_by: valueCents === null ? null : principal.employeeId,
          created_by: principal.employeeId,
          idempotency_key: key ?? null,
        });
        await repo.insertFiles(trx, newId, 'PHOTO', photos);
        await audit(trx, principal.employeeId, newId, 'created', {
          phone: tradeInPhoneName(body),
          imei: body.imei,
          offer: reais(evaluated.offerCents),
          value: reais(valueCents),
        });
        return newId;
      });
      const id = await created.catch(async (error: unknown) => {
        // Two requests with the same key at once: the second meets the unique key and answers the first's.
        const first = key !== undefined && isUniqueViolation(error) ? await repo.idByKey(db, key) : undefined;
        if (first === undefined) throw error;
        return first;
      });
      return details(principal, id);
    },

    /** The value agreed: lower than the offer by anyone who takes phones in; higher (or without an offer) by a manager. */
    async setValue(principal: Principal, id: number, value: number): Promise<TradeIn> {
      const valueCents = reaisToCents(value);
      await db.transaction().execute(async (trx) => {
        const row = await locked(trx, id);
        assertOpen(row);
        assertValueAllowed(principal, valueCents, row.offer_cents);
        await repo.update(trx, id, { value_cents: valueCents, value_set_by: principal.employeeId });
        await audit(trx, principal.employeeId, id, 'value', {
          from: reais(row.value_cents),
          to: centsToReais(valueCents),
        });
      });
      return details(principal, id);
    },

    /**
     * The stolen-phone check: who, when, the answer and its screenshot. 'Impedido' ends the trade-in (BLOCKED):
     * the phone is not taken. Checked once.
     */
    async check(principal: Principal, id: number, body: TradeInCheckBody): Promise<TradeIn> {
      const pictures = await readPictures([body.screenshot], 'photo');
      await db.transaction().execute(async (trx) => {
        const row = await locked(trx, id);
        // The same answer sent again (a retry whose answer was lost): the trade-in as it is.
        if (row.check_result === body.result) return;
        assertOpen(row);
        if (row.check_result !== null) throw conflict(TRADE_IN_TEXTS.alreadyChecked, 'TRANSITION_REFUSED');
        const [screenshot] = await storePictures(trx, pictures);
        await repo.insertFiles(trx, id, 'CHECK', [screenshot as string]);
        await repo.update(trx, id, {
          check_result: body.result,
          checked_by: principal.employeeId,
          checked_at: new Date(),
          ...(body.result === 'IMPEDIDO' ? { status: 'BLOCKED' } : {}),
        });
        await audit(trx, principal.employeeId, id, 'check', { result: TRADE_IN_CHECK_LABELS[body.result] });
      });
      return details(principal, id);
    },

    /** The seller's signature on the term, once the phone was checked regular and its value set. */
    async sign(principal: Principal, id: number, signature: string): Promise<TradeIn> {
      const pictures = await readPictures([signature], 'signature');
      await db.transaction().execute(async (trx) => {
        const row = await locked(trx, id);
        // Signed already (a retry whose answer was lost): the trade-in as it is, its first signature kept.
        if (row.signed_at !== null) return;
        assertOpen(row);
        if (row.check_result === null) throw conflict(TRADE_IN_TEXTS.checkMissing, 'TRANSITION_REFUSED');
        if (row.value_cents === null) throw conflict(TRADE_IN_TEXTS.valueMissing, 'TRANSITION_REFUSED');
        const [key] = await storePictures(trx, pictures);
        await repo.insertFiles(trx, id, 'SIGNATURE', [key as string]);
        await repo.update(trx, id, { signed_at: new Date() });
        await audit(trx, principal.employeeId, id, 'signed', {});
      });
      return details(principal, id);
    },

    /**
     * The phone taken: it becomes a unit of the seminovo product in preparation, at the value paid, with the shop's
     * seminovo warranty; the seller is paid as part of an order's payment (a TRADE_IN part), in cash (out of the
     * attendant's open register) or by Pix (a bill paid today in 'Contas a pagar'). Needs the value, a regular
     * check, the account removed and the signature.
     */
    async accept(principal: Principal, id: number, body: TradeInAcceptBody): Promise<TradeIn> {
      if (body.orderId !== undefined) await assertOrderReadable(db, principal, body.orderId, ORDER_TEXTS.notFound);
      const { warrantyDays } = await tradeInSettings(db);
      await db.transaction().execute(async (trx) => {
        const row = await locked(trx, id);
        // The same acceptance sent again (a retry whose answer was lost): the trade-in as it is, paid once.
        const same =
          row.status === 'ACCEPTED' &&
          row.settlement === body.settlement &&
          row.product_id === body.productId &&
          row.order_id === (body.orderId ?? null);
        if (same) return;
        assertOpen(row);
        const missing = missingOf(row);
        if (missing.length > 0) throw conflict(missing[0] as string, 'TRANSITION_REFUSED', { missing });
        const valueCents = row.value_cents as number;
        if (valueCents === 0) throw conflict(TRADE_IN_TEXTS.valueZero, 'TRANSITION_REFUSED');
        const code = tradeInCode(id);
        const unitId = await takeInUsedUnit(trx, {
          productId: body.productId,
          imei: row.imei,
          imei2: row.imei2,
          costCents: valueCents,
          tradeInId: id,
          warrantyDays,
          employeeId: principal.employeeId,
          note: TRADE_IN_TEXTS.historyEntered(code),
        });
        let payableId: number | null = null;
        if (body.settlement === 'ORDER') {
          await addTradeInPart(trx, principal, body.orderId as number, { id, code, valueCents });
        } else if (body.settlement === 'CASH') {
          await receiveCash(trx, {
            employeeId: principal.employeeId,
            kind: 'TRADE_IN',
            amountCents: valueCents,
            reason: TRADE_IN_TEXTS.cashReason(code),
          });
        } else {
          const phone = tradeInPhoneName({ brand: row.brand, model: row.model, storage: row.storage_gb });
          const [bill] = await createPayables(
            trx,
            {
              supplierId: null,
              purchaseId: null,
              category: 'COMPRA',
              description: TRADE_IN_TEXTS.payableDescription(code, phone),
              instalments: [{ documentNumber: code, dueDate: businessDay(new Date()), amountCents: valueCents }],
            },
            principal.employeeId,
          );
          payableId = bill as number;
          await payPayableNow(trx, payableId, principal.employeeId, valueCents, 'PIX');
        }
        const now = new Date();
        await repo.update(trx, id, {
          status: 'ACCEPTED',
          settlement: body.settlement,
          order_id: body.orderId ?? null,
          product_id: body.productId,
          unit_id: unitId,
          payable_id: payableId,
          accepted_by: principal.employeeId,
          accepted_at: now,
        });
        await audit(trx, principal.employeeId, id, 'accepted', {
          settlement: body.settlement,
          orderId: body.orderId ?? null,
          productId: body.productId,
          value: centsToReais(valueCents),
        });
      });
      return details(principal, id);
    },

    async cancel(principal: Principal, id: number, reason: string): Promise<TradeIn> {
      await db.transaction().execute(async (trx) => {
        const row = await locked(trx, id);
        assertOpen(row);
        await repo.update(trx, id, { status: 'CANCELLED', cancel_reason: reason });
        await audit(trx, principal.employeeId, id, 'cancelled', { reason });
      });
      return details(principal, id);
    },

    /** The seminovo checked and released for sale: its unit enters the stock (decision 0058). */
    async release(principal: Principal, id: number): Promise<TradeIn> {
      await db.transaction().execute(async (trx) => {
        const row = await locked(trx, id);
        if (row.status !== 'ACCEPTED' || row.unit_id === null)
          throw conflict(TRADE_IN_TEXTS.notPreparing, 'TRANSITION_REFUSED');
        await releaseUsedUnit(trx, row.unit_id, principal.employeeId);
        await repo.update(trx, id, { released_by: principal.employeeId, released_at: new Date() });
        await audit(trx, principal.employeeId, id, 'released', {});
      });
      return details(principal, id);
    },

    /** 'Termo de compra de aparelho usado' (PDF A4), with the signature once signed. */
    async term(principal: Principal, id: number, now = new Date()): Promise<Buffer> {
      const tradeIn = await details(principal, id);
      const files = await repo.files(db, id);
      const signatureKey = files.find((file) => file.kind === 'SIGNATURE')?.path;
      const signature = signatureKey ? ((await storage.get(signatureKey))?.data ?? null) : null;
      return tradeInTermPdf(tradeIn, await shopIdentity(db), signature, now);
    },

    // ---------- the price table and settings ----------

    async prices(search: string | undefined): Promise<TradeInPrice[]> {
      const rows = await repo.prices(db, search);
      return rows.map((row) => ({
        id: row.id,
        brand: row.brand,
        model: row.model,
        storage: row.storage_gb,
        price: centsToReais(row.price_cents),
      }));
    },

    async savePrice(actorId: number, body: TradeInPriceBody): Promise<TradeInPrice> {
      const priceCents = reaisToCents(body.price);
      const { id } = await db.transaction().execute(async (trx) => {
        const saved = await repo.upsertPrice(trx, { ...body, priceCents }, actorId);
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'trade_in_price',
          entityId: saved.id,
          action: saved.before === null ? 'created' : 'updated',
          changes: { phone: tradeInPhoneName(body), from: reais(saved.before), to: body.price },
        });
        return saved;
      });
      return { id, brand: body.brand, model: body.model, storage: body.storage, price: body.price };
    },

    async deletePrice(actorId: number, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await repo.deletePrice(trx, id);
        if (!row) throw notFound(TRADE_IN_TEXTS.priceNotFound);
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'trade_in_price',
          entityId: id,
          action: 'deleted',
          changes: {
            phone: tradeInPhoneName({ brand: row.brand, model: row.model, storage: row.storage_gb }),
            price: centsToReais(row.price_cents),
          },
        });
      });
    },

    async settings(): Promise<TradeInSettings> {
      const { deductions, warrantyDays } = await tradeInSettings(db);
      return {
        deductions: Object.fromEntries(
          TRADE_IN_DEFECTS.map((defect) => [defect, centsToReais(deductions[defect])]),
        ) as TradeInSettings['deductions'],
        warrantyDays,
      };
    },

    async saveSettings(actorId: number, body: TradeInSettings): Promise<TradeInSettings> {
      const before = await this.settings();
      const cents = Object.fromEntries(
        TRADE_IN_DEFECTS.map((defect) => [defect, reaisToCents(body.deductions[defect])]),
      );
      await db.transaction().execute(async (trx) => {
        await repo.saveSettings(trx, COMPANY_ID, cents, body.warrantyDays);
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'trade_in_settings',
          entityId: COMPANY_ID,
          action: 'update',
          changes: { before, after: body },
        });
      });
      return this.settings();
    },

    /** Trade-ins accepted by business month in [from, to] (days), with the margin of those resold. */
    async report(from: string, to: string): Promise<TradeInReportRow[]> {
      const rows = await repo.report(db, dayStart(from), dayStart(shiftDay(to, 1)), businessTimeZone());
      return rows.map((row) => ({
        month: row.month,
        count: Number(row.count),
        paid: centsToReais(Number(row.paid_cents)),
        resold: Number(row.resold),
        resoldRevenue: centsToReais(Number(row.revenue_cents)),
        resoldMargin: centsToReais(Number(row.revenue_cents) - Number(row.cost_cents)),
      }));
    },
  };
}
