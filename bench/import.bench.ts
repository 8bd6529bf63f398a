/**
 * Benchmark of the spreadsheet import (issue 21 §2): a 40,000-line CSV of products as Excel in Brazil
 * writes it (`;`, decimal comma, 10 brands and 400 references that the import creates), through the real
 * app (`app.inject`, multipart, parsing, checks, SQL): the preview (dry run), the import (all new), and a
 * second import of the same file with every stock changed (all updates, 40,000 ledger rows). Target: the
 * import within 60 s on PostgreSQL.
 *
 *   DATABASE_URL=postgres://… npm run bench -- import   (a throw-away schema in that database)
 *   npm run bench -- import                             (PGlite in memory)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { inProcessApp } from './lib/in-process';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 40_000);
const BRANDS = ['Samsung', 'Apple', 'Motorola', 'Xiaomi', 'LG', 'Asus', 'Nokia', 'Realme', 'Positivo', 'Multilaser'];
const KINDS = ['Capa', 'Película', 'Carregador', 'Cabo USB-C', 'Fone Bluetooth', 'Suporte Veicular', 'Bateria'];

const money = (cents: number) =>
  `${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;

function spreadsheet(stockShift: number): Buffer {
  const lines = ['Código;Nome;Marca;Referência;Preço de compra;Preço de venda;% Prata;% Ouro;% Bronze;Estoque;Tags'];
  for (let n = 0; n < ROWS; n++) {
    const brand = BRANDS[n % BRANDS.length] as string;
    const cost = 500 + (n % 50_000);
    lines.push(
      [
        `BI-${n}`,
        `${KINDS[n % KINDS.length]} ${n}`,
        brand,
        `${brand.slice(0, 3)} Modelo ${(n * 7) % 40}`,
        money(cost),
        money(cost * 2 + 99),
        '30',
        '20',
        '40',
        String((n + stockShift) % 200),
        'acessório, importado',
      ].join(';'),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

function multipart(file: Buffer) {
  const boundary = `----bench${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="produtos.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function main() {
  const { app, db, databaseUrl, token, close } = await inProcessApp('admin@demo.com.br');
  try {
    const post = async (file: Buffer, query: string) => {
      const body = multipart(file);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/imports/products?${query}`,
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        payload: body.payload,
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 500)}`);
      const data = res.json().data as { rows: number; created: number; updated: number; errorCount: number };
      if (data.errorCount > 0) throw new Error(`errors: ${res.body.slice(0, 500)}`);
      return { ms, data };
    };

    const first = spreadsheet(0);
    const second = spreadsheet(7);
    const engine = databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)';
    console.log(
      `\nImport benchmark on ${engine}: ${ROWS.toLocaleString('en')} lines, CSV of ${(first.length / 1024 / 1024).toFixed(1)} MB\n`,
    );
    const cases: [string, Buffer, string][] = [
      ['preview (dry run), all new', first, 'dryRun=true&createMissing=true'],
      ['import, all new (brands, references, ledger)', first, 'createMissing=true'],
      ['import again, all updates, every stock moved', second, 'createMissing=true'],
    ];
    for (const [label, file, query] of cases) {
      const { ms, data } = await post(file, query);
      console.log(
        `${label.padEnd(48)} ${(ms / 1000).toFixed(1).padStart(6)} s   created ${data.created}, updated ${data.updated}`,
      );
    }
    const { rows } = await sql<{ products: string; mismatched: string; movements: string }>`
      select (select count(*) from products) as products,
        (select count(*) from stock_movements where kind = 'IMPORT') as movements,
        (select count(*) from products p where p.stock <> coalesce((select sum(quantity_in - quantity_out)
          from stock_movements m where m.product_id = p.id), 0)) as mismatched`.execute(db);
    const check = rows[0];
    console.log(
      `\nproducts ${check?.products}, IMPORT ledger rows ${check?.movements}, products whose stock differs from its ledger: ${check?.mismatched}`,
    );
    console.log(`peak RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
