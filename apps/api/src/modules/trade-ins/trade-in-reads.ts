import {
  businessTimeZone,
  centsToReais,
  dayStart,
  shiftDay,
  type TradeInListQuery,
  type TradeInReportRow,
  type TradeInSummary,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Principal } from '../../plugins/auth';
import { shopIdentity } from '../settings/settings.service';
import { tradeInTermPdf } from './term';
import { summaryOf, type TradeInsDeps, tradeInDetails } from './trade-in-views';
import { tradeInsRepository as repo } from './trade-ins.repository';

/** Rows a CSV export reads at a time. */
const EXPORT_BATCH = 500;

/** A page of the list, with the count of every match. */
export async function tradeInsPage(db: DB, query: TradeInListQuery) {
  const { rows, total } = await repo.page(db, query);
  return { items: rows.map(summaryOf), page: query.page, total };
}

/** Every trade-in the list's filters match, a page of the list at a time (the CSV: memory stays one batch). */
export async function* tradeInExportBatches(
  db: DB,
  filter: Omit<TradeInListQuery, 'page' | 'items'>,
): AsyncGenerator<TradeInSummary[]> {
  for (let page = 0; ; page++) {
    const { rows } = await repo.page(db, { ...filter, page, items: EXPORT_BATCH }, false);
    if (rows.length > 0) yield rows.map(summaryOf);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** 'Termo de compra de aparelho usado' (PDF A4), with the signature once signed. */
export async function tradeInTerm(deps: TradeInsDeps, principal: Principal, id: number, now: Date): Promise<Buffer> {
  const { db, storage } = deps;
  const tradeIn = await tradeInDetails(deps, principal, id);
  const files = await repo.files(db, id);
  const signatureKey = files.find((file) => file.kind === 'SIGNATURE')?.path;
  const signature = signatureKey ? ((await storage.get(signatureKey))?.data ?? null) : null;
  return tradeInTermPdf(tradeIn, await shopIdentity(db), signature, now);
}

/** Trade-ins accepted by business month in [from, to] (days), with the margin of those resold. */
export async function tradeInsReport(db: DB, from: string, to: string): Promise<TradeInReportRow[]> {
  const rows = await repo.report(db, dayStart(from), dayStart(shiftDay(to, 1)), businessTimeZone());
  return rows.map((row) => ({
    month: row.month,
    count: Number(row.count),
    paid: centsToReais(Number(row.paid_cents)),
    resold: Number(row.resold),
    resoldRevenue: centsToReais(Number(row.revenue_cents)),
    resoldMargin: centsToReais(Number(row.revenue_cents) - Number(row.cost_cents)),
  }));
}
