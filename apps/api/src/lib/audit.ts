import type { Executor } from '../db/executor';

export interface AuditEntry {
  employeeId: number | null;
  entity: string;
  entityId: string | number;
  action: string;
  changes?: Record<string, unknown>;
}

/** Writes one row of the audit trail (who, when, what changed), inside the caller's transaction. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      employee_id: entry.employeeId,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      action: entry.action,
      changes: JSON.stringify(entry.changes ?? {}),
    })
    .execute();
}

/** The fields whose values differ between `before` and `after`, as { field: { from, to } }. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/** The same fields, all null: what there was before a creation, or is after a removal (for `diff`). */
export function emptied(record: Record<string, unknown>): Record<string, null> {
  return Object.fromEntries(Object.keys(record).map((key) => [key, null]));
}

/** Rows of the audit trail written per statement by `recordAudits`. */
const AUDIT_BATCH = 1000;

/** Many rows of the audit trail (an import's lines), a thousand per statement, in the caller's transaction. */
export async function recordAudits(db: Executor, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += AUDIT_BATCH) {
    await db
      .insertInto('audit_events')
      .values(
        entries.slice(start, start + AUDIT_BATCH).map((entry) => ({
          employee_id: entry.employeeId,
          entity: entry.entity,
          entity_id: String(entry.entityId),
          action: entry.action,
          changes: JSON.stringify(entry.changes ?? {}),
        })),
      )
      .execute();
  }
}
