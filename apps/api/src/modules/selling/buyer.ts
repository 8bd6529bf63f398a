import { DELIVERY_TYPES, type DeliveryChoices, SELLING_TEXTS, WALK_IN_TEXTS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { WALK_IN } from '../../db/schema-columns';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { sellingRepository as repo, type SellingCustomerRow } from './selling.repository';

/**
 * The buyer of a sale: who may buy (approved, or the counter's walk-in) and which delivery, warranty and fast
 * delivery choices he may have.
 */

export const APPROVED = 'APPROVED';
/** The counter's 'Consumidor final' record (decision 0040). */
export const isWalkIn = (customer: Pick<SellingCustomerRow, 'status'>) => customer.status === WALK_IN;

/** The buyer locked for the rest of the caller's transaction (a checkout's, a quote's): 404 when there is none. */
export async function lockBuyer(trx: Transaction<Database>, customerId: number): Promise<SellingCustomerRow> {
  const customer = await repo.lockCustomer(trx, customerId, 'update');
  if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
  return customer;
}

/** The customer by id (no lock): 404 when there is none. */
export async function customerById(executor: Executor, id: number): Promise<SellingCustomerRow> {
  const customer = await repo.findCustomer(executor, id);
  if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
  return customer;
}

export function assertCanBuy(customer: SellingCustomerRow): void {
  if (customer.status !== APPROVED && !isWalkIn(customer)) {
    throw conflict(SELLING_TEXTS.customerNotApproved(customer.name), 'CONFLICT', { status: customer.status });
  }
}

type AddressParts = Pick<SellingCustomerRow, 'street' | 'neighborhood' | 'zip_code' | 'city'>;
/** False for a customer without any address (a counter customer registered without one, decision 0073). */
export const hasDeliveryAddress = (customer: AddressParts) =>
  [customer.street, customer.neighborhood, customer.zip_code, customer.city].some((part) => !!part?.trim());

/**
 * The checkout's choices, refused (400) when the customer cannot have them: nothing is charged silently. A delivery
 * to a customer without an address is refused (409, decision 0073) until his address is completed.
 */
export function assertChoices(customer: SellingCustomerRow, choices: DeliveryChoices): void {
  // A walk-in is nobody the courier could find: the sale is taken at the counter (decision 0040).
  if (isWalkIn(customer) && choices.typeOfDelivery !== DELIVERY_TYPES.PICKUP)
    throw badRequest(WALK_IN_TEXTS.pickupOnly);
  if (choices.typeOfDelivery !== DELIVERY_TYPES.PICKUP && !hasDeliveryAddress(customer)) {
    throw conflict(SELLING_TEXTS.deliveryNeedsAddress(customer.name), 'CONFLICT', { missing: 'address' });
  }
  if (choices.isFastDelivery && choices.typeOfDelivery !== DELIVERY_TYPES.MOTOBOY) {
    throw badRequest(SELLING_TEXTS.fastDeliveryPickup);
  }
  if (choices.isFastDelivery && customer.fast_delivery_tax_cents <= 0) {
    throw badRequest(SELLING_TEXTS.fastDeliveryUnavailable);
  }
  if (choices.withWarranty && customer.warranty_percentage <= 0) throw badRequest(SELLING_TEXTS.warrantyUnavailable);
}

/** The pre-checkout's choices, with what the customer cannot have turned off (it only shows totals). */
export function feasibleChoices(customer: SellingCustomerRow, choices: DeliveryChoices): DeliveryChoices {
  return {
    typeOfDelivery: isWalkIn(customer) ? DELIVERY_TYPES.PICKUP : choices.typeOfDelivery,
    withWarranty: choices.withWarranty && customer.warranty_percentage > 0,
    isFastDelivery:
      choices.isFastDelivery &&
      choices.typeOfDelivery === DELIVERY_TYPES.MOTOBOY &&
      customer.fast_delivery_tax_cents > 0,
  };
}
