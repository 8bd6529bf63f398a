import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterEmployeeChange } from '../features/employees/api/employees-api';
import { invalidateAfterRoleChange } from '../features/roles/api/roles-api';
import { delivererListQuery, employeeKeys, roleKeys, roleListQuery } from '../lib/shared-queries';

function cacheWithEverything() {
  const client = new QueryClient();
  client.setQueryData(roleListQuery.queryKey, []);
  client.setQueryData(delivererListQuery.queryKey, []);
  client.setQueryData(employeeKeys.lists(), []);
  client.setQueryData(['customers', 'list', 'active'], []);
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, stale };
}

describe('shared queries and what each change invalidates', () => {
  it('an employee change reloads the employees and the couriers, not the roles nor other resources', async () => {
    const { client, stale } = cacheWithEverything();
    await invalidateAfterEmployeeChange(client);
    expect(stale(employeeKeys.lists())).toBe(true);
    expect(stale(delivererListQuery.queryKey)).toBe(true);
    expect(stale(roleKeys.lists())).toBe(false);
    expect(stale(['customers', 'list', 'active'])).toBe(false);
  });

  it('a new role reloads the roles only; an edited one also the employees, who show its name', async () => {
    const created = cacheWithEverything();
    await invalidateAfterRoleChange(created.client, false);
    expect(created.stale(roleKeys.lists())).toBe(true);
    expect(created.stale(employeeKeys.lists())).toBe(false);

    const edited = cacheWithEverything();
    await invalidateAfterRoleChange(edited.client, true);
    expect(edited.stale(roleKeys.lists())).toBe(true);
    expect(edited.stale(employeeKeys.lists())).toBe(true);
    expect(edited.stale(delivererListQuery.queryKey)).toBe(false);
  });

  it('keep the couriers under the key the customers screen has always used', () => {
    expect(delivererListQuery.queryKey).toEqual(['employees', 'deliverers']);
  });
});
