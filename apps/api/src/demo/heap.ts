/** A binary min-heap of timed events; equal times come out in insertion order. */
export class EventQueue<T> {
  readonly #items: { at: number; seq: number; value: T }[] = [];
  #seq = 0;

  get size(): number {
    return this.#items.length;
  }

  push(at: number, value: T): void {
    const items = this.#items;
    items.push({ at, seq: this.#seq++, value });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#less(i, parent)) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  /** The time of the next event, or Infinity. */
  peekTime(): number {
    return this.#items[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  pop(): { at: number; value: T } | undefined {
    const items = this.#items;
    const top = items[0];
    if (!top) return undefined;
    const last = items.pop() as (typeof items)[number];
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < items.length && this.#less(l, smallest)) smallest = l;
        if (r < items.length && this.#less(r, smallest)) smallest = r;
        if (smallest === i) break;
        this.#swap(i, smallest);
        i = smallest;
      }
    }
    return { at: top.at, value: top.value };
  }

  #less(a: number, b: number): boolean {
    const x = this.#items[a] as { at: number; seq: number };
    const y = this.#items[b] as { at: number; seq: number };
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }

  #swap(a: number, b: number): void {
    const items = this.#items;
    [items[a], items[b]] = [items[b] as (typeof items)[number], items[a] as (typeof items)[number]];
  }
}
