import type { CustomerLevelOption } from '@backoffice/contract';

/** Fixtures of the customers tests. */
export const LEVELS: CustomerLevelOption[] = [
  { value: 1, text: 'Ouro' },
  { value: 2, text: 'Prata' },
  { value: 3, text: 'Bronze' },
];

/** An awaiting customer, as the customers' API answers one (test/customers.ts). */
export { makeCustomer } from '../../test/customers';
