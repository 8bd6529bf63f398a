import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStatusPageLimiter } from './status-limiter';

describe("the repairs' public status page limit (decision 0059, issue 53 finding 9)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, seconds));

  it('counts the unknown tokens in the database: two API processes on one database share one address’s guesses', async () => {
    const limits = { misses: 2, missWindowMs: 15 * 60 * 1000 };
    const one = createStatusPageLimiter(t.db, limits);
    const other = createStatusPageLimiter(t.db, limits);
    // Two unknown tokens told to different processes: the third is refused by both, until the window passes.
    expect(await one.miss('10.1.0.3', at(0))).toBe(true);
    expect(await other.miss('10.1.0.3', at(2))).toBe(true);
    expect(await one.miss('10.1.0.3', at(3))).toBe(false);
    expect(await other.miss('10.1.0.3', at(15 * 60 - 1))).toBe(false);
    // Another address is not held back by it.
    expect(await other.miss('10.1.0.4', at(3))).toBe(true);
    // 15 minutes after the first guess (at 0 s) it has left the window; the refused ones were not counted: one more.
    expect(await other.miss('10.1.0.3', at(15 * 60 + 1))).toBe(true);
    expect(await one.miss('10.1.0.3', at(15 * 60 + 1))).toBe(false);
  });
});
