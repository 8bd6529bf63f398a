import { businessDay } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { ReportDialog } from './report-dialog';

describe("'Assistência por mês' (issue 42 §2)", () => {
  it("asks for this year's months and shows each with the year's total, amounts added in cents", async () => {
    signInAs(['bo:read:reports'], 'Gerente', 1);
    const calls = mockFetch({
      'GET /api/repairs/report': {
        body: {
          data: [
            {
              month: '2026-03',
              received: 3,
              delivered: 1,
              billed: 470.1,
              partsCost: 200,
              warranty: 0,
              warrantyCost: 0,
            },
            {
              month: '2026-04',
              received: 2,
              delivered: 2,
              billed: 120.2,
              partsCost: 35,
              warranty: 1,
              warrantyCost: 90,
            },
          ],
        },
      },
    });
    renderPage(<ReportDialog onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Assistência por mês' });
    const table = await within(dialog).findByRole('table', { name: 'Assistência por mês' });
    const year = businessDay(new Date()).slice(0, 4);
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toEqual([`/api/repairs/report?from=${year}-01-01&to=${year}-12-31`]),
    );
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
      );
    expect(rows).toEqual([
      ['Mês', 'Recebidas', 'Entregues', 'Faturado', 'Custo das peças', 'Em garantia', 'Custo da garantia'],
      ['mar/2026', '3', '1', 'R$ 470,10', 'R$ 200,00', '0', 'R$ 0,00'],
      ['abr/2026', '2', '2', 'R$ 120,20', 'R$ 35,00', '1', 'R$ 90,00'],
      ['Total', '5', '3', 'R$ 590,30', 'R$ 235,00', '1', 'R$ 90,00'],
    ]);
  });
});
