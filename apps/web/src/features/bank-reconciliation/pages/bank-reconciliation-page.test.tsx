import { type BankReconciliation, bankReconciliationSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { ACCOUNTS, MONTH } from '../test-data';
import { BANK_RECONCILIATION_TEXTS as T } from '../texts';
import BankReconciliationPage from './bank-reconciliation-page';

afterEach(() => {
  vi.restoreAllMocks();
});

function openPage(permissions = ['bo:manage:credit'], month: BankReconciliation = MONTH) {
  bankReconciliationSchema.parse(month);
  signInAs(permissions, 'Carla Gerente');
  const calls = mockFetch({
    'GET /api/bank-statements/accounts': { body: { data: ACCOUNTS } },
    'GET /api/bank-statements/reconciliation': { body: { data: month } },
    'POST /api/bank-statements/lines/11/confirm': { body: { data: MONTH.lines[0]?.match } },
    'POST /api/bank-statements/reconciliation/confirm': { body: { data: { confirmed: 1 } } },
    'POST /api/bank-statements/lines/13/ignore': { body: { data: { ignored: true } } },
    'POST /api/bank-statements/lines/14/payable': { status: 201, body: { data: MONTH.lines[1]?.match } },
  });
  renderPage(<BankReconciliationPage />, { path: '/admin/bank-reconciliation' });
  return { calls, user: userEvent.setup() };
}

const rowOf = async (memo: string) => (await screen.findByText(memo)).closest('tr') as HTMLElement;

describe("'Conciliação bancária'", () => {
  it("shows the month's lines with their proposals and the difference to the bank's balance", async () => {
    const { calls } = openPage();
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/api/bank-statements/reconciliation?accountId=1&month='))).toBe(true),
    );
    const pix = await rowOf('PIX RECEBIDO CLIENTE A');
    expect(pix.textContent).toContain('R$ 150,00');
    expect(pix.textContent).toContain('Recebimento de parcela · pedido 42 · 1/2 · PIX · 02/03/2026');
    expect(within(pix).getByRole('button', { name: 'Confirmar PIX RECEBIDO CLIENTE A' })).toBeTruthy();
    // The situations in the app's chip tones, dark text on a light tint (AA): open waits (amber), reconciled is done.
    const chipOf = (row: HTMLElement, label: string) =>
      within(row).getByText(label).closest('.MuiChip-root') as Element;
    expect(getComputedStyle(chipOf(pix, 'Em aberto')).backgroundColor).toBe('rgb(254, 243, 199)');
    expect(getComputedStyle(chipOf(pix, 'Em aberto')).color).toBe('rgb(146, 64, 14)');
    // 'Ignorar' is not MUI's orange text (3.1:1 on white).
    const ignore = within(pix).getByRole('button', { name: 'Ignorar PIX RECEBIDO CLIENTE A' });
    expect(getComputedStyle(ignore).color).not.toBe('rgb(237, 108, 2)');
    const internet = await rowOf('INTERNET');
    expect(internet.textContent).toContain('Conciliado');
    expect(getComputedStyle(chipOf(internet, 'Conciliado')).backgroundColor).toBe('rgb(220, 252, 231)');
    expect(within(internet).queryAllByRole('button')).toHaveLength(0);
    const deposit = await rowOf('DEPOSITO EM DINHEIRO');
    expect(deposit.textContent).toContain(T.noMatch);
    // 'Criar recebimento' of a money-in line with no match: who collects ('Crédito e cobrança').
    expect(within(deposit).getByRole('button', { name: 'Criar recebimento de DEPOSITO EM DINHEIRO' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Criar recebimento/ })).toHaveLength(1);
    // 'Criar conta a pagar' needs 'Compras' and a money-out line: none for this manager.
    expect(screen.queryByRole('button', { name: /Criar conta a pagar/ })).toBeNull();
    expect(screen.getByText('Saldo do banco em 31/03/2026').nextSibling?.textContent).toBe('R$ 1.247,11');
    expect(screen.getByText('Saldo nos livros').nextSibling?.textContent).toBe('R$ 910,01');
    expect(screen.getByText('Diferença').nextSibling?.textContent).toBe('R$ 337,10');
  });

  it('confirms a proposal in one click and ignores a line with its reason', async () => {
    const { calls, user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Confirmar PIX RECEBIDO CLIENTE A' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/lines/11/confirm'))?.body).toEqual({
        kind: 'RECEIVABLE_PAYMENT',
        ref: '7',
      }),
    );
    // The one proposal of the month, all at once.
    await user.click(screen.getByRole('button', { name: 'Confirmar todas as propostas (1)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/reconciliation/confirm'))?.body).toEqual({
        accountId: 1,
        month: calls.find((c) => c.url.includes('month='))?.url.split('month=')[1],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Ignorar DEPOSITO EM DINHEIRO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ignorar lançamento' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Aporte do sócio');
    await user.click(within(dialog).getByRole('button', { name: 'Ignorar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/lines/13/ignore'))?.body).toEqual({
        reason: 'Aporte do sócio',
      }),
    );
  });

  it("offers 'Criar conta a pagar' for a money-out line with no match to who pays bills", async () => {
    const { calls, user } = openPage(['bo:manage:purchases']);
    const deposit = await rowOf('DEPOSITO EM DINHEIRO');
    expect(within(deposit).queryByRole('button', { name: /Criar conta a pagar/ })).toBeNull();
    expect(within(deposit).queryByRole('button', { name: /Criar recebimento/ })).toBeNull();
    const fee = await rowOf('TARIFA PACOTE DE SERVIÇOS');
    await user.click(within(fee).getByRole('button', { name: 'Criar conta a pagar de TARIFA PACOTE DE SERVIÇOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar conta a pagar' });
    expect(dialog.textContent).toContain('Uma conta de R$ 12,90, paga em 31/03/2026 por transferência desta conta');
    const description = within(dialog).getByRole('textbox', { name: 'Descrição' });
    await user.clear(description);
    await user.type(description, 'Tarifa de março');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/lines/14/payable'))?.body).toEqual({
        category: 'TARIFAS',
        description: 'Tarifa de março',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a confirmed line whose entry was undone as open again, saying why', async () => {
    // The server counts it open (status OPEN, reopened): 'Confirmar' with its new proposal, 'Ignorar'.
    const [pix, ...rest] = MONTH.lines;
    openPage(['bo:manage:credit'], {
      ...MONTH,
      lines: [{ ...(pix as (typeof MONTH.lines)[number]), reopened: true }, ...rest],
    });
    const row = await rowOf('PIX RECEBIDO CLIENTE A');
    expect(row.textContent).toContain(T.matchUndone);
    expect(row.textContent).toContain('Em aberto');
    expect(within(row).getByRole('button', { name: 'Confirmar PIX RECEBIDO CLIENTE A' })).toBeTruthy();
    expect((await rowOf('DEPOSITO EM DINHEIRO')).textContent).not.toContain(T.matchUndone);
  });
});
