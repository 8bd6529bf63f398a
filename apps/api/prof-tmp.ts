import { createDatabase } from './src/db/database';
import { csvLine } from './src/lib/csv';
import { customerCsvColumns } from './src/modules/customers/customers.csv';
import { createCustomersService } from './src/modules/customers/customers.service';

const db = createDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '/tmp/x', inMemory: false });
const service = createCustomersService(db);
const { cells } = customerCsvColumns('active');
const t = performance.now();
let sql = 0;
let fmt = 0;
let n = 0;
let last = performance.now();
for await (const batch of service.exportBatches('Approved', {})) {
  const a = performance.now();
  sql += a - last;
  for (const c of batch) csvLine(cells(c));
  n += batch.length;
  last = performance.now();
  fmt += last - a;
}
console.log({ n, total: performance.now() - t, sql, fmt });
await db.destroy();
