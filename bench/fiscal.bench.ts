/**
 * Benchmark of emitting (issue 41): building, signing and validating against the official schemas one 50-item NF-e
 * (Regime Normal with IBS/CBS; 25 phones of 2 units with their IMEIs, 25 accessories), as the emission does before
 * sending it. Target: ≤ 200 ms a note. Prints each phase's p50 / p95 / max over the runs, after warm-up runs.
 *
 *   npm run bench -- fiscal            BENCH_FISCAL_RUNS=30 (runs)   BENCH_FISCAL_ITEMS=50
 */
import { performance } from 'node:perf_hooks';
import { buildNfe } from '../apps/api/src/modules/fiscal/nfe/nfe-builder';
import { manyItemsInput, TEST_SIGNER } from '../apps/api/src/modules/fiscal/nfe/test-notes';
import { validateAgainstSchema } from '../apps/api/src/modules/fiscal/nfe/xsd';

const RUNS = Number(process.env.BENCH_FISCAL_RUNS ?? 30);
const ITEMS = Number(process.env.BENCH_FISCAL_ITEMS ?? 50);
const WARMUP = 3;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
};
const line = (label: string, values: number[]) =>
  `${label.padEnd(28)} p50 ${quantile(values, 0.5).toFixed(1).padStart(6)} ms   p95 ${quantile(values, 0.95)
    .toFixed(1)
    .padStart(6)} ms   max ${Math.max(...values)
    .toFixed(1)
    .padStart(6)} ms`;

async function main() {
  // The schema's compilation, once a process (the first note pays it).
  const compiled = performance.now();
  await validateAgainstSchema('<NFe xmlns="http://www.portalfiscal.inf.br/nfe"></NFe>', 'nfe_v4.00.xsd');
  console.log(`the NF-e schema compiled once: ${(performance.now() - compiled).toFixed(0)} ms`);
  const build: number[] = [];
  const validate: number[] = [];
  const total: number[] = [];
  let bytes = 0;
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const input = manyItemsInput(ITEMS, { number: 1000 + run, numericCode: String(20_000_000 + run) });
    const started = performance.now();
    const note = buildNfe(input, TEST_SIGNER);
    const built = performance.now();
    const result = await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd');
    const done = performance.now();
    if (!result.valid) throw new Error(`invalid note: ${result.problems.map((p) => p.detail).join('; ')}`);
    bytes = Buffer.byteLength(note.xml);
    if (run < WARMUP) continue;
    build.push(built - started);
    validate.push(done - built);
    total.push(done - started);
  }
  console.log(`One NF-e of ${ITEMS} items (${(bytes / 1024).toFixed(0)} KB), ${RUNS} runs after ${WARMUP} warm-up:`);
  console.log(line('build + sign', build));
  console.log(line('validate (libxml2-wasm)', validate));
  console.log(line('build + sign + validate', total));
  console.log(`target ≤ 200 ms a note: ${quantile(total, 0.95) <= 200 ? 'met' : 'MISSED'} (p95)`);
}

await main();
