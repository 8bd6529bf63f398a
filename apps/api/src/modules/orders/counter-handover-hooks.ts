import type { DB } from '../../db/database';

/** Work done once a counter sale handed over at once has committed: the order's id. Never refuses the sale. */
export type AfterCounterSale = (orderId: number) => Promise<void>;

// By database: the tests run several apps, each on a database of its own, in one process.
const hooks = new WeakMap<DB, Map<string, AfterCounterSale>>();

/**
 * `hook` runs after each counter sale of `db` handed over in its call, once its transaction committed (decision 0078:
 * the fiscal notes emit its NFC-e at once, not at the scheduler's next round). Registered again under the same
 * `name`, it replaces the one before.
 */
export function afterCounterSale(db: DB, name: string, hook: AfterCounterSale): void {
  const own = hooks.get(db) ?? new Map<string, AfterCounterSale>();
  own.set(name, hook);
  hooks.set(db, own);
}

/**
 * The hooks of a committed counter sale, one after the other. A hook that throws does not fail the sale, already
 * made and paid: what it did not do is left to its own round (the notes' scheduler emits a note still asked for).
 */
export async function runAfterCounterSale(db: DB, orderId: number): Promise<void> {
  for (const hook of hooks.get(db)?.values() ?? []) {
    try {
      await hook(orderId);
    } catch {
      // Left to the hook's own round (see above).
    }
  }
}
