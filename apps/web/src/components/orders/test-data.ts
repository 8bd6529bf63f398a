import { type OrderDetail, type OrderSummary, orderDetailSchema, orderSummarySchema } from '@backoffice/contract';

/** An order as the lists answer it; fixtures go through the contract's schema, so they cannot drift. */
export function makeOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return orderSummarySchema.parse({
    orderId: 41,
    code: 'K7M-2Q9',
    customer: 'João da Conceição',
    customerId: 7,
    status: 'Finalizados',
    statusKey: 13,
    updatedAt: '2026-03-05T14:07:09.000Z',
    createdAt: '2026-03-04T10:00:00.000Z',
    typeOfDelivery: 'Motoboy',
    deliveryType: 1,
    fastDelivery: false,
    deliverer: 'Diego Motoboy',
    delivererId: 5,
    stocker: 'Carlos Estoquista',
    stockerId: 4,
    payment: 'Pix',
    paymentMethod: 'PIX',
    total: 1319.8,
    shippingCost: 19.9,
    neighborhood: 'Moema',
    comments: 'Entregar após as 18h',
    hasWarranty: true,
    ...overrides,
  });
}

/** GET /orders/by-id/{id}: the order with its items. */
export function makeOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return orderDetailSchema.parse({
    ...makeOrderSummary(),
    items: [{ name: 'Capa Silicone iPhone 15', quantity: 2, unitPrice: 649.95 }],
    itemsTotal: 1299.9,
    fastDeliveryTax: 0,
    warranty: 0,
    discount: 0,
    attendant: { id: 6, name: 'Beatriz Atendente' },
    finishedAt: '2026-03-05T14:07:09.000Z',
    ...overrides,
  });
}
