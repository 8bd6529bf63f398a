import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { type OrderEvent, orderEventSchema, readOrderEvent } from './order-events';

/** What the schema answers: its output, or undefined when it refuses. */
const bySchema = (value: unknown) => {
  const parsed = orderEventSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** A small deterministic generator (the same cases on every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const NUMBERS = [0, 7, -3, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 1e300, -0, Number.NaN];
const VALUES: unknown[] = [...NUMBERS, null, undefined, '7', 'K7M-4QP', '', true, [], {}, [7]];
const KINDS: unknown[] = ['created', 'changed', 'many', 'other', '', undefined, null, 1, ['created']];
const KEYS = ['id', 'code', 'status', 'previousStatus', 'attendantId', 'count', 'extra'];

describe('readOrderEvent (the web, without zod) and orderEventSchema (the server) answer the same', () => {
  it('has the schema output type', () => {
    expectTypeOf<z.output<typeof orderEventSchema>>().toEqualTypeOf<OrderEvent>();
  });

  it('on the events the server sends, unknown fields left out', () => {
    const cases: unknown[] = [
      { kind: 'changed', id: 7, code: 'K7M-4QP', status: 7, previousStatus: 1 },
      { kind: 'created', id: 8, code: 'AAA-111', status: 1, previousStatus: null, attendantId: 3 },
      { kind: 'created', id: 8, code: 'AAA-111', status: 1, previousStatus: null, attendantId: null },
      { kind: 'created', id: 8, code: 'AAA-111', status: 1, previousStatus: null, attendantId: undefined },
      { kind: 'many', count: 120 },
      { kind: 'many', count: 120, id: 4 },
      { kind: 'changed', id: 7, code: 'K7M-4QP', status: 7, previousStatus: 1, total: 10, customer: 'x' },
    ];
    for (const value of cases) {
      expect(readOrderEvent(value), JSON.stringify(value)).toStrictEqual(bySchema(value));
      expect(readOrderEvent(value)).toBeDefined();
    }
    expect(readOrderEvent({ kind: 'many', count: 1, id: 4 })).toStrictEqual({ kind: 'many', count: 1 });
  });

  it('on what is not an event: another kind, a missing or wrong field, not an object', () => {
    const cases: unknown[] = [
      null,
      undefined,
      7,
      'order',
      [],
      [{ kind: 'many', count: 1 }],
      {},
      { kind: 'many' },
      { kind: 'many', count: 1.5 },
      { kind: 'deleted', id: 7, code: 'A', status: 1, previousStatus: null },
      { id: 7, code: 'A', status: 1, previousStatus: null },
      { kind: 'changed', id: 7, code: 'A', status: 1 },
      { kind: 'changed', id: '7', code: 'A', status: 1, previousStatus: null },
      { kind: 'changed', id: 7, code: 7, status: 1, previousStatus: null },
      { kind: 'changed', id: 7, code: 'A', status: 1.5, previousStatus: null },
      { kind: 'changed', id: Number.MAX_SAFE_INTEGER + 1, code: 'A', status: 1, previousStatus: null },
      { kind: 'changed', id: 7, code: 'A', status: 1, previousStatus: null, attendantId: '3' },
      { kind: 'changed', id: 7, code: 'A', status: 1, previousStatus: undefined },
    ];
    for (const value of cases) {
      expect(bySchema(value), JSON.stringify(value)).toBeUndefined();
      expect(readOrderEvent(value), JSON.stringify(value)).toBeUndefined();
    }
  });

  it('on 5,000 objects made of every kind, field and value above, each field present or not', () => {
    const next = random(26);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    let events = 0;
    for (let i = 0; i < 5000; i++) {
      const value: Record<string, unknown> = {};
      if (next() < 0.95) value.kind = pick(KINDS);
      for (const key of KEYS) if (next() < 0.8) value[key] = key === 'code' && next() < 0.7 ? 'K7M-4QP' : pick(VALUES);
      const read = readOrderEvent(value);
      expect(read, JSON.stringify(value)).toStrictEqual(bySchema(value));
      if (read) events++;
    }
    // The draw reaches both answers: events and refusals.
    expect(events).toBeGreaterThan(50);
  });
});
