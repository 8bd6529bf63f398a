import { importLinePricing } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { eventLoopTurns } from '../../lib/event-loop-turns';
import {
  type ImportIssue,
  type ImportLine,
  type ImportOptions,
  type ImportOutcome,
  type ImportTarget,
  issueList,
} from '../../lib/import-lines';
import { lineChecker, type PlannedProduct, readKnown } from './product-import-checks';
import { writeProducts } from './product-import-writes';

/**
 * Products from a spreadsheet (issue 21 §2): every line checked with the product form's own schema
 * (create, or update when its code exists), brands and references found or, with `createMissing`,
 * created; then, when writing (`target.write`, the caller's transaction) and the file is not refused: products upserted by code a
 * thousand per statement, the stock each line sets moved through `moveStock` (ledger kind IMPORT), one
 * audit row per product. A line without a code is a new product (code from the sequence).
 */
export async function importProducts(
  target: ImportTarget,
  actorId: number,
  lines: readonly ImportLine[],
  options: ImportOptions,
): Promise<ImportOutcome> {
  return 'write' in target
    ? plan(target.write, true, actorId, lines, options, target.write)
    : plan(target.check, false, actorId, lines, options);
}

/** Checks every line (`product-import-checks.ts`), prices the good ones and, when writing, writes them. */
async function plan(
  executor: Executor,
  lock: boolean,
  actorId: number,
  lines: readonly ImportLine[],
  options: ImportOptions,
  trx?: Transaction<Database>,
): Promise<ImportOutcome> {
  const { issues, bad, fail } = issueList();
  const known = await readKnown(executor, lines, lock);
  const checker = lineChecker(known, options, fail, bad);
  const planned: PlannedProduct[] = [];
  const turn = eventLoopTurns();
  for (const line of lines) {
    await turn();
    const product = checker.check(line);
    if (product && !bad.has(product.line)) planned.push(product);
  }

  const good = planned.filter((p) => !bad.has(p.line));
  const created = good.filter((p) => !p.before).length;
  const updated = good.length - created;
  const { warnings, prices } = await pricingOf(good, turn);
  if (!trx || (bad.size > 0 && !options.skipInvalid) || good.length === 0) {
    return { created: trx ? 0 : created, updated: trx ? 0 : updated, issues, imported: false, warnings, prices };
  }
  await writeProducts(trx, actorId, good, known, checker.missing, turn);
  return { created, updated, issues, imported: true, warnings, prices };
}

/** What each good line's customers will pay, and the prices worth a second look. */
async function pricingOf(good: PlannedProduct[], turn: () => Promise<void>) {
  const warnings: ImportIssue[] = [];
  const prices: NonNullable<ImportOutcome['prices']> = [];
  for (const p of good) {
    await turn();
    const pricing = importLinePricing(p.data);
    for (const warning of pricing.warnings) warnings.push({ line: p.line, ...warning });
    prices.push({ line: p.line, name: p.data.name, ...pricing.prices });
  }
  return { warnings, prices };
}
