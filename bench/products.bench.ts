/**
 * Benchmark of the product list and search (issue 5): p50/p95 of GET /api/products pages and searches
 * through the real app (routing, auth, SQL, serialization), on a catalogue of the `--scale 100` size.
 *
 *   npm run bench -- products            (PGlite in memory)
 *   DATABASE_URL=postgres://… npm run bench -- products   (a throw-away schema in that database)
 *
 * The catalogue comes from the demo seed at scale 100 when it builds one; otherwise 40,000 products
 * (5 % archived, 1 picture each) are bulk-inserted here.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { productSearchText } from '@backoffice/contract';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type DB, migrateToLatest } from '../apps/api/src/db/database';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/foundation';
import { seedDemo } from '../apps/api/src/demo';
import { emptyTestDatabase } from '../apps/api/src/test/database';

const TARGET_PRODUCTS = 40_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;

const BRANDS = ['Samsung', 'Apple', 'Motorola', 'Xiaomi', 'LG', 'Asus', 'Nokia', 'Realme', 'Positivo', 'Multilaser'];
const KINDS = [
  'Capa',
  'Película',
  'Carregador',
  'Cabo USB-C',
  'Fone Bluetooth',
  'Suporte Veicular',
  'Bateria',
  'Smartphone',
];
const FINISH = ['Silicone', 'Couro', 'Vidro 3D', 'Turbo 25W', 'Preto', 'Azul', 'Transparente', 'Premium', 'Básico'];
const TAGS = ['acessório', 'promoção', 'lançamento', 'importado', 'nacional', 'garantia'];

async function generateCatalogue(db: DB, count: number) {
  const brandIds: { id: number; name: string; refs: { id: number; name: string }[] }[] = [];
  for (const name of BRANDS) {
    const brand = await db.insertInto('brands').values({ name }).returning('id').executeTakeFirstOrThrow();
    const refs = [];
    for (let r = 1; r <= 40; r++) {
      const refName = `${name.slice(0, 3)} Modelo ${r}`;
      refs.push(
        await db
          .insertInto('brand_references')
          .values({ brand_id: brand.id, name: refName })
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow(),
      );
    }
    brandIds.push({ id: brand.id, name, refs });
  }
  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    const { rows } = await sql<{ code: string }>`select 'P' || nextval('product_code_seq') as code
      from generate_series(1, ${batch})`.execute(db);
    const values = rows.map(({ code }, i) => {
      const n = start + i;
      const brand = brandIds[n % brandIds.length] as (typeof brandIds)[number];
      const ref = brand.refs[(n * 7) % brand.refs.length] as { id: number; name: string };
      const name = `${KINDS[Math.floor(n / 10) % KINDS.length]} ${FINISH[(n * 3) % FINISH.length]} ${ref.name}`;
      const tags = [TAGS[n % TAGS.length] as string, TAGS[(n * 5) % TAGS.length] as string];
      return {
        code,
        name,
        description: null,
        brand_id: brand.id,
        reference_id: ref.id,
        cost_cents: 500 + (n % 50_000),
        sell_price_cents: 1000 + (n % 90_000),
        gold_percentage: 20,
        silver_percentage: 30,
        bronze_percentage: 40,
        stock: n % 200,
        stock_alert: 5,
        tags,
        archived: n % 20 === 0,
        search_text: productSearchText({ name, code, tags, brand: brand.name, reference: ref.name }),
      };
    });
    const ids = await db.insertInto('products').values(values).returning('id').execute();
    await db
      .insertInto('product_images')
      .values(ids.map(({ id }) => ({ product_id: id, path: `products/${randomUUID()}.jpg`, name: 'foto.jpg' })))
      .execute();
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main() {
  const database = await emptyTestDatabase('bench');
  const { db, databaseUrl } = database;
  const config = loadConfig(
    {
      inMemory: true,
      dataDir: database.dataDir,
      jwtSecret: `bench-${randomUUID()}`,
      databaseUrl: database.databaseUrl,
      logLevel: 'error',
    },
    {},
  );
  const app = await buildApp({ config, db, logger: false, storage: database.storage });
  try {
    await migrateToLatest(db);
    let started = performance.now();
    await seedDemo(db, { storage: app.deps.storage, scale: 100 });
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let products = await count();
    let origin = `demo seed --scale 100 (${Math.round(performance.now() - started)} ms)`;
    if (products < TARGET_PRODUCTS) {
      started = performance.now();
      await generateCatalogue(db, TARGET_PRODUCTS - products);
      products = await count();
      origin = `generated by the bench (${Math.round(performance.now() - started)} ms)`;
    }
    // PostgreSQL's autovacuum keeps statistics up to date in real life; do it now. PGlite has no autovacuum:
    // it is measured as it would run, without statistics.
    if (databaseUrl) await sql`vacuum analyze`.execute(db);
    await app.ready();
    const signin = await app.inject({
      method: 'POST',
      url: '/api/accounts/signin',
      payload: { email: 'estoquista@demo.com.br', password: DEMO_PASSWORD },
    });
    const token = signin.json().data.accessToken as string;
    const sample = await db
      .selectFrom('products')
      .select('code')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

    const cases: [string, string][] = [
      ['list page 0 (100 rows)', '/api/products?offset=0&limit=100'],
      ['list page 200 (offset 20,000)', '/api/products?offset=20000&limit=100'],
      ['search "capa" (many matches)', '/api/products?offset=0&limit=100&search=capa'],
      [
        'search "PELICULA vidro" (2 words, accents)',
        `/api/products?offset=0&limit=100&search=${encodeURIComponent('PELICULA vidro')}`,
      ],
      ['search by code', `/api/products?offset=0&limit=100&search=${sample.code}`],
      ['search with no match', '/api/products?offset=0&limit=100&search=inexistente'],
      ['full/search/{term} (50 rows)', `/api/products/full/search/${encodeURIComponent('carregador turbo')}`],
    ];

    const engine = databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)';
    console.log(`\nProducts benchmark on ${engine}: ${products.toLocaleString('en')} products, ${origin}`);
    console.log(`${RUNS} timed requests per case after ${WARMUP} warm-ups, through app.inject (HTTP stack included)\n`);
    console.log(`${'case'.padEnd(46)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'total'.padStart(8)}`);
    for (const [label, url] of cases) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const elapsed = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        const body = res.json();
        total = body.total ?? body.data?.length ?? 0;
        if (i >= WARMUP) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(46)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${String(total).padStart(8)}`,
      );
    }

    if (databaseUrl) {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from products
        where archived = false order by name, id limit 100 offset 20000`.execute(db);
      console.log(`\nPlan of the page query:\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
