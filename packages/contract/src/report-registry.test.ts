import { describe, expect, it } from 'vitest';
import { GENERAL_REPORT_REGISTRY } from './report-registry';

const filtersOf = (number: number) => GENERAL_REPORT_REGISTRY.find((entry) => entry.number === number)?.filters;

describe("the reports' 'Agrupar por' choice (one builder for reports 19 and 21)", () => {
  it.each([
    [
      19,
      'groupBy',
      [
        ['product', 'Produto'],
        ['brand', 'Marca'],
        ['customer', 'Cliente'],
        ['attendant', 'Atendente'],
        ['month', 'Mês'],
      ],
    ],
    [
      21,
      'bucket',
      [
        ['day', 'Dia'],
        ['week', 'Semana'],
        ['month', 'Mês'],
      ],
    ],
  ])('report %i offers its groupings, sent as %s, named in Portuguese', (number, param, options) => {
    expect(filtersOf(number)).toEqual({
      dates: true,
      choice: { param, label: 'Agrupar por', options: options.map(([value, label]) => ({ value, label })) },
    });
  });
});
