import type { Unit } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { UnitLookupDialog } from './unit-lookup-dialog';

const UNIT: Unit = {
  imei: '490154203237518',
  imei2: '352099081234565',
  product: { id: 31, code: 'P100031', name: 'Galaxy A55' },
  status: 'SOLD',
  order: { id: 90, code: 'K7M-4QP' },
  customer: { id: 12, name: 'Marina Souza' },
  soldAt: '2026-01-10T13:00:00.000Z',
  deliveredAt: '2026-01-12T18:30:00.000Z',
  warrantyEndsAt: '2027-01-12T18:30:00.000Z',
  warrantyDaysLeft: 51,
  history: [
    { event: 'Entrada no estoque', at: '2025-12-01T12:00:00.000Z', employee: 'Carlos Estoquista', orderCode: null },
    { event: 'Vendido', at: '2026-01-10T13:00:00.000Z', employee: 'Beatriz Atendente', orderCode: 'K7M-4QP' },
    { event: 'Entregue ao cliente', at: '2026-01-12T18:30:00.000Z', employee: null, orderCode: 'K7M-4QP' },
  ],
};

describe('Consultar IMEI', () => {
  it('checks the IMEI before asking, then shows the phone, its customer, its warranty and its history', async () => {
    signInAs(['bo:manage:products']);
    const calls = mockFetch({
      'GET /api/units/490154203237518': { body: { data: UNIT } },
      'GET /api/units/352099081234565': {
        status: 404,
        body: { errors: ['Nenhum aparelho cadastrado com este IMEI.'] },
      },
    });
    renderPage(<UnitLookupDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Consultar IMEI' });
    const field = within(dialog).getByLabelText('IMEI');
    // 352099081234563 fails the check digit: nothing is asked.
    await userEvent.type(field, '352099081234563');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Consultar' }));
    expect(within(dialog).getByText('IMEI inválido (dígito verificador não confere).')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '4901-5420-3237-518');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Consultar' }));
    const result = await within(dialog).findByRole('region', { name: 'Aparelho 490154203237518' });
    expect(within(result).getByText('Galaxy A55 (P100031)')).toBeTruthy();
    expect(within(result).getByText('490154203237518 · 352099081234565')).toBeTruthy();
    expect(within(result).getByText('Vendido')).toBeTruthy();
    expect(within(result).getByText('Marina Souza')).toBeTruthy();
    expect(within(result).getByText('K7M-4QP')).toBeTruthy();
    expect(within(result).getByText('51 dias de garantia (até 12/01/2027)')).toBeTruthy();
    const history = within(result)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(history).toHaveLength(3);
    expect(history[1]).toMatch(/^10\/01\/2026 \d{2}:\d{2}(:\d{2})?: Vendido · pedido K7M-4QP · Beatriz Atendente$/);

    // Another IMEI that no phone has: the server's message.
    await userEvent.clear(field);
    await userEvent.type(field, '352099081234565');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Consultar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Nenhum aparelho cadastrado com este IMEI.');
  });

  it('releases a returned phone (em análise) to stock, and offers nothing for a phone on sale', async () => {
    signInAs(['bo:manage:products']);
    const returned: Unit = {
      ...UNIT,
      status: 'RETURNED',
      warrantyEndsAt: null,
      warrantyDaysLeft: null,
      history: [
        ...UNIT.history,
        {
          event: 'Devolvido pelo cliente (em análise)',
          at: '2026-02-01T12:00:00.000Z',
          employee: 'Beatriz Atendente',
          orderCode: 'K7M-4QP',
        },
      ],
    };
    const released: Unit = {
      ...returned,
      status: 'IN_STOCK',
      order: null,
      customer: null,
      history: [
        ...returned.history,
        {
          event: 'Liberado para o estoque (após análise)',
          at: '2026-02-02T12:00:00.000Z',
          employee: 'Carlos Estoquista',
          orderCode: 'K7M-4QP',
        },
      ],
    };
    const calls = mockFetch({
      'GET /api/units/490154203237518': { body: { data: returned } },
      'POST /api/units/490154203237518/release': { body: { data: released } },
    });
    renderPage(<UnitLookupDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Consultar IMEI' });
    await userEvent.type(within(dialog).getByLabelText('IMEI'), '490154203237518');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Consultar' }));
    const result = await within(dialog).findByRole('region', { name: 'Aparelho 490154203237518' });
    expect(within(result).getByText('Devolvido/em análise')).toBeTruthy();
    expect(within(result).getByText('Não se aplica: o aparelho voltou à loja.')).toBeTruthy();
    await userEvent.click(within(result).getByRole('button', { name: 'Liberar para o estoque' }));
    expect(await within(result).findByText('Em estoque')).toBeTruthy();
    expect(within(result).queryByRole('button', { name: 'Liberar para o estoque' })).toBeNull();
    expect(within(result).queryByRole('button', { name: 'Dar baixa' })).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/units/490154203237518',
      'POST /api/units/490154203237518/release',
    ]);
  });
});
