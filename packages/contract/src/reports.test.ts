import { describe, expect, it } from 'vitest';
import { marginPercentage, revenueBucketLabel } from './report-margin';

describe('marginPercentage', () => {
  it('rounds half away from zero, a loss as a gain', () => {
    // R$ 8,00 in, R$ 7,99 of cost: 1 / 800 = 0,125 % → 0,13 %; R$ 8,01 of cost: −0,125 % → −0,13 %.
    expect(marginPercentage(800, 799)).toBe(0.13);
    expect(marginPercentage(800, 801)).toBe(-0.13);
    // R$ 129,90 in, R$ 80,00 of cost: 4.990 / 12.990 = 38,4141… % → 38,41 %.
    expect(marginPercentage(12990, 8000)).toBe(38.41);
  });

  it('is 0 when nothing came in', () => {
    expect(marginPercentage(0, 500)).toBe(0);
  });
});

describe('revenueBucketLabel (report 21)', () => {
  it('names a day, a week by its Monday and a month', () => {
    expect(revenueBucketLabel('day', '2026-11-26')).toBe('26/11/2026');
    expect(revenueBucketLabel('week', '2026-11-23')).toBe('Semana de 23/11/2026');
    expect(revenueBucketLabel('month', '2026-11-01')).toBe('11/2026');
  });
});
