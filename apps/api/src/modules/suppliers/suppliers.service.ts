import {
  documentType,
  isValidDocument,
  normalizeDocument,
  onlyDigits,
  type Paged,
  SUPPLIER_TEXTS,
  type Supplier,
  type SupplierInput,
  type SupplierListQuery,
  type SupplierPatch,
  supplierBodySchema,
  supplierSearchText,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { diff, emptied, recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { type NewSupplierRow, suppliersRepository as repo, type SupplierRow } from './suppliers.repository';

/** A supplier row as the API answers it. */
export function toSupplier(row: SupplierRow): Supplier {
  return {
    id: row.id,
    name: row.name,
    tradeName: row.trade_name,
    document: row.document,
    documentType: documentType(row.document),
    stateRegistration: row.state_registration,
    contactName: row.contact_name,
    phone: row.phone,
    email: row.email,
    address: {
      street: row.street,
      number: row.number,
      complement: row.complement,
      district: row.district,
      city: row.city,
      state: row.state,
      postalCode: row.postal_code,
    },
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/** The API's own fields of a supplier and their columns (the address's parts apart). */
const FIELD_COLUMNS = {
  name: 'name',
  tradeName: 'trade_name',
  document: 'document',
  stateRegistration: 'state_registration',
  contactName: 'contact_name',
  phone: 'phone',
  email: 'email',
} as const;
const ADDRESS_COLUMNS = {
  street: 'street',
  number: 'number',
  complement: 'complement',
  district: 'district',
  city: 'city',
  state: 'state',
  postalCode: 'postal_code',
} as const;
type FieldsRow = Omit<NewSupplierRow, 'search_text' | 'created_by'>;

/** The audited fields of a supplier (every field, null when empty). */
function snapshot(row: FieldsRow): Record<string, string | null> {
  const all = { ...FIELD_COLUMNS, ...ADDRESS_COLUMNS };
  return Object.fromEntries(Object.entries(all).map(([field, column]) => [field, row[column] ?? null]));
}

/** The columns of the fields sent (validated by the contract's schema); absent fields are left out. */
function columnsOf(input: SupplierPatch): Partial<FieldsRow> {
  const pairs = [
    ...Object.entries(FIELD_COLUMNS).map(([field, column]) => [column, input[field as keyof typeof FIELD_COLUMNS]]),
    ...Object.entries(ADDRESS_COLUMNS).map(([field, column]) => [
      column,
      input.address?.[field as keyof typeof ADDRESS_COLUMNS],
    ]),
  ];
  return Object.fromEntries(pairs.filter(([, value]) => value !== undefined)) as Partial<FieldsRow>;
}

const searchTextOf = (row: Pick<NewSupplierRow, 'name' | 'trade_name' | 'document' | 'phone'>) =>
  supplierSearchText({ name: row.name, tradeName: row.trade_name, document: row.document, phone: row.phone });

async function audit(trx: Executor, actorId: number | null, id: number, action: string, changes: object) {
  await recordAudit(trx, { employeeId: actorId, entity: 'supplier', entityId: id, action, changes: { ...changes } });
}

/** Inserts a new supplier and its audit row; 409 naming the supplier that already has the document. */
async function insertSupplier(
  trx: Transaction<Database>,
  fields: FieldsRow,
  actorId: number,
  source: 'typed' | 'nfe',
): Promise<SupplierRow | undefined> {
  const row = await repo.insertNew(trx, { ...fields, search_text: searchTextOf(fields), created_by: actorId });
  if (row) await audit(trx, actorId, row.id, 'created', { ...diff(emptied(snapshot(row)), snapshot(row)), source });
  return row;
}

const SHAPE = supplierBodySchema.shape;

/** What an NF-e's issuer (`emit`) tells of the supplier (the NF-e reader's output). */
export interface NfeIssuer {
  document: string;
  name: string;
  tradeName?: string | null;
  stateRegistration?: string | null;
  phone?: string | null;
  email?: string | null;
  address?: {
    street?: string | null;
    number?: string | null;
    complement?: string | null;
    district?: string | null;
    city?: string | null;
    state?: string | null;
    postalCode?: string | null;
  };
}

const clip = (value: string | null | undefined, max = 200) => {
  const text = (value ?? '').trim().slice(0, max);
  return text || null;
};

/**
 * The supplier of an imported note (issue 39 §1): matched by its CNPJ/CPF (normalised), or created from the
 * issuer's fields (audited, source 'nfe') when new; an existing supplier is left as registered. Safe against a
 * concurrent import of the same issuer (the insert does nothing on the document's unique index and the row is
 * read back). Runs in the caller's transaction.
 */
export async function findOrCreateSupplierFromIssuer(
  trx: Transaction<Database>,
  issuer: NfeIssuer,
  actorId: number,
): Promise<{ id: number; name: string; created: boolean }> {
  const document = normalizeDocument(issuer.document ?? '');
  if (!(document.length === 11 || document.length === 14) || !isValidDocument(document)) {
    throw badRequest(SUPPLIER_TEXTS.documentInvalid);
  }
  const known = await repo.byDocument(trx, document);
  if (known) return { id: known.id, name: known.name, created: false };
  const name = clip(issuer.name) ?? clip(issuer.tradeName);
  if (!name) throw badRequest(SUPPLIER_TEXTS.nameInvalid);
  // The issuer's phone and e-mail by the form's own rules; one the form would refuse is left out, not an error.
  const { phone, email } = SHAPE;
  const state = (issuer.address?.state ?? '').trim().toUpperCase();
  const postalCode = onlyDigits(issuer.address?.postalCode ?? '');
  const created = await insertSupplier(
    trx,
    {
      name,
      trade_name: clip(issuer.tradeName),
      document,
      state_registration: clip(issuer.stateRegistration, 30),
      contact_name: null,
      phone: phone.safeParse(issuer.phone ?? '').data ?? null,
      email: email.safeParse(clip(issuer.email) ?? '').data ?? null,
      street: clip(issuer.address?.street),
      number: clip(issuer.address?.number, 20),
      complement: clip(issuer.address?.complement),
      district: clip(issuer.address?.district),
      city: clip(issuer.address?.city),
      state: /^[A-Z]{2}$/.test(state) ? state : null,
      postal_code: postalCode.length === 8 ? postalCode : null,
    },
    actorId,
    'nfe',
  );
  if (created) return { id: created.id, name: created.name, created: true };
  // Another import created it meanwhile (committed before our insert gave way to it).
  const raced = await repo.byDocument(trx, document);
  if (!raced) throw conflict(SUPPLIER_TEXTS.documentInvalid);
  return { id: raced.id, name: raced.name, created: false };
}

/** The supplier registered with this CPF/CNPJ (normalised), or undefined (an NF-e's issuer, before its entry). */
export async function supplierByDocument(
  db: Executor,
  document: string,
): Promise<{ id: number; name: string } | undefined> {
  const row = await repo.byDocument(db, document);
  return row ? { id: row.id, name: row.name } : undefined;
}

/** The supplier's id and name, or undefined (for the payables module). */
export async function supplierRef(db: Executor, id: number): Promise<{ id: number; name: string } | undefined> {
  const row = await repo.find(db, id);
  return row ? { id: row.id, name: row.name } : undefined;
}

/** Rows an export reads at a time: memory stays that of one batch whatever the list's size. */
const EXPORT_BATCH = 500;

/** Suppliers ('Fornecedores', issue 39 §1): registration, list, search and export. */
export function createSuppliersService(db: DB) {
  return {
    async page(query: SupplierListQuery): Promise<Paged<Supplier>> {
      const { rows, total } = await repo.page(db, query);
      return { items: rows.map(toSupplier), page: query.page, total };
    },

    async *exportBatches(query: { search?: string }): AsyncGenerator<Supplier[]> {
      let after: { name: string; id: number } | null = null;
      for (;;) {
        const rows = await repo.batch(db, query.search, EXPORT_BATCH, after);
        if (rows.length === 0) return;
        yield rows.map(toSupplier);
        const last = rows[rows.length - 1] as SupplierRow;
        after = { name: last.name, id: last.id };
        if (rows.length < EXPORT_BATCH) return;
      }
    },

    async get(id: number): Promise<Supplier> {
      const row = await repo.find(db, id);
      if (!row) throw notFound(SUPPLIER_TEXTS.notFound);
      return toSupplier(row);
    },

    /** POST /suppliers: a new supplier (audited); its document already registered → 409 naming the other. */
    async create(actorId: number, input: SupplierInput): Promise<Supplier> {
      return db.transaction().execute(async (trx) => {
        const fields = { ...emptyColumns(), ...columnsOf(input) } as FieldsRow;
        const row = await insertSupplier(trx, fields, actorId, 'typed');
        if (!row) throw await taken(trx, fields.document);
        return toSupplier(row);
      });
    },

    /** PATCH /suppliers/{id}: the fields sent (audited with what changed). */
    async update(actorId: number, id: number, patch: SupplierPatch): Promise<Supplier> {
      return db.transaction().execute(async (trx) => {
        const before = await repo.find(trx, id, true);
        if (!before) throw notFound(SUPPLIER_TEXTS.notFound);
        const columns = columnsOf(patch);
        if (columns.document && columns.document !== before.document) {
          const other = await repo.byDocument(trx, columns.document);
          if (other) throw conflict(SUPPLIER_TEXTS.documentTaken(other.name));
        }
        const merged = { ...before, ...columns };
        const changes = diff(snapshot(before), snapshot(merged));
        if (Object.keys(changes).length === 0) return toSupplier(before);
        const after = await repo.update(trx, id, { ...columns, search_text: searchTextOf(merged) });
        await audit(trx, actorId, id, 'updated', changes);
        return toSupplier(after);
      });
    },
  };
}

/** Every optional column empty: a typed supplier's fields not sent. */
function emptyColumns(): Omit<FieldsRow, 'name' | 'document'> {
  const all = { ...FIELD_COLUMNS, ...ADDRESS_COLUMNS };
  return Object.fromEntries(Object.values(all).map((column) => [column, null])) as Omit<FieldsRow, 'name' | 'document'>;
}

async function taken(db: Executor, document: string) {
  const other = await repo.byDocument(db, document);
  return conflict(SUPPLIER_TEXTS.documentTaken(other?.name ?? document));
}
