import { describe, expect, it } from 'vitest';
import { FULL_ACCESS, PERMISSIONS } from './permissions';
import { TASK_STATUSES, taskKindsOf, taskScopeOf } from './tasks';

describe('task kinds', () => {
  it('take their statuses from the workflow table', () => {
    // Aguardando estoquista, Em preparação; Aguardando motoboy, Em entrega, Entrega imediata, Em entrega imediata.
    expect(TASK_STATUSES).toEqual({ packing: [1, 2], delivery: [3, 4, 15, 16] });
  });

  it('follow permission and function: stocker packs, courier delivers, attendant and full:access both', () => {
    expect(taskKindsOf({ permissions: [PERMISSIONS.products], func: 3 })).toEqual(['packing']);
    expect(taskKindsOf({ permissions: [PERMISSIONS.orders], func: 2 })).toEqual(['delivery']);
    expect(taskKindsOf({ permissions: [PERMISSIONS.orders], func: 1 })).toEqual(['packing', 'delivery']);
    // Products alone do not let anyone collect or deliver (those moves need orders).
    expect(taskKindsOf({ permissions: [PERMISSIONS.products], func: 1 })).toEqual(['packing']);
    expect(taskKindsOf({ permissions: [PERMISSIONS.products], func: 2 })).toEqual([]);
    expect(taskKindsOf({ permissions: [PERMISSIONS.reports], func: 3 })).toEqual([]);
    expect(taskKindsOf({ permissions: [FULL_ACCESS], func: 2 })).toEqual(['packing', 'delivery']);
  });

  it('limit stockers and couriers to their own share, not attendants or full:access', () => {
    expect(taskScopeOf({ permissions: [PERMISSIONS.products], func: 3 }, 'packing')).toBe('own');
    expect(taskScopeOf({ permissions: [PERMISSIONS.orders], func: 2 }, 'delivery')).toBe('own');
    expect(taskScopeOf({ permissions: [PERMISSIONS.orders], func: 1 }, 'delivery')).toBe('all');
    expect(taskScopeOf({ permissions: [FULL_ACCESS], func: 2 }, 'delivery')).toBe('all');
  });
});
