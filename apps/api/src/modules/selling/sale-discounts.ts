import {
  applyDiscounts,
  type DeliveryChoices,
  DISCOUNT_TEXTS,
  DiscountError,
  type DiscountedSale,
  formatPercentHundredths,
  type SaleDiscounts,
  withinMaximum,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { maxDiscountOf } from '../roles/roles.service';
import { claimApproval } from './discount-approvals.service';
import { levelPriceCents, quote } from './pricing';
import type { CartLineRow, SellingCustomerRow } from './selling.repository';

/**
 * The sale's discounts over its priced lines (the contract's `applyDiscounts`, decision 0041), refused (400)
 * when one cannot apply; `maxHundredths` (the seller's role maximum, null unlimited) refuses (403) above it.
 */
export function discountSale(
  lines: ReadonlyArray<{ productId: number; name: string; valueCents: number }>,
  discounts: SaleDiscounts | undefined,
  maxHundredths: number | null,
): DiscountedSale {
  let sale: DiscountedSale;
  try {
    sale = applyDiscounts(lines, discounts);
  } catch (error) {
    if (error instanceof DiscountError) throw badRequest(error.message);
    throw error;
  }
  if (!withinMaximum(sale, maxHundredths)) throw forbidden(aboveMaximum(maxHundredths));
  return sale;
}

/** 'Desconto acima do máximo …' with the seller's maximum. */
export const aboveMaximum = (maxHundredths: number | null) =>
  DISCOUNT_TEXTS.aboveMaximum(formatPercentHundredths(maxHundredths ?? 0));

/**
 * The cart's lines at the customer's level price now, with the sale's discounts: within the seller's maximum, or
 * above it with `approvalId`, an approval covering this very sale (`claimApproval`, else 403); `approval` says
 * who approved it (the caller marks it used with the order).
 */
export async function priceSale(
  trx: Transaction<Database>,
  principal: Principal,
  customer: SellingCustomerRow,
  choices: DeliveryChoices,
  lines: CartLineRow[],
  discounts: SaleDiscounts | undefined,
  /** `discountApprovalId` of the checkout: claimed (checked, locked) only when the discounts pass the maximum. */
  approvalId?: number,
) {
  const priced = lines.map((line) => ({ line, unitCents: levelPriceCents(line, customer.level) }));
  const itemsCents = priced.reduce((sum, p) => sum + p.unitCents * p.line.quantity, 0);
  const quoted = quote(itemsCents, customer, choices);
  // The seller's maximum is read only when there is a discount to weigh (a sale without one passes any).
  const maxHundredths = discounts === undefined ? 0 : await maxDiscountOf(trx, principal.employeeId);
  const sale = discountSale(
    priced.map(({ line, unitCents }) => ({
      productId: line.product_id,
      name: line.name,
      valueCents: unitCents * line.quantity,
    })),
    discounts,
    // Above the seller's maximum, a manager's approval of this very sale lets it through (decision 0045).
    approvalId === undefined ? maxHundredths : null,
  );
  let approval: Awaited<ReturnType<typeof claimApproval>> | null = null;
  if (!withinMaximum(sale, maxHundredths)) {
    approval = await claimApproval(trx, approvalId as number, {
      sellerId: principal.employeeId,
      customerId: customer.id,
      lines: priced.map(({ line, unitCents }) => ({ productId: line.product_id, quantity: line.quantity, unitCents })),
      discounts,
    });
  }
  // The discounts come off the goods; freight, fast delivery and warranty stay as quoted.
  const figures = { ...quoted, totalCents: quoted.totalCents - sale.discountCents };
  return { priced, sale: { discountCents: sale.discountCents, lines: sale.lines }, figures, approval };
}
