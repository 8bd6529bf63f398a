import type { Customer } from '@backoffice/contract';

/**
 * A customer as the API answers one: João da Conceição, awaiting approval, no level, no charges, at Rua Augusta
 * 100 (São Paulo); with `overrides`. The customers' and the selling's tests start from it.
 */
export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 7,
    name: 'João da Conceição',
    email: 'joao@cliente.com.br',
    phone: '11987654321',
    document: '52998224725',
    stateRegistration: null,
    level: 0,
    levelName: '',
    status: 'Awaiting',
    approved: false,
    isBlocked: false,
    statusNote: null,
    deliverer: null,
    delivererAssociated: null,
    warrantyPercentage: 0,
    shippingCost: 0,
    fastDeliveryTax: 0,
    notes: null,
    totalPurchase: 0,
    address: {
      street: 'Rua Augusta',
      number: '100',
      complement: null,
      neighborhood: 'Consolação',
      zipCode: '01305000',
      state: 'SP',
      city: 'São Paulo',
      shippingCost: 0,
    },
    createdAt: '2026-04-01T12:00:00.000Z',
    ...overrides,
  };
}
