import { describe, expect, it } from 'vitest';
import { GENERAL_REPORT_REGISTRY } from './report-registry';

const filtersOf = (number: number) => GENERAL_REPORT_REGISTRY.find((entry) => entry.number === number)?.filters;

describe("the reports' 'Agrupar por' choice (one builder for reports 19 and 21)", () => {
  it('offers the margin by product, brand, customer, attendant and month, sent as groupBy', () => {
    expect(filtersOf(19)).toEqual({
      dates: true,
      choice: {
        param: 'groupBy',
        label: 'Agrupar por',
        options: [
          { value: 'product', label: 'Produto' },
          { value: 'brand', label: 'Marca' },
          { value: 'customer', label: 'Cliente' },
          { value: 'attendant', label: 'Atendente' },
          { value: 'month', label: 'Mês' },
        ],
      },
    });
  });

  it('offers the revenue by day, week and month, sent as bucket', () => {
    expect(filtersOf(21)).toEqual({
      dates: true,
      choice: {
        param: 'bucket',
        label: 'Agrupar por',
        options: [
          { value: 'day', label: 'Dia' },
          { value: 'week', label: 'Semana' },
          { value: 'month', label: 'Mês' },
        ],
      },
    });
  });
});
