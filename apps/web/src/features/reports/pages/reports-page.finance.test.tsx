import type { CardSettlementReport, MarginReport, RevenueReport } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose, generate, open, typeDate } from './test-reports-page';

/** The money reports: card settlements, margin (with the card fees, by brand) and revenue by period. */

describe('Relatórios gerais', () => {
  it("card settlements: each payment by its day with n/N, the page's and each day's sums, and the CSV", async () => {
    const row = (n: number, date: string, gross: number, net: number) => ({
      date,
      orderId: 31,
      orderCode: 'K7M-4QP',
      paymentId: 5,
      kind: 'CREDIT' as const,
      kindLabel: 'Crédito',
      brand: 'Visa',
      instalment: n,
      instalments: 3,
      instalmentOf: `${n}/3`,
      gross,
      fee: 59.88,
      net,
    });
    const answer: CardSettlementReport = {
      settlements: [
        row(1, '2026-12-10', 1715.81, 1655.93),
        {
          ...row(1, '2026-12-10', 200, 196.02),
          orderId: 32,
          orderCode: 'Z9X-8WV',
          kind: 'DEBIT',
          kindLabel: 'Débito',
          brand: 'Elo',
          instalments: 1,
          instalmentOf: '1/1',
          fee: 3.98,
        },
        row(2, '2027-01-09', 1715.8, 1655.92),
      ],
      total: 3,
      summary: {
        settlements: 3,
        gross: 3631.61,
        fee: 123.74,
        net: 3507.87,
        days: [
          { date: '2026-12-10', settlements: 2, gross: 1915.81, fee: 63.86, net: 1851.95 },
          { date: '2027-01-09', settlements: 1, gross: 1715.8, fee: 59.88, net: 1655.92 },
        ],
      },
    };
    const path = '/api/reports/card/settlements/start/2026-12-01T00:00:00/end/2027-01-31T23:59:59';
    const { user, calls } = open({ [`GET ${path}`]: { body: { data: answer } } });
    await choose(user, /Relatório/, 'Recebimentos de cartão');
    typeDate('Data inicial', '01/12/2026');
    typeDate('Data final', '31/01/2027');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(generate());

    const debit = (await screen.findByText('Z9X-8WV')).closest('[role="row"]') as HTMLElement;
    for (const text of ['10/12/2026', 'Débito', 'Elo', '1/1', 'R$ 200,00', 'R$ 3,98', 'R$ 196,02'])
      expect(within(debit).getByText(text), text).toBeTruthy();
    expect(calls.some((c) => c.url === `${path}?page=0&items=10`)).toBe(true);
    // The page: gross 1.715,81 + 200,00 + 1.715,80 = 3.631,61; fee 59,88 + 3,98 + 59,88 = 123,74.
    const page = screen.getByLabelText('Soma da página');
    expect(within(page).getByText('Bruto').nextSibling?.textContent).toBe('R$ 3.631,61');
    expect(within(page).getByText('Taxa').nextSibling?.textContent).toBe('R$ 123,74');
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Recebimentos').nextSibling?.textContent).toBe('3');
    expect(within(totals).getByText('Líquido').nextSibling?.textContent).toBe('R$ 3.507,87');
    // Each day's totals, in a table of their own.
    const byDay = screen.getByRole('table', { name: 'Por dia' });
    const rowsOf = within(byDay)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rowsOf).toEqual([
      ['Dia', 'Recebimentos', 'Bruto', 'Taxa', 'Líquido'],
      ['10/12/2026', '2', 'R$ 1.915,81', 'R$ 63,86', 'R$ 1.851,95'],
      ['09/01/2027', '1', 'R$ 1.715,80', 'R$ 59,88', 'R$ 1.655,92'],
    ]);

    const blobs: Blob[] = [];
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    const createObjectURL = URL.createObjectURL;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    };
    try {
      await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
      await waitFor(() => expect(saved).toEqual(['relatorio.csv']));
      const lines = (await (blobs[0] as Blob).text())
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines).toEqual([
        'Data de recebimento;Pedido;Tipo;Bandeira;Parcela;Bruto;Taxa;Líquido',
        '10/12/2026;K7M-4QP;Crédito;Visa;1/3;1715,81;59,88;1655,93',
        '10/12/2026;Z9X-8WV;Débito;Elo;1/1;200,00;3,98;196,02',
        '09/01/2027;K7M-4QP;Crédito;Visa;2/3;1715,80;59,88;1655,92',
      ]);
      // Every row: the whole period asked without a page.
      expect(calls.some((c) => c.url === path)).toBe(true);
    } finally {
      HTMLAnchorElement.prototype.click = click;
      URL.createObjectURL = createObjectURL;
    }
  });

  it("margin: the totals take the acquirer's fees off the margin", async () => {
    const answer: MarginReport = {
      products: [
        {
          key: '3',
          productId: 3,
          name: 'Galaxy A15',
          code: 'P-3',
          quantity: 1,
          gross: 5147.41,
          discount: 0,
          returns: 0,
          net: 5147.41,
          cost: 4000,
          margin: 1147.41,
          marginPercentage: 22.29,
        },
      ],
      total: 1,
      summary: {
        quantity: 1,
        gross: 5147.41,
        discount: 0,
        returns: 0,
        net: 5147.41,
        cost: 4000,
        margin: 1147.41,
        marginPercentage: 22.29,
        cardFees: 179.64,
        marginAfterCardFees: 967.77,
        marginAfterCardFeesPercentage: 18.8,
      },
    };
    const { user } = open({
      'GET /api/reports/margin/start/2026-11-01T00:00:00/end/2026-11-30T23:59:59': { body: { data: answer } },
    });
    await choose(user, /Relatório/, 'Margem');
    typeDate('Data inicial', '01/11/2026');
    typeDate('Data final', '30/11/2026');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(generate());
    await screen.findByText('Galaxy A15');
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Taxas de cartão').nextSibling?.textContent).toBe('R$ 179,64');
    expect(within(totals).getByText('Margem após taxas de cartão').nextSibling?.textContent).toBe(
      'R$ 967,77 · 18,80 %',
    );
  });

  it('margin by brand and revenue by week (issue 39 §5): the grouping is asked of the server, its column named', async () => {
    const figures = { discount: 0, cost: 153.16, margin: 236.84, marginPercentage: 60.73 };
    const margin: MarginReport = {
      products: [
        {
          key: '4',
          productId: null,
          name: 'Marca Capas',
          code: null,
          quantity: 6,
          gross: 420,
          returns: 30,
          net: 390,
          ...figures,
        },
      ],
      total: 1,
      summary: {
        quantity: 6,
        gross: 420,
        returns: 30,
        net: 390,
        ...figures,
        cardFees: 0,
        marginAfterCardFees: 236.84,
        marginAfterCardFeesPercentage: 60.73,
      },
    };
    const revenue: RevenueReport = {
      periods: [
        {
          period: '2026-03-09',
          label: 'Semana de 09/03/2026',
          orders: 3,
          gross: 420,
          returns: 30,
          net: 390,
          ...figures,
        },
      ],
      total: 1,
      summary: { orders: 3, gross: 420, returns: 30, net: 390, ...figures },
    };
    const { user, calls } = open({
      'GET /api/reports/margin/start/2026-03-01T00:00:00/end/2026-03-31T23:59:59': { body: { data: margin } },
      'GET /api/reports/revenue/start/2026-03-01T00:00:00/end/2026-03-31T23:59:59': { body: { data: revenue } },
    });
    await choose(user, /Relatório/, 'Margem');
    typeDate('Data inicial', '01/03/2026');
    typeDate('Data final', '31/03/2026');
    await choose(user, /Agrupar por/, 'Marca');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(generate());
    await screen.findByText('Marca Capas');
    expect(calls.some((c) => c.url.includes('/reports/margin/') && c.url.includes('groupBy=brand'))).toBe(true);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Marca');
    expect(headers).toContain('Trocas e devoluções');
    expect(headers).not.toContain('Código');
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Trocas e devoluções').nextSibling?.textContent).toBe('R$ 30,00');
    expect(within(totals).getByText('Receita líquida').nextSibling?.textContent).toBe('R$ 390,00');

    await choose(user, /Relatório/, 'Faturamento por período');
    await choose(user, /Agrupar por/, 'Semana');
    await user.click(generate());
    await screen.findByText('Semana de 09/03/2026');
    expect(calls.some((c) => c.url.includes('/reports/revenue/') && c.url.includes('bucket=week'))).toBe(true);
    expect(within(screen.getByLabelText('Total')).getByText('Pedidos').nextSibling?.textContent).toBe('3');
  });
});
