import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The size limits of decision 0072 are Biome's (biome.json), so `npm run lint` and `npm test` fail on them: a file of
 * 601 lines or a function of 151, in code; a test file's describe body is not held to the function limit.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

// The project's biome.json over files of a folder of its own (outside the repository, where a lint of the whole tree
// running beside this test would meet them), at the paths the configuration's overrides name.
const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-size-'));
copyFileSync(path.join(ROOT, 'biome.json'), path.join(dir, 'biome.json'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lint(fileName: string, source: string): string {
  const file = path.join(dir, fileName);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source);
  const result = spawnSync(BIOME, ['lint', '--vcs-enabled=false', '--max-diagnostics=50', fileName], {
    cwd: dir,
    encoding: 'utf8',
  });
  rmSync(file);
  return `${result.stdout}${result.stderr}`;
}

const lines = (count: number, line: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => line(i)).join('\n');
const fn = (bodyLines: number) => `export function f() {\n${lines(bodyLines, (i) => `  console.log(${i});`)}\n}\n`;

describe('the size limits in the linter (issue 60 §2, decision 0072)', () => {
  it('refuses a 601-line file and takes a 600-line one', () => {
    const file = (count: number) => `${lines(count, (i) => `export const a${i} = ${i};`)}\n`;
    expect(lint('apps/api/src/modules/x/x.service.ts', file(601))).toContain('noExcessiveLinesPerFile');
    expect(lint('apps/api/src/modules/x/x.service.ts', file(600))).not.toContain('noExcessiveLinesPerFile');
  });

  it('refuses a function over 150 lines in code, not a describe body in a test file', () => {
    expect(lint('apps/web/src/features/x/x.tsx', fn(151))).toContain('noExcessiveLinesPerFunction');
    expect(lint('apps/web/src/features/x/x.tsx', fn(140))).not.toContain('noExcessiveLinesPerFunction');
    expect(lint('apps/web/src/features/x/x.test.tsx', fn(151))).not.toContain('noExcessiveLinesPerFunction');
  });
});
