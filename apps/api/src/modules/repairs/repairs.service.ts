import { randomBytes } from 'node:crypto';
import {
  availableRepairActions,
  businessDay,
  businessTimeZone,
  type CsvValue,
  centsToReais,
  csvMoney,
  dayStart,
  EMPLOYEE_FUNCS,
  fillWhatsAppMessage,
  formatBRL,
  formatBusinessDate,
  formatDay,
  OPEN_REPAIR_STATUSES,
  REPAIR_CUSTOMER_PHRASES,
  REPAIR_STATUS_LABELS,
  REPAIR_STATUSES,
  REPAIR_TEXTS,
  type Repair,
  type RepairAction,
  type RepairCreateBody,
  type RepairCustomerOption,
  type RepairMoveBody,
  type RepairPartOption,
  type RepairReportRow,
  type RepairStatus,
  type RepairSummary,
  type RepairUpdateBody,
  type RepairWarrantySource,
  repairCreateBodySchema,
  type repairListQuerySchema,
  repairUpdateBodySchema,
  shiftDay,
  TECHNICIAN_QUEUE_STATUSES,
  whatsAppLink,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import type { Principal } from '../../plugins/auth';
import { searchCustomers } from '../customers/customers.service';
import { normalizeOrderPicture } from '../orders/workflow.service';
import { searchProducts } from '../products/products.service';
import { shopIdentity } from '../settings/settings.service';
import { kindWhatsAppTemplate } from '../settings/whatsapp-templates.service';
import { unitByImei } from '../stock/stock.service';
import { sealDevicePassword } from './device-password';
import { repairPdf } from './receipt';
import { REPAIR_FILE_FOLDER, totalCents } from './repair-figures';
import { createRepairMoves } from './repair-moves';
import { publicRepairStatus } from './repair-status-page';
import { repairWarranties } from './repair-warranty.service';
import { type RepairFilter, type RepairRow, repairsRepository as repo } from './repairs.repository';

const CSV_BATCH = 500;

/** The lists' query as the route's schema read it (`late` and `all` booleans, paging filled in). */
type RepairListFilter = z.output<typeof repairListQuerySchema>;

/** The public page's address for a token (the receipt's QR code, the WhatsApp message). */
export function statusUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/os/${token}`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The end of the estimated business day: from then on an open service order is late (the bell, the lists). */
export function lateAt(estimatedDate: string): Date {
  return dayStart(shiftDay(estimatedDate, 1));
}

/**
 * Whose warranty covers a repair of this IMEI now: our own sale's (the phone is a unit we sold and its warranty
 * runs: `phoneWarranty` through the stock module) or an earlier repair's; null when none (the customer pays).
 */
async function warrantyCovering(db: AppDeps['db'], imei: string, now: Date) {
  const unit = await unitByImei(db, imei, now).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  if (unit?.warrantyEndsAt && new Date(unit.warrantyEndsAt) > now) {
    return { source: 'SALE' as RepairWarrantySource, until: new Date(unit.warrantyEndsAt) };
  }
  const earlier = await repo.runningWarranty(db, imei, now);
  if (earlier?.warranty_ends_at) {
    return { source: 'REPAIR' as RepairWarrantySource, until: new Date(earlier.warranty_ends_at) };
  }
  return null;
}

function isLate(row: { status: string; late_at: Date | string }, now: Date): boolean {
  return OPEN_REPAIR_STATUSES.includes(row.status as RepairStatus) && new Date(row.late_at) <= now;
}

function summaryOf(row: RepairRow, now: Date): RepairSummary {
  return {
    id: row.id,
    number: row.id,
    status: row.status as RepairStatus,
    statusLabel: REPAIR_STATUS_LABELS[row.status as RepairStatus],
    customer: { id: row.customer_id, name: row.customer_name },
    imei: row.imei,
    model: row.model,
    problem: row.problem,
    technician:
      row.technician_id !== null && row.technician_name !== null
        ? { id: row.technician_id, name: row.technician_name }
        : null,
    estimatedDate: row.estimated_date,
    late: isLate(row, now),
    total: centsToReais(totalCents(row)),
    underWarranty: row.warranty_source !== null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The repair counter (issue 42 §2, decision 0059): service orders opened, corrected, moved along the contract's
 * REPAIR_TRANSITIONS (each move one transaction with the order locked, a history row and an audit row), the parts
 * out of stock through the stock module's ledger (REPAIR rows naming the service order), the bill placed as a
 * real order by the selling module's `placeOrder`, the repair warranty, the lists, the CSV, the receipt and the
 * public status page.
 */
export function createRepairsService(deps: Pick<AppDeps, 'db' | 'storage' | 'fileLinks' | 'config'>) {
  const { db, storage, fileLinks, config } = deps;
  const moveRepair = createRepairMoves({ db, storage });

  async function technicianOrThrow(executor: AppDeps['db'] | Transaction<Database>, id: number) {
    const employee = await repo.technician(executor, id);
    if (!employee || employee.blocked || employee.func !== EMPLOYEE_FUNCS.TECHNICIAN) {
      throw badRequest(REPAIR_TEXTS.technicianInvalid);
    }
  }

  async function detail(principal: Principal, id: number, now = new Date()): Promise<Repair> {
    const row = await repo.detail(db, id);
    if (!row) throw notFound(REPAIR_TEXTS.notFound);
    const [parts, photos, history, template] = await Promise.all([
      repo.parts(db, id),
      repo.photos(db, id),
      repo.history(db, id),
      kindWhatsAppTemplate(db, 'repair'),
    ]);
    const holder = { employeeId: principal.employeeId, tokenVersion: principal.tokenVersion };
    const link = (key: string) => fileLinks.sign(storage.url(key), key, holder);
    const url = statusUrl(config.publicUrl, row.status_token);
    const total = totalCents(row);
    const message = fillWhatsAppMessage(template, {
      cliente: row.customer_name,
      os: String(row.id),
      aparelho: row.model,
      situacao: REPAIR_CUSTOMER_PHRASES[row.status as RepairStatus],
      total: total > 0 && row.status === 'AWAITING_APPROVAL' ? formatBRL(centsToReais(total)) : '',
      previsao: OPEN_REPAIR_STATUSES.includes(row.status as RepairStatus) ? formatDay(row.estimated_date) : '',
      link: url,
    });
    return {
      ...summaryOf(row, now),
      hasDevicePassword: row.has_device_password,
      checklist: (row.checklist as { item: string; ok: boolean }[]) ?? [],
      conditionNotes: row.condition_notes,
      accessories: row.accessories,
      photos: photos.map((photo) => link(photo.file_key)),
      signature: row.signature_key ? link(row.signature_key) : null,
      diagnosis: row.diagnosis,
      parts: parts.map((part) => ({
        productId: part.product_id,
        code: part.product_code,
        name: part.product_name,
        quantity: part.quantity,
        unitPrice: centsToReais(part.unit_price_cents),
        unitCost: centsToReais(part.unit_cost_cents),
        total: centsToReais(part.unit_price_cents * part.quantity),
      })),
      labour: centsToReais(row.labour_cents),
      partsTotal: centsToReais(row.parts_cents),
      warranty:
        row.warranty_source && row.warranty_until
          ? { source: row.warranty_source as RepairWarrantySource, until: iso(row.warranty_until) }
          : null,
      order: row.order_id !== null && row.order_code !== null ? { id: row.order_id, code: row.order_code } : null,
      deliveredAt: row.delivered_at ? iso(row.delivered_at) : null,
      repairWarrantyEndsAt: row.warranty_ends_at ? iso(row.warranty_ends_at) : null,
      statusUrl: url,
      whatsAppLink: whatsAppLink(row.customer_phone, message),
      actions: availableRepairActions(row.status as RepairStatus, principal.permissions, principal.func),
      history: history.map((entry) => ({
        status: entry.status as RepairStatus,
        statusLabel: REPAIR_STATUS_LABELS[entry.status as RepairStatus],
        at: iso(entry.created_at),
        employee: entry.employee_name,
        note: entry.note,
      })),
    };
  }

  function filterOf(query: RepairListFilter, now: Date): RepairFilter {
    const statuses = query.status ? [query.status] : query.all ? REPAIR_STATUSES : OPEN_REPAIR_STATUSES;
    return {
      statuses: query.late ? statuses.filter((s) => OPEN_REPAIR_STATUSES.includes(s)) : statuses,
      ...(query.late ? { lateAt: now } : {}),
      ...(query.technicianId !== undefined ? { technicianId: query.technicianId } : {}),
      ...(query.imei ? { imei: query.imei } : {}),
      ...(query.search ? { search: query.search } : {}),
    };
  }

  return {
    detail,

    /** POST /repairs: the service order opened at the counter, with its photos; RECEIVED, its history and audit. */
    async create(principal: Principal, input: RepairCreateBody, now = new Date(), key?: string): Promise<Repair> {
      // The same Idempotency-Key sent again (a lost answer): the service order it opened, once.
      const earlier = key === undefined ? undefined : await repo.idByKey(db, key);
      if (earlier !== undefined) return detail(principal, earlier, now);
      const body = repairCreateBodySchema.parse(input);
      if (body.estimatedDate < businessDay(now)) throw badRequest(REPAIR_TEXTS.datePast);
      // Pictures checked and re-encoded before the transaction (sharp is slow).
      const photos = await Promise.all(body.photos.map((photo) => normalizeOrderPicture(photo, 'photo')));
      const warranty = await warrantyCovering(db, body.imei, now);
      const opened = db.transaction().execute(async (trx) => {
        const customer = await repo.customer(trx, body.customerId);
        if (!customer) throw notFound(REPAIR_TEXTS.customerNotFound);
        if (body.technicianId) await technicianOrThrow(trx, body.technicianId);
        const repairId = await repo.insert(trx, {
          customer_id: customer.id,
          imei: body.imei,
          unit_id: await repo.unitIdByImei(trx, body.imei),
          model: body.model,
          device_password_sealed: body.devicePassword
            ? sealDevicePassword(config.jwtSecret, body.devicePassword)
            : null,
          problem: body.problem,
          checklist: JSON.stringify(body.checklist),
          condition_notes: body.conditionNotes || null,
          accessories: body.accessories || null,
          estimated_date: body.estimatedDate,
          late_at: lateAt(body.estimatedDate),
          technician_id: body.technicianId ?? null,
          warranty_source: warranty?.source ?? null,
          warranty_until: warranty?.until ?? null,
          status_token: randomBytes(24).toString('base64url'),
          created_by: principal.employeeId,
          created_at: now,
          updated_at: now,
          status_since: now,
          idempotency_key: key ?? null,
        });
        const keys: string[] = [];
        for (const photo of photos) keys.push(await storage.put(trx, REPAIR_FILE_FOLDER, photo.data, photo.extension));
        await repo.insertPhotos(trx, repairId, keys);
        await repo.insertHistory(trx, {
          repairId,
          status: 'RECEIVED',
          employeeId: principal.employeeId,
          note: null,
          at: now,
        });
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'repair',
          entityId: repairId,
          action: 'create',
          changes: {
            customerId: customer.id,
            imei: body.imei,
            model: body.model,
            estimatedDate: body.estimatedDate,
            technicianId: body.technicianId ?? null,
            photos: keys.length,
            ...(warranty ? { warranty: warranty.source } : {}),
          },
        });
        return repairId;
      });
      const id = await opened.catch(async (error: unknown) => {
        // Two requests with the same key at once: the second meets the unique key and answers the first's.
        const first = key !== undefined && isUniqueViolation(error) ? await repo.idByKey(db, key) : undefined;
        if (first === undefined) throw error;
        return first;
      });
      return detail(principal, id, now);
    },

    /** PATCH /repairs/{id}: corrections while the device is with us; refused once it left. */
    async update(principal: Principal, id: number, input: RepairUpdateBody, now = new Date()): Promise<Repair> {
      const body = repairUpdateBodySchema.parse(input);
      if (body.estimatedDate && body.estimatedDate < businessDay(now)) throw badRequest(REPAIR_TEXTS.datePast);
      await db.transaction().execute(async (trx) => {
        const repair = await repo.lock(trx, id);
        if (!repair) throw notFound(REPAIR_TEXTS.notFound);
        if (!OPEN_REPAIR_STATUSES.includes(repair.status as RepairStatus)) throw conflict(REPAIR_TEXTS.notEditable);
        if (
          body.expectedUpdatedAt &&
          new Date(body.expectedUpdatedAt).getTime() !== new Date(repair.updated_at).getTime()
        ) {
          throw conflict(REPAIR_TEXTS.stale, 'STALE_DATA');
        }
        if (body.technicianId) await technicianOrThrow(trx, body.technicianId);
        const after = {
          model: body.model ?? repair.model,
          problem: body.problem ?? repair.problem,
          accessories: body.accessories === undefined ? repair.accessories : body.accessories || null,
          condition_notes: body.conditionNotes === undefined ? repair.condition_notes : body.conditionNotes || null,
          technician_id: body.technicianId === undefined ? repair.technician_id : body.technicianId,
        };
        const changes: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(after)) {
          const before = repair[key as keyof typeof after];
          if (before !== value) changes[key] = { from: before, to: value };
        }
        const values: Record<string, unknown> = { ...after };
        if (body.estimatedDate) {
          values.estimated_date = body.estimatedDate;
          values.late_at = lateAt(body.estimatedDate);
          changes.estimatedDate = { to: body.estimatedDate };
        }
        if (Object.keys(changes).length === 0) return;
        await repo.update(trx, id, { ...values, updated_at: now });
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'repair',
          entityId: id,
          action: 'update',
          changes,
        });
      });
      return detail(principal, id, now);
    },

    /**
     * A move of the table (POST /repairs/{id}/{action}): repair-moves.ts, on the state machines' engine; answers the
     * service order as it is after the move.
     */
    async move(principal: Principal, id: number, action: RepairAction, input: RepairMoveBody, now = new Date()) {
      await moveRepair(principal, id, action, input, now);
      return detail(principal, id, now);
    },

    /** GET /repairs: open by status (all with `all`), the late ones, a technician's, by IMEI; paged. */
    async list(query: RepairListFilter, now = new Date()) {
      const filter = filterOf(query, now);
      const total = await repo.count(db, filter);
      const offset = query.page * query.items;
      if (offset >= total) return { data: [], total };
      const rows = await repo.page(db, filter, offset, query.items, query.late === true);
      return { data: rows.map((row) => summaryOf(row, now)), total };
    },

    /** GET /repairs/tasks: the technician's queue ('Minhas tarefas'): his and those nobody took, oldest day first. */
    async tasks(principal: Principal, now = new Date()) {
      const filter: RepairFilter = {
        statuses: TECHNICIAN_QUEUE_STATUSES,
        ...(principal.func === EMPLOYEE_FUNCS.TECHNICIAN ? { technicianOrNobody: principal.employeeId } : {}),
      };
      const rows = await repo.page(db, filter, 0, 200, true);
      return { data: rows.map((row) => summaryOf(row, now)), total: rows.length };
    },

    /** GET /repairs/export.csv: the list's service orders (its filters) with their figures, batch by batch. */
    async *csvBatches(query: RepairListFilter, now = new Date()): AsyncGenerator<CsvValue[][]> {
      const filter = filterOf(query, now);
      let after = 0;
      for (;;) {
        const rows = await repo.batch(db, filter, after, CSV_BATCH);
        if (rows.length === 0) return;
        const costs = await repo.partsCost(
          db,
          rows.map((row) => row.id),
        );
        yield rows.map((row) => [
          row.id,
          REPAIR_STATUS_LABELS[row.status as RepairStatus],
          row.customer_name,
          row.imei,
          row.model,
          row.technician_name ?? '',
          formatBusinessDate(new Date(row.created_at)),
          formatDay(row.estimated_date),
          isLate(row, now) ? 'Sim' : 'Não',
          // A repair under warranty: what its parts cost the shop (the warranty's cost).
          row.warranty_source ? csvMoney(centsToReais(costs.get(row.id) ?? 0)) : '',
          csvMoney(centsToReais(row.parts_cents)),
          csvMoney(centsToReais(row.labour_cents)),
          csvMoney(centsToReais(totalCents(row))),
        ]);
        after = rows.at(-1)?.id ?? after;
      }
    },

    /** GET /repairs/{id}/receipt.pdf: the customer's receipt, with the QR code of the public status page. */
    async receipt(principal: Principal, id: number, now = new Date()): Promise<Buffer> {
      const repair = await detail(principal, id, now);
      return repairPdf(repair, await shopIdentity(db), now);
    },

    /** GET /repairs/status/{token}: the public page (`repair-status-page.ts`). */
    publicStatus: (token: string) => publicRepairStatus(db, token),

    /** GET /repairs/warranty/{imei}: the repair warranties of a device, one of our units or not. */
    warranties(imei: string, now = new Date()) {
      return repairWarranties(db, imei, now);
    },

    /** The estimate's part picker: products that are not phones nor archived, by the catalogue's search. */
    async partOptions(search: string): Promise<RepairPartOption[]> {
      if (!search) return [];
      const rows = await searchProducts(db, search, 40);
      return rows
        .filter((row) => !row.serialized && !row.archived)
        .slice(0, 20)
        .map((row) => ({
          id: row.id,
          code: row.code,
          name: row.name,
          price: centsToReais(row.sell_price_cents),
          stock: row.stock,
        }));
    },

    /** 'Assistência por mês' (GET /repairs/report): the months between two days, both included (checked by the query). */
    async report(from: string, to: string): Promise<RepairReportRow[]> {
      const rows = await repo.report(db, dayStart(from), dayStart(shiftDay(to, 1)), businessTimeZone());
      return rows.map((row) => ({
        month: row.month,
        received: Number(row.received),
        delivered: Number(row.delivered),
        billed: centsToReais(Number(row.billed_cents)),
        partsCost: centsToReais(Number(row.parts_cost_cents)),
        warranty: Number(row.warranty),
        warrantyCost: centsToReais(Number(row.warranty_cost_cents)),
      }));
    },

    /** The service order's customer picker: the palette's customer search (approved first). */
    async customerOptions(search: string): Promise<RepairCustomerOption[]> {
      if (!search) return [];
      const customers = await searchCustomers(db, search, 20);
      return customers.map((c) => ({ id: c.id, name: c.name, email: c.email, document: c.document }));
    },

    async settings() {
      return { warrantyDays: await repo.warrantyDays(db) };
    },

    /** PUT /repairs/settings: the repair warranty's days, audited. */
    async saveSettings(principal: Principal, warrantyDays: number) {
      await db.transaction().execute(async (trx) => {
        const before = await repo.setWarrantyDays(trx, warrantyDays, principal.employeeId);
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'repair_settings',
          entityId: 1,
          action: 'update',
          changes: { warrantyDays: { from: before, to: warrantyDays } },
        });
      });
      return { warrantyDays };
    },
  };
}

export type RepairsService = ReturnType<typeof createRepairsService>;
