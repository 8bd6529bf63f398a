import {
  applyDiscounts,
  askedPercentage,
  centsToReais,
  DISCOUNT_APPROVAL_PERMISSIONS,
  DISCOUNT_APPROVAL_TEXTS,
  DISCOUNT_APPROVAL_VALID_MINUTES,
  type DiscountApproval,
  type DiscountApprovalRequest,
  type DiscountApprovalStatus,
  DiscountError,
  formatPercentHundredths,
  hasAnyPermission,
  type PreCheckoutApproval,
  requiredMaximum,
  type SaleDiscounts,
  withinMaximum,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isoTimestampOrNull } from '../../lib/iso-timestamp';
import { isStorableId } from '../../lib/sql-input';
import type { Principal } from '../../plugins/auth';
import { maxDiscountOf } from '../roles/roles.service';
import {
  type ApprovedLine,
  type DiscountApprovalRow,
  discountApprovalsRepository as repo,
} from './discount-approvals.repository';
import { levelPriceCents } from './pricing';
import { assertLinesSellable } from './sale-lines';
import { sellingRepository } from './selling.repository';

const MINUTE_MS = 60_000;
const AUDIT_ENTITY = 'discount_approval';

/**
 * The discounts in one canonical form (the order's, then the lines' by product, fields in one order): two
 * requests with the same discounts typed in another order compare equal.
 */
export function canonicalDiscounts(discounts: SaleDiscounts | undefined): SaleDiscounts {
  const out: SaleDiscounts = {};
  if (discounts?.order) out.order = { kind: discounts.order.kind, value: discounts.order.value };
  if (discounts?.lines && discounts.lines.length > 0) {
    out.lines = [...discounts.lines]
      .sort((a, b) => a.productId - b.productId)
      .map((line) => ({ productId: line.productId, kind: line.kind, value: line.value }));
  }
  return out;
}

const canonicalLines = (lines: readonly ApprovedLine[]) =>
  [...lines]
    .sort((a, b) => a.productId - b.productId)
    .map((line) => ({ productId: line.productId, quantity: line.quantity, unitCents: line.unitCents }));

/** Whether an approval covers this sale: the same lines (product, quantity, unit price) and the same discounts. */
function sameSale(row: DiscountApprovalRow, lines: readonly ApprovedLine[], discounts: SaleDiscounts | undefined) {
  return (
    JSON.stringify(canonicalLines(row.lines)) === JSON.stringify(canonicalLines(lines)) &&
    JSON.stringify(canonicalDiscounts(row.discounts as SaleDiscounts)) === JSON.stringify(canonicalDiscounts(discounts))
  );
}

const expired = (row: DiscountApprovalRow, at: Date) =>
  row.decided_at === null ||
  at.getTime() - new Date(row.decided_at).getTime() > DISCOUNT_APPROVAL_VALID_MINUTES * MINUTE_MS;

/** APPROVED, for this seller and customer, this very sale, not used, not expired. */
function covers(
  row: DiscountApprovalRow,
  sale: { sellerId: number; customerId: number; lines: readonly ApprovedLine[]; discounts: SaleDiscounts | undefined },
  at: Date,
) {
  return (
    row.status === 'APPROVED' &&
    row.seller_id === sale.sellerId &&
    row.customer_id === sale.customerId &&
    !expired(row, at) &&
    sameSale(row, sale.lines, sale.discounts)
  );
}

/**
 * The checkout's use of an approval (in its transaction): the request locked and checked to cover this sale
 * (`covers`), else 403 (as the discount above the maximum without it). Answers who approved it; the caller
 * marks it used (`markApprovalUsed`) once the order is placed.
 */
export async function claimApproval(
  executor: Executor,
  id: number,
  sale: { sellerId: number; customerId: number; lines: readonly ApprovedLine[]; discounts: SaleDiscounts | undefined },
  at = new Date(),
): Promise<{ id: number; approverId: number; approverName: string }> {
  if (!isStorableId(id) || !(await repo.lock(executor, id))) throw forbidden(DISCOUNT_APPROVAL_TEXTS.approvalNotValid);
  const row = await repo.find(executor, id);
  if (!row || !covers(row, sale, at) || row.approver_id === null) {
    throw forbidden(DISCOUNT_APPROVAL_TEXTS.approvalNotValid);
  }
  return { id: row.id, approverId: row.approver_id, approverName: row.approver_name ?? '' };
}

/** The approval used by the order (the checkout's transaction): never again. */
export const markApprovalUsed = (executor: Executor, id: number, orderId: number) =>
  repo.markUsed(executor, id, orderId);

/** The pre-checkout's answer: the seller's newest request for the customer and whether it covers this sale. */
export async function approvalOfSale(
  executor: Executor,
  sale: { sellerId: number; customerId: number; lines: readonly ApprovedLine[]; discounts: SaleDiscounts | undefined },
  at = new Date(),
): Promise<PreCheckoutApproval | null> {
  const row = await repo.latest(executor, sale.sellerId, sale.customerId);
  if (!row) return null;
  return {
    id: row.id,
    status: row.status as DiscountApprovalStatus,
    matches: sameSale(row, sale.lines, sale.discounts),
    covers: covers(row, sale, at),
    approver: row.approver_name,
    reason: row.reason,
  };
}

/** The bell's branch (decision 0045): the pending requests the reader may decide (id, created_at). */
export const pendingApprovalsQuery = (db: Executor, employeeId: number, maxHundredths: number | null, cap: number) =>
  repo.pendingQuery(db, employeeId, maxHundredths, cap);

function toApproval(row: DiscountApprovalRow, names: Map<number, string>): DiscountApproval {
  return {
    id: row.id,
    status: row.status as DiscountApprovalStatus,
    seller: { id: row.seller_id, name: row.seller_name },
    customer: { id: row.customer_id, name: row.customer_name },
    lines: row.lines.map((line) => ({
      productId: line.productId,
      name: names.get(line.productId) ?? `#${line.productId}`,
      quantity: line.quantity,
      unitPrice: centsToReais(line.unitCents),
    })),
    discounts: row.discounts as SaleDiscounts,
    goods: centsToReais(row.goods_cents),
    discount: centsToReais(row.discount_cents),
    percentage: askedPercentage(row.discounts as SaleDiscounts, row.required_hundredths) / 100,
    requiredPercentage: row.required_hundredths / 100,
    createdAt: new Date(row.created_at).toISOString(),
    approver: row.approver_id === null ? null : { id: row.approver_id, name: row.approver_name ?? '' },
    decidedAt: isoTimestampOrNull(row.decided_at),
    reason: row.reason,
    orderId: row.order_id,
  };
}

/**
 * Discount approvals (issue 38 §3, decision 0045): a seller asks for the cart as it is with discounts above
 * his role maximum; whoever's maximum covers it (not the seller) approves or refuses it with a reason;
 * audited. Nothing is held: the checkout with the approval's id re-checks the very same sale.
 */
export function createDiscountApprovalsService(db: DB, now: () => Date = () => new Date()) {
  async function withNames(executor: Executor, rows: DiscountApprovalRow[]): Promise<DiscountApproval[]> {
    const ids = [...new Set(rows.flatMap((row) => row.lines.map((line) => line.productId)))];
    const names = new Map<number, string>();
    if (ids.length > 0) {
      const products = await executor.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute();
      for (const product of products) names.set(product.id, product.name);
    }
    return rows.map((row) => toApproval(row, names));
  }

  async function decide(
    principal: Principal,
    id: number,
    decision: { status: 'APPROVED' | 'REFUSED'; reason: string | null },
  ): Promise<DiscountApproval> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.lock(trx, id))) throw notFound(DISCOUNT_APPROVAL_TEXTS.notFound);
      const row = (await repo.find(trx, id)) as DiscountApprovalRow;
      if (row.status !== 'PENDING') throw conflict(DISCOUNT_APPROVAL_TEXTS.notPending, 'CONFLICT');
      if (row.seller_id === principal.employeeId) throw forbidden(DISCOUNT_APPROVAL_TEXTS.ownRequest);
      const max = await maxDiscountOf(trx, principal.employeeId);
      if (max !== null && row.required_hundredths > max) {
        throw forbidden(DISCOUNT_APPROVAL_TEXTS.aboveApprover(formatPercentHundredths(max)));
      }
      await repo.decide(trx, id, { ...decision, approverId: principal.employeeId, at: now() });
      await recordAudit(trx, {
        employeeId: principal.employeeId,
        entity: AUDIT_ENTITY,
        entityId: id,
        action: decision.status === 'APPROVED' ? 'approve' : 'refuse',
        changes: {
          status: { from: 'PENDING', to: decision.status },
          ...(decision.reason ? { reason: { from: null, to: decision.reason } } : {}),
        },
      });
      const [approval] = await withNames(trx, [(await repo.find(trx, id)) as DiscountApprovalRow]);
      return approval as DiscountApproval;
    });
  }

  return {
    /** POST /discount-approvals: the customer's cart now, priced at his level, with these discounts. */
    async ask(principal: Principal, body: DiscountApprovalRequest): Promise<DiscountApproval> {
      return db.transaction().execute(async (trx) => {
        const customer = await sellingRepository.lockCustomer(trx, body.customerId, 'share');
        if (!customer) throw notFound(DISCOUNT_APPROVAL_TEXTS.notFound);
        // The counter's sale has no cart: its own lines, as its checkout will price them (decision 0078).
        const cart = body.items
          ? assertLinesSellable(await sellingRepository.productLines(trx, body.items), body.items.length)
          : await sellingRepository.cartLines(trx, customer.id);
        if (cart.length === 0) throw conflict(DISCOUNT_APPROVAL_TEXTS.cartEmpty, 'CONFLICT');
        const lines = cart.map((line) => ({
          productId: line.product_id,
          quantity: line.quantity,
          unitCents: levelPriceCents(line, customer.level),
        }));
        let sale: ReturnType<typeof applyDiscounts>;
        try {
          sale = applyDiscounts(
            cart.map((line, index) => ({
              productId: line.product_id,
              name: line.name,
              valueCents: (lines[index] as ApprovedLine).unitCents * line.quantity,
            })),
            body.discounts,
          );
        } catch (error) {
          if (error instanceof DiscountError) throw badRequest(error.message);
          throw error;
        }
        if (withinMaximum(sale, await maxDiscountOf(trx, principal.employeeId))) {
          throw badRequest(DISCOUNT_APPROVAL_TEXTS.notNeeded);
        }
        const discounts = canonicalDiscounts(body.discounts);
        const id = await repo.replacePending(trx, {
          seller_id: principal.employeeId,
          customer_id: customer.id,
          lines,
          discounts,
          goods_cents: sale.goodsCents,
          discount_cents: sale.discountCents,
          required_hundredths: requiredMaximum(sale),
        });
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: AUDIT_ENTITY,
          entityId: id,
          action: 'create',
          changes: {
            customerId: { from: null, to: customer.id },
            discount: { from: null, to: centsToReais(sale.discountCents) },
            percentage: { from: null, to: askedPercentage(discounts, requiredMaximum(sale)) / 100 },
          },
        });
        const [approval] = await withNames(trx, [(await repo.find(trx, id)) as DiscountApprovalRow]);
        return approval as DiscountApproval;
      });
    },

    /**
     * GET /discount-approvals/{id}: one request as it is now (the counter asks until it is decided): the seller's
     * own, or to who may decide; 404 otherwise.
     */
    async one(principal: Principal, id: number): Promise<DiscountApproval> {
      const row = isStorableId(id) ? await repo.find(db, id) : undefined;
      const mayRead =
        row !== undefined &&
        (row.seller_id === principal.employeeId ||
          hasAnyPermission(principal.permissions, DISCOUNT_APPROVAL_PERMISSIONS));
      if (!row || !mayRead) throw notFound(DISCOUNT_APPROVAL_TEXTS.notFound);
      const [approval] = await withNames(db, [row]);
      return approval as DiscountApproval;
    },

    /** GET /discount-approvals: the pending requests the caller may decide (not his own, within his maximum). */
    async pending(principal: Principal): Promise<DiscountApproval[]> {
      const max = await maxDiscountOf(db, principal.employeeId);
      return withNames(db, await repo.pendingFor(db, principal.employeeId, max));
    },

    approve: (principal: Principal, id: number) => decide(principal, id, { status: 'APPROVED', reason: null }),
    refuse: (principal: Principal, id: number, reason: string) => decide(principal, id, { status: 'REFUSED', reason }),
  };
}
