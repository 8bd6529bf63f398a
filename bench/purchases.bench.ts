/**
 * Benchmark of 'Entrada por XML' (issue 39 §2, decision 0049): a signed 500-item NF-e (100 phones of 2 units with
 * their IMEIs in infAdProd, 400 accessories of 20) through the real app (`app.inject`, multipart, the XML read and
 * its signature verified, matching, the checks, SQL). The first note creates its 500 products (preview and
 * confirm); then 50 more notes of the same supplier, matched by the remembered supplier codes, each previewed and
 * confirmed, with the server's memory read along the way. Targets: preview ≤ 1 s, confirm ≤ 3 s on PGlite; the
 * memory flat across the 50 notes.
 *
 * In between, the app listens on a free port and a separate process (lib/health-probe.mjs) asks GET /api/health every
 * 20 ms, first idle, then while 500-item previews run back to back: /api/health p50/p99/max tell whether reading a
 * note holds the other requests up (issue 39: the XML read in a worker thread).
 *
 *   npm run bench -- purchases                               (PGlite in memory)
 *   DATABASE_URL=postgres://… npm run bench -- purchases     (a throw-away schema in that database)
 *   BENCH_PURCHASE_NOTES=10 npm run bench -- purchases       (fewer notes)
 *   BENCH_PURCHASE_HEALTH_SECONDS=10 (each probe window; 0 skips the probe)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import {
  buildTestNfe,
  manyItemsNfeSpec,
  type TestNfeItemSpec,
  testImei,
} from '../apps/api/src/modules/purchases/nfe/test-nfe';
import { type Probe, probeHealth } from './lib/health-probe';
import { inProcessApp } from './lib/in-process';

const ITEMS = 500;
const NOTES = Number(process.env.BENCH_PURCHASE_NOTES ?? 50);
const HEALTH_SECONDS = Number(process.env.BENCH_PURCHASE_HEALTH_SECONDS ?? 10);

const probeLine = (p: Probe) =>
  `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms (${p.count} answers, ${p.failures} failed)`;

function multipart(file: Buffer, decisions: unknown) {
  const boundary = `----bench${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="decisions"\r\n\r\n${JSON.stringify(decisions)}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nota.xml"\r\nContent-Type: text/xml\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The n-th note (0: the first): its own number and, for each phone item, two IMEIs no other note has. */
function note(n: number) {
  const spec = manyItemsNfeSpec(ITEMS, { number: 20_000 + n });
  const items: TestNfeItemSpec[] = spec.items.map((item, index) =>
    item.infAdProd
      ? { ...item, infAdProd: `IMEI: ${testImei(n * 2000 + index * 2)} ${testImei(n * 2000 + index * 2 + 1)}` }
      : item,
  );
  return buildTestNfe({ ...spec, items });
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function main() {
  const { app, db, databaseUrl, token, close } = await inProcessApp('estoquista@demo.com.br');
  try {
    const authorization = `Bearer ${token}`;
    await app.inject({
      method: 'POST',
      url: '/api/products/brand',
      headers: { authorization },
      payload: { name: 'Bench' },
    });

    const post = async (xml: string, dryRun: boolean, decisions: unknown) => {
      const body = multipart(Buffer.from(xml, 'utf8'), decisions);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/purchases/nfe?dryRun=${dryRun}`,
        headers: { authorization, ...body.headers },
        payload: body.payload,
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 500)}`);
      const data = res.json().data as { ready?: boolean; problems?: string[] };
      if (dryRun && !data.ready) throw new Error(`not ready: ${JSON.stringify(data.problems?.slice(0, 3))}`);
      return ms;
    };

    const engine = databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)';
    const first = note(0);
    console.log(
      `\nEntry by XML benchmark on ${engine}: ${ITEMS} items, XML of ${(first.xml.length / 1024).toFixed(0)} KB, ${NOTES} notes after the first\n`,
    );
    // The first note: every item a new product ('Criar produto'), the phones controlling IMEI.
    const creating = {
      items: manyItemsNfeSpec(ITEMS).items.map((item, index) => ({
        line: index + 1,
        create: {
          name: item.name,
          brand: 'Bench',
          sellPrice: item.infAdProd ? 1999.9 : 19.9,
          serialized: Boolean(item.infAdProd),
        },
      })),
    };
    // The server's first preview pays its warm-up (the reader's worker started, the code compiled, cold caches);
    // the same preview again is what the stocker waits for afterwards.
    const firstPreview = await post(first.xml, true, creating);
    const firstPreviewAgain = await post(first.xml, true, creating);
    const firstConfirm = await post(first.xml, false, creating);
    console.log(
      `first note, 500 products created: preview ${firstPreview.toFixed(0)} ms (the server's first), again ${firstPreviewAgain.toFixed(0)} ms; confirm ${firstConfirm.toFixed(0)} ms`,
    );

    if (HEALTH_SECONDS > 0) {
      // The next note's preview (matched by supplier code, nothing written) again and again while the probe asks.
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const idle = await probeHealth(address, HEALTH_SECONDS);
      console.log(`/api/health idle: ${probeLine(idle)}`);
      const repeated = note(1).xml;
      const window = probeHealth(address, HEALTH_SECONDS);
      let running = true;
      void window.finally(() => {
        running = false;
      });
      const during: number[] = [];
      while (running) during.push(await post(repeated, true, { items: [] }));
      const loaded = await window;
      console.log(
        `/api/health while ${during.length} previews of ${ITEMS} items ran back to back (p50 ${at(during, 0.5).toFixed(0)} ms each): ${probeLine(loaded)}`,
      );
    }

    const previews: number[] = [];
    const confirms: number[] = [];
    const memory: { note: number; rss: number; heap: number }[] = [];
    for (let n = 1; n <= NOTES; n++) {
      const next = note(n);
      // Matched by the supplier's codes remembered from the first note; the IMEIs from infAdProd.
      previews.push(await post(next.xml, true, { items: [] }));
      confirms.push(await post(next.xml, false, { items: [] }));
      if (n === 1 || n % 10 === 0) {
        const usage = process.memoryUsage();
        memory.push({ note: n, rss: usage.rss, heap: usage.heapUsed });
      }
    }
    console.log(
      `next ${NOTES} notes (matched by supplier code): preview p50 ${at(previews, 0.5).toFixed(0)} ms, max ${Math.max(...previews).toFixed(0)} ms; ` +
        `confirm p50 ${at(confirms, 0.5).toFixed(0)} ms, max ${Math.max(...confirms).toFixed(0)} ms`,
    );
    console.log(
      `memory: ${memory.map((m) => `note ${m.note}: rss ${mb(m.rss)} MB, heap ${mb(m.heap)} MB`).join('; ')}`,
    );

    const { rows } = await sql<{ purchases: string; units: string; mismatched: string }>`
      select (select count(*) from purchases) as purchases,
        (select count(*) from product_units where purchase_id is not null) as units,
        (select count(*) from products p where p.stock <> coalesce((select sum(quantity_in - quantity_out)
          from stock_movements m where m.product_id = p.id), 0)) as mismatched`.execute(db);
    const check = rows[0];
    console.log(
      `\nentries ${check?.purchases}, phones entered ${check?.units}, products whose stock differs from its ledger: ${check?.mismatched}`,
    );
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
