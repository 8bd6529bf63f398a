import {
  businessTimeZone,
  type CsvValue,
  centsToReais,
  csvMoney,
  dayStart,
  EMPLOYEE_FUNCS,
  formatBusinessDate,
  formatDay,
  OPEN_REPAIR_STATUSES,
  REPAIR_STATUS_LABELS,
  REPAIR_STATUSES,
  type RepairCustomerOption,
  type RepairPartOption,
  type RepairReportRow,
  type RepairStatus,
  type repairListQuerySchema,
  shiftDay,
  TECHNICIAN_QUEUE_STATUSES,
} from '@backoffice/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Principal } from '../../plugins/auth';
import { searchCustomers } from '../customers/customers.service';
import { searchProducts } from '../products/products.service';
import { totalCents } from './repair-figures';
import { isLate, summaryOf } from './repair-views';
import { type RepairFilter, repairsRepository as repo } from './repairs.repository';

type Db = AppDeps['db'];

const CSV_BATCH = 500;

/** The lists' query as the route's schema read it (`late` and `all` booleans, paging filled in). */
export type RepairListFilter = z.output<typeof repairListQuerySchema>;

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

/** GET /repairs: open by status (all with `all`), the late ones, a technician's, by IMEI; paged. */
export async function repairsPage(db: Db, query: RepairListFilter, now: Date) {
  const filter = filterOf(query, now);
  const total = await repo.count(db, filter);
  const offset = query.page * query.items;
  if (offset >= total) return { data: [], total };
  const rows = await repo.page(db, filter, offset, query.items, query.late === true);
  return { data: rows.map((row) => summaryOf(row, now)), total };
}

/** GET /repairs/tasks: the technician's queue ('Minhas tarefas'): his and those nobody took, oldest day first. */
export async function repairTasks(db: Db, principal: Principal, now: Date) {
  const filter: RepairFilter = {
    statuses: TECHNICIAN_QUEUE_STATUSES,
    ...(principal.func === EMPLOYEE_FUNCS.TECHNICIAN ? { technicianOrNobody: principal.employeeId } : {}),
  };
  const rows = await repo.page(db, filter, 0, 200, true);
  return { data: rows.map((row) => summaryOf(row, now)), total: rows.length };
}

/** GET /repairs/export.csv: the list's service orders (its filters) with their figures, batch by batch. */
export async function* repairCsvBatches(db: Db, query: RepairListFilter, now: Date): AsyncGenerator<CsvValue[][]> {
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
}

/** The estimate's part picker: products that are not phones nor archived, by the catalogue's search. */
export async function repairPartOptions(db: Db, search: string): Promise<RepairPartOption[]> {
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
}

/** 'Assistência por mês' (GET /repairs/report): the months between two days, both included (checked by the query). */
export async function repairsReport(db: Db, from: string, to: string): Promise<RepairReportRow[]> {
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
}

/** The service order's customer picker: the palette's customer search (approved first). */
export async function repairCustomerOptions(db: Db, search: string): Promise<RepairCustomerOption[]> {
  if (!search) return [];
  const customers = await searchCustomers(db, search, 20);
  return customers.map((c) => ({ id: c.id, name: c.name, email: c.email, document: c.document }));
}
