import { normalizeSearch } from '@backoffice/contract';
import type { Sink } from './bulk';
import { APP_HOURS, at, DAY, localDayStart, MINUTE } from './clock';
import type { CustomerPlan } from './customers';
import type { ProductPlan } from './products';
import { type Random, stream, WeightedIndex } from './random';
import { SEARCHES_WITH_RESULT, SEARCHES_WITHOUT_RESULT } from './world/catalogue';

interface Context {
  sink: Sink;
  customers: CustomerPlan[];
  products: ProductPlan[];
  anchor: number;
  windowStart: number;
  scale: number;
}

/** A time of day when people use the shop app (7h–23h, busier in the evening). */
function appTime(rng: Random, dayStart: number): number {
  const hour = rng.weighted(APP_HOURS);
  return at(dayStart, hour) + rng.int(0, 119) * MINUTE;
}

/** A moment in [from, to), on a day between them, at an app-usage hour; never at or after `to`. */
function momentBetween(rng: Random, from: number, to: number): number {
  const day = localDayStart(from + rng.int(0, Math.max(0, to - from - 1)));
  const t = appTime(rng, day);
  return Math.min(Math.max(t, from), to - 1);
}

/** Capitalised the way people type in a search box, sometimes. */
function typed(rng: Random, term: string): string {
  const roll = rng.next();
  if (roll < 0.15) return term.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
  if (roll < 0.2) return term.toUpperCase();
  if (roll < 0.25) return `${term} `;
  return term;
}

/**
 * A year of what the dashboard charts count: customers signing in to the shop app, product pages
 * they open, and what they search (with how many products each search found; some find none).
 */
export async function seedAnalytics(ctx: Context): Promise<Record<string, number>> {
  const { sink, customers, products, anchor, windowStart, scale } = ctx;
  const rng = stream('analytics');
  const buyers = customers.filter((c) => c.buysFrom !== null);
  const counts = { signins: 0, views: 0, searches: 0 };

  // Sign-ins: shop owners check prices several times a week, people now and then.
  for (const c of buyers) {
    const from = Math.max(c.buysFrom ?? windowStart, windowStart);
    const to = Math.min(c.buysUntil ?? anchor, anchor);
    if (to <= from) continue;
    const weeks = (to - from) / (7 * DAY);
    const n = Math.round(weeks * (c.company ? rng.float(1, 3) : rng.float(0.1, 1)));
    for (let i = 0; i < n; i++) {
      sink.add('customer_signins', { customer_id: c.id, created_at: new Date(momentBetween(rng, from, to)) });
      counts.signins++;
    }
    await sink.maybeFlush();
  }

  const buyerIndex = new WeightedIndex(buyers.map((c) => c.weight));
  const someone = (when: number): number | null => {
    if (rng.chance(0.25)) return null;
    for (let i = 0; i < 10; i++) {
      const c = buyers[buyerIndex.draw(rng)] as CustomerPlan;
      if ((c.buysFrom ?? 0) <= when && (c.buysUntil === null || when < c.buysUntil)) return c.id;
    }
    return null;
  };

  // Product views: phones are looked at far more than they are bought.
  const viewIndex = new WeightedIndex(products.map((p) => p.popularity * (p.category === 'phone' ? 4 : 1)));
  const views = Math.round(15_000 * scale);
  for (let i = 0; i < views; i++) {
    const p = products[viewIndex.draw(rng)] as ProductPlan;
    const from = Math.max(p.createdAt, windowStart);
    const to = Math.min(p.archivedAt ?? anchor, anchor);
    if (to <= from) continue;
    const when = momentBetween(rng, from, to);
    sink.add('product_views', { product_id: p.id, customer_id: someone(when), created_at: new Date(when) });
    counts.views++;
    if (i % 5000 === 0) await sink.maybeFlush();
  }

  // Searches, with the number of active products each one finds.
  const active = products.filter((p) => p.archivedAt === null).map((p) => p.searchText);
  const resultCounts = new Map<string, number>();
  const resultCount = (normalized: string): number => {
    let n = resultCounts.get(normalized);
    if (n === undefined) {
      const tokens = normalized.split(' ').filter(Boolean);
      n = tokens.length === 0 ? 0 : active.filter((text) => tokens.every((t) => text.includes(t))).length;
      resultCounts.set(normalized, n);
    }
    return n;
  };
  const references = [...new Set(products.map((p) => p.reference.toLowerCase()))];
  const withResult = new WeightedIndex(SEARCHES_WITH_RESULT.map((_, i) => 1 / (i + 1) ** 0.6));
  const withoutResult = new WeightedIndex(SEARCHES_WITHOUT_RESULT.map((_, i) => 1 / (i + 1) ** 0.4));
  const searches = Math.round(5_000 * scale);
  for (let i = 0; i < searches; i++) {
    const roll = rng.next();
    const base =
      roll < 0.14
        ? (SEARCHES_WITHOUT_RESULT[withoutResult.draw(rng)] as string)
        : roll < 0.3
          ? rng.pick(references)
          : (SEARCHES_WITH_RESULT[withResult.draw(rng)] as string);
    const term = typed(rng, base);
    const normalized = normalizeSearch(term);
    const when = momentBetween(rng, windowStart, anchor);
    sink.add('search_terms', {
      term,
      normalized_term: normalized,
      result_count: resultCount(normalized),
      customer_id: someone(when),
      created_at: new Date(when),
    });
    counts.searches++;
    if (i % 5000 === 0) await sink.maybeFlush();
  }
  await sink.flush();
  return counts;
}
