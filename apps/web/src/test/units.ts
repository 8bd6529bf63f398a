import type { Unit } from '@backoffice/contract';

/** A phone (`imei`, `product`) as GET /units/{imei} answers it: in stock, never sold, no history; with `overrides`. */
export function makeUnit(overrides: Pick<Unit, 'imei' | 'product'> & Partial<Unit>): Unit {
  return {
    imei2: null,
    status: 'IN_STOCK',
    order: null,
    customer: null,
    soldAt: null,
    deliveredAt: null,
    warrantyEndsAt: null,
    warrantyDaysLeft: null,
    history: [],
    ...overrides,
  };
}
