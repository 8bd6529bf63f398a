import { RECEIVABLE_TEXTS, type Receivable } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { MONTH } from '../test-data';
import { ReceivableLineDialog } from './receivable-line-dialog';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The money-in line with no match: R$ 200,00 on 25/03/2026. */
const DEPOSIT = MONTH.lines.find((line) => line.memo === 'DEPOSITO EM DINHEIRO') as (typeof MONTH.lines)[number];

/** Maria's instalment 2/3 of order CRD-017: R$ 300,00, R$ 100,00 paid, R$ 200,00 open, due 20/04/2026. */
const INSTALMENT: Receivable = {
  id: 9,
  order: { id: 51, code: 'CRD-017' },
  customer: { id: 5, name: 'Maria Prazo' },
  seq: 2,
  count: 3,
  dueDate: '2026-04-20',
  amount: 300,
  paid: 100,
  open: 200,
  status: 'OPEN',
  dueToday: { daysLate: 0, principal: 200, fine: 0, interest: 0, total: 200 },
};

function openDialog(answer: { status: number; body: unknown }) {
  signInAs(['bo:manage:credit'], 'Carla Gerente');
  const onClose = vi.fn();
  const calls = mockFetch({
    'GET /api/customers': { body: { customers: [{ id: 5, name: 'Maria Prazo', email: 'maria@exemplo.com.br' }] } },
    'GET /api/receivables': { body: { data: { items: [INSTALMENT], page: 0, total: 1, totals: {} } } },
    [`POST /api/bank-statements/lines/${DEPOSIT.id}/receivable`]: answer,
  });
  renderPage(<ReceivableLineDialog line={DEPOSIT} onClose={onClose} />);
  return { calls, onClose, user: userEvent.setup() };
}

async function chooseInstalment(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Criar recebimento' });
  expect(dialog.textContent).toContain('R$ 200,00 recebidos em 25/03/2026 por depósito nesta conta');
  // Nothing to choose before the customer; 'Criar' waits for the instalment.
  expect(within(dialog).getByRole('button', { name: 'Criar' })).toHaveProperty('disabled', true);
  await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'Maria');
  await user.click(await screen.findByRole('option', { name: /Maria Prazo/ }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Parcela em aberto' }));
  await user.click(
    await screen.findByRole('option', {
      name: 'Pedido CRD-017 · parcela 2/3 · vence 20/04/2026 · em aberto R$ 200,00',
    }),
  );
  return dialog;
}

describe("'Criar recebimento'", () => {
  it("pays the customer's open instalment chosen with the line and closes", async () => {
    const match = { kind: 'RECEIVABLE_PAYMENT', ref: '77', amount: 200, day: '2026-03-25', label: 'Recebimento' };
    const { calls, onClose, user } = openDialog({ status: 201, body: { data: match } });
    const dialog = await chooseInstalment(user);
    expect(
      calls.some((c) => c.url.includes('/api/receivables?') && /customerId=5/.test(c.url) && /status=open/.test(c.url)),
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith(`/lines/${DEPOSIT.id}/receivable`))?.body).toEqual(
        { receivableId: 9 },
      ),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("keeps the dialog open with the server's words when the line is above what the instalment asks", async () => {
    const words = RECEIVABLE_TEXTS.overpaid('R$ 180,00');
    const { onClose, user } = openDialog({ status: 409, body: { code: 'PAYMENT_OVERPAID', errors: [words] } });
    const dialog = await chooseInstalment(user);
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByText(words)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
