import { describe, expect, it } from 'vitest';
import { createStepRegistry } from './step-registry';

type Req = 'signature' | 'reason' | 'actor';
type Eff = 'takeParts' | 'bill' | 'erase';
const TABLE = [
  { requires: ['signature', 'actor'] as Req[], does: ['takeParts', 'bill'] as Eff[] },
  { requires: ['reason'] as Req[], does: ['erase'] as Eff[] },
];

describe("the state machines' engine (lib/step-registry.ts)", () => {
  it('names every step of the table nothing handles, and refuses to start with one', () => {
    const steps = createStepRegistry<Req, Eff, { note?: string }, string[]>('repairs', TABLE, ['actor']);
    steps.requirement('signature', () => {});
    steps.effect('takeParts', () => {});
    expect(steps.unhandled().sort()).toEqual(['bill', 'erase', 'reason']);
    expect(() => steps.assertComplete()).toThrow('repairs: the table names steps nothing handles: reason, bill, erase');
    steps.requirement('reason', () => {});
    steps.effect('bill', () => {});
    steps.effect('erase', () => {});
    expect(steps.unhandled()).toEqual([]);
    expect(() => steps.assertComplete()).not.toThrow();
  });

  it("runs a row's effects in the row's order, and only them", async () => {
    const steps = createStepRegistry<Req, Eff, object, string[]>('repairs', TABLE);
    for (const name of ['takeParts', 'bill', 'erase'] as const) steps.effect(name, (done) => void done.push(name));
    const done: string[] = [];
    await steps.run({ requires: [], does: ['bill', 'takeParts'] }, done);
    expect(done).toEqual(['bill', 'takeParts']);
  });

  it('checks the requirements in order: the first refusal stops the move; one checked elsewhere is passed over', async () => {
    const steps = createStepRegistry<Req, Eff, { note?: string }, string[]>('repairs', TABLE, ['actor']);
    const seen: string[] = [];
    steps.requirement('signature', () => {
      seen.push('signature');
    });
    steps.requirement('reason', ({ note }) => {
      seen.push('reason');
      if (!note) throw new Error('Informe o motivo.');
    });
    await expect(steps.check({ requires: ['actor', 'reason', 'signature'], does: [] }, {})).rejects.toThrow(
      'Informe o motivo.',
    );
    expect(seen).toEqual(['reason']);
    await steps.check({ requires: ['signature', 'reason'], does: [] }, { note: 'quebrado' });
    expect(seen).toEqual(['reason', 'signature', 'reason']);
  });

  it('a step registered again replaces the first; a step with nothing behind it fails the move, never passes silently', async () => {
    const steps = createStepRegistry<Req, Eff, object, string[]>('orders', TABLE);
    steps.effect('bill', (done) => void done.push('first'));
    steps.effect('bill', (done) => void done.push('second'));
    const done: string[] = [];
    await steps.run({ requires: [], does: ['bill'] }, done);
    expect(done).toEqual(['second']);
    await expect(steps.run({ requires: [], does: ['erase'] }, done)).rejects.toThrow(
      "orders: no handler registered for the effect 'erase'",
    );
    await expect(steps.check({ requires: ['reason'], does: [] }, {})).rejects.toThrow(
      "orders: no check registered for 'reason'",
    );
  });
});
