/**
 * Answers of `read` kept for `ttlMs` per key (0: nothing kept). Concurrent asks of one key share one read; a
 * failed read is not kept; `clear()` drops everything, including a read under way (its answer is given to
 * those who asked but not kept). Bounded: past `maxEntries` keys it starts again empty. While `keeping()` says
 * no, every ask reads (and nothing is kept).
 */
export interface ExpiringCache<K, V> {
  get(key: K): Promise<V>;
  /** Forgets what is kept of `key` and reads it again (kept as `get` keeps it). */
  refresh(key: K): Promise<V>;
  clear(): void;
  readonly size: number;
}

export function expiringCache<K, V>(
  read: (key: K) => Promise<V>,
  options: { ttlMs: number; now?: () => number; maxEntries?: number; keeping?: () => boolean },
): ExpiringCache<K, V> {
  const { ttlMs, now = () => performance.now(), maxEntries = 10_000, keeping = () => true } = options;
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  const get = (key: K): Promise<V> => {
    if (ttlMs <= 0 || !keeping()) return read(key);
    const at = now();
    const kept = entries.get(key);
    if (kept && at - kept.at < ttlMs) return kept.value;
    if (entries.size >= maxEntries) entries.clear();
    const value = read(key);
    const entry = { at, value };
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
  return {
    get,
    refresh(key) {
      entries.delete(key);
      return get(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
