import { CSV_INJECTION_PAYLOADS, parseCsv } from '@backoffice/contract/csv-injection-payloads';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/contract';
import { renderPage, signInAs } from '../../../test/render';
import ReportDetailPage from './report-detail-page';

function typeDate(label: string, value: string) {
  const group = screen.getByRole('group', { name: new RegExp(label) });
  const input = (group.closest('.MuiFormControl-root') as HTMLElement).querySelector('input') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

function open(type: string | null, routes: Parameters<typeof mockApi>[0] = {}) {
  signInAs(['bo:manage:internal_sales']);
  if (type) localStorage.setItem('reportType', type);
  else localStorage.removeItem('reportType');
  const calls = mockApi(routes);
  renderPage(<ReportDetailPage />, { path: '/admin/reportDetail' });
  return { calls, user: userEvent.setup() };
}

const button = () => screen.getByRole('button', { name: 'Gerar Relatório' }) as HTMLButtonElement;

afterEach(() => vi.restoreAllMocks());

describe('Detalhe do relatório', () => {
  it("reads the chart's type and asks the top ten of the whole days chosen", async () => {
    const { user, calls } = open('topTenSellers', {
      'GET /api/reports/products/sold/start/2026-03-01T00:00:00/end/2026-03-31T23:59:59/desc': {
        body: {
          data: [
            { productId: 2, name: 'Cabo USB-C', code: 'P-2', quantity: 1204 },
            { productId: 5, name: 'Galaxy A15', code: 'P-5', quantity: 9 },
          ],
          total: 37,
        },
      },
    });
    expect(screen.getByRole('heading', { name: 'Produtos mais vendidos' })).toBeTruthy();
    typeDate('Data inicial', '01/03/2026');
    typeDate('Data final', '31/03/2026');
    await waitFor(() => expect(button().disabled).toBe(false));
    await user.click(button());
    const table = await screen.findByRole('grid', { name: 'Produtos mais vendidos' });
    expect(await within(table).findByText('Cabo USB-C')).toBeTruthy();
    expect(within(table).getByText('1.204')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain(
      '/api/reports/products/sold/start/2026-03-01T00:00:00/end/2026-03-31T23:59:59/desc?items=10',
    );
  });

  it("a product named like a formula comes out inert in the report detail's relatorio.csv", async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const data = CSV_INJECTION_PAYLOADS.map((name, i) => ({
      productId: i + 1,
      name,
      code: `P-${i + 1}`,
      quantity: 1204,
    }));
    const { user } = open('topTenSellers', {
      'GET /api/reports/products/sold/start/2026-03-01T00:00:00/end/2026-03-31T23:59:59/desc': {
        body: { data, total: data.length },
      },
    });
    typeDate('Data inicial', '01/03/2026');
    typeDate('Data final', '31/03/2026');
    await waitFor(() => expect(button().disabled).toBe(false));
    await user.click(button());
    const table = await screen.findByRole('grid', { name: 'Produtos mais vendidos' });
    await within(table).findByText('P-1');
    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const [head, ...rows] = parseCsv(await (blobs[0] as Blob).text());
    expect(head).toEqual(['Produto', 'Código', 'Unidades vendidas']);
    // every row, not only the page on screen; the units a plain number a spreadsheet sums (not 1.204)
    expect(rows).toEqual(CSV_INJECTION_PAYLOADS.map((payload, i) => [`'${payload}`, `P-${i + 1}`, '1204']));
  });

  it('says so when the period has nothing, and refuses an end before the start', async () => {
    const { user } = open('searchedButInexistent', {
      'GET /api/reports/product/not-exists/searched-by-term/start/2026-01-10T00:00:00/end/2026-01-10T23:59:59': {
        body: { data: [] },
      },
    });
    expect(screen.getByRole('heading', { name: 'Pesquisados sem resultado' })).toBeTruthy();
    typeDate('Data inicial', '10/01/2026');
    typeDate('Data final', '09/01/2026');
    expect(await screen.findByText('A data final deve ser igual ou posterior à data inicial.')).toBeTruthy();
    expect(button().disabled).toBe(true);
    typeDate('Data final', '10/01/2026');
    await waitFor(() => expect(button().disabled).toBe(false));
    await user.click(button());
    expect(await screen.findByText('Nenhum resultado foi encontrado com os parâmetros informados')).toBeTruthy();
  });

  it('without a stored type points back to the dashboard', () => {
    open(null);
    expect(screen.getByRole('link', { name: 'Ir para o Painel de Controle' }).getAttribute('href')).toBe(
      '/admin/dashboard',
    );
  });
});
