/**
 * A small seeded PRNG (mulberry32) and the draws the demo generator needs. Every stream is derived
 * from the demo's fixed seed and a name, so one domain consuming more numbers (e.g. because today's
 * weekday changes the day weights) never shifts another domain's values.
 */
export type Rng = Random;

export const DEMO_SEED = 20_240_315;

/** FNV-1a over a string, to derive independent 32-bit seeds. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A uniform float in [0, 1). */
  next = (): number => {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** Digits as a string, e.g. digits(8) → "04718263". */
  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }

  /** A roughly bell-shaped value around `mean` (sum of three uniforms), clamped to [min, max]. */
  around(mean: number, spread: number, min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY): number {
    const bell = (this.next() + this.next() + this.next()) / 3 - 0.5;
    return Math.min(max, Math.max(min, mean + bell * 2 * spread));
  }
}

/** An independent stream for one part of the demo, derived from the fixed seed and a name. */
export function stream(name: string, seed = DEMO_SEED): Random {
  return new Random(hashString(`${seed}:${name}`));
}

/**
 * Draws indices by weight in O(log n): cumulative sums and a binary search. Used for popularity
 * (products, customers) where the lists are long.
 */
export class WeightedIndex {
  readonly #cumulative: Float64Array;
  readonly total: number;

  constructor(weights: readonly number[]) {
    this.#cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += weights[i] ?? 0;
      this.#cumulative[i] = sum;
    }
    this.total = sum;
  }

  draw(rng: Random): number {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.#cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
