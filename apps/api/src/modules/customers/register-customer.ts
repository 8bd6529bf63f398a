import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_REGISTER_TEXTS,
  CUSTOMER_TEXTS,
  type CustomerRegister,
  customerSearchText,
  isActiveCourier,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict } from '../../lib/errors';
import { customerColumnsOf, pickCustomerFields } from './customer-fields';
import { approvedNow } from './customer-writes';
import { customersRepository as repo } from './customers.repository';

/**
 * The e-mail kept for a counter customer registered without one (decision 0073): a placeholder of the reserved
 * `.invalid` domain (`isPlaceholderEmail`), unique as the column wants, never shown nor written to.
 */
function placeholderEmail(): string {
  return `cliente-${randomUUID()}@balcao.invalid`;
}

/**
 * A customer registered by staff (issue 38 §1; a counter customer needs only name, document and phone, decision
 * 0073): approved at once by `actorId`, with the terms given, in one
 * transaction with its audit row. Registrations queue on one lock, then a customer already holding the
 * document or the e-mail (any status) refuses it: 409 DUPLICATE naming him in `details.customer`. Answers his id.
 */
export async function registerCustomer(db: DB, actorId: number, input: CustomerRegister): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await repo.lockRegistrations(trx);
    const existing = await repo.findDuplicate(trx, input.document, input.email);
    if (existing) {
      const message =
        existing.document === input.document
          ? CUSTOMER_REGISTER_TEXTS.documentTaken(existing.name)
          : CUSTOMER_REGISTER_TEXTS.emailTaken(existing.name);
      throw conflict(message, 'DUPLICATE', {
        customer: { id: existing.id, name: existing.name, email: existing.email },
      });
    }
    let deliverer: { id: number; name: string } | null = null;
    if (input.delivererId != null) {
      const found = await repo.findEmployee(trx, input.delivererId);
      if (!found || !isActiveCourier(found)) throw badRequest(CUSTOMER_TEXTS.delivererInvalid);
      deliverer = { id: found.id, name: found.name };
    }
    const fields = {
      ...input,
      email: input.email ?? placeholderEmail(),
      fastDeliveryTax: input.fastDeliveryTax ?? 0,
      stateRegistration: input.stateRegistration ?? null,
    };
    const now = new Date();
    const newId = await repo.insert(trx, {
      ...customerColumnsOf(pickCustomerFields(fields)),
      ...approvedNow(actorId, now),
      deliverer_id: deliverer?.id ?? null,
      search_text: customerSearchText({ ...input, email: input.email ?? '' }),
    });
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'customer',
      entityId: newId,
      action: 'register',
      changes: {
        ...pickCustomerFields(fields),
        status: 'APPROVED',
        approvedBy: actorId,
        ...(deliverer ? { delivererId: deliverer.id, deliverer: deliverer.name } : {}),
      },
    });
    return newId;
  });
}
