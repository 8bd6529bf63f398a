import type { CartItem, Customer, PreCheckoutResponse, SellingProduct } from '@backoffice/contract';
import { makeCustomer as makeAwaitingCustomer } from '../../test/customers';
import type { MockCall } from '../../test/render';

/** Fixtures of the selling tests. */

/** Joana, an approved 'Ouro' customer who pays R$ 15,00 shipping, R$ 25,00 fast delivery and 10 % warranty. */
export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  const base = makeAwaitingCustomer();
  return {
    ...base,
    name: 'Joana Ouro',
    email: 'joana@cliente.com.br',
    level: 1,
    levelName: 'Ouro',
    status: 'Approved',
    approved: true,
    warrantyPercentage: 10,
    shippingCost: 15,
    fastDeliveryTax: 25,
    address: { ...base.address, shippingCost: 15 },
    ...overrides,
  };
}

export const JOANA = makeCustomer();
export const JOAO = makeCustomer({
  id: 8,
  name: 'João Prata',
  email: 'joao@cliente.com.br',
  level: 2,
  levelName: 'Prata',
});
export const JULIA = makeCustomer({
  id: 9,
  name: 'Júlia Bronze',
  email: 'julia@cliente.com.br',
  level: 3,
  levelName: 'Bronze',
});

export const CAPA: SellingProduct = {
  productId: 3,
  code: 'P100003',
  name: 'Capa de silicone iPhone 15',
  brand: 'Apple',
  reference: 'iPhone 15',
  imagesUrl: ['/api/files/products/capa-1.jpg', '/api/files/products/capa-2.jpg'],
  priceDiscounted: 1234.56,
  stock: 3,
};
export const PELICULA: SellingProduct = {
  productId: 4,
  code: 'P100004',
  name: 'Película de vidro Galaxy S24',
  brand: 'Samsung',
  reference: 'Galaxy S24',
  imagesUrl: [],
  priceDiscounted: 25.5,
  stock: 10,
};

/**
 * A small stand-in for the selling API of one customer (Joana: shipping R$ 15,00, fast delivery R$ 25,00,
 * warranty 10 %), computing the pre-checkout as the contract describes it. The tests assert figures
 * worked out by hand, not this arithmetic.
 */
export function fakeSellingServer(customer: Customer = JOANA, products: SellingProduct[] = [CAPA, PELICULA]) {
  const lines = new Map<number, number>();
  const cents = (reais: number) => Math.round(reais * 100);
  const cart = () => {
    const items: CartItem[] = [...lines].map(([productId, quantity]) => {
      const product = products.find((p) => p.productId === productId) as SellingProduct;
      return {
        productId,
        code: product.code,
        name: product.name,
        imageUrls: product.imagesUrl,
        quantity,
        unitPrice: product.priceDiscounted,
        totalPrice: (cents(product.priceDiscounted) * quantity) / 100,
        stock: product.stock,
        archived: false,
      };
    });
    const total = items.reduce((sum, item) => sum + cents(item.totalPrice), 0);
    const warranty = Math.round((total * customer.warrantyPercentage) / 100);
    return { customerId: customer.id, items, totalAmount: total / 100, totalAmountWarranty: (total + warranty) / 100 };
  };
  const preCheckout = (call: MockCall): PreCheckoutResponse => {
    const query = new URL(call.url, 'http://localhost').searchParams;
    const typeOfDelivery = Number(query.get('typeOfDelivery') ?? 1) as 1 | 2;
    const withWarranty = query.get('withWarranty') === 'true';
    const isFastDelivery = query.get('isFastDelivery') === 'true';
    const current = cart();
    const goods = cents(current.totalAmount);
    const warranty = cents(current.totalAmountWarranty) - goods;
    const delivery =
      typeOfDelivery === 2 ? 0 : cents(isFastDelivery ? customer.fastDeliveryTax : customer.shippingCost);
    const total = goods + delivery + (withWarranty ? warranty : 0);
    return {
      cart: current,
      customer: { id: customer.id, name: customer.name, email: customer.email, level: customer.level, canBuy: true },
      choices: { typeOfDelivery, withWarranty, isFastDelivery },
      shippingCost: customer.shippingCost,
      hasWarranty: customer.warrantyPercentage > 0,
      warrantyPercentage: customer.warrantyPercentage,
      warrantyAmount: warranty / 100,
      fastDeliveryEnabled: customer.fastDeliveryTax > 0,
      fastDeliveryTax: customer.fastDeliveryTax,
      deliveryCharge: delivery / 100,
      total: total / 100,
      totalWithWarranty: (goods + delivery + warranty) / 100,
      pix: current.items.length ? { payload: `00020101PIX-TOTAL-${total}`, amount: total / 100 } : null,
      nextDeparture: typeOfDelivery === 1 ? '2026-11-23T13:40:00.000Z' : null,
    };
  };
  return { lines, cart, preCheckout };
}
