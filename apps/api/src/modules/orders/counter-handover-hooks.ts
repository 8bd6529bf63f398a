import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../../plugins/auth';

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

/** A used phone given as part of a counter sale's payment, accepted in the sale's transaction once its order is placed. */
export type CounterTradeInAcceptor = (
  trx: Transaction<Database>,
  principal: Principal,
  tradeIn: { id: number; productId: number; orderId: number; customerId: number; valueCents: number },
) => Promise<void>;

let tradeInAcceptor: CounterTradeInAcceptor | null = null;

/**
 * The trade-ins module's acceptance of a used phone given at the counter (decision 0078), registered by its service
 * factory as the workflow's handlers are: the selling module calls it without importing the trade-ins (which lean on
 * modules that lean on selling).
 */
export function onCounterTradeIn(acceptor: CounterTradeInAcceptor): void {
  tradeInAcceptor = acceptor;
}

/** A used phone given at the counter, accepted through the registered acceptor. */
export async function acceptCounterTradeIn(...args: Parameters<CounterTradeInAcceptor>): Promise<void> {
  if (!tradeInAcceptor) throw new Error('The trade-ins module has not registered its counter acceptance.');
  await tradeInAcceptor(...args);
}
