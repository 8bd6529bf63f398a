import {
  applyDiscounts,
  buildPixPayload,
  type Cart,
  centsToReais,
  DELIVERY_TYPES,
  type DeliveryChoices,
  DiscountError,
  type DiscountedSale,
  nextDeliveryDeparture,
  PIX_NO_TXID,
  type PreCheckoutResponse,
  reaisToCents,
  type SaleDiscounts,
  withinMaximum,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Storage } from '../../lib/storage';
import { maxDiscountOf } from '../roles/roles.service';
import { deliverySchedule, pixReceiver } from '../settings/settings.service';
import { APPROVED, customerById, feasibleChoices, hasDeliveryAddress, isWalkIn } from './buyer';
import { cartOf } from './cart-view';
import { approvalOfSale } from './discount-approvals.service';
import { quote } from './pricing';
import { aboveMaximum } from './sale-discounts';
import type { SellingCustomerRow } from './selling.repository';

/** The shop's static BR Code for `amountCents` (txid '***'), or null when it cannot be made. */
async function pixFor(db: DB, amountCents: number): Promise<PreCheckoutResponse['pix']> {
  if (amountCents <= 0) return null;
  const { key, merchantName, merchantCity } = await pixReceiver(db);
  if (!key || !merchantName || !merchantCity) return null;
  try {
    const payload = buildPixPayload({
      key,
      merchantName,
      merchantCity,
      amountCents,
      txid: PIX_NO_TXID,
    });
    return { payload, amount: centsToReais(amountCents) };
  } catch {
    return null;
  }
}

/**
 * The requested discounts over the cart as the checkout would take them: what it would refuse is said, not
 * thrown (the totals still show, without the discounts); an approval covering this sale lifts the refusal.
 */
async function discountsPreview(
  db: DB,
  customer: SellingCustomerRow,
  cart: Cart,
  requested: SaleDiscounts,
  seller: { id: number | undefined; maxHundredths: number | null },
  now: Date,
): Promise<{ discounts: NonNullable<PreCheckoutResponse['discounts']>; discountCents: number }> {
  const lines = cart.items.map((item) => ({
    productId: item.productId,
    name: item.name,
    valueCents: reaisToCents(item.totalPrice),
  }));
  // What checkout would refuse is said, not thrown: the totals still show (without the discounts).
  let refusal: string | null = null;
  let overMaximum = false;
  let sale: DiscountedSale | null = null;
  try {
    sale = applyDiscounts(lines, requested);
  } catch (error) {
    if (!(error instanceof DiscountError)) throw error;
    refusal = error.message;
  }
  if (sale && !withinMaximum(sale, seller.maxHundredths)) {
    refusal = aboveMaximum(seller.maxHundredths);
    overMaximum = true;
  }
  // Decision 0045: the seller's newest approval request for the customer; one covering this sale lifts the refusal.
  const approval =
    seller.id === undefined
      ? undefined
      : await approvalOfSale(
          db,
          {
            sellerId: seller.id,
            customerId: customer.id,
            lines: cart.items.map((item) => ({
              productId: item.productId,
              quantity: item.quantity,
              unitCents: reaisToCents(item.unitPrice),
            })),
            discounts: requested,
          },
          now,
        );
  if (refusal !== null && sale && approval?.covers) refusal = null;
  const discounts = {
    lines: (sale?.lines ?? []).map((line) => ({
      productId: line.productId,
      discount: centsToReais(line.discountCents),
    })),
    linesDiscount: centsToReais(sale?.linesDiscountCents ?? 0),
    orderDiscount: centsToReais(sale?.orderDiscountCents ?? 0),
    discount: centsToReais(sale?.discountCents ?? 0),
    refusal,
    ...(refusal !== null && overMaximum ? { aboveMaximum: true } : {}),
    // Only when there is one: the answers without any request stay as they were.
    ...(approval ? { approval } : {}),
  };
  return { discounts, discountCents: refusal === null && sale ? sale.discountCents : 0 };
}

/** The pre-checkout: the cart and its totals before the sale is placed. */
export function preCheckoutUseCase(db: DB, storage: Storage) {
  return {
    /** The cart and its totals for the given choices (what the customer cannot have is turned off). */
    /** `sellerId`: whose role maximum the discounts are checked against (absent: not checked, not answered). */
    async preCheckout(
      customerId: number,
      requested: DeliveryChoices & { discounts?: SaleDiscounts },
      now = new Date(),
      sellerId?: number,
    ): Promise<PreCheckoutResponse> {
      const customer = await customerById(db, customerId);
      const choices = feasibleChoices(customer, requested);
      const { cart, itemsCents } = await cartOf(storage, db, customer);
      const quoted = quote(itemsCents, customer, choices);
      const maxHundredths = sellerId === undefined ? null : await maxDiscountOf(db, sellerId);
      const preview =
        requested.discounts === undefined
          ? undefined
          : await discountsPreview(db, customer, cart, requested.discounts, { id: sellerId, maxHundredths }, now);
      const discounts = preview?.discounts;
      const discountCents = preview?.discountCents ?? 0;
      const figures = {
        ...quoted,
        totalCents: quoted.totalCents - discountCents,
        totalWithWarrantyCents: quoted.totalWithWarrantyCents - discountCents,
      };
      return {
        cart,
        customer: {
          id: customer.id,
          name: customer.name,
          email: customer.email,
          level: customer.level,
          canBuy: customer.status === APPROVED || isWalkIn(customer),
          ...(isWalkIn(customer) ? { walkIn: true } : {}),
          ...(!isWalkIn(customer) && !hasDeliveryAddress(customer) ? { addressMissing: true } : {}),
        },
        choices,
        shippingCost: centsToReais(customer.shipping_cost_cents),
        hasWarranty: customer.warranty_percentage > 0,
        warrantyPercentage: customer.warranty_percentage,
        warrantyAmount: centsToReais(quoted.totalWithWarrantyCents - quoted.itemsCents - quoted.deliveryChargeCents),
        fastDeliveryEnabled: customer.fast_delivery_tax_cents > 0,
        fastDeliveryTax: centsToReais(customer.fast_delivery_tax_cents),
        deliveryCharge: centsToReais(figures.deliveryChargeCents),
        total: centsToReais(figures.totalCents),
        totalWithWarranty: centsToReais(figures.totalWithWarrantyCents),
        pix: cart.items.length > 0 ? await pixFor(db, figures.totalCents) : null,
        // The shop's departures (Configurações; section 9's by default).
        nextDeparture:
          choices.typeOfDelivery === DELIVERY_TYPES.MOTOBOY
            ? nextDeliveryDeparture(now, await deliverySchedule(db)).toISOString()
            : null,
        ...(discounts ? { discounts } : {}),
        ...(sellerId === undefined
          ? {}
          : { maxDiscountPercentage: maxHundredths === null ? null : maxHundredths / 100 }),
      };
    },
  };
}
