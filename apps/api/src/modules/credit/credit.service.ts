import {
  businessDay,
  COMPANY_ID,
  CREDIT_SALE_TEXTS,
  CREDIT_SETTINGS_DEFAULTS,
  CREDIT_TEXTS,
  type CreditSettings,
  type CreditSettingsBody,
  type CustomerCredit,
  type CustomerCreditInput,
  centsToReais,
  creditHold,
  formatBRL,
  formatCreditTerms,
  percentToHundredths,
  reaisToCents,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { type CustomerCreditRow, creditRepository as repo } from './credit.repository';
import { receivablesRepository } from './receivables.repository';

/** A customer's credit as the API answers it: no row is no credit. */
function toCredit(customerId: number, row: CustomerCreditRow | undefined): CustomerCredit {
  return {
    customerId,
    limit: row?.limit_cents === null || row === undefined ? null : centsToReais(row.limit_cents),
    terms: row?.terms ?? [],
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row?.updated_by ? { id: row.updated_by, name: row.updated_by_name ?? '' } : null,
  };
}

/** The shop's credit settings in force (the defaults until set): the days that block, the late charges' rates. */
export async function creditSettings(db: Executor): Promise<CreditSettings> {
  const row = await repo.settings(db, COMPANY_ID);
  if (!row) return CREDIT_SETTINGS_DEFAULTS;
  return {
    blockOverdueDays: row.block_overdue_days,
    fineHundredths: row.fine_hundredths,
    monthlyInterestHundredths: row.monthly_interest_hundredths,
  };
}

/** A customer's credit (limit in cents, plans), read in the caller's transaction: what a sale on credit checks. */
export async function customerCreditOf(
  db: Executor,
  customerId: number,
): Promise<{ limitCents: number | null; terms: number[][] }> {
  const row = await repo.customerCredit(db, customerId);
  return { limitCents: row?.limit_cents ?? null, terms: row?.terms ?? [] };
}

/**
 * The bell's branch (issue 54 §6): the sales on credit held for approval, counted as one row (newest id, count,
 * newest time), for who holds 'Crédito e cobrança' (the caller checks).
 */
export const creditSalesAwaitingApprovalQuery = () => repo.awaitingApprovalQuery();

/** What `decideCreditSale` answers: the plan, whether the sale waits for approval, and its history note. */
export interface CreditSaleDecision {
  terms: number[];
  held: boolean;
  note: string;
}

/**
 * A sale on credit of `saleCents` on the plan `terms` (days), in the checkout's transaction with the customer
 * locked (two sales of his at once queue, so both count): 409 without credit, 400 for a plan not his; held for
 * approval above his limit or when late beyond the setting (the contract's `creditHold`).
 */
export async function decideCreditSale(
  trx: Executor,
  customerId: number,
  terms: number[],
  saleCents: number,
): Promise<CreditSaleDecision> {
  const credit = await customerCreditOf(trx, customerId);
  if (credit.limitCents === null) throw conflict(CREDIT_SALE_TEXTS.noCredit, 'CONFLICT');
  if (!credit.terms.some((plan) => plan.join('/') === terms.join('/'))) {
    throw badRequest(CREDIT_SALE_TEXTS.termsNotAllowed(credit.terms.map(formatCreditTerms).join(', ') || '—'));
  }
  const settings = await creditSettings(trx);
  // Exposure: the sales on credit not handed over yet, and the open instalments of those that were.
  const open = await receivablesRepository.openOf(trx, customerId, businessDay(new Date()));
  const exposureCents = (await repo.undeliveredCreditCents(trx, customerId)) + open.openCents;
  const maxDaysLate = open.maxDaysLate;
  const hold = creditHold({
    limitCents: credit.limitCents,
    exposureCents,
    saleCents,
    maxDaysLate,
    blockOverdueDays: settings.blockOverdueDays,
  });
  const brl = (cents: number) => formatBRL(centsToReais(cents));
  // Late first (creditHold), but a late payer above his limit too is held for both reasons, and the note names both.
  const overLimit = exposureCents + saleCents > credit.limitCents;
  const note =
    hold === 'overdue' && overLimit
      ? CREDIT_SALE_TEXTS.heldOverdueAndOverLimit(
          maxDaysLate,
          settings.blockOverdueDays,
          brl(exposureCents + saleCents),
          brl(credit.limitCents),
        )
      : hold === 'overLimit'
        ? CREDIT_SALE_TEXTS.heldOverLimit(brl(exposureCents + saleCents), brl(credit.limitCents))
        : hold === 'overdue'
          ? CREDIT_SALE_TEXTS.heldOverdue(maxDaysLate, settings.blockOverdueDays)
          : CREDIT_SALE_TEXTS.placed(formatCreditTerms(terms));
  return { terms, held: hold !== null, note };
}

const asBody = (settings: CreditSettings): CreditSettingsBody => ({
  blockOverdueDays: settings.blockOverdueDays,
  fine: settings.fineHundredths / 100,
  monthlyInterest: settings.monthlyInterestHundredths / 100,
});

/**
 * Credit per customer and the shop's credit settings (issue 40 §1). Reading them is open to who sells and who
 * keeps the customers; changing them needs 'Crédito e cobrança' (the routes), audited with before and after.
 */
export function createCreditService(db: DB) {
  return {
    /** GET /customers/{id}/credit: his limit and plans, what he owes on credit against them, his overdue. */
    async customerCredit(customerId: number, now = new Date()): Promise<CustomerCredit> {
      if (!(await repo.customerExists(db, customerId))) throw notFound(CREDIT_TEXTS.customerNotFound);
      const row = await repo.customerCredit(db, customerId);
      const open = await receivablesRepository.openOf(db, customerId, businessDay(now));
      const undelivered = await repo.undeliveredCreditCents(db, customerId);
      const total = undelivered + open.openCents;
      const limit = row?.limit_cents ?? null;
      return {
        ...toCredit(customerId, row),
        exposure: {
          undelivered: centsToReais(undelivered),
          openInstalments: centsToReais(open.openCents),
          total: centsToReais(total),
          available: limit === null ? null : centsToReais(limit - total),
        },
        overdue: {
          count: open.overdueCount,
          amount: centsToReais(open.overdueCents),
          maxDaysLate: open.maxDaysLate,
          blockOverdueDays: (await creditSettings(db)).blockOverdueDays,
        },
      };
    },

    /** PUT /customers/{id}/credit: the limit and the plans, as a whole; the audit row says what they were and are. */
    async saveCustomerCredit(actorId: number, customerId: number, input: CustomerCreditInput): Promise<CustomerCredit> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.customerExists(trx, customerId))) throw notFound(CREDIT_TEXTS.customerNotFound);
        const before = await repo.customerCredit(trx, customerId, true);
        const limitCents = input.limit === null ? null : reaisToCents(input.limit);
        await repo.saveCustomerCredit(trx, customerId, { limitCents, terms: input.terms, updatedBy: actorId });
        const described = (limit: number | null, terms: number[][]) => ({
          limit: limit === null ? null : centsToReais(limit),
          terms: terms.map(formatCreditTerms),
        });
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'customer_credit',
          entityId: customerId,
          action: 'update',
          changes: {
            before: described(before?.limit_cents ?? null, before?.terms ?? []),
            after: described(limitCents, input.terms),
          },
        });
      });
      return toCredit(customerId, await repo.customerCredit(db, customerId));
    },

    settings: async (): Promise<CreditSettingsBody> => asBody(await creditSettings(db)),

    /** PUT /credit/settings: the days that block sales on credit and the late charges; audited before and after. */
    async saveSettings(actorId: number, body: CreditSettingsBody): Promise<CreditSettingsBody> {
      await db.transaction().execute(async (trx) => {
        const before = asBody(await creditSettings(trx));
        await repo.saveSettings(trx, COMPANY_ID, {
          block_overdue_days: body.blockOverdueDays,
          fine_hundredths: percentToHundredths(body.fine),
          monthly_interest_hundredths: percentToHundredths(body.monthlyInterest),
        });
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'credit_settings',
          entityId: COMPANY_ID,
          action: 'update',
          changes: { before, after: body },
        });
      });
      return asBody(await creditSettings(db));
    },
  };
}
