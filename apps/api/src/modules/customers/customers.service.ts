import type { AssociateDelivererInput, Customer, CustomerRegister } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { associateDeliverer, editCustomer, removeCustomer } from './customer-edits';
import { customerHistory } from './customer-history';
import { customerReads, loadCustomer } from './customer-reads';
import { approveCustomer, changeCustomerStatus } from './customer-status';
import { registerCustomer } from './register-customer';
import { walkInCustomer } from './walk-in-customer';

/** The command palette's customers, for the search and the repairs. */
export { searchCustomers } from './customer-reads';
/** A customer row as the API answers it (the LGPD export). */
export { toCustomer } from './customer-views';
/** The spreadsheet import of customers (issue 21 §2), for the imports module. */
export { importCustomers } from './customers.import';
/** One customer as the API answers it (the boletos module's payer: name, document, address); 404 unknown. */
/** The seller's own 'Consumidor final' (decision 0040), made on first use: the counter's walk-in sales. */
export { loadCustomer, walkInCustomer };

/**
 * Rules of customers (spec section 4): waiting → approved (level, shipping cost, warranty) or reproved;
 * approved, waiting or reproved → blocked with a reason; blocked → approved (unblock: back to waiting
 * when the customer had never been approved); reproved → approved. Level 0 (no price level) is a valid
 * level for an approved retail customer, except in the approval form. Every change runs in one
 * transaction with an audit row. The reads in `customer-reads.ts`, the status in `customer-status.ts`, the edit,
 * courier and deletion in `customer-edits.ts`, a registration by staff in `register-customer.ts`, the walk-in in
 * `walk-in-customer.ts`, the purchases in `customer-history.ts`.
 */
export function createCustomersService(db: DB) {
  const load = (id: number) => loadCustomer(db, id);

  return {
    ...customerReads(db),

    async associateDeliverer(actorId: number, input: AssociateDelivererInput): Promise<Customer> {
      await associateDeliverer(db, actorId, input);
      return load(input.customerId);
    },

    remove: (actorId: number, id: number): Promise<void> => removeCustomer(db, actorId, id),

    async changeStatus(
      actorId: number,
      id: number,
      input: { status: 'Approved' | 'Blocked' | 'Reproved'; note?: string | null },
    ): Promise<Customer> {
      await changeCustomerStatus(db, actorId, id, input);
      return load(id);
    },

    async approve(actorId: number, input: Parameters<typeof approveCustomer>[2]): Promise<Customer> {
      return load(await approveCustomer(db, actorId, input));
    },

    async edit(actorId: number, input: Parameters<typeof editCustomer>[2]): Promise<Customer> {
      await editCustomer(db, actorId, input);
      return load(input.customerId);
    },

    /** A customer registered by staff (issue 38 §1), approved at once; 409 DUPLICATE on a document or e-mail held. */
    async register(actorId: number, input: CustomerRegister): Promise<Customer> {
      return load(await registerCustomer(db, actorId, input));
    },

    /** The employee's own 'Consumidor final' (decision 0040), made on first use. */
    walkIn: (employeeId: number) => walkInCustomer(db, employeeId),

    history: (id: number, start: string, end: string) => customerHistory(db, id, start, end),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
