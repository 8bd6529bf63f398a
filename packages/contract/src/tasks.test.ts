import { describe, expect, it } from 'vitest';
import { actionAccess } from './order-status';
import { allows, FULL_ACCESS, PERMISSIONS } from './permissions';
import { TASK_STATUSES, TASKS_ACCESS, taskKindsOf, taskScopeOf } from './tasks';

describe('task kinds', () => {
  it('take their statuses from the workflow table', () => {
    // Aguardando estoquista, Em preparação; Aguardando motoboy, Em entrega, Entrega imediata, Em entrega imediata.
    expect(TASK_STATUSES).toEqual({ packing: [1, 2], delivery: [3, 4, 15, 16] });
  });

  it('follow permission and function: stocker packs, courier delivers, attendant and full:access both', () => {
    expect(taskKindsOf({ permissions: [PERMISSIONS.products], func: 3 })).toEqual(['packing']);
    expect(taskKindsOf({ permissions: [PERMISSIONS.orders], func: 2 })).toEqual(['delivery']);
    expect(taskKindsOf({ permissions: [PERMISSIONS.orders], func: 1 })).toEqual(['packing', 'delivery']);
    // Products alone do not let an attendant collect or deliver (those moves need orders).
    expect(taskKindsOf({ permissions: [PERMISSIONS.products], func: 1 })).toEqual(['packing']);
    expect(taskKindsOf({ permissions: [PERMISSIONS.reports], func: 1 })).toEqual([]);
    // The function opens its own field work whatever the role holds (demo role 'Entregas': nothing).
    expect(taskKindsOf({ permissions: [], func: 2 })).toEqual(['delivery']);
    expect(taskKindsOf({ permissions: [PERMISSIONS.products], func: 2 })).toEqual(['delivery']);
    expect(taskKindsOf({ permissions: [PERMISSIONS.reports], func: 3 })).toEqual(['packing']);
    expect(taskKindsOf({ permissions: [FULL_ACCESS], func: 2 })).toEqual(['packing', 'delivery']);
  });

  it('limit stockers and couriers to their own share, not attendants or full:access', () => {
    expect(taskScopeOf({ permissions: [PERMISSIONS.products], func: 3 }, 'packing')).toBe('own');
    expect(taskScopeOf({ permissions: [PERMISSIONS.orders], func: 2 }, 'delivery')).toBe('own');
    expect(taskScopeOf({ permissions: [PERMISSIONS.orders], func: 1 }, 'delivery')).toBe('all');
    expect(taskScopeOf({ permissions: [FULL_ACCESS], func: 2 }, 'delivery')).toBe('all');
  });
});

describe('TASKS_ACCESS', () => {
  it("opens 'Minhas tarefas' to orders or products, or to a stocker's or a courier's function", () => {
    expect(TASKS_ACCESS).toEqual({ permissions: [PERMISSIONS.orders, PERMISSIONS.products], functions: [3, 2] });
    expect(allows(TASKS_ACCESS, [], 2)).toBe(true);
    expect(allows(TASKS_ACCESS, [], 3)).toBe(true);
    expect(allows(TASKS_ACCESS, [], 1)).toBe(false);
    expect(allows(TASKS_ACCESS, [PERMISSIONS.reports], null)).toBe(false);
    expect(allows(TASKS_ACCESS, [FULL_ACCESS], 1)).toBe(true);
    // The desk's moves stay closed to the functions: only orders opens them.
    expect(actionAccess(['approve', 'cancel'])).toEqual({ permissions: [PERMISSIONS.orders], functions: [] });
  });
});
