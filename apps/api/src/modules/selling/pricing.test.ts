import { describe, expect, it } from 'vitest';
import { levelPriceCents, quote, warrantyCents } from './pricing';

const product = {
  cost_cents: 330,
  sell_price_cents: 599,
  gold_percentage: 15,
  silver_percentage: 10,
  bronze_percentage: 25,
};
const customer = { level: 1, shipping_cost_cents: 1500, warranty_percentage: 10, fast_delivery_tax_cents: 2500 };

describe('selling prices in cents', () => {
  it('prices each level from the cost, half up; level 0 and unknown levels pay the sell price', () => {
    // 330 × 1,15 = 379,5 → 380; × 1,10 = 363; × 1,25 = 412,5 → 413.
    expect([1, 2, 3, 0, 9].map((level) => levelPriceCents(product, level))).toEqual([380, 363, 413, 599, 599]);
  });

  it('takes the warranty as a percentage of the goods, half up, exactly', () => {
    // 1 005 × 10 % = 100,5 → 101; 999 × 33,333 % = 332,99667 → 333; nothing on nothing.
    expect(warrantyCents(1005, 10)).toBe(101);
    expect(warrantyCents(999, 33.333)).toBe(333);
    expect(warrantyCents(0, 10)).toBe(0);
    expect(warrantyCents(1000, 0)).toBe(0);
  });

  it('charges shipping for motoboy, the fast-delivery tax instead of it, nothing for pickup', () => {
    // Goods R$ 100,05: warranty 10 % = 1 000,5 → 1 001 cents.
    expect(quote(10_005, customer, { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false })).toEqual({
      itemsCents: 10_005,
      warrantyCents: 0,
      shippingCents: 1500,
      fastDeliveryTaxCents: 0,
      deliveryChargeCents: 1500,
      totalCents: 11_505,
      totalWithWarrantyCents: 12_506,
    });
    expect(quote(10_005, customer, { typeOfDelivery: 1, withWarranty: true, isFastDelivery: true })).toMatchObject({
      shippingCents: 0,
      fastDeliveryTaxCents: 2500,
      warrantyCents: 1001,
      totalCents: 13_506,
    });
    // Fast delivery means nothing with pickup (the API refuses the pair before pricing it).
    expect(quote(10_005, customer, { typeOfDelivery: 2, withWarranty: true, isFastDelivery: true })).toMatchObject({
      deliveryChargeCents: 0,
      totalCents: 11_006,
    });
  });
});
