import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { ACCOUNTS, MONTH } from '../test-data';
import BankReconciliationPage from './bank-reconciliation-page';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Importar Pix do PSP'", () => {
  it("asks the server for the chosen account's month and says how many lines were new", async () => {
    signInAs(['bo:manage:credit'], 'Carla Gerente');
    const answer = {
      statementId: 5,
      accountId: 2,
      applied: true,
      lines: 4,
      newLines: 4,
      from: '2026-03-01',
      to: '2026-03-31',
      closingBalance: 1224.9,
      balanceOn: '2026-03-31',
    };
    const calls = mockFetch({
      'GET /api/bank-statements/accounts': { body: { data: ACCOUNTS } },
      'GET /api/bank-statements/reconciliation': { body: { data: MONTH } },
      'POST /api/bank-statements/psp': { status: 201, body: { data: answer } },
    });
    renderPage(<BankReconciliationPage />, { path: '/admin/bank-reconciliation' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Conta' }));
    await user.click(await screen.findByRole('option', { name: 'Itaú' }));
    await user.click(screen.getByRole('button', { name: 'Importar Pix do PSP' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/bank-statements/psp'))?.body).toEqual({
        accountId: 2,
        month: calls.find((c) => c.url.includes('month='))?.url.split('month=')[1],
      }),
    );
    expect(await screen.findByText('4 lançamento(s) novo(s) do PSP (4 no mês).')).toBeTruthy();
  });
});
