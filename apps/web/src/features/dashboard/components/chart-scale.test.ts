import { describe, expect, it } from 'vitest';
import { axisMax, chartHeight, chartLabels } from './chart-scale';

describe('dashboard charts: the value axis fits the data (decision 0014)', () => {
  it('rounds the largest figure and an eighth up to a round step instead of the fixed 100 or 50', () => {
    // A top ten of 3 to 40: 40 and an eighth is 45, steps of 10 (45 / 5 = 9 → 10): 50, not 100.
    expect(axisMax(40)).toBe(50);
    // 24 and an eighth is 27: steps of 10 (5.4 → 10), 30; the value written past the bar stays inside.
    expect(axisMax(24)).toBe(30);
    // 3 at most: 3.375, steps of 1, 4 → the floor of 5.
    expect(axisMax(3)).toBe(5);
    // 123: 138.4, steps of 50 (27.7 → 50), 150.
    expect(axisMax(123)).toBe(150);
    // 1 234: 1 388, steps of 500 (277.6 → 500), 1 500.
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

describe("dashboard charts: the height a card keeps for its chart (the drawing's code arriving later)", () => {
  it('is 34 px a horizontal bar plus 50 of axis, at least 120; a vertical chart 320 whatever its bars', () => {
    // Ten bars: 10 × 34 + 50 = 390. Two: 2 × 34 + 50 = 118, under the floor of 120.
    expect(chartHeight(10, true)).toBe(390);
    expect(chartHeight(2, true)).toBe(120);
    expect(chartHeight(0, false)).toBe(320);
    expect(chartHeight(10, false)).toBe(320);
  });
});
