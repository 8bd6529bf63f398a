import { CUSTOMER_TEXTS, customerSearchText, WALK_IN_TEXTS, type WalkInCustomer } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { customersRepository as repo, WALK_IN } from './customers.repository';

/**
 * The employee's own 'Consumidor final' (decision 0040), made on first use: a record of status WALK_IN that
 * no list, search, count or LGPD call reads, with its own cart (two counters never share one).
 */
export async function walkInCustomer(db: DB, employeeId: number): Promise<WalkInCustomer> {
  const found = await repo.walkInOf(db, employeeId);
  if (found) return found;
  await repo.insertWalkIn(db, {
    name: WALK_IN_TEXTS.name,
    email: `consumidor-final-${employeeId}@balcao.invalid`,
    phone: '',
    document: '',
    status: WALK_IN,
    walk_in_employee_id: employeeId,
    // The orders screen's filter finds his orders by 'consumidor final' (the customers search leaves him out).
    search_text: customerSearchText({ name: WALK_IN_TEXTS.name, email: '', document: '', phone: '' }),
  });
  const made = await repo.walkInOf(db, employeeId);
  if (!made) throw notFound(CUSTOMER_TEXTS.notFound);
  return made;
}
