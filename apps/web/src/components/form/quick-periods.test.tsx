import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dayjs } from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPeriodDates, QuickPeriods } from './quick-periods';

/**
 * 01/03/2026 01:30 UTC is still Saturday 28/02/2026, 22:30, in São Paulo: the periods are of the São Paulo
 * day, whatever the UTC date.
 */
const NOW = new Date('2026-03-01T01:30:00Z');
const shown = (d: { start: Dayjs; end: Dayjs }) => `${d.start.format('DD/MM/YYYY')}–${d.end.format('DD/MM/YYYY')}`;

describe('quick periods', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('each button fills the São Paulo days of its period', async () => {
    const picked: string[] = [];
    render(<QuickPeriods onPick={(dates) => picked.push(shown(dates))} />);
    const user = userEvent.setup();
    for (const name of ['Hoje', 'Últimos 7 dias', 'Este mês', 'Mês passado'])
      await user.click(screen.getByRole('button', { name }));
    expect(picked).toEqual([
      '28/02/2026–28/02/2026',
      '22/02/2026–28/02/2026',
      '01/02/2026–28/02/2026',
      '01/01/2026–31/01/2026',
    ]);
  });

  it('every report and history starts on the last 7 days', () => {
    expect(shown(defaultPeriodDates())).toBe('22/02/2026–28/02/2026');
  });
});
