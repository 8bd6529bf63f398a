import { DELIVERY_TYPES, type DeliveryChoices, priceFromPercentage } from '@backoffice/contract';

/** What the price of one unit depends on. */
export interface PricedProduct {
  cost_cents: number;
  sell_price_cents: number;
  gold_percentage: number;
  silver_percentage: number;
  bronze_percentage: number;
}

/** What the delivery and warranty charges depend on. */
export interface PricedCustomer {
  level: number;
  shipping_cost_cents: number;
  warranty_percentage: number;
  fast_delivery_tax_cents: number;
}

/**
 * The customer's level price of one unit, in cents: Ouro (1) the gold price, Prata (2) the silver price,
 * Bronze (3) the bronze price — each the cost plus its percentage of the cost, rounded half up to the cent
 * (the products screen's rule, `priceFromPercentage`) — and the sell price for level 0.
 */
export function levelPriceCents(product: PricedProduct, level: number): number {
  switch (level) {
    case 1:
      return priceFromPercentage(product.cost_cents, product.gold_percentage);
    case 2:
      return priceFromPercentage(product.cost_cents, product.silver_percentage);
    case 3:
      return priceFromPercentage(product.cost_cents, product.bronze_percentage);
    default:
      return product.sell_price_cents;
  }
}

/** The warranty over `itemsCents`: `percentage` % of it, rounded half up to the cent. */
export function warrantyCents(itemsCents: number, percentage: number): number {
  if (itemsCents <= 0 || percentage <= 0) return 0;
  return priceFromPercentage(itemsCents, percentage) - itemsCents;
}

/** The figures of an order, all in integer cents. */
export interface Quote {
  itemsCents: number;
  warrantyCents: number;
  shippingCents: number;
  fastDeliveryTaxCents: number;
  /** shippingCents + fastDeliveryTaxCents. */
  deliveryChargeCents: number;
  /** What the order costs with the choices. */
  totalCents: number;
  /** The same delivery choice with warranty. */
  totalWithWarrantyCents: number;
}

/**
 * Spec section 4's price rule, from the goods' total: delivery 1 (Motoboy) adds the shipping cost, or
 * with fast delivery the fast-delivery tax instead; delivery 2 (Retirada na loja) adds neither; the
 * warranty, when chosen, adds the customer's percentage of the goods. The caller has refused fast delivery
 * with pickup.
 */
export function quote(itemsCents: number, customer: PricedCustomer, choices: DeliveryChoices): Quote {
  const motoboy = choices.typeOfDelivery === DELIVERY_TYPES.MOTOBOY;
  const fast = motoboy && choices.isFastDelivery;
  const shippingCents = motoboy && !fast ? customer.shipping_cost_cents : 0;
  const fastDeliveryTaxCents = fast ? customer.fast_delivery_tax_cents : 0;
  const warranty = warrantyCents(itemsCents, customer.warranty_percentage);
  const deliveryChargeCents = shippingCents + fastDeliveryTaxCents;
  const chosenWarranty = choices.withWarranty ? warranty : 0;
  return {
    itemsCents,
    warrantyCents: chosenWarranty,
    shippingCents,
    fastDeliveryTaxCents,
    deliveryChargeCents,
    totalCents: itemsCents + deliveryChargeCents + chosenWarranty,
    totalWithWarrantyCents: itemsCents + deliveryChargeCents + warranty,
  };
}
