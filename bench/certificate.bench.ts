/**
 * Benchmark of the A1 certificate's upload under hostile files (issue 53 §1): through the real app (`app.inject`,
 * multipart), the certificate bomb (a 2.9 KB file whose MAC asks for 2³¹ iterations) posted again and again, then a
 * real certificate of 10,000 iterations (the most a real A1 uses) again and again. Meanwhile a separate process
 * (lib/health-probe.mjs) asks GET /api/health every 20 ms. Targets: the bomb refused in under a second; /api/health
 * under 200 ms (max) while either runs.
 *
 *   npm run bench -- certificate                              (PGlite in memory)
 *   DATABASE_URL=postgres://… npm run bench -- certificate    (a throw-away schema in that database)
 *   BENCH_CERTIFICATE_SECONDS=10 (each probe window)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { makeTestCertificate, withIterations } from '../apps/api/src/modules/fiscal/test-certificate';
import { issuerBody } from '../apps/api/src/modules/fiscal/test-fiscal-bodies';
import { type Probe, probeHealth } from './lib/health-probe';
import { inProcessApp } from './lib/in-process';

const SECONDS = Number(process.env.BENCH_CERTIFICATE_SECONDS ?? 10);

const probeLine = (p: Probe) =>
  `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms (${p.count} answers, ${p.failures} failed)`;
const at = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

function multipart(file: Buffer, password: string) {
  const boundary = `----bench${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="certificado.pfx"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function main() {
  const { app, token, close } = await inProcessApp('admin@demo.com.br');
  try {
    const authorization = `Bearer ${token}`;
    const issuer = await app.inject({
      method: 'PUT',
      url: '/api/fiscal/issuer',
      headers: { authorization },
      payload: issuerBody(),
    });
    if (issuer.statusCode !== 200) throw new Error(`issuer not saved: ${issuer.body}`);
    const upload = async (file: Buffer, password: string, expected: number) => {
      const body = multipart(file, password);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/fiscal/certificate',
        headers: { authorization, ...body.headers },
        payload: body.payload,
      });
      if (res.statusCode !== expected) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
      return performance.now() - started;
    };
    const bombOf = makeTestCertificate();
    const bomb = withIterations(bombOf.pfx, { mac: 2 ** 31 });
    const real = makeTestCertificate({ iterations: 10_000 });
    // The first real upload pays the reader's worker start.
    console.log(
      `first real upload (10,000 iterations, the worker started): ${(await upload(real.pfx, real.password, 201)).toFixed(0)} ms`,
    );

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`/api/health idle: ${probeLine(await probeHealth(address, SECONDS))}`);
    for (const [label, file, password, expected] of [
      [`the bomb (${bomb.length} bytes, MAC 2³¹ iterations)`, bomb, bombOf.password, 400],
      ['a real A1 (10,000 iterations)', real.pfx, real.password, 201],
    ] as const) {
      const window = probeHealth(address, SECONDS);
      let running = true;
      void window.finally(() => {
        running = false;
      });
      const times: number[] = [];
      while (running) times.push(await upload(file, password, expected));
      const probe = await window;
      console.log(
        `${label}: ${times.length} uploads back to back, each p50 ${at(times, 0.5).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; /api/health meanwhile: ${probeLine(probe)}`,
      );
    }
  } finally {
    await close();
  }
}

await main();
