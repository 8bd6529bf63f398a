import type { Customer, CustomerLevelOption } from '@backoffice/contract';

/** Fixtures of the customers tests. */
export const LEVELS: CustomerLevelOption[] = [
  { value: 1, text: 'Ouro' },
  { value: 2, text: 'Prata' },
  { value: 3, text: 'Bronze' },
];

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
