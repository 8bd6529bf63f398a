import { centsToReais, reaisToCents } from '@backoffice/contract';

/**
 * A customer's registration and terms, written once: each field's name in the API (and in the import's form,
 * `CustomerImport`), its column, and how the value crosses (money: reais in the API, cents in the column). The
 * module maps through this list only: the API's answer (`toCustomer`), the import's form of a stored customer
 * and its audit view (`customers.import.ts`), the rows an import writes, and the columns of the import's bulk
 * update (`updateMany`, with their SQL types).
 */
export const CUSTOMER_FIELDS = [
  { field: 'name', column: 'name', sqlType: 'text' },
  { field: 'email', column: 'email', sqlType: 'text' },
  { field: 'phone', column: 'phone', sqlType: 'text' },
  { field: 'document', column: 'document', sqlType: 'text' },
  { field: 'stateRegistration', column: 'state_registration', sqlType: 'text' },
  { field: 'street', column: 'street', sqlType: 'text' },
  { field: 'number', column: 'number', sqlType: 'text' },
  { field: 'complement', column: 'complement', sqlType: 'text' },
  { field: 'neighborhood', column: 'neighborhood', sqlType: 'text' },
  { field: 'zipCode', column: 'zip_code', sqlType: 'text' },
  { field: 'city', column: 'city', sqlType: 'text' },
  { field: 'state', column: 'state', sqlType: 'text' },
  { field: 'level', column: 'level', sqlType: 'smallint' },
  { field: 'shippingCost', column: 'shipping_cost_cents', sqlType: 'integer', money: true },
  { field: 'warrantyPercentage', column: 'warranty_percentage', sqlType: 'double precision' },
  { field: 'fastDeliveryTax', column: 'fast_delivery_tax_cents', sqlType: 'integer', money: true },
] as const;

type Entry = (typeof CUSTOMER_FIELDS)[number];
export type CustomerFieldName = Entry['field'];
export type CustomerColumnName = Entry['column'];

/** The fields in API units: text as stored, money in reais. */
export interface CustomerFields {
  name: string;
  email: string;
  phone: string;
  document: string;
  /** 'Inscrição estadual': digits, 'ISENTO', or null (none). */
  stateRegistration: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  zipCode: string | null;
  city: string | null;
  state: string | null;
  level: number;
  shippingCost: number;
  warrantyPercentage: number;
  fastDeliveryTax: number;
}

/** The same fields as the columns hold them (money in cents). */
export type CustomerColumns = {
  [E in Entry as E['column']]: CustomerFields[E['field']];
};

/** A stored customer's fields in API units. */
export function customerFieldsOf(row: CustomerColumns): CustomerFields {
  const fields: Record<string, unknown> = {};
  for (const entry of CUSTOMER_FIELDS) {
    const value = row[entry.column];
    fields[entry.field] = 'money' in entry ? centsToReais(value as number) : value;
  }
  return fields as unknown as CustomerFields;
}

/** The columns of these fields (money from reais to cents). */
export function customerColumnsOf(fields: CustomerFields): CustomerColumns {
  const columns: Record<string, unknown> = {};
  for (const entry of CUSTOMER_FIELDS) {
    const value = fields[entry.field];
    columns[entry.column] = 'money' in entry ? reaisToCents(value as number) : value;
  }
  return columns as unknown as CustomerColumns;
}

/** Just the fields of the list, from a wider object (an import's line): what an audit records. */
export function pickCustomerFields<T extends Partial<Record<CustomerFieldName, unknown>>>(
  source: T,
): Pick<T, CustomerFieldName> {
  return Object.fromEntries(CUSTOMER_FIELDS.map(({ field }) => [field, source[field]])) as Pick<T, CustomerFieldName>;
}

/** The columns an import's bulk update writes from the list (not `document`: the line was matched by it). */
export const UPDATED_COLUMNS = CUSTOMER_FIELDS.filter((entry) => entry.column !== 'document');
