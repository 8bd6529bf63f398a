import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const probeScript = path.join(import.meta.dirname, 'health-probe.mjs');

/** What the probe saw of /api/health: its answers' times in milliseconds. */
export interface Probe {
  count: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

/** /api/health asked every 20 ms for `seconds` by a separate process (its timers never wait on this one). */
export async function probeHealth(url: string, seconds: number): Promise<Probe> {
  const { stdout } = await promisify(execFile)(process.execPath, [probeScript, url, String(seconds)]);
  return JSON.parse(stdout) as Probe;
}
