import fs from 'node:fs';
import { createDatabase } from './db/database';
const cpu = () => { const s = fs.readFileSync('/proc/stat','utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return s[0]+s[1]+s[2]+s[5]+s[6]; };
for (const file of process.argv.slice(2)) {
  const template = new Uint8Array(fs.readFileSync(file));
  const c0 = cpu(); const t0 = performance.now();
  const db = createDatabase({ databaseUrl: undefined, dataDir: '/tmp/ot', inMemory: true, template, sharedThread: true });
  try {
  const r = await db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).execute();
  const t1 = performance.now(); const c1 = cpu();
  console.log(file, `${(t1 - t0).toFixed(0)} ms, cpu ${(c1 - c0) * 10} ms`, r[0]);
  } catch (e) { console.log(file, 'ERR', String(e).slice(0, 300)); }
  await db.destroy();
}
process.exit(0);
