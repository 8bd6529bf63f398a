/**
 * The public status page's limits (GET /repairs/status/{token}), per client address, in this process: at most
 * `perMinute` calls a minute, and after `misses` unknown tokens in `missWindowMs` every call is refused until the
 * window passes — guessing a 192-bit token is hopeless, and trying is cut short.
 */
export const STATUS_PAGE_LIMITS = { perMinute: 30, misses: 10, missWindowMs: 15 * 60 * 1000 } as const;

export function createStatusPageLimiter(limits = STATUS_PAGE_LIMITS, clock: () => number = Date.now) {
  const calls = new Map<string, { from: number; count: number }>();
  const misses = new Map<string, number[]>();
  let lastPrune = clock();

  function prune(now: number) {
    if (now - lastPrune < 60_000) return;
    lastPrune = now;
    for (const [address, window] of calls) if (now - window.from >= 60_000) calls.delete(address);
    for (const [address, times] of misses) {
      const kept = times.filter((t) => now - t < limits.missWindowMs);
      if (kept.length === 0) misses.delete(address);
      else misses.set(address, kept);
    }
  }

  return {
    /** Counts a call; false when the address is over a limit. */
    admit(address: string): boolean {
      const now = clock();
      prune(now);
      const recentMisses = (misses.get(address) ?? []).filter((t) => now - t < limits.missWindowMs);
      if (recentMisses.length >= limits.misses) return false;
      const window = calls.get(address);
      if (!window || now - window.from >= 60_000) {
        calls.set(address, { from: now, count: 1 });
        return true;
      }
      window.count++;
      return window.count <= limits.perMinute;
    },
    /** An unknown or malformed token from this address. */
    miss(address: string): void {
      const times = misses.get(address) ?? [];
      times.push(clock());
      misses.set(address, times);
    },
  };
}
