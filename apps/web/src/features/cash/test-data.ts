import type { CashOverview, CashRegister, CashSession, CashSessionDetails, CashTotals } from '@backoffice/contract';

/**
 * The drawer for the web tests, on Monday 23/11/2026 (São Paulo): 'Caixa balcão 1' opened by Beatriz Atendente
 * (employee 20) at 08:00 with R$ 200,00, a suprimento of R$ 50,00 and a sangria of R$ 100,00 (R$ 150,00 expected);
 * 'Caixa balcão 2' closed at 18:00 the day before.
 */
export const BEATRIZ = { id: 20, name: 'Beatriz Atendente' };

const totals = (float: number, byKind: Partial<CashTotals['byKind']>): CashTotals => {
  const all = {
    SALE: 0,
    SETTLEMENT: 0,
    INSTALMENT: 0,
    TOP_UP: 0,
    REMOVAL: 0,
    REFUND: 0,
    TRADE_IN: 0,
    SUPPLIER_PAYMENT: 0,
    ...byKind,
  };
  const inflow = all.SALE + all.SETTLEMENT + all.INSTALMENT + all.TOP_UP;
  const out = all.REMOVAL + all.REFUND + all.TRADE_IN;
  return { float, byKind: all, in: inflow, out, expected: float + inflow - out };
};

export function makeSession(overrides: Partial<CashSession> = {}): CashSession {
  return {
    id: 11,
    register: { id: 1, name: 'Caixa balcão 1' },
    operator: BEATRIZ,
    status: 'OPEN',
    openedAt: '2026-11-23T11:00:00.000Z',
    closedAt: null,
    totals: totals(200, { TOP_UP: 50, REMOVAL: 100 }),
    counted: null,
    difference: null,
    closeReason: null,
    closedBy: null,
    approvedBy: null,
    approvedAt: null,
    approvalNote: null,
    ...overrides,
  };
}

export const OPEN_SESSION = makeSession();

export const OPEN_SESSION_DETAILS: CashSessionDetails = {
  ...OPEN_SESSION,
  entries: [
    {
      id: 101,
      kind: 'TOP_UP',
      amount: 50,
      reason: 'Troco do cofre',
      order: null,
      runId: null,
      employee: BEATRIZ,
      createdAt: '2026-11-23T12:15:00.000Z',
    },
    {
      id: 102,
      kind: 'REMOVAL',
      amount: 100,
      reason: 'Depósito no banco',
      order: null,
      runId: null,
      employee: BEATRIZ,
      createdAt: '2026-11-23T15:30:00.000Z',
    },
  ],
};

export const COUNTER_1: CashRegister = {
  id: 1,
  name: 'Caixa balcão 1',
  active: true,
  openSession: OPEN_SESSION,
  lastClosedAt: null,
};

export const COUNTER_2: CashRegister = {
  id: 2,
  name: 'Caixa balcão 2',
  active: true,
  openSession: null,
  lastClosedAt: '2026-11-22T21:00:00.000Z',
};

export function makeOverview(overrides: Partial<CashOverview> = {}): CashOverview {
  return { registers: [COUNTER_1, COUNTER_2], mySessionId: null, pendingApprovals: 0, tolerance: 0, ...overrides };
}

/** A session closed counting R$ 140,00 of R$ 150,00 expected, waiting for approval. */
export function pendingSession(id: number, operator: { id: number; name: string }): CashSession {
  return makeSession({
    id,
    operator,
    status: 'PENDING_APPROVAL',
    closedAt: '2026-11-23T21:00:00.000Z',
    counted: 140,
    difference: -10,
    closeReason: 'Troco dado a mais',
    closedBy: operator,
  });
}

export const sessionPage = (items: CashSession[]) => ({ body: { data: { items, page: 0, total: items.length } } });

/**
 * The overview as the server answers it to the operator of an open drawer without the permission that approves
 * differences: no 'Esperado no caixa' while open (the blind count, decision 0078).
 */
export function blindOverview(overrides: Partial<CashOverview> = {}): CashOverview {
  const overview = makeOverview(overrides);
  return {
    ...overview,
    registers: overview.registers.map((register) => {
      if (!register.openSession) return register;
      const { expected: _hidden, ...totals } = register.openSession.totals;
      return { ...register, openSession: { ...register.openSession, totals } };
    }),
  };
}
