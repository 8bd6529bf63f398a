/**
 * The one engine of the state machines (orders and repairs; issue 60 §4, as Vendure runs orders, payments and
 * refunds on one): a table of moves names, for each, what it requires and what it does, by name; the engine holds
 * the check of each requirement and the handler of each effect, and a move runs exactly what its row names, in the
 * row's order. A name of the table with nothing behind it is the defect a table-driven machine invites (the row says
 * it, nothing does it): `unhandled` lists them and `assertComplete` refuses to start with one.
 */

/** A move of a table, as the engine reads it. */
export interface StepRow<R extends string, E extends string> {
  requires: readonly R[];
  does: readonly E[];
}

export interface StepRegistry<R extends string, E extends string, RC, EC> {
  /** Sets the check of a requirement (registering it again replaces it). */
  requirement(name: R, check: (context: RC) => Promise<void> | void): void;
  /** Sets the handler of an effect (registering it again replaces it). */
  effect(name: E, handler: (context: EC) => Promise<void> | void): void;
  /** Checks the row's requirements in its order: the first refusal throws, nothing is written. */
  check(row: StepRow<R, E>, context: RC): Promise<void>;
  /** Does the row's effects in its order, in the caller's transaction. */
  run(row: StepRow<R, E>, context: EC): Promise<void>;
  /** The requirements and effects the table names that have no check or handler. */
  unhandled(): string[];
  /** Throws, naming them, when the table names a step nothing handles: called where the machine is built. */
  assertComplete(): void;
}

/**
 * A registry for `table`. `checkedElsewhere`: requirements the caller checks itself before `check` (the orders'
 * rules that read the actor and the delivery), known to be handled.
 */
export function createStepRegistry<R extends string, E extends string, RC, EC>(
  machine: string,
  table: readonly StepRow<R, E>[],
  checkedElsewhere: readonly R[] = [],
): StepRegistry<R, E, RC, EC> {
  const checks = new Map<R, (context: RC) => Promise<void> | void>();
  const handlers = new Map<E, (context: EC) => Promise<void> | void>();
  const unhandled = () => {
    const requirements = new Set(table.flatMap((row) => row.requires));
    const effects = new Set(table.flatMap((row) => row.does));
    return [
      ...[...requirements].filter((r) => !checks.has(r) && !checkedElsewhere.includes(r)),
      ...[...effects].filter((e) => !handlers.has(e)),
    ];
  };
  return {
    requirement: (name, check) => void checks.set(name, check),
    effect: (name, handler) => void handlers.set(name, handler),
    async check(row, context) {
      for (const requirement of row.requires) {
        const check = checks.get(requirement);
        if (check) await check(context);
        else if (!checkedElsewhere.includes(requirement)) {
          throw new Error(`${machine}: no check registered for '${requirement}'`);
        }
      }
    },
    async run(row, context) {
      for (const effect of row.does) {
        const handler = handlers.get(effect);
        if (!handler) throw new Error(`${machine}: no handler registered for the effect '${effect}'`);
        await handler(context);
      }
    },
    unhandled,
    assertComplete() {
      const missing = unhandled();
      if (missing.length > 0)
        throw new Error(`${machine}: the table names steps nothing handles: ${missing.join(', ')}`);
    },
  };
}
