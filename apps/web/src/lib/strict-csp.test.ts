import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './strict-csp';

/** Runs `body` in a fresh Node (no zod loaded yet), counting the functions built from text (`new Function`). */
function freshNode(body: string): { built: number; jitless: boolean | undefined } {
  const script = `
    const built = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct: (target, args, newTarget) => (built.push(args), Reflect.construct(target, args, newTarget)),
      apply: (target, self, args) => (built.push(args), Reflect.apply(target, self, args)),
    });
    ${body}
    const { z } = await import('zod');
    const schema = z.object({ id: z.number().int(), code: z.string(), items: z.array(z.object({ n: z.number() })) });
    for (let i = 0; i < 3; i++) schema.parse({ id: 1, code: 'A', items: [{ n: 1 }] });
    console.log(JSON.stringify({ built: built.length, jitless: z.config().jitless }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
}

describe('strict-csp', () => {
  it('set before zod loads (the app: start.tsx imports it first, zod comes later in some chunk), no schema is compiled with eval', () => {
    const strictCsp = pathToFileURL(path.join(import.meta.dirname, 'strict-csp.ts')).href;
    expect(freshNode(`await import(${JSON.stringify(strictCsp)});`)).toEqual({ built: 0, jitless: true });
  });

  it('without it, zod probes and compiles with `new Function` (what the CSP reports): the check above sees it', () => {
    const without = freshNode('');
    expect(without.built).toBeGreaterThan(0);
    expect(without.jitless).toBeUndefined();
  });

  it('set after zod has loaded (this test imports zod first), it is zod own setting, as z.config would make it', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.config()).toBe(globalThis.__zod_globalConfig);
  });
});
