import type { CustomerHistory } from '@backoffice/contract';
import { CSV_INJECTION_PAYLOADS, parseCsv } from '@backoffice/contract/csv-injection-payloads';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { historyToCsv } from '../lib/history-csv';
import { makeCustomer } from '../test-data';
import { HistoryDialog } from './history-dialog';

const HISTORY: CustomerHistory = {
  orders: [
    {
      orderId: 1,
      code: 'K7M-4QP',
      status: 'Entregue',
      statusKey: 5,
      purchasedAt: '2026-04-01T12:00:00.000Z',
      totalOrder: 73.5,
      items: [
        { id: 1, name: 'Capinha Galaxy', code: 'P-1', quantity: 2, unitPrice: 25.5, total: 51 },
        { id: 2, name: 'Película; 3D', code: 'P-2', quantity: 1, unitPrice: 10, total: 10 },
      ],
    },
    {
      orderId: 2,
      code: 'ZX2-9RT',
      status: 'Cancelado',
      statusKey: 7,
      purchasedAt: '2026-04-20T21:00:00.000Z',
      totalOrder: 20,
      items: [{ id: 3, name: 'Cabo USB-C', code: 'P-3', quantity: 1, unitPrice: 20, total: 20 }],
    },
  ],
  total: 93.5,
};

function open(loadHistory = vi.fn(async () => HISTORY)) {
  const user = userEvent.setup();
  renderPage(<HistoryDialog customer={makeCustomer()} onClose={() => {}} loadHistory={loadHistory} />);
  const dialog = screen.getByRole('dialog', { name: 'Histórico do Cliente João da Conceição' });
  return { user, dialog, loadHistory };
}

/** The hidden input of a MUI X date field (it accepts a whole value, like autofill). */
function dateInput(dialog: HTMLElement, label: string): HTMLInputElement {
  const group = within(dialog).getByRole('group', { name: new RegExp(label) });
  const field = group.closest('.MuiFormControl-root') as HTMLElement;
  return field.querySelector('input') as HTMLInputElement;
}

describe('Histórico do Cliente', () => {
  it('requires the type and both dates', async () => {
    const { user, dialog, loadHistory } = open();
    expect(within(dialog).getByRole('combobox', { name: /Tipo de histórico/ }).textContent).toContain('Pedidos');
    fireEvent.change(dateInput(dialog, 'Data inicial'), { target: { value: '' } });
    fireEvent.change(dateInput(dialog, 'Data final'), { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Gerar' }));
    expect(await within(dialog).findByText('Informe a data inicial')).toBeTruthy();
    expect(within(dialog).getByText('Informe a data final')).toBeTruthy();
    expect(loadHistory).not.toHaveBeenCalled();
  });

  it('refuses an end before the start', async () => {
    const { user, dialog, loadHistory } = open();
    fireEvent.change(dateInput(dialog, 'Data inicial'), { target: { value: '20/04/2026' } });
    fireEvent.change(dateInput(dialog, 'Data final'), { target: { value: '01/04/2026' } });
    await user.click(within(dialog).getByRole('button', { name: 'Gerar' }));
    expect(await within(dialog).findByText('A data final deve ser igual ou posterior à data inicial.')).toBeTruthy();
    expect(loadHistory).not.toHaveBeenCalled();
  });

  it('loads the period from 00:00:00 to 23:59:59 and shows the orders open, with totals', async () => {
    const { user, dialog, loadHistory } = open();
    fireEvent.change(dateInput(dialog, 'Data inicial'), { target: { value: '01/04/2026' } });
    fireEvent.change(dateInput(dialog, 'Data final'), { target: { value: '30/04/2026' } });
    await user.click(within(dialog).getByRole('button', { name: 'Gerar' }));
    await waitFor(() => expect(loadHistory).toHaveBeenCalledWith(7, '2026-04-01T00:00:00', '2026-04-30T23:59:59'));

    expect(await within(dialog).findByText('K7M-4QP')).toBeTruthy();
    for (const header of ['Código do Pedido', 'Status', 'Realizado em', 'Total', 'Detalhes do pedido'])
      expect(within(dialog).getByRole('columnheader', { name: header })).toBeTruthy();
    // Expanded by default: the items of both orders are visible.
    expect(within(dialog).getByText('Capinha Galaxy')).toBeTruthy();
    expect(within(dialog).getByText('Cabo USB-C')).toBeTruthy();
    expect(within(dialog).getAllByText('Valor Total:')).toHaveLength(2);
    expect(within(dialog).getByText('R$ 61,00')).toBeTruthy();
    expect(within(dialog).getByText('Total de todos os pedidos:')).toBeTruthy();
    expect(within(dialog).getByText('R$ 93,50')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Ocultar itens K7M-4QP' }));
    await waitFor(() => expect(within(dialog).queryByText('Capinha Galaxy')).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Mostrar itens K7M-4QP' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Baixar CSV' })).toBeTruthy();
  });

  it('says so when the period has no orders', async () => {
    const { user, dialog } = open(vi.fn(async () => ({ orders: [], total: 0 })));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar' }));
    expect(await within(dialog).findByText('Nenhuma informação encontrada com os filtros selecionados.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Baixar CSV' })).toBeNull();
  });
});

describe('Histórico do Cliente: phones', () => {
  it('names the phones the customer got by their IMEIs under the item', async () => {
    const phone: CustomerHistory = {
      orders: [
        {
          ...(HISTORY.orders[0] as CustomerHistory['orders'][number]),
          totalOrder: 3999.8,
          items: [
            {
              id: 9,
              name: 'Galaxy A55',
              code: 'P-9',
              quantity: 2,
              unitPrice: 1999.9,
              total: 3999.8,
              imeis: ['490154203237518', '352099081234565'],
            },
            { id: 10, name: 'Capinha Galaxy', code: 'P-1', quantity: 1, unitPrice: 25.5, total: 25.5 },
          ],
        },
      ],
      total: 3999.8,
    };
    const { user, dialog } = open(vi.fn(async () => phone));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar' }));
    const items = await within(dialog).findByRole('table', { name: 'Detalhes do pedido K7M-4QP' });
    const phoneRow = within(items).getByText('Galaxy A55').closest('tr') as HTMLElement;
    expect(within(phoneRow).getByText('IMEI: 490154203237518, 352099081234565')).toBeTruthy();
    const caseRow = within(items).getByText('Capinha Galaxy').closest('tr') as HTMLElement;
    expect(within(caseRow).queryByText(/IMEI/)).toBeNull();
  });
});

describe('historico.csv', () => {
  it("uses ';', pt-BR decimals, one line per item and the grand total", () => {
    const lines = historyToCsv(HISTORY).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Código do Pedido;Status;Realizado em;Total;Produto;Quantidade;Preço Unitário;Valor do item');
    expect(lines[1]).toMatch(/^K7M-4QP;Entregue;01\/04\/2026 \d{2}:00:00;73,50;Capinha Galaxy;2;25,50;51,00$/);
    expect(lines[2]).toContain(';"Película; 3D";1;10,00;10,00');
    expect(lines.at(-1)).toBe('Total de todos os pedidos:;;;93,50;;;;');
    expect(lines).toHaveLength(5);
  });

  it('a product named like a formula comes out inert in historico.csv (every OWASP payload), money as 1299,90', () => {
    const items = CSV_INJECTION_PAYLOADS.map((name, i) => ({
      id: i + 1,
      name,
      code: `P-${i + 1}`,
      quantity: 1,
      unitPrice: 1299.9,
      total: 1299.9,
    }));
    const order = { ...(HISTORY.orders[0] as CustomerHistory['orders'][number]), totalOrder: 1299.9, items };
    const [, ...rows] = parseCsv(historyToCsv({ orders: [order], total: 1299.9 }));
    expect(rows.slice(0, -1).map((row) => [row[3], row[4], row[6], row[7]])).toEqual(
      CSV_INJECTION_PAYLOADS.map((payload) => ['1299,90', `'${payload}`, '1299,90', '1299,90']),
    );
    expect(rows.at(-1)).toEqual(['Total de todos os pedidos:', '', '', '1299,90', '', '', '', '']);
  });
});
