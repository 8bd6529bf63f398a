import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStatusPageLimiter } from './status-limiter';

describe("the repairs' public status page limits (decision 0059)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, seconds));

  it('counts in the database: two API processes on one database share one address’s calls and misses', async () => {
    const limits = { perMinute: 3, misses: 2, missWindowMs: 15 * 60 * 1000 };
    const one = createStatusPageLimiter(t.db, limits);
    const other = createStatusPageLimiter(t.db, limits);
    // Three calls a minute from 10.1.0.1, whichever process answers them; the fourth is refused.
    expect(await one.admit('10.1.0.1', at(0))).toBe(true);
    expect(await other.admit('10.1.0.1', at(1))).toBe(true);
    expect(await one.admit('10.1.0.1', at(2))).toBe(true);
    expect(await other.admit('10.1.0.1', at(3))).toBe(false);
    // Another address is not held back by it.
    expect(await other.admit('10.1.0.2', at(3))).toBe(true);
    // A minute after the first calls (the refused one was not counted), room again.
    expect(await one.admit('10.1.0.1', at(61))).toBe(true);

    // Two unknown tokens told to different processes: the address is refused by both, until the window passes.
    await one.miss('10.1.0.3', at(0));
    expect(await other.admit('10.1.0.3', at(1))).toBe(true);
    await other.miss('10.1.0.3', at(2));
    expect(await one.admit('10.1.0.3', at(3))).toBe(false);
    expect(await other.admit('10.1.0.3', at(15 * 60 - 1))).toBe(false);
    expect(await other.admit('10.1.0.3', at(15 * 60 + 3))).toBe(true);
  });
});
