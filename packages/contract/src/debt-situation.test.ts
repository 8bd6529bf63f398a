import { describe, expect, it } from 'vitest';
import { debtDays, debtStatus, inDebtSituation, situationDueDays } from './debt-situation';
import { PAYABLE_STATUS_LABELS } from './payables';
import { RECEIVABLE_STATUS_LABELS } from './receivables';

// Days worked out by hand: 2026 is not a leap year (28 February + 6 = 6 March).
const days = debtDays('2026-02-28');

describe('a dated debt’s situation', () => {
  it('has a week of today and the 6 days after it', () => {
    expect(days).toEqual({ today: '2026-02-28', weekEnd: '2026-03-06' });
    expect(debtDays('2026-12-29')).toEqual({ today: '2026-12-29', weekEnd: '2027-01-04' });
  });

  it('bounds each open situation by its due days, both ends included', () => {
    expect(situationDueDays('open', days)).toEqual({});
    expect(situationDueDays('overdue', days)).toEqual({ to: '2026-02-27' });
    expect(situationDueDays('dueToday', days)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(situationDueDays('dueThisWeek', days)).toEqual({ from: '2026-02-28', to: '2026-03-06' });
    expect(situationDueDays('overdue', debtDays('2026-03-01'))).toEqual({ to: '2026-02-28' });
  });

  it('is cancelled before paid, paid before overdue, overdue only past its due day', () => {
    const today = '2026-02-28';
    expect(debtStatus({ canceled: true, settled: true, dueDate: '2026-02-01' }, today)).toBe('CANCELED');
    expect(debtStatus({ canceled: false, settled: true, dueDate: '2026-02-01' }, today)).toBe('PAID');
    expect(debtStatus({ canceled: false, settled: false, dueDate: '2026-02-27' }, today)).toBe('OVERDUE');
    expect(debtStatus({ canceled: false, settled: false, dueDate: '2026-02-28' }, today)).toBe('OPEN');
    expect(debtStatus({ canceled: false, settled: false, dueDate: '2026-03-01' }, today)).toBe('OPEN');
  });

  it('puts an open debt in the situations of its due day, a paid or cancelled one in its own', () => {
    const overdue = { status: 'OVERDUE', dueDate: '2026-02-27' } as const;
    const today = { status: 'OPEN', dueDate: '2026-02-28' } as const;
    const weekEnd = { status: 'OPEN', dueDate: '2026-03-06' } as const;
    const later = { status: 'OPEN', dueDate: '2026-03-07' } as const;
    const paid = { status: 'PAID', dueDate: '2026-02-28' } as const;
    const canceled = { status: 'CANCELED', dueDate: '2026-02-28' } as const;
    const all = [overdue, today, weekEnd, later, paid, canceled];
    const which = (situation: Parameters<typeof inDebtSituation>[0]) =>
      all.filter((debt) => inDebtSituation(situation, debt, days));
    expect(which('open')).toEqual([overdue, today, weekEnd, later]);
    expect(which('overdue')).toEqual([overdue]);
    expect(which('dueToday')).toEqual([today]);
    expect(which('dueThisWeek')).toEqual([today, weekEnd]);
    expect(which('paid')).toEqual([paid]);
    expect(which('canceled')).toEqual([canceled]);
  });

  it('names the statuses once: a bill not yet due is Em aberto, an instalment A vencer', () => {
    expect(PAYABLE_STATUS_LABELS).toEqual({
      OPEN: 'Em aberto',
      OVERDUE: 'Vencida',
      PAID: 'Paga',
      CANCELED: 'Cancelada',
    });
    expect(RECEIVABLE_STATUS_LABELS).toEqual({
      OPEN: 'A vencer',
      OVERDUE: 'Vencida',
      PAID: 'Paga',
      CANCELED: 'Cancelada',
    });
  });
});
