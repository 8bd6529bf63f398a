import { describe, expect, it } from 'vitest';
import { baselineAfterConflict, baselineOf } from './edit-baseline';

describe('edit baseline (previousStock / previousCost)', () => {
  it('is the stock and the cost in reais with two decimals', () => {
    expect(baselineOf({ stock: 4, cost: 10 })).toEqual({ previousStock: 4, previousCost: 10 });
    expect(baselineOf({ stock: 0, cost: 0.1 + 0.2 })).toEqual({ previousStock: 0, previousCost: 0.3 });
  });

  it('after a refusal moves only the field the server refused (stock first, then cost) to its current value', () => {
    const opened = { previousStock: 5, previousCost: 10 };
    // a stock entry moved both; the form changed the stock only: the stock was refused, the cost stays
    expect(baselineAfterConflict(opened, { stock: 7, cost: 10 }, { stock: 15, cost: 12 })).toEqual({
      previousStock: 15,
      previousCost: 10,
    });
    // the form changed the cost only: the cost was refused
    expect(baselineAfterConflict(opened, { stock: 5, cost: 11 }, { stock: 15, cost: 12 })).toEqual({
      previousStock: 5,
      previousCost: 12,
    });
    // nothing moved in the fields the form changed: unchanged
    expect(baselineAfterConflict(opened, { stock: 7, cost: 10 }, { stock: 5, cost: 12 })).toEqual(opened);
  });
});
