import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { PurchaseSettingsCard } from './purchase-settings-card';

describe("'Entrada por XML' settings (decision 0090)", () => {
  it('shows the kept percentages with their prices on R$ 100,00, refuses 101 % in words, saves what is typed', async () => {
    signInAs(['bo:manage:purchases'], 'Carlos Estoquista');
    const calls = mockFetch({
      'GET /api/purchases/settings': {
        body: { data: { goldPercentage: 20, silverPercentage: 30, bronzePercentage: 40, costDeviationPercentage: 50 } },
      },
      'PUT /api/purchases/settings': (call) => ({ body: { data: call.body } }),
    });
    const user = userEvent.setup();
    renderPage(<PurchaseSettingsCard />);
    const gold = await screen.findByRole('textbox', { name: 'Ouro (%)' });
    await waitFor(() => expect(gold).toHaveProperty('value', '20'));
    // R$ 100,00 + 20 % = R$ 120,00; + 30 % = R$ 130,00; + 40 % = R$ 140,00.
    expect(
      screen.getByText(
        'Um produto de custo R$ 100,00 sai a Ouro R$ 120,00, Prata R$ 130,00, Bronze R$ 140,00. Acima de ± 50 % do custo médio, a entrada pede conferência.',
      ),
    ).toBeTruthy();
    await user.clear(gold);
    await user.type(gold, '101');
    expect(screen.getByText('Informe o percentual de 0 a 100')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', true);
    await user.clear(gold);
    await user.type(gold, '25,5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      goldPercentage: 25.5,
      silverPercentage: 30,
      bronzePercentage: 40,
      costDeviationPercentage: 50,
    });
  });
});
