// Quick p50 of the list and search queries (not committed: the load harness lives in bench/).
import { performance } from 'node:perf_hooks';
import { normalizeSearch } from '@backoffice/contract';
import { createDatabase } from './src/db/database';
import { customersRepository as customers } from './src/modules/customers/customers.repository';
import { productsRepository as products } from './src/modules/products/products.repository';

const db = createDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '/tmp/x',
  inMemory: false,
});
const RUNS = Number(process.env.RUNS ?? 15);

async function p50(label: string, fn: () => Promise<unknown>, runs = RUNS) {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(58)} p50 ${times[Math.floor(times.length / 2)]?.toFixed(1).padStart(8)} ms`);
}
const match = (q: string) => ({ terms: normalizeSearch(q).split(' '), compacts: [] as string[] });
const byName = { column: 'c.name', direction: 'asc' } as const;

await p50('products page search "galaxy" (100 rows)', () =>
  products.page(db, { offset: 0, limit: 100, search: 'galaxy' }),
);
await p50('products count search "galaxy"', () => products.count(db, 'galaxy'));
await p50('products page search "capa silicone azul"', () =>
  products.page(db, { offset: 0, limit: 100, search: 'capa silicone azul' }),
);
await p50('products count search "capa silicone azul"', () => products.count(db, 'capa silicone azul'));
await p50('products page search rare code "P130001"', () =>
  products.page(db, { offset: 0, limit: 100, search: 'p130001' }),
);
await p50('products count search rare code "P130001"', () => products.count(db, 'p130001'));
await p50('products page 300 (offset 30000)', () => products.page(db, { offset: 30000, limit: 100 }));
await p50('products count (all active)', () => products.count(db));
await p50('customers old full list GET /customers (24k rows)', () => customers.listByStatus(db, 'APPROVED'), 3);
await p50('customers old full-search "silva" (50)', () => customers.search(db, match('silva'), 50));
await p50('customers page 0 (10 rows, by name)', () => customers.page(db, { status: 'APPROVED', sort: byName }, 0, 10));
await p50('customers page 2000 (offset 20000)', () =>
  customers.page(db, { status: 'APPROVED', sort: byName }, 20000, 10),
);
await p50('customers count (active)', () => customers.count(db, { status: 'APPROVED' }));
await p50('customers page search "silva"', () =>
  customers.page(db, { status: 'APPROVED', match: match('silva'), sort: byName }, 0, 10),
);
await p50('customers count search "silva"', () => customers.count(db, { status: 'APPROVED', match: match('silva') }));
await p50('customers page search e-mail "ana.souza"', () =>
  customers.page(db, { status: 'APPROVED', match: match('ana.souza'), sort: byName }, 0, 10),
);
await p50('customers count search e-mail "ana.souza"', () =>
  customers.count(db, { status: 'APPROVED', match: match('ana.souza') }),
);
await p50('customers page sorted createdAt desc', () =>
  customers.page(db, { status: 'APPROVED', sort: { column: 'c.created_at', direction: 'desc' } }, 0, 10),
);
await db.destroy();
