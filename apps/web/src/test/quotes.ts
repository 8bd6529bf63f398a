import type { Quote } from '@backoffice/contract';

/** An open quote numbered `id` of one line (1 × R$ 59,90, picked up), as GET /quotes/{id} answers it. */
export function openQuote(id: number, changes: Partial<Quote> = {}): Quote {
  return {
    id,
    status: 'OPEN',
    customerId: 9,
    customerName: `Cliente ${id}`,
    phone: '11987654321',
    walkIn: false,
    sellerName: 'Beatriz Atendente',
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    items: [{ productId: 3, code: 'P3', name: 'Capa', quantity: 1, unitPrice: 59.9, totalPrice: 59.9, discount: 0 }],
    itemsTotal: 59.9,
    shipping: 0,
    fastDeliveryTax: 0,
    warranty: 0,
    discount: 0,
    total: 59.9,
    createdAt: '2026-11-25T12:00:00.000Z',
    validUntil: '2026-12-02',
    order: null,
    convertedAt: null,
    cancelledAt: null,
    cancelReason: null,
    whatsAppMessage: `Oi Cliente ${id}! Orçamento nº ${id}.`,
    ...changes,
  };
}
