import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * An order's lines are the orders module's (issue 60 §3): the order edit and a discount changed afterwards are
 * decided by selling and written here (`order-lines.repository.ts`, through `workflow.service.ts`). This reads every
 * module's live code for a statement that writes `order_items` and fails on one outside the orders module.
 */
const MODULES = path.resolve(import.meta.dirname, '..');
const WRITES_ORDER_ITEMS =
  /(insertInto|updateTable|deleteFrom)\(\s*'order_items'|\b(insert\s+into|update|delete\s+from)\s+order_items\b/i;

describe('order lines', () => {
  it('are written by the orders module alone', () => {
    const outside: string[] = [];
    for (const file of readdirSync(MODULES, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || path.basename(file).startsWith('test-')) continue;
      if (file.split(path.sep)[0] === 'orders') continue;
      const lines = readFileSync(path.join(MODULES, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (WRITES_ORDER_ITEMS.test(line)) outside.push(`${file}:${index + 1}`);
      });
    }
    expect(outside).toEqual([]);
  });

  it('would see a write outside the module (the pattern is not blind)', () => {
    expect(WRITES_ORDER_ITEMS.test("await trx.updateTable('order_items').set(x)")).toBe(true);
    expect(WRITES_ORDER_ITEMS.test('sql`update order_items i set quantity = 1`')).toBe(true);
    expect(WRITES_ORDER_ITEMS.test(".selectFrom('order_items')")).toBe(false);
  });
});
