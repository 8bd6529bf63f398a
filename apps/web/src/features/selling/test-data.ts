import type { Customer } from '@backoffice/contract';

/** Fixtures of the selling tests. */
export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 7,
    name: 'Joana Ouro',
    email: 'joana@cliente.com.br',
    phone: '11987654321',
    document: '52998224725',
    level: 1,
    levelName: 'Ouro',
    status: 'Approved',
    approved: true,
    isBlocked: false,
    statusNote: null,
    deliverer: null,
    delivererAssociated: null,
    warrantyPercentage: 10,
    shippingCost: 15,
    fastDeliveryTax: 25,
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
      shippingCost: 15,
    },
    createdAt: '2026-04-01T12:00:00.000Z',
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
