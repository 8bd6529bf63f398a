import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { uploadSheet, utf8 } from './test-uploads';

/** A plain shop file of `lines` products (no code: each a new product), as Excel in Brazil saves it. */
function productsCsv(lines: number): Buffer {
  const rows = ['Nome;Marca;Preço de compra;Preço de venda;Quantidade em estoque'];
  for (let i = 1; i <= lines; i++) rows.push(`Capinha modelo ${i};Marca ${i % 40};2,10;14,90;${i % 7}`);
  return utf8(`${rows.join('\r\n')}\r\n`);
}

/**
 * Issue 34 §1: the preview of a large file never holds the event loop for long — the cells are read and the
 * lines checked in slices, so other requests (`/api/health`) are answered meanwhile. Measured by the longest
 * gap between two ticks of a 5 ms timer while the preview of the largest allowed file (50,000 lines) runs:
 * 87–116 ms here with the slices (the worker's batches arriving, a GC), 172 ms without them on an idle machine,
 * seconds on a loaded one. The bound is far above a slice (20 ms) so that a loaded machine's pauses do not fail
 * it; `event-loop-turns.test.ts` checks the slicing itself, and `npm run bench -- imports` the health p99.
 */
describe('spreadsheet import: the event loop during a large preview (issue 34 §1)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers between slices: no stall of 250 ms while 50,000 lines are previewed', async () => {
    const file = productsCsv(50_000);
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    try {
      const res = await uploadSheet(t, 'products', file, 'dryRun=true&createMissing=true', { token: admin });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json().data;
      expect({ rows: answer.rows, created: answer.created, errors: answer.errors.slice(0, 3) }).toEqual({
        rows: 50_000,
        created: 50_000,
        errors: [],
      });
    } finally {
      clearInterval(timer);
    }
    expect(longest).toBeLessThan(250);
  });
});
