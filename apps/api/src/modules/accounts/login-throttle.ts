/**
 * Counts failed sign-ins per e-mail and address in a sliding window. In memory: one server process
 * serves the whole back-office; a restart forgets the counts, which only helps a locked-out employee.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  #recent(key: string, now: number): number[] {
    const recent = (this.#failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length) this.#failures.set(key, recent);
    else this.#failures.delete(key);
    return recent;
  }

  isLocked(email: string, address: string, now = Date.now()): boolean {
    return this.#recent(`${email}|${address}`, now).length >= this.maxFailures;
  }

  fail(email: string, address: string, now = Date.now()): void {
    const key = `${email}|${address}`;
    this.#failures.set(key, [...this.#recent(key, now), now]);
  }

  succeed(email: string, address: string): void {
    this.#failures.delete(`${email}|${address}`);
  }
}
