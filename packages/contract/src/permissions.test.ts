import { describe, expect, it } from 'vitest';
import { allows, FULL_ACCESS, hasAnyPermission, hasFullAccess, PERMISSIONS } from './permissions';

const { orders, credit, reports } = PERMISSIONS;

describe('the permission check', () => {
  it('knows full access by its key alone', () => {
    expect(hasFullAccess([FULL_ACCESS])).toBe(true);
    expect(hasFullAccess([orders, FULL_ACCESS])).toBe(true);
    expect(hasFullAccess([orders, credit, reports])).toBe(false);
    expect(hasFullAccess([])).toBe(false);
  });

  it('passes full access, else any one of the accepted permissions', () => {
    expect(hasAnyPermission([FULL_ACCESS], [credit])).toBe(true);
    expect(hasAnyPermission([FULL_ACCESS], [])).toBe(true);
    expect(hasAnyPermission([orders, credit], [credit, reports])).toBe(true);
    expect(hasAnyPermission([orders], [credit, reports])).toBe(false);
    expect(hasAnyPermission([orders], [])).toBe(false);
    expect(hasAnyPermission([], [orders])).toBe(false);
  });

  it('opens a rule to its permissions (or full access), or to its functions whatever the role holds', () => {
    const rule = { permissions: [orders], functions: [2, 3] };
    expect(allows(rule, [FULL_ACCESS], 1)).toBe(true);
    expect(allows(rule, [orders], 1)).toBe(true);
    expect(allows(rule, [], 2)).toBe(true);
    expect(allows(rule, [credit], 1)).toBe(false);
    expect(allows(rule, [credit], null)).toBe(false);
    expect(allows(rule, [credit], undefined)).toBe(false);
  });
});
