import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryKeys } from './query-keys';

describe('query keys', () => {
  it('let a mutation invalidate one resource’s lists without touching its details or another resource', async () => {
    const customers = createQueryKeys('customers');
    const products = createQueryKeys('products');
    const client = new QueryClient();
    client.setQueryData(customers.list({ page: 0 }), ['a']);
    client.setQueryData(customers.list({ page: 1 }), ['b']);
    client.setQueryData(customers.detail(7), { id: 7 });
    client.setQueryData(products.list({ page: 0 }), ['p']);
    await client.invalidateQueries({ queryKey: customers.lists() });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(customers.list({ page: 0 }))).toBe(true);
    expect(stale(customers.list({ page: 1 }))).toBe(true);
    expect(stale(customers.detail(7))).toBe(false);
    expect(stale(products.list({ page: 0 }))).toBe(false);
  });
});
