import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { mockApi } from '../../../test/contract';
import { type MockCall, renderPage, signInAs } from '../../../test/render';
import { CreditApprovalDialog } from './credit-approval-dialog';

/** A sale on credit of R$ 1.249,56 held above the customer's limit (issue 40 §1). */
const HELD = makeOrderSummary({
  orderId: 51,
  code: 'CRD-017',
  customer: 'Joana Ouro',
  status: 'Aguardando aprovação de crédito',
  statusKey: 17,
  payment: 'A prazo',
  paymentMethod: 'CREDIT',
  total: 1249.56,
  updatedAt: '2026-11-22T14:01:00.000Z',
});
const NOTE =
  'Venda a prazo acima do limite: com ela o cliente deve R$ 1.249,56, o limite é R$ 1.000,00. Aguardando aprovação de crédito.';
const HISTORY = {
  data: {
    histories: [
      {
        status: 'Aguardando aprovação de crédito',
        statusKey: 17,
        user: 'Ana Atendente',
        when: '2026-11-22T14:01:00.000Z',
        // The checkout's note: the sale's words, then the credit's (shown alone).
        note: `Venda interna (em nome do cliente) ${NOTE}`,
      },
    ],
  },
};
const moved = (statusKey: number, status: string) => ({ body: { data: { ...HELD, statusKey, status } } });

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  signInAs(['bo:manage:orders', 'bo:manage:credit'], 'Gabriel Gerente', 1);
  const calls = mockApi({ 'GET /api/reports/order/histories/51': { body: HISTORY }, ...routes });
  const onClose = vi.fn();
  renderPage(<CreditApprovalDialog order={HELD} onClose={onClose} />);
  return { calls, onClose, user: userEvent.setup() };
}
const dialog = () => screen.getByRole('dialog', { name: 'Aprovação de crédito — pedido CRD-017' });
const patches = (calls: MockCall[]) => calls.filter((call) => call.method === 'PATCH');

afterEach(() => vi.unstubAllGlobals());

describe("the credit's approval (issue 40 §1)", () => {
  it('shows the customer, the total and why the sale waits; the reason is required by both buttons', async () => {
    const { calls, user } = open();
    expect(within(dialog()).getByText('Joana Ouro')).toBeTruthy();
    expect(within(dialog()).getByText('R$ 1.249,56')).toBeTruthy();
    expect(within(dialog()).getByText('A prazo')).toBeTruthy();
    expect(await within(dialog()).findByText(NOTE)).toBeTruthy();
    expect(within(dialog()).queryByText(/Venda interna/)).toBeNull();

    await user.click(within(dialog()).getByRole('button', { name: 'Aprovar crédito' }));
    expect(await within(dialog()).findByText('Preencha o campo')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Reprovar crédito' }));
    expect(screen.queryByRole('dialog', { name: 'Reprovar a venda a prazo CRD-017' })).toBeNull();
    expect(patches(calls)).toEqual([]);
  });

  it('names every reason from the customer’s credit: days late and what he owes above his limit (issue 54 §6)', async () => {
    // Owes R$ 2.189,15 not handed over (this sale among them) + R$ 30.000,00 of open instalments = R$ 32.189,15,
    // above R$ 15.000,00; his oldest instalment 12 days late, above the shop's 5.
    const credit = {
      customerId: HELD.customerId,
      limit: 15000,
      terms: [[28]],
      updatedAt: null,
      updatedBy: null,
      exposure: { undelivered: 2189.15, openInstalments: 30000, total: 32189.15, available: -17189.15 },
      overdue: { count: 1, amount: 1000, maxDaysLate: 12, blockOverdueDays: 5 },
    };
    open({ [`GET /api/customers/${HELD.customerId}/credit`]: { body: { data: credit } } });
    expect(await within(dialog()).findByText('R$ 32.189,15')).toBeTruthy();
    expect(within(dialog()).getByText('Deve a prazo')).toBeTruthy();
    expect(within(dialog()).getByText('Limite')).toBeTruthy();
    expect(within(dialog()).getByText('R$ 15.000,00')).toBeTruthy();
    expect(within(dialog()).getByText('Cliente com parcela em atraso de 12 dias (bloqueio acima de 5).')).toBeTruthy();
    expect(
      within(dialog()).getByText(
        'Acima do limite: com esta venda o cliente deve R$ 32.189,15, o limite é R$ 15.000,00.',
      ),
    ).toBeTruthy();
    expect(within(dialog()).queryByText(NOTE)).toBeNull();
  });

  it('names only the reason that holds: late within the limit', async () => {
    const credit = {
      customerId: HELD.customerId,
      limit: 15000,
      terms: [[28]],
      updatedAt: null,
      updatedBy: null,
      exposure: { undelivered: 1249.56, openInstalments: 500, total: 1749.56, available: 13250.44 },
      overdue: { count: 1, amount: 500, maxDaysLate: 1, blockOverdueDays: 0 },
    };
    open({ [`GET /api/customers/${HELD.customerId}/credit`]: { body: { data: credit } } });
    expect(
      await within(dialog()).findByText('Cliente com parcela em atraso de 1 dia (bloqueio acima de 0).'),
    ).toBeTruthy();
    expect(within(dialog()).getByText('R$ 1.749,56')).toBeTruthy();
    expect(within(dialog()).queryByText(/^Acima do limite/)).toBeNull();
  });

  it('approves with the reason: PATCH approve-credit with what the screen showed, then closes', async () => {
    const { calls, onClose, user } = open({
      'PATCH /api/workflow/order/approve-credit': moved(1, 'Aguardando estoquista'),
    });
    await user.type(within(dialog()).getByLabelText(/^Motivo/), 'Cliente antigo, bom pagador');
    await user.click(within(dialog()).getByRole('button', { name: 'Aprovar crédito' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    expect(patches(calls).map((call) => [call.url, call.body])).toEqual([
      [
        '/api/workflow/order/approve-credit',
        {
          orderId: 51,
          comment: 'Cliente antigo, bom pagador',
          expectedStatus: 17,
          expectedUpdatedAt: '2026-11-22T14:01:00.000Z',
        },
      ],
    ]);
  });

  it("refusing is final: it asks confirmation with the reason typed, then PATCH refuse-credit; 'Voltar' sends nothing", async () => {
    const { calls, onClose, user } = open({
      'PATCH /api/workflow/order/refuse-credit': moved(12, 'Reprovados'),
    });
    await user.type(within(dialog()).getByLabelText(/^Motivo/), 'Cliente com cheques devolvidos');
    await user.click(within(dialog()).getByRole('button', { name: 'Reprovar crédito' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reprovar a venda a prazo CRD-017' });
    expect(
      within(confirm).getByText(
        'O pedido a prazo de Joana Ouro (R$ 1.249,56) vai para Reprovados e as mercadorias voltam ao estoque. Não é possível desfazer.',
      ),
    ).toBeTruthy();
    expect((within(confirm).getByLabelText(/^Motivo/) as HTMLTextAreaElement).value).toBe(
      'Cliente com cheques devolvidos',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reprovar a venda a prazo CRD-017' })).toBeNull());
    expect(patches(calls)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog()).getByRole('button', { name: 'Reprovar crédito' }));
    const again = await screen.findByRole('dialog', { name: 'Reprovar a venda a prazo CRD-017' });
    await user.click(within(again).getByRole('button', { name: 'Reprovar venda a prazo' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(calls).map((call) => [call.url, call.body])).toEqual([
      [
        '/api/workflow/order/refuse-credit',
        {
          orderId: 51,
          comment: 'Cliente com cheques devolvidos',
          expectedStatus: 17,
          expectedUpdatedAt: '2026-11-22T14:01:00.000Z',
        },
      ],
    ]);
  });

  it('a refusal by the server is said and the dialog stays open with the reason', async () => {
    const refusal = 'Só quem tem Crédito e cobrança aprova ou reprova uma venda a prazo.';
    const { onClose, user } = open({
      'PATCH /api/workflow/order/approve-credit': { status: 403, body: { errors: [refusal], code: 'FORBIDDEN' } },
    });
    await user.type(within(dialog()).getByLabelText(/^Motivo/), 'Aprovado por telefone');
    await user.click(within(dialog()).getByRole('button', { name: 'Aprovar crédito' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog()).getByLabelText(/^Motivo/) as HTMLTextAreaElement).value).toBe('Aprovado por telefone');
  });
});
