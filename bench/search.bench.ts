/**
 * Benchmark of the command palette's search (issue 20 §2): p50/p95 of GET /api/search through the real app
 * (routing, auth, SQL, serialization) on the demo business, and the plans of its queries (PostgreSQL).
 * Target: p95 ≤ 50 ms at scale 100 on PostgreSQL.
 *
 *   npm run bench -- search                          (PGlite in memory, scale 100)
 *   DATABASE_URL=postgres://… npm run bench -- search  (a throw-away schema in that database)
 *   BENCH_SCALE=10 npm run bench -- search           (a smaller business: the scale-100 seed takes minutes)
 *
 * Besides the demo's own phones, 20,000 units (30,000 IMEIs, half of them dual-SIM) of one product are
 * bulk-inserted here (TAC 35000000, which no demo phone has) so the IMEI prefix search has many matches.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { type DB, migrateToLatest } from '../apps/api/src/db/database';
import { seedDemo } from '../apps/api/src/demo';
import { benchSignIn, freshApp, percentile, timedGets } from './lib/in-process';

const SCALE = Number(process.env.BENCH_SCALE ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const UNITS = 20_000;

/** 20,000 phones of one product: IMEIs 35…(n)… of 15 digits; every other one with a second IMEI 86…. */
async function generateUnits(db: DB) {
  const product = await db.selectFrom('products').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  await db.updateTable('products').set({ serialized: true }).where('id', '=', product.id).execute();
  await sql`insert into product_units (product_id, imei, imei2, cost_cents)
    select ${product.id}, '35' || lpad(n::text, 13, '0'),
      case when n % 2 = 0 then '86' || lpad(n::text, 13, '0') end, 100000
    from generate_series(1, ${UNITS}) n`.execute(db);
  // Only this bench's units (the demo's phones are registered already; their TACs are 35 and a product id ≥ 1).
  await sql`insert into unit_imeis (imei, unit_id) select imei, id from product_units where imei like '35000000%'
    union all select imei2, id from product_units where imei like '35000000%' and imei2 is not null`.execute(db);
}

async function main() {
  const { app, db, databaseUrl, close } = await freshApp();
  try {
    await migrateToLatest(db);
    const started = performance.now();
    await seedDemo(db, { storage: app.deps.storage, scale: SCALE });
    await generateUnits(db);
    const seeded = Math.round(performance.now() - started);
    if (databaseUrl) await sql`vacuum analyze`.execute(db);
    await app.ready();
    const token = await benchSignIn(app, 'admin@demo.com.br');

    const sizes = await sql<{ customers: number; products: number; orders: number; employees: number }>`
      select (select count(*) from customers)::int as customers, (select count(*) from products)::int as products,
        (select count(*) from orders)::int as orders, (select count(*) from employees)::int as employees`.execute(db);
    const order = await db.selectFrom('orders').select('code').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const customer = await db
      .selectFrom('customers')
      .select(['document', 'phone', 'name'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const product = await db
      .selectFrom('products as p')
      .innerJoin('brand_references as r', 'r.id', 'p.reference_id')
      .select(['p.code', 'r.name as reference'])
      .orderBy('p.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const cpf = customer.document.replace(/\D/g, '');
    const punctuated =
      cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf;
    const firstName = customer.name.split(' ')[0] as string;

    const cases: [string, string][] = [
      ['order by code (no dash, lower case)', order.code.replace('-', '').toLowerCase()],
      ['CPF/CNPJ without punctuation', cpf],
      ['CPF/CNPJ with punctuation', punctuated],
      ['phone', customer.phone],
      ['customer first name (many matches)', firstName],
      ['product code', product.code],
      ['product reference', product.reference],
      ['"capa" (many products)', 'capa'],
      ['IMEI, whole (second of a dual-SIM)', `86${String(UNITS).padStart(13, '0')}`],
      ['IMEI, first 8 digits', '35000000'],
      ['2 characters ("ca")', 'ca'],
      ['nothing found', 'inexistente'],
    ];

    const engine = databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)';
    const s = sizes.rows[0];
    console.log(
      `\nSearch benchmark on ${engine}: demo seed --scale ${SCALE} + ${UNITS.toLocaleString('en')} units (${seeded} ms):` +
        ` ${s?.customers} customers, ${s?.products} products, ${s?.orders} orders, ${s?.employees} employees`,
    );
    console.log(`${RUNS} timed requests per case after ${WARMUP} warm-ups, as the administrator (every kind)\n`);
    console.log(`${'case'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'found'.padStart(6)}`);
    for (const [label, q] of cases) {
      const url = `/api/search?q=${encodeURIComponent(q)}&limit=12`;
      const { times, body } = await timedGets(app, url, token, { warmup: WARMUP, runs: RUNS });
      const found = JSON.parse(body).data.length;
      console.log(
        `${label.padEnd(40)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${String(found).padStart(6)}`,
      );
    }

    if (databaseUrl) {
      // The queries of each module's search, as their repositories write them (the terms of the cases above).
      const plans: [string, ReturnType<typeof sql>][] = [
        [
          'order by code (orders_code_normalized)',
          sql`select o.id from orders o where upper(replace(o.code, '-', '')) = ${order.code.replace('-', '')}`,
        ],
        [
          'customers by CPF (customers_search_trgm)',
          sql`select c.id from customers c where (c.search_text like ${`%${punctuated}%`}) or c.search_text like ${`%${cpf}%`}
            order by case when c.status = 'APPROVED' then 0 else 1 end, c.name, c.id limit 12`,
        ],
        [
          'products by reference (products_search_trgm)',
          sql`select p.id from products p where p.archived = false and ${sql.join(
            product.reference
              .toLowerCase()
              .split(' ')
              .map((w) => sql`p.search_text like ${`%${w}%`}`),
            sql` and `,
          )} order by p.name, p.id limit 12`,
        ],
        [
          'units by IMEI prefix (unit_imeis_prefix)',
          sql`select u.id from unit_imeis i join product_units u on u.id = i.unit_id join products p on p.id = u.product_id
            where i.imei like '35000000%' limit 24`,
        ],
        [
          'employees by name (employees_name_trgm)',
          sql`select e.id from employees e
            where translate(lower(e.name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') like '%estoq%'
            order by e.name, e.id limit 12`,
        ],
      ];
      for (const [label, query] of plans) {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain analyze ${query}`.execute(db);
        console.log(`\nPlan: ${label}\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
      }
    }
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
