import type { CashOverview } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { SettlementDialog } from './settlement-dialog';

const RUN = {
  id: 9,
  departureAt: '2026-11-23T17:10:00.000Z',
  deliverer: { id: 40, name: 'Diego Motoboy' },
  ordersCount: 1,
  codes: ['CCC-333'],
  cashToCollect: 34.9,
  settledAt: null,
};

const SETTLED = {
  runId: 9,
  expectedCash: 34.9,
  declaredCash: 34.9,
  difference: 0,
  note: null,
  settledAt: '2026-11-23T20:00:00.000Z',
  settledBy: { id: 20, name: 'Beatriz Atendente' },
  delivered: 1,
  broughtBack: 0,
};

/** Two registers; 'Caixa balcão 1' open by the caller (session 11) when `mine`. */
function overview(mine: boolean): CashOverview {
  const byKind = {
    SALE: 0,
    SETTLEMENT: 0,
    INSTALMENT: 0,
    TOP_UP: 0,
    REMOVAL: 0,
    REFUND: 0,
    TRADE_IN: 0,
    SUPPLIER_PAYMENT: 0,
  };
  const totals = { float: 200, byKind, in: 0, out: 0, expected: 200 };
  return {
    registers: [
      {
        id: 1,
        name: 'Caixa balcão 1',
        active: true,
        lastClosedAt: null,
        openSession: mine
          ? {
              id: 11,
              register: { id: 1, name: 'Caixa balcão 1' },
              operator: { id: 20, name: 'Beatriz Atendente' },
              status: 'OPEN',
              openedAt: '2026-11-23T11:00:00.000Z',
              closedAt: null,
              totals,
              counted: null,
              difference: null,
              closeReason: null,
              closedBy: null,
              approvedBy: null,
              approvedAt: null,
              approvalNote: null,
            }
          : null,
      },
      { id: 2, name: 'Caixa balcão 2', active: true, lastClosedAt: null, openSession: null },
    ],
    mySessionId: mine ? 11 : null,
    pendingApprovals: 0,
    tolerance: 0,
  };
}

function open(permissions: string[], cash: CashOverview | null) {
  signInAs(permissions, 'Beatriz Atendente', 1);
  const calls = mockFetch({
    ...(cash ? { 'GET /api/cash-registers': { body: { data: cash } } } : {}),
    'POST /api/dispatch/runs/9/settlement': (call) => ({
      body: {
        data: {
          ...SETTLED,
          cashRegister: (call.body as { cashRegisterId?: number }).cashRegisterId
            ? { id: 1, name: 'Caixa balcão 1' }
            : null,
        },
      },
    }),
  });
  renderPage(<SettlementDialog run={RUN} onClose={() => undefined} />);
  return { calls, user: userEvent.setup() };
}

const settle = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
  await user.type(within(dialog).getByLabelText('Dinheiro entregue'), '34,90');
  await user.click(within(dialog).getByRole('button', { name: 'Registrar acerto' }));
  await within(dialog).findByText('Esperado R$ 34,90 · Entregue R$ 34,90 · Diferença R$ 0,00');
};
const settlement = (calls: MockCall[]) => calls.find((call) => call.url.endsWith('/settlement'));

describe('Acerto do motoboy: where the cash goes (decision 0053)', () => {
  it("names the caller's open register and sends it", async () => {
    const { calls, user } = open(['bo:manage:orders'], overview(true));
    const dialog = await screen.findByRole('dialog', { name: 'Acerto do motoboy: Diego Motoboy' });
    expect(await within(dialog).findByText('O dinheiro entra no Caixa balcão 1.')).toBeTruthy();
    await settle(user, dialog);
    expect(settlement(calls)?.body).toEqual({ declaredCash: 34.9, cashRegisterId: 1 });
    expect(within(dialog).getByText('O dinheiro entrou no Caixa balcão 1.')).toBeTruthy();
  });

  it('says that no register takes the cash when the caller has none open', async () => {
    const { calls, user } = open(['bo:manage:orders'], overview(false));
    const dialog = await screen.findByRole('dialog', { name: 'Acerto do motoboy: Diego Motoboy' });
    expect(
      await within(dialog).findByText('Nenhum caixa aberto por você: o dinheiro não entra em nenhum caixa.'),
    ).toBeTruthy();
    await settle(user, dialog);
    expect(settlement(calls)?.body).toEqual({ declaredCash: 34.9 });
  });

  it('does not ask for the registers when the caller holds no permission that reaches them', async () => {
    const { calls, user } = open(['bo:manage:reports'], overview(true));
    const dialog = await screen.findByRole('dialog', { name: 'Acerto do motoboy: Diego Motoboy' });
    await settle(user, dialog);
    await waitFor(() => expect(settlement(calls)?.body).toEqual({ declaredCash: 34.9 }));
    expect(calls.some((call) => call.url.startsWith('/api/cash-registers'))).toBe(false);
    expect(within(dialog).queryByTestId('settlement-cash-register')).toBeNull();
  });
});
