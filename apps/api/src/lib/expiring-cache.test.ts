import { describe, expect, it } from 'vitest';
import { expiringCache } from './expiring-cache';

/** A read that counts its calls and answers `key:call number`, resolved or rejected when the test says. */
function countingRead() {
  const pending: { key: string; resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  let calls = 0;
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => {
      calls += 1;
      const n = calls;
      pending.push({ key, resolve: () => resolve(`${key}:${n}`), reject });
    });
  return {
    read,
    get calls() {
      return calls;
    },
    /** Answers every read under way. */
    settle() {
      for (const p of pending.splice(0)) p.resolve('');
    },
    fail() {
      for (const p of pending.splice(0)) p.reject(new Error('database away'));
    },
  };
}

describe('expiringCache', () => {
  it('refresh forgets what is kept of one key, reads it again and keeps the new answer', async () => {
    const source = countingRead();
    const cache = expiringCache(source.read, { ttlMs: 60_000, now: () => 0 });
    const first = cache.get('ana');
    const other = cache.get('bia');
    source.settle();
    expect([await first, await other]).toEqual(['ana:1', 'bia:2']);
    const fresh = cache.refresh('ana');
    source.settle();
    expect(await fresh).toBe('ana:3');
    expect(await cache.get('ana')).toBe('ana:3');
    expect(await cache.get('bia')).toBe('bia:2');
    expect(source.calls).toBe(3);
  });

  it('keeps nothing while keeping() says no, and keeps again once it says yes', async () => {
    let keeping = false;
    const source = countingRead();
    const cache = expiringCache(source.read, { ttlMs: 60_000, now: () => 0, keeping: () => keeping });
    const first = cache.get('ana');
    const second = cache.get('ana');
    source.settle();
    // Two asks, two reads: nothing kept, not even shared.
    expect([await first, await second]).toEqual(['ana:1', 'ana:2']);
    expect(cache.size).toBe(0);
    keeping = true;
    const third = cache.get('ana');
    source.settle();
    expect(await third).toBe('ana:3');
    expect(await cache.get('ana')).toBe('ana:3');
    expect(source.calls).toBe(3);
  });

  it('keeps an answer for ttlMs, then reads again', async () => {
    let now = 1000;
    const source = countingRead();
    const cache = expiringCache(source.read, { ttlMs: 2000, now: () => now });
    const first = cache.get('ana');
    source.settle();
    expect(await first).toBe('ana:1');
    now = 2999; // 1,999 ms later: kept
    expect(await cache.get('ana')).toBe('ana:1');
    now = 3000; // 2,000 ms later: read again
    const again = cache.get('ana');
    source.settle();
    expect(await again).toBe('ana:2');
    expect(source.calls).toBe(2);
  });

  it('shares one read among the asks that come while it is under way; keys are apart', async () => {
    const source = countingRead();
    const cache = expiringCache(source.read, { ttlMs: 2000, now: () => 0 });
    const asks = [cache.get('ana'), cache.get('ana'), cache.get('bia'), cache.get('ana')];
    source.settle();
    expect(await Promise.all(asks)).toEqual(['ana:1', 'ana:1', 'bia:2', 'ana:1']);
    expect(source.calls).toBe(2);
  });

  it('does not keep a failed read: the next ask reads again', async () => {
    const source = countingRead();
    const cache = expiringCache(source.read, { ttlMs: 2000, now: () => 0 });
    const failed = cache.get('ana');
    source.fail();
    await expect(failed).rejects.toThrow('database away');
    const next = cache.get('ana');
    source.settle();
    expect(await next).toBe('ana:2');
    expect(cache.size).toBe(1);
  });

  it('clear() drops what is kept and a read under way (given to its askers, not kept)', async () => {
    const source = countingRead();
    const cache = expiringCache(source.read, { ttlMs: 2000, now: () => 0 });
    const kept = cache.get('ana');
    source.settle();
    await kept;
    const underWay = cache.get('bia');
    cache.clear();
    source.settle();
    expect(await underWay).toBe('bia:2');
    const ana = cache.get('ana');
    const bia = cache.get('bia');
    source.settle();
    expect(await Promise.all([ana, bia])).toEqual(['ana:3', 'bia:4']);
  });

  it('with ttlMs 0 reads every time', async () => {
    const source = countingRead();
    const cache = expiringCache(source.read, { ttlMs: 0, now: () => 0 });
    const asks = [cache.get('ana'), cache.get('ana')];
    source.settle();
    expect(await Promise.all(asks)).toEqual(['ana:1', 'ana:2']);
    expect(cache.size).toBe(0);
  });

  it('starts again empty past maxEntries keys', async () => {
    const source = countingRead();
    const cache = expiringCache(source.read, { ttlMs: 2000, now: () => 0, maxEntries: 2 });
    const asks = [cache.get('a'), cache.get('b'), cache.get('c')];
    source.settle();
    await Promise.all(asks);
    expect(cache.size).toBe(1);
    const a = cache.get('a');
    source.settle();
    expect(await a).toBe('a:4');
  });
});
