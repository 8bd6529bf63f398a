import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { blindOverview, OPEN_SESSION, OPEN_SESSION_DETAILS, sessionPage } from '../test-data';
import CashPage from './cash-page';

const ATTENDANT = ['bo:manage:orders', 'bo:manage:internal_sales'];

describe("'Sangria' deposited in the bank (decision 0099)", () => {
  it('names the account the cash goes to, its reason filled in, and sends it with the sangria', async () => {
    signInAs(ATTENDANT, 'Beatriz Atendente');
    const calls = mockFetch({
      'GET /api/cash-registers/sessions': sessionPage([]),
      'GET /api/cash-registers/sessions/11': { body: { data: OPEN_SESSION_DETAILS } },
      'GET /api/cash-registers': { body: { data: blindOverview({ mySessionId: OPEN_SESSION.id }) } },
      'GET /api/cash-registers/deposit-accounts': {
        body: { data: [{ id: 3, name: 'Banco do Brasil', detail: '001 · ag. 1234-5 · c/c 12345-6' }] },
      },
      'POST /api/cash-registers/1/entries': { status: 201, body: { data: OPEN_SESSION_DETAILS } },
    });
    renderPage(<CashPage />, { path: '/admin/cash' });
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('region', { name: 'Caixa balcão 1' })).getByRole('button', { name: 'Sangria' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sangria do Caixa balcão 1' });
    await user.type(within(dialog).getByLabelText(/^Valor/), '380,00');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Depositado na conta (opcional)' }));
    await user.click(await screen.findByRole('option', { name: 'Banco do Brasil' }));
    expect((within(dialog).getByLabelText(/^Motivo/) as HTMLTextAreaElement).value).toBe('Depósito bancário');
    await user.click(within(dialog).getByRole('button', { name: 'Lançar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        kind: 'REMOVAL',
        amount: 380,
        reason: 'Depósito bancário',
        depositAccountId: 3,
      }),
    );
  });
});
