import { describe, expect, it } from 'vitest';
import { orderViewSchema } from './orders';

const ORDER = {
  orderId: 41,
  code: 'K7M2Q9',
  customer: 'João da Conceição',
  status: 13,
  updatedAt: '2026-03-05T14:07:09.000Z',
  typeOfDelivery: 1,
  deliverer: 'Diego Motoboy',
  stocker: null,
  payment: 'PIX',
  total: 1319.8,
  shippingCost: 19.9,
  neighborhood: 'Moema',
  comments: null,
  hasWarranty: false,
  items: [{ name: 'Capa Silicone iPhone 15', quantity: 2, unitPrice: 649.95 }],
};

describe('order view', () => {
  it('reads an order as the screens show it', () => {
    expect(orderViewSchema.parse(ORDER)).toEqual(ORDER);
  });

  it('refuses a status key that does not exist (14), an unknown payment and a delivery type', () => {
    expect(orderViewSchema.safeParse({ ...ORDER, status: 14 }).success).toBe(false);
    expect(orderViewSchema.safeParse({ ...ORDER, payment: 'CHEQUE' }).success).toBe(false);
    expect(orderViewSchema.safeParse({ ...ORDER, typeOfDelivery: 3 }).success).toBe(false);
  });
});
