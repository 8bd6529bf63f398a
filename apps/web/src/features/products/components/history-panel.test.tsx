import type { Product } from '@backoffice/contract';
import { quickPeriodDays } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/contract';
import { renderPage } from '../../../test/render';
import { HistoryPanel } from './history-panel';

const PHONE: Product = {
  id: 9,
  code: 'P100009',
  name: 'Galaxy A55',
  description: null,
  brand: 'Samsung',
  reference: 'Galaxy A',
  cost: 1500,
  sellPrice: 1999.9,
  stock: 3,
  stockAlert: 1,
  tags: [],
  imagesUrl: [],
  images: [],
  discount: { goldPercentage: 0, silverPercentage: 0, bronzePercentage: 0 },
  archived: false,
  serialized: true,
  goldPrice: 1500,
  silverPrice: 1500,
};

describe('Histórico do Produto: sales of a phone', () => {
  it("names the units each order took in an 'IMEI' column", async () => {
    // The panel asks the shared default, the last 7 São Paulo days (today and the 6 before), whole days.
    const { first, last } = quickPeriodDays('last7', new Date());
    const start = `${first}T00:00:00`;
    const end = `${last}T23:59:59`;
    mockApi({
      [`GET /api/reports/product/sold/histories/9/start/${start}/end/${end}`]: {
        body: {
          data: [
            {
              orderCode: 'K7M-4QP',
              customerName: 'Loja do Centro',
              customerEmail: 'centro@cliente.com.br',
              salesDate: '2026-11-20T15:00:00.000Z',
              quantity: 2,
              unitPrice: 1999.9,
              totalSold: 3999.8,
              imeis: ['490154203237518', '352099081234565'],
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<HistoryPanel product={PHONE} onClose={() => {}} />);
    await user.click(screen.getByRole('combobox', { name: /Tipo de histórico/ }));
    await user.click(await screen.findByRole('option', { name: 'Vendas' }));
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    const row = (await screen.findByText('K7M-4QP')).closest('[role="row"]') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'IMEI' })).toBeTruthy();
    expect(within(row).getByText('490154203237518, 352099081234565')).toBeTruthy();
    expect(within(row).getByText('R$ 3.999,80')).toBeTruthy();
  });
});

describe('Histórico do Produto: stock entries (issue 54)', () => {
  it("shows each entry's own unit cost beside the average it made", async () => {
    const { first, last } = quickPeriodDays('last7', new Date());
    const start = `${first}T00:00:00`;
    const end = `${last}T23:59:59`;
    mockApi({
      [`GET /api/reports/product/purchased/histories/start/${start}/end/${end}/9`]: {
        body: {
          data: [
            {
              // 3 at R$ 1.500,00 + 1 at R$ 1.420,00 = 5.920,00 ÷ 4 = R$ 1.480,00.
              costBefore: 1500,
              costAfter: 1480,
              entryUnitCost: 1420,
              quantity: 1,
              quantityBefore: 3,
              actualQuantity: 4,
              source: 'Compra de fornecedor',
              who: 'Carlos Estoquista',
              when: '2026-11-20T15:00:00.000Z',
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<HistoryPanel product={PHONE} onClose={() => {}} />);
    await user.click(screen.getByRole('combobox', { name: /Tipo de histórico/ }));
    await user.click(await screen.findByRole('option', { name: 'Compras' }));
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    const row = (await screen.findByText('Compra de fornecedor')).closest('[role="row"]') as HTMLElement;
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.indexOf('Custo da entrada')).toBe(headers.indexOf('Custo atual') - 1);
    expect(within(row).getByText('R$ 1.420,00')).toBeTruthy();
    expect(within(row).getByText('R$ 1.480,00')).toBeTruthy();
  });
});
