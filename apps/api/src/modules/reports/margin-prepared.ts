import { FREIGHT_AND_SERVICES_KEY, type MarginGroup } from '@backoffice/contract';
import type { MarginGroupSum } from './margin-reports.repository';
import { createMarginReportsRepository } from './margin-reports.repository';
import type { MarginPlan } from './margin-summary';
import type { Db, Window } from './report-sql';

/**
 * Report 19 'Margem' by product, customer or attendant with the period's summed groups kept (issue 59, decision
 * 0105). A 12-month page by product groups about 80,000 summary rows into 40,000 products (200–300 ms at the demo's
 * scale 100); ten owners asking at once queued for seconds. The summary changes only when the task 'report-summaries'
 * sums a round (each round gives it a new version, migration 0123), so the groups of a period's summarised pieces
 * (the plan's `kept`) are summed once per version, kept in the process sorted by margin, and each request adds to
 * them only what was written since (the days marked, read raw, and the partial days at the ends). The answer is the
 * SQL path's to the cent: the same summary rows, the same raw lines, the same order (largest margin first, then the
 * key). A version changed between the statements of one request: that request reads the SQL path.
 *
 * By brand (decision 0107), the kept groups of products are rolled up by the brand each product has now: the
 * products' brands are read once per version of the brands (migration 0125, moved by a product changing brand), the
 * roll-up kept per version of both, and the products changed since rolled up by the same brands.
 */

/** The groups prepared this way (a month is cheap: it reads SQL). */
export type PreparedGroup = 'product' | 'brand' | 'customer' | 'attendant';
export const isPreparedGroup = (group: MarginGroup): group is PreparedGroup => group !== 'month';
/** The groups summed from the summary (a brand is its products'). */
type SummedGroup = Exclude<PreparedGroup, 'brand'>;

/** Every product's brand, as read under one version of the brands. */
interface Brands {
  version: string;
  of: Map<number, number>;
}

/** A group's sums in cents (exact: a year of cents is far below 2⁵³). */
export interface Sum {
  id: number | null;
  key: string;
  quantity: number;
  gross: number;
  discount: number;
  returns: number;
  cost: number;
  lines: number;
  margin: number;
}

/** The kept groups of one period's pieces under one version of the summary. */
export interface Prepared {
  version: string;
  byKey: Map<string, Sum>;
  /** The groups with a line, largest margin first, then the key. */
  sorted: Sum[];
}

function sumOf(row: MarginGroupSum): Sum {
  const gross = Number(row.gross_cents);
  const discount = Number(row.discount_cents);
  const returns = Number(row.returns_cents);
  const cost = Number(row.cost_cents);
  return {
    id: row.id,
    key: row.key,
    quantity: Number(row.quantity),
    gross,
    discount,
    returns,
    cost,
    lines: Number(row.lines),
    margin: gross - discount - returns - cost,
  };
}

function added(a: Sum, b: Sum): Sum {
  const gross = a.gross + b.gross;
  const discount = a.discount + b.discount;
  const returns = a.returns + b.returns;
  const cost = a.cost + b.cost;
  return {
    id: a.id,
    key: a.key,
    quantity: a.quantity + b.quantity,
    gross,
    discount,
    returns,
    cost,
    lines: a.lines + b.lines,
    margin: gross - discount - returns - cost,
  };
}

/**
 * Products' groups rolled up by brand: a brand's key is its id, freight and services (no product) and a product
 * unknown keep the key of freight and services, as the SQL path's `coalesce(brand_id::text, …)`.
 */
function byBrand(sums: Iterable<Sum>, brandOf: (product: number) => number | undefined): Map<string, Sum> {
  const groups = new Map<string, Sum>();
  for (const sum of sums) {
    const brand = sum.id === null ? undefined : brandOf(sum.id);
    const key = brand === undefined ? FREIGHT_AND_SERVICES_KEY : String(brand);
    const group = { ...sum, id: brand ?? null, key };
    const before = groups.get(key);
    groups.set(key, before ? added(before, group) : group);
  }
  return groups;
}

/** Report 19's order: the largest margin first, then the key (as text, as the SQL path orders it). */
const inOrder = (a: Sum, b: Sum) => b.margin - a.margin || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The periods kept at most (a period: a group and its pieces); the oldest kept goes first. */
const MAX_KEPT = 16;

/**
 * The page `w` of the kept groups with `changes` added, and how many groups have a line. Walks the kept order,
 * skipping the groups changed, merged with the changed ones sorted: a first page reads a few rows, not 40,000.
 */
export function pageOfGroups(prepared: Prepared, changes: Sum[], w: Window): { page: Sum[]; total: number } {
  const changed = new Map<string, Sum>();
  for (const change of changes) {
    const before = changed.get(change.key) ?? prepared.byKey.get(change.key);
    changed.set(change.key, before ? added(before, change) : change);
  }
  const extra = [...changed.values()].filter((g) => g.lines > 0).sort(inOrder);
  let hidden = 0;
  for (const key of changed.keys()) if ((prepared.byKey.get(key)?.lines ?? 0) > 0) hidden++;
  const total = prepared.sorted.length - hidden + extra.length;
  const offset = w.offset ?? 0;
  const end = w.limit === undefined ? total : Math.min(total, offset + w.limit);
  const page: Sum[] = [];
  let i = 0;
  let j = 0;
  for (let n = 0; n < end; n++) {
    while (i < prepared.sorted.length && changed.has((prepared.sorted[i] as Sum).key)) i++;
    const kept = prepared.sorted[i];
    const change = extra[j];
    let next: Sum;
    if (kept && (!change || inOrder(kept, change) <= 0)) {
      next = kept;
      i++;
    } else {
      next = change as Sum;
      j++;
    }
    if (n >= offset) page.push(next);
  }
  return { page, total };
}

/** The prepared side of report 19: one per process (the reports service's). */
export function createMarginPrepared() {
  const repo = createMarginReportsRepository();
  const kept = new Map<string, Promise<Prepared>>();

  /** The kept groups of `group` over `pieces` under `version`, summed once (concurrent askers share the sum). */
  async function preparedOf(db: Db, group: SummedGroup, plan: MarginPlan): Promise<Prepared | null> {
    const parts = plan.parts;
    if (!parts || parts.kept.length === 0) return null;
    const name = `${group} ${JSON.stringify(parts.kept)}`;
    let entry = kept.get(name);
    if (entry) {
      const prepared = await entry.catch(() => null);
      if (prepared?.version === parts.version) return prepared;
      if (kept.get(name) === entry) kept.delete(name);
      entry = kept.get(name);
    }
    if (!entry) {
      entry = repo.groupSums(db, group, parts.kept, []).then(({ version, sums }) => {
        const byKey = new Map(sums.map((row) => [row.key, sumOf(row)]));
        const sorted = [...byKey.values()].filter((g) => g.lines > 0).sort(inOrder);
        return { version, byKey, sorted };
      });
      kept.set(name, entry);
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
      entry.catch(() => kept.delete(name));
    }
    const prepared = await entry;
    return prepared.version === parts.version ? prepared : null;
  }

  let brands: Promise<Brands> | undefined;
  /** The products' brands as they are now: those read last while the brands' version has not moved. */
  async function brandsNow(db: Db): Promise<Brands> {
    const version = await repo.brandVersion(db);
    const held = await brands?.catch(() => undefined);
    if (held?.version === version) return held;
    const next = repo.productBrands(db).then((read) => ({
      version: read.version,
      of: new Map(read.ids.map((id, i) => [id, read.brands[i] as number])),
    }));
    brands = next;
    next.catch(() => {
      if (brands === next) brands = undefined;
    });
    return next;
  }

  /** The kept groups of products rolled up by `read`'s brands, once per version of both. */
  const rolled = new WeakMap<Prepared, { brands: string; prepared: Prepared }>();
  function brandsPrepared(products: Prepared, read: Brands): Prepared | null {
    const held = rolled.get(products);
    if (held?.brands === read.version) return held.prepared;
    // A product summed but made after the brands were read: the brands' version moved since (made products move it),
    // the next request reads them again; this one reads the SQL path.
    for (const sum of products.byKey.values()) if (sum.id !== null && !read.of.has(sum.id)) return null;
    const byKey = byBrand(products.byKey.values(), (id) => read.of.get(id));
    const prepared = {
      version: products.version,
      byKey,
      sorted: [...byKey.values()].filter((g) => g.lines > 0).sort(inOrder),
    };
    rolled.set(products, { brands: read.version, prepared });
    return prepared;
  }

  /** What was written since, rolled up by brand: a product made after the brands were read is looked up. */
  async function brandChanges(db: Db, changes: Sum[], read: Brands): Promise<Sum[]> {
    const unknown = changes.flatMap((c) => (c.id !== null && !read.of.has(c.id) ? [c.id] : []));
    const found = new Map((await repo.brandsOf(db, unknown)).map((row) => [row.id, row.brand_id]));
    return [...byBrand(changes, (id) => read.of.get(id) ?? found.get(id)).values()];
  }

  return {
    /**
     * The page `w` of report 19 by `group` over `plan`, named, with the groups' count; null when the summary does
     * not serve the plan or its version moved while the request read it (the caller reads the SQL path).
     */
    async page(db: Db, group: PreparedGroup, plan: MarginPlan, w: Window) {
      const summed = group === 'brand' ? 'product' : group;
      const prepared = await preparedOf(db, summed, plan);
      const parts = plan.parts;
      if (!prepared || !parts) return null;
      let changes: Sum[] = [];
      if (parts.since.length > 0 || plan.raw.length > 0) {
        const since = await repo.groupSums(db, summed, parts.since, plan.raw);
        if (since.version !== parts.version) return null;
        changes = since.sums.map(sumOf);
      }
      let groups: Prepared | null = prepared;
      if (group === 'brand') {
        const read = await brandsNow(db);
        groups = brandsPrepared(prepared, read);
        if (!groups) return null;
        changes = await brandChanges(db, changes, read);
      }
      const { page, total } = pageOfGroups(groups, changes, w);
      const names = new Map(
        (page.length > 0 ? await repo.groupNames(db, group, page) : []).map((row) => [row.key, row]),
      );
      const rows = page.map((g) => {
        const named = names.get(g.key);
        return {
          key: g.key,
          name: named?.name ?? null,
          code: named?.code ?? null,
          product_id: named?.product_id ?? null,
          quantity: g.quantity,
          gross_cents: String(g.gross),
          discount_cents: String(g.discount),
          returns_cents: String(g.returns),
          cost_cents: String(g.cost),
        };
      });
      return { rows, total };
    },
  };
}
