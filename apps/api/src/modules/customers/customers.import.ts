import {
  CUSTOMER_IMPORT_COLUMNS,
  type CustomerImport,
  customerImportSchema,
  customerSearchText,
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  importIssueMessage,
  normalizeDocument,
} from '@backoffice/contract';
import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { CustomersTable, Database } from '../../db/schema';
import { type AuditEntry, diff, recordAudits } from '../../lib/audit';
import { eventLoopTurns } from '../../lib/event-loop-turns';
import {
  type ImportLine,
  type ImportOptions,
  type ImportOutcome,
  type ImportTarget,
  issueList,
  setPath,
} from '../../lib/import-lines';
import { customerColumnsOf, customerFieldsOf, pickCustomerFields } from './customer-fields';
import { type ImportedCustomerUpdate, customersRepository as repo } from './customers.repository';

type CustomerRecord = Awaited<ReturnType<typeof repo.byDocuments>>[number];

const KEY_OF_FIELD = new Map(CUSTOMER_IMPORT_COLUMNS.map((column) => [column.field ?? column.key, column.key]));

/** A customer as the import's schema reads it (API units): the cells the file lacks keep these. */
function formOf(row: CustomerRecord) {
  return {
    ...customerFieldsOf(row),
    // A blocked customer keeps the flag of where an unblock takes them (as the edit modal reads it).
    approve: row.status === 'APPROVED' || (row.status === 'BLOCKED' && row.approved_at !== null),
  };
}

const NEW_CUSTOMER = {
  stateRegistration: null,
  level: 0,
  shippingCost: 0,
  warrantyPercentage: 0,
  fastDeliveryTax: 0,
  approve: false,
};

function auditView(c: CustomerImport) {
  return {
    ...pickCustomerFields(c),
    fastDeliveryTax: c.fastDeliveryTax ?? 0,
    stateRegistration: c.stateRegistration ?? null,
    approve: c.approve,
  };
}

interface PlannedCustomer {
  line: number;
  before: CustomerRecord | undefined;
  data: CustomerImport;
}

/**
 * The status fields an import line leaves, by the edit modal's rule (`customers.service` edit): a blocked
 * customer stays blocked (the flag only says where an unblock goes); approving one not approved approves
 * them (by the importer, now); un-approving an approved one reproves them. A new customer is approved or
 * awaits approval.
 */
function statusOf(before: CustomerRecord | undefined, approve: boolean, actorId: number, now: string) {
  const approvedNow = {
    status: 'APPROVED' as const,
    approved_by: actorId,
    approved_at: now,
    status_changed_by: actorId,
    status_changed_at: now,
    status_note: null,
  };
  if (!before) {
    return approve
      ? approvedNow
      : {
          status: 'AWAITING' as const,
          approved_by: null,
          approved_at: null,
          status_changed_by: null,
          status_changed_at: null,
          status_note: null,
        };
  }
  const kept = {
    status: before.status,
    approved_by: before.approved_by,
    approved_at: before.approved_at ? new Date(before.approved_at).toISOString() : null,
    status_changed_by: before.status_changed_by,
    status_changed_at: before.status_changed_at ? new Date(before.status_changed_at).toISOString() : null,
    status_note: before.status_note,
  };
  if (before.status === 'BLOCKED') {
    if (approve && kept.approved_at === null) return { ...kept, approved_by: actorId, approved_at: now };
    if (!approve && kept.approved_at !== null) return { ...kept, approved_by: null, approved_at: null };
    return kept;
  }
  if (approve && before.status !== 'APPROVED') return approvedNow;
  if (!approve && before.status === 'APPROVED') {
    return {
      status: 'REPROVED' as const,
      approved_by: null,
      approved_at: null,
      status_changed_by: actorId,
      status_changed_at: now,
      status_note: null,
    };
  }
  return kept;
}

/**
 * Customers from a spreadsheet (issue 21 §2): every line checked with `customerImportSchema` (the edit
 * modal's rules plus the registration's: CPF/CNPJ digits, e-mail, phone), matched by CPF/CNPJ; an e-mail
 * of another customer is refused. Then, when writing (`target.write`, the caller's transaction) and the file is not refused: new
 * customers inserted and known ones updated a thousand per statement, one audit row per customer.
 */
export async function importCustomers(
  target: ImportTarget,
  actorId: number,
  lines: readonly ImportLine[],
  options: ImportOptions,
): Promise<ImportOutcome> {
  return 'write' in target ? plan(target.write, true, target.write) : plan(target.check, false);

  async function plan(executor: Executor, lock: boolean, trx?: Transaction<Database>): Promise<ImportOutcome> {
    const { issues, bad, fail } = issueList();
    const documents = [
      ...new Set(
        lines
          .map((l) => l.values.document)
          .filter((d): d is string => typeof d === 'string')
          .map(normalizeDocument),
      ),
    ];
    const existing = new Map<string, CustomerRecord>();
    for (const row of await repo.byDocuments(executor, documents, lock)) {
      if (!existing.has(row.document)) existing.set(row.document, row);
    }
    const emails = [
      ...new Set(
        lines
          .map((l) => l.values.email)
          .filter((e): e is string => typeof e === 'string')
          .map((e) => e.trim().toLowerCase()),
      ),
    ];
    const emailOwner = new Map((await repo.byEmails(executor, emails)).map((row) => [row.email, row.id]));
    const seenDocuments = new Map<string, number>();
    const seenEmails = new Map<string, number>();
    const planned: PlannedCustomer[] = [];

    const turn = eventLoopTurns();
    for (const { line, values, failed } of lines) {
      await turn();
      // A cell that could not be read (told by the imports module) keeps its line out, as any other problem.
      if (failed.size > 0) bad.add(line);
      const documentCell = typeof values.document === 'string' ? normalizeDocument(values.document) : null;
      const before = documentCell ? existing.get(documentCell) : undefined;
      const input: Record<string, unknown> = before ? formOf(before) : { ...NEW_CUSTOMER };
      for (const column of CUSTOMER_IMPORT_COLUMNS) {
        if (column.key in values) setPath(input, column.field ?? column.key, values[column.key]);
      }
      const parsed = customerImportSchema.safeParse(input, { error: importIssueMessage });
      if (!parsed.success) {
        const reported = new Set<string>();
        for (const issue of parsed.error.issues) {
          const key = KEY_OF_FIELD.get(issue.path.join('.')) ?? KEY_OF_FIELD.get(String(issue.path[0])) ?? 'name';
          if (failed.has(key) || reported.has(key)) continue;
          reported.add(key);
          fail(line, key, issue.message);
        }
        continue;
      }
      const data = parsed.data;
      const firstDocument = seenDocuments.get(data.document);
      if (firstDocument !== undefined) fail(line, 'document', IMPORT_TEXTS.repeatedInFile('CPF/CNPJ', firstDocument));
      else seenDocuments.set(data.document, line);
      const firstEmail = seenEmails.get(data.email);
      if (firstEmail !== undefined) fail(line, 'email', IMPORT_TEXTS.repeatedInFile('E-mail', firstEmail));
      else seenEmails.set(data.email, line);
      const owner = emailOwner.get(data.email);
      if (owner !== undefined && owner !== before?.id) fail(line, 'email', IMPORT_TEXTS.emailTaken);
      if (!bad.has(line)) planned.push({ line, before, data });
    }

    const good = planned.filter((p) => !bad.has(p.line));
    const created = good.filter((p) => !p.before).length;
    const updated = good.length - created;
    if (!trx || (bad.size > 0 && !options.skipInvalid) || good.length === 0) {
      return { created: trx ? 0 : created, updated: trx ? 0 : updated, issues, imported: false };
    }

    const now = new Date().toISOString();
    const audits: AuditEntry[] = [];
    for (let start = 0; start < good.length; start += IMPORT_LIMITS.batchSize) {
      await turn();
      const batch = good.slice(start, start + IMPORT_LIMITS.batchSize);
      const rows = batch.map((p) => {
        const d = p.data;
        // The document only for a new customer (the line was matched by it): added to the inserts below.
        const { document: _matchedBy, ...columns } = customerColumnsOf({
          ...d,
          state: d.state ? d.state.toUpperCase() : null,
          fastDeliveryTax: d.fastDeliveryTax ?? 0,
          stateRegistration: d.stateRegistration ?? null,
        });
        return {
          ...columns,
          ...statusOf(p.before, d.approve, actorId, now),
          search_text: customerSearchText(d),
        };
      });
      const inserts: Insertable<CustomersTable>[] = [];
      const updates: ImportedCustomerUpdate[] = [];
      batch.forEach((p, index) => {
        const row = rows[index] as (typeof rows)[number];
        if (p.before) updates.push({ id: p.before.id, ...row });
        else inserts.push({ ...row, document: p.data.document });
      });
      const ids = new Map((await repo.insertMany(trx, inserts)).map((r) => [r.document, r.id]));
      await repo.updateMany(trx, updates);
      for (const p of batch) {
        const after = auditView(p.data);
        audits.push({
          employeeId: actorId,
          entity: 'customer',
          entityId: p.before?.id ?? (ids.get(p.data.document) as number),
          action: p.before ? 'import-update' : 'import-create',
          changes: p.before ? { ...diff(formOf(p.before), after), line: p.line } : { ...after, line: p.line },
        });
      }
    }
    await recordAudits(trx, audits);
    return { created, updated, issues, imported: true };
  }
}
