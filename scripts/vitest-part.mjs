// One Vitest run of `npm test` (scripts/test.mjs), with the one retry it allows: a test file whose worker process was
// killed by V8 itself — not by a test — is run again, alone, once.
//
// Why: V8 13 (Node 24) aborts now and then while PGlite's WebAssembly modules are instantiated and freed many times in
// one process ('Check failed: jit_page_->allocations_.erase(addr) == 1', SIGTRAP, or a SIGSEGV): nodejs/node#64500,
// open upstream, seen in 2 of about 12 full runs here (decision 0102). The fork dies in the middle of a file that
// was passing; Vitest then reports no failed test but exits 1. Run again alone, the file must pass like any other:
// its failures count, and a second abort fails the run. A failed assertion is never run again.
//
// Usage: node scripts/vitest-part.mjs <vitest arguments…> (with `--outputFile.json=<file>` for the counts).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const args = process.argv.slice(2);
/** The worker deaths that are V8's, not a test's: the signal V8's CHECK raises, or a crash inside the engine. */
const V8_ABORT = /Worker exited unexpectedly with signal (SIGTRAP|SIGSEGV|SIGILL) .*?while running test file (\S+)/g;

/** Runs Vitest with `argv`, streaming its output, and answers its exit code and output. */
function vitest(argv) {
  return new Promise((resolve) => {
    const child = spawn('vitest', argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk, stream) => {
      stream.write(chunk);
      output = (output + chunk.toString('utf8')).slice(-1_000_000);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.on('error', () => resolve({ code: 1, output }));
  });
}

const jsonFile = args.find((arg) => arg.startsWith('--outputFile.json='))?.slice('--outputFile.json='.length);
const readReport = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const first = await vitest(args);
if (first.code === 0) process.exit(0);
// The stripped output: Vitest colours its errors.
const plain = stripVTControlCharacters(first.output);
const aborted = [...new Set([...plain.matchAll(V8_ABORT)].map((match) => match[2]))];
const report = readReport(jsonFile);
if (aborted.length === 0 || !report || report.numFailedTests > 0) process.exit(first.code);

process.stdout.write(
  `\nV8 encerrou o processo de teste (nodejs/node#64500, decisão 0102) durante: ${aborted.join(', ')}. ` +
    'Cada arquivo roda de novo, sozinho, uma vez.\n\n',
);
const rerunFile = jsonFile ? `${jsonFile}.rerun.json` : undefined;
const kept = args.filter((arg) => !arg.startsWith('--reporter') && !arg.startsWith('--outputFile'));
const again = await vitest([
  ...kept,
  '--reporter=default',
  ...(rerunFile ? ['--reporter=json', `--outputFile.json=${rerunFile}`] : []),
  ...aborted,
]);
const rerun = readReport(rerunFile);
if (jsonFile && rerun) {
  // The file's tests counted once: those its first run reported before the abort are replaced by the second run's.
  const before = (report.testResults ?? []).filter((result) => aborted.includes(result.name));
  const passedBefore = before.reduce(
    (sum, result) => sum + (result.assertionResults ?? []).filter((test) => test.status === 'passed').length,
    0,
  );
  report.numPassedTests += rerun.numPassedTests - passedBefore;
  report.numFailedTests += rerun.numFailedTests;
  writeFileSync(jsonFile, JSON.stringify(report));
}
process.exit(again.code);
