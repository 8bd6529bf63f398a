import type { FiscalNote } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTHORIZED, pageOf } from '../../../components/fiscal/test-data';
import { makeOrderDetail, makeOrderSummary } from '../../../components/orders/test-data';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import OrdersPage from './orders-page';

// The data grid's first render is slow on a loaded machine: wait longer than the default second.

/** Delivered (5) to a company (CNPJ): the toolbar's 'Nota fiscal' suggests the NF-e. */
const DELIVERED = makeOrderSummary({ orderId: 41, code: 'K7M-2Q9', status: 'Entregue', statusKey: 5 });
const DELIVERED_DETAIL = makeOrderDetail({
  ...DELIVERED,
  customer: 'Loja de Celulares Carioca Ltda',
  customerDocument: '44.555.666/0001-81',
});

/** Pedidos on 'Entregue' with one order, as `permissions` (an attendant's function); its notes are `notes`. */
function openPage(permissions: string[], notes: FiscalNote[] = []) {
  signInAs(permissions, 'Beatriz Atendente', 1);
  let kept = notes;
  const calls = mockFetch({
    'GET /api/orders/status': {
      body: { data: [{ key: 5, status: 'Entregue', quantity: 1 }] },
    },
    'GET /api/orders/status/5': { body: { orders: [DELIVERED], total: 1 } },
    'GET /api/orders/by-id/41': { body: { data: DELIVERED_DETAIL } },
    'GET /api/fiscal/notes': () => ({ body: pageOf(kept) }),
    'POST /api/fiscal/notes': () => {
      kept = [AUTHORIZED];
      return { status: 201, body: { data: AUTHORIZED } };
    },
  });
  renderPage(<OrdersPage />, { path: '/admin/orders', url: '/admin/orders?status=5' });
  return { calls, user: userEvent.setup() };
}

async function selectDelivered(user: ReturnType<typeof userEvent.setup>) {
  const row = (await screen.findByText(DELIVERED.customer)).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('checkbox'));
}

const noteButton = () => screen.getByRole('button', { name: 'Nota fiscal' }) as HTMLButtonElement;
const emits = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/fiscal/notes');

describe("the orders toolbar's 'Nota fiscal' (issue 41 §2)", () => {
  it('emits the NF-e its customer suggests (read from the order): posts exactly { orderId, model }', async () => {
    const { calls, user } = openPage(['bo:manage:orders', 'bo:manage:invoices']);
    await selectDelivered(user);
    await waitFor(() => expect(noteButton().disabled).toBe(false));
    await user.click(noteButton());
    const dialog = await screen.findByRole('dialog', { name: 'Nota fiscal do pedido K7M-2Q9' });
    // The row has no document: the order is read for it.
    await waitFor(() =>
      expect((within(dialog).getByRole('radio', { name: /^NF-e/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect(calls.some((c) => c.url === '/api/orders/by-id/41')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    await waitFor(() => expect(emits(calls)).toHaveLength(1));
    expect(emits(calls)[0]?.body).toEqual({ orderId: 41, model: 55 });
    expect(await within(dialog).findByText('Nota nº 12 autorizada.')).toBeTruthy();
  });

  it('an order that already has a note shows it, with no form', async () => {
    const { calls, user } = openPage(['bo:manage:orders', 'bo:manage:invoices'], [AUTHORIZED]);
    await selectDelivered(user);
    await waitFor(() => expect(noteButton().disabled).toBe(false));
    await user.click(noteButton());
    const dialog = await screen.findByRole('dialog', { name: 'Nota fiscal do pedido K7M-2Q9' });
    expect(await within(dialog).findByText('Nota nº 12 autorizada.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'DANFE da NF-e nº 12' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Emitir' })).toBeNull();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(emits(calls)).toHaveLength(0);
  });

  it("is not offered to the desk without 'Notas fiscais'", async () => {
    const { user } = openPage(['bo:manage:orders']);
    await selectDelivered(user);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Ver pedido' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(noteButton().disabled).toBe(true);
  });
});
