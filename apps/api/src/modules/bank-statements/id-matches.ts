import type { BookEntry } from './bank-statements.repository';

/**
 * The exact matches of the open lines, a Pix's first (decision 0099): a line whose FITID is the endToEndId a
 * receipt kept (the PSP's statement keys its Pix by it; the webhook's receipt stores it) is proposed that receipt
 * when they agree in amount and day, whichever other receipt of the same amount and day there is; every other line
 * then as `rest` (reconciliation.ts's `proposeMatches`) proposes, those receipts taken.
 */
export function proposeWithIds(
  lines: readonly { id: number; posted_on: string; amount_cents: number; fit_id: string | null }[],
  entries: readonly BookEntry[],
  taken: ReadonlySet<string>,
  propose: (
    lines: readonly { id: number; posted_on: string; amount_cents: number }[],
    entries: readonly BookEntry[],
    taken: ReadonlySet<string>,
  ) => Map<number, BookEntry>,
): Map<number, BookEntry> {
  const byId = new Map<string, BookEntry>();
  for (const entry of entries) {
    if (entry.end_to_end_id && !taken.has(`${entry.kind}|${entry.ref}`)) byId.set(entry.end_to_end_id, entry);
  }
  const proposals = new Map<number, BookEntry>();
  const used = new Set(taken);
  for (const line of lines) {
    const entry = line.fit_id ? byId.get(line.fit_id) : undefined;
    if (entry && entry.amount_cents === line.amount_cents && entry.day === line.posted_on) {
      proposals.set(line.id, entry);
      used.add(`${entry.kind}|${entry.ref}`);
    }
  }
  const rest = propose(
    lines.filter((line) => !proposals.has(line.id)),
    entries,
    used,
  );
  for (const [id, entry] of rest) proposals.set(id, entry);
  return proposals;
}
