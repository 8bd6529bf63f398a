import type { FastifyBaseLogger } from 'fastify';

/** Who changes a setting: recorded in the audit row and named in the warning log line. */
export interface SettingsActor {
  employeeId: number;
  name: string;
}

/** The columns of a bank setting that decide where a customer's money goes (and whether it is used). */
const PAYMENT_FIELDS: readonly string[] = [
  'type',
  'pix_type',
  'pix_key',
  'bank',
  'agency',
  'account',
  'cnpj',
  'disabled',
];

/** The warning of a change of where the shop gets paid: who, which setting, which fields (values: audit row). */
export function warnPaymentChange(
  log: FastifyBaseLogger,
  actor: SettingsActor,
  what: { entity: 'bank_setting' | 'company_settings'; entityId: number; action: string; name?: string },
  changes: Record<string, unknown>,
) {
  const fields = Object.keys(changes);
  // The shop's address only goes on its documents: not where it gets paid.
  const payment =
    what.entity === 'company_settings'
      ? fields.filter((f) => f !== 'address')
      : fields.filter((f) => PAYMENT_FIELDS.includes(f));
  if (payment.length === 0) return;
  log.warn(
    { employeeId: actor.employeeId, employeeName: actor.name, ...what, fields: payment },
    `payment settings changed by ${actor.name} (#${actor.employeeId}): ${what.entity} ${what.entityId} ${what.action} (${payment.join(', ')})`,
  );
}
