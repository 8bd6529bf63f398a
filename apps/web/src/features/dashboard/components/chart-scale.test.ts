import { describe, expect, it } from 'vitest';
import { axisMax, chartLabels } from './chart-scale';

describe('dashboard charts: the value axis fits the data (decision 0014)', () => {
  it('rounds the largest figure up to a round step instead of the fixed 100 or 50', () => {
    // A top ten of 3 to 40: steps of 10 (40 / 5 = 8 → 10), the axis ends at 40, not 100.
    expect(axisMax(40)).toBe(40);
    expect(axisMax(37)).toBe(40);
    // 3 at most: the floor of 5.
    expect(axisMax(3)).toBe(5);
    // 123: steps of 50 (24.6 → 50), 150.
    expect(axisMax(123)).toBe(150);
    // 1 234: steps of 500, 1 500.
    expect(axisMax(1234)).toBe(1500);
    expect(axisMax(0)).toBe(5);
  });
});

describe('dashboard charts: tick labels tell the products apart', () => {
  const capa = (end: string) => `Capa Anti-impacto Gshield ${end}`;

  it('keeps a short label whole and cuts a long one at 25 characters', () => {
    const [short, long] = chartLabels([
      { label: 'Cabo USB', value: 1 },
      { label: 'Película de vidro 3D para iPhone 15', value: 2 },
    ]);
    expect(short).toBe('Cabo USB');
    expect(long).toBe('Película de vidro 3D par…');
    expect(long).toHaveLength(25);
  });

  it('two names sharing their first 25 characters keep their ends, and differ', () => {
    const labels = chartLabels([
      { label: capa('Galaxy A15 Transparente'), value: 3, code: 'CP1' },
      { label: capa('iPhone 13 Preta'), value: 2, code: 'CP2' },
      { label: 'Cabo USB', value: 1 },
    ]);
    // 12 first characters, the ellipsis, the 12 last ones.
    expect(labels[0]).toBe('Capa Anti-im…Transparente');
    expect(labels[1]).toBe('Capa Anti-im…one 13 Preta');
    expect(new Set(labels).size).toBe(3);
    for (const label of labels) expect(label.length).toBeLessThanOrEqual(25);
  });

  it('names alike at both ends are told apart by their codes', () => {
    const labels = chartLabels([
      { label: capa('X Preta Fosca Original Preta'), value: 3, code: 'CP1' },
      { label: capa('Y Preta Fosca Original Preta'), value: 2, code: 'CP2' },
    ]);
    expect(labels[0]?.startsWith('CP1 · ')).toBe(true);
    expect(labels[1]?.startsWith('CP2 · ')).toBe(true);
    expect(labels[0]).not.toBe(labels[1]);
  });
});
