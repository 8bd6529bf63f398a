import type { Unit, UnitInAnalysis } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/contract';
import { renderPage, signInAs } from '../../../test/render';
import { UnitsInAnalysisDialog } from './units-in-analysis-dialog';

const waiting = (imei: string, code: string, customer: string, returnedAt: string): UnitInAnalysis => ({
  imei,
  imei2: null,
  product: { id: 31, code: 'P100031', name: 'Galaxy A55' },
  order: { id: 90, code },
  customer: { id: 12, name: customer },
  returnedAt,
});

const RETURNED: Unit = {
  imei: '490154203237518',
  imei2: null,
  product: { id: 31, code: 'P100031', name: 'Galaxy A55' },
  status: 'RETURNED',
  order: { id: 90, code: 'K7M-4QP' },
  customer: { id: 12, name: 'Marina Souza' },
  soldAt: '2026-01-10T13:00:00.000Z',
  deliveredAt: '2026-01-12T18:30:00.000Z',
  warrantyEndsAt: '2027-01-12T18:30:00.000Z',
  warrantyDaysLeft: 51,
  history: [{ event: 'Devolvido pelo cliente', at: '2026-11-20T15:00:00.000Z', employee: null, orderCode: 'K7M-4QP' }],
};

describe('Aparelhos em análise', () => {
  it('lists the phones waiting, a page of 10 at a time, and opens one in Consultar IMEI to release it', async () => {
    signInAs(['bo:manage:products']);
    const calls = mockApi({
      'GET /api/units/in-analysis': (call) => ({
        body: call.url.includes('page=1')
          ? { data: [waiting('352099081234565', 'ZX2-9RT', 'Loja do Centro', '2026-11-21T14:00:00.000Z')], total: 11 }
          : {
              data: [
                waiting('490154203237518', 'K7M-4QP', 'Marina Souza', '2026-11-20T15:00:00.000Z'),
                ...Array.from({ length: 9 }, (_, i) =>
                  waiting(`3520990812345${String(70 + i)}`, `AB${i}-CDE`, `Cliente ${i}`, '2026-11-21T10:00:00.000Z'),
                ),
              ],
              total: 11,
            },
      }),
      'GET /api/units/490154203237518': { body: { data: RETURNED } },
    });
    const user = userEvent.setup();
    renderPage(<UnitsInAnalysisDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Aparelhos em análise' });
    const first = (await within(dialog).findByText('490154203237518')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Galaxy A55')).toBeTruthy();
    expect(within(first).getByText('K7M-4QP')).toBeTruthy();
    expect(within(first).getByText('Marina Souza')).toBeTruthy();
    expect(within(first).getByText(/^20\/11\/2026/)).toBeTruthy();
    expect(within(dialog).getByText('1–10 de 11')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/units/in-analysis?page=0&items=10');

    await user.click(within(dialog).getByRole('button', { name: /próxima/i }));
    expect(await within(dialog).findByText('352099081234565')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/units/in-analysis?page=1&items=10');
    await user.click(within(dialog).getByRole('button', { name: /anterior/i }));

    await user.click(await within(dialog).findByRole('button', { name: 'Analisar o aparelho 490154203237518' }));
    const lookup = await screen.findByRole('dialog', { name: 'Consultar IMEI' });
    expect(await within(lookup).findByRole('button', { name: 'Liberar para o estoque' })).toBeTruthy();
  });

  it('says so when no phone waits', async () => {
    signInAs(['bo:manage:products']);
    mockApi({ 'GET /api/units/in-analysis': { body: { data: [], total: 0 } } });
    renderPage(<UnitsInAnalysisDialog open onClose={() => {}} />);
    expect(await screen.findByText('Nenhum aparelho em análise.')).toBeTruthy();
  });
});
