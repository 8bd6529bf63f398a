import type { OrderStatusCount, OrderSummary } from '@backoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { mockApi } from '../../../test/contract';
import { type MockCall, renderPage, signInAs } from '../../../test/render';
import OrdersPage from './orders-page';

// The data grid's first render is slow on a loaded machine: wait longer than the default second.

const PROFILE = {
  id: 2,
  name: 'Beatriz Atendente',
  email: 'atendente@demo.com.br',
  phone: '11976543210',
  document: '39053344705',
  type: 'Atendente',
  role: { id: 2, name: 'Atendimento' },
  permissions: [{ key: 'bo:manage:orders', label: 'Gerenciar pedidos e ver as configurações' }],
};

const LABELS: Record<number, string> = {
  3: 'Aguardando motoboy',
  5: 'Entregue',
  7: 'Cancelado',
  10: 'Aguardando comprovante',
  11: 'Aguardando aprovação',
  13: 'Finalizados',
  15: 'Entrega imediata',
  17: 'Aguardando aprovação de crédito',
};

function order(orderId: number, statusKey: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return makeOrderSummary({
    orderId,
    code: `AB${orderId}-X`,
    customer: `Cliente ${orderId}`,
    statusKey,
    status: LABELS[statusKey] ?? 'Finalizados',
    updatedAt: '2026-03-05T14:07:09.000Z',
    ...overrides,
  });
}

/** Every status the server counts (key 14 does not exist). */
const STATUS_KEYS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17];

/** The server's lists by status; quantities of the cards follow them. */
type Lists = Record<number, OrderSummary[]>;

function counts(lists: Lists): OrderStatusCount[] {
  return STATUS_KEYS.map((key) => {
    const waiting = (lists[key] ?? []).filter((o) => o.pixWaiting).length;
    return {
      key,
      status: LABELS[key] ?? `Status ${key}`,
      quantity: lists[key]?.length ?? 0,
      ...(waiting > 0 ? { pixWaiting: waiting } : {}),
    };
  });
}

const query = (call: MockCall) => new URL(call.url, 'http://localhost').searchParams;
const listCalls = (calls: MockCall[], status: number) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith(`/api/orders/status/${status}?`))
    .map((c) => `page=${query(c).get('page')} items=${query(c).get('items')}`);
const countCalls = (calls: MockCall[]) => calls.filter((c) => c.url === '/api/orders/status').length;
const sent = (calls: MockCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url === `/api${path}`);

function openPage(
  lists: Lists,
  extra: Parameters<typeof mockApi>[0] = {},
  url?: string,
  permissions: string[] = ['bo:manage:orders'],
) {
  // The token carries the function (1 Atendente): the screen reads it from the session.
  signInAs(permissions, 'Beatriz Atendente', 1);
  const routes: Parameters<typeof mockApi>[0] = {
    'GET /api/accounts/me': { body: { data: PROFILE } },
    'GET /api/orders/status': () => ({ body: { data: counts(lists) } }),
    ...extra,
  };
  for (const key of STATUS_KEYS)
    routes[`GET /api/orders/status/${key}`] = (call) => {
      const items = Number(query(call).get('items'));
      const page = Number(query(call).get('page'));
      const list = lists[key] ?? [];
      return { body: { orders: list.slice(page * items, page * items + items), total: list.length } };
    };
  const calls = mockApi(routes);
  const user = userEvent.setup();
  renderPage(<OrdersPage />, { path: '/admin/orders', url });
  return { user, calls };
}

async function selectRow(user: ReturnType<typeof userEvent.setup>, customer: string) {
  const row = (await screen.findByText(customer)).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('checkbox'));
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Orders page', () => {
  it("says which orders have a Pix the bank confirmed waiting for a click: 'Pix recebido' on the row and on its card (issue 35 §4)", async () => {
    openPage({
      10: [order(100, 10, { pixWaiting: true }), order(101, 10), order(102, 10, { pixWaiting: true })],
      13: [order(130, 13)],
    });
    const card = await screen.findByRole('button', { name: '3 Aguardando comprovante 2 Pix recebidos' });
    expect(card.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '1 Finalizados' })).toBeTruthy();
    const row = (id: number) => (screen.getByText(`Cliente ${id}`).closest('[role="row"]') as HTMLElement).textContent;
    await screen.findByText('Cliente 100');
    expect(row(100)).toContain('Cliente 100Pix recebido');
    expect(row(101)).not.toContain('Pix recebido');
    expect(row(102)).toContain('Pix recebido');
  });

  it('with nothing to move on, opens on the first status that has orders', async () => {
    const { calls } = openPage({ 7: [order(70, 7)], 13: [order(130, 13)] });
    expect(await screen.findByText('Cliente 130')).toBeTruthy();
    expect(listCalls(calls, 7)).toEqual([]);
    expect(listCalls(calls, 13)).toEqual(['page=0 items=10']);
  });

  it('a link naming a status (?status=3, the dashboard) opens on that status', async () => {
    const { calls } = openPage({ 3: [order(30, 3)], 13: [order(130, 13)] }, {}, '/admin/orders?status=3');
    expect(await screen.findByText('Cliente 30')).toBeTruthy();
    expect(listCalls(calls, 3)).toEqual(['page=0 items=10']);
    expect(listCalls(calls, 13)).toEqual([]);
  });

  it('opens on the work to do (issue 35), page 0 of 10, with a card per status that has orders, the selected one first', async () => {
    const { calls, user } = openPage({
      3: [order(30, 3)],
      7: [order(70, 7), order(71, 7)],
      13: [order(130, 13, { deliverer: null, typeOfDelivery: 'Retirada na loja', payment: 'Depósito' })],
    });
    // Not Finalizados (the spec's, decision 0036): the orders waiting for a courier, which she moves on.
    expect(await screen.findByText('Cliente 30')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pedidos: Aguardando motoboy' })).toBeTruthy();
    expect(listCalls(calls, 3)).toEqual(['page=0 items=10']);
    expect(listCalls(calls, 13)).toEqual([]);
    // grouped under the stages (issue 20 §5), stages without a card left out
    const region = screen.getByRole('region', { name: 'Pedidos por status' });
    expect(
      within(region)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Entrega · 1', 'Concluídos · 1', 'Cancelados · 2']);
    const cards = within(region).getAllByRole('button');
    expect(cards.map((card) => card.textContent)).toEqual(['1 Aguardando motoboy', '1 Finalizados', '2 Cancelado']);
    expect(cards.map((card) => card.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    await user.click(within(region).getByRole('button', { name: '1 Finalizados' }));
    expect(await screen.findByText('Cliente 130')).toBeTruthy();
    // columns and values: DD/MM/YYYY, the courier under 'Motoboy' (N/A when none)
    const row = screen.getByText('Cliente 130').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('05/03/2026')).toBeTruthy();
    expect(within(row).getByText('AB130-X')).toBeTruthy();
    expect(within(row).getByText('Retirada na loja')).toBeTruthy();
    expect(within(row).getByText('N/A')).toBeTruthy();
    expect(within(row).getByText('Depósito')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Motoboy' })).toBeTruthy();
  });

  it('a card click asks page 0 of 100 and moves that card first; an empty status shows its text', async () => {
    const { user, calls } = openPage({ 3: [order(30, 3)], 7: [order(70, 7)] });
    expect(await screen.findByText('Não existem pedidos para serem exibidos neste status.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: '1 Cancelado' }));
    expect(await screen.findByText('Cliente 70')).toBeTruthy();
    expect(listCalls(calls, 7)).toEqual(['page=0 items=100']);
    const stage = screen.getByRole('region', { name: 'Cancelados · 1' });
    const cards = within(stage).getAllByRole('button');
    expect(cards[0]?.textContent).toBe('1 Cancelado');
    expect(cards[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Pedidos: Cancelado' })).toBeTruthy();
  });

  it("'Filtrar' asks the cards and the list for the customer and the period, and 'Limpar filtro' drops them", async () => {
    const { user, calls } = openPage({ 13: [order(130, 13)] });
    expect(await screen.findByText('Cliente 130')).toBeTruthy();
    await user.type(screen.getByLabelText('Cliente (nome, e-mail, documento ou telefone)'), 'joão');
    fireEvent.change(screen.getByLabelText('Feitos de'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-03-31' } });
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/orders/status?q=jo%C3%A3o&from=2026-03-01&to=2026-03-31')).toBe(true),
    );
    expect(
      calls.some((c) => c.url === '/api/orders/status/13?page=0&items=10&q=jo%C3%A3o&from=2026-03-01&to=2026-03-31'),
    ).toBe(true);
    expect(screen.getByText('As quantidades e a lista mostram só os pedidos do filtro.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Limpar filtro' }));
    expect(screen.queryByText('As quantidades e a lista mostram só os pedidos do filtro.')).toBeNull();
  });

  it('refuses a period whose end comes before its start, asking nothing', async () => {
    const { user, calls } = openPage({ 13: [order(130, 13)] });
    expect(await screen.findByText('Cliente 130')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Feitos de'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-03-09' } });
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByText('A data final deve ser igual ou posterior à data inicial.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('from='))).toBe(false);
  });

  it("'Buscar' replaces the list with the order found, or says it was not found", async () => {
    const found = order(99, 3, { code: 'K7M-4QP', customer: 'Cliente Buscado' });
    const { user, calls } = openPage(
      { 13: [order(130, 13)] },
      {
        'GET /api/orders/K7M4QP': { body: { data: found } },
        'GET /api/orders/NAOEXISTE': {
          status: 404,
          body: { errors: ['Não foi possível encontrar o pedido com o código informado.'], code: 'NOT_FOUND' },
        },
      },
    );
    await screen.findByText('Cliente 130');
    await user.type(screen.getByLabelText('Código do pedido'), 'K7M4QP');
    await user.click(button('Buscar'));
    expect(await screen.findByText('Cliente Buscado')).toBeTruthy();
    expect(screen.queryByText('Cliente 130')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Resultado da busca: K7M-4QP' })).toBeTruthy();
    expect(sent(calls, 'GET', '/orders/K7M4QP').length).toBeGreaterThan(0);

    await user.clear(screen.getByLabelText('Código do pedido'));
    await user.type(screen.getByLabelText('Código do pedido'), 'NAOEXISTE');
    await user.click(button('Buscar'));
    expect(await screen.findByText('Não foi possível encontrar o pedido com o código informado.')).toBeTruthy();
  });

  it('enables only the moves the order allows: approve in Aguardando aprovação, no cancel once finished', async () => {
    const { user } = openPage({ 11: [order(110, 11)], 13: [order(130, 13)] });
    await user.click(await screen.findByRole('button', { name: '1 Finalizados' }));
    await selectRow(user, 'Cliente 130');
    await waitFor(() => expect(button('Assinatura').disabled).toBe(false));
    for (const name of ['Ver pedido', 'Histórico', 'PDF', 'Comprovante', 'Embalagem'])
      expect(button(name).disabled).toBe(false);
    for (const name of ['Aprovar/Reprovar', 'Alterar Motoboy', 'Retirando', 'Finalizar pedido', 'Cancelar pedido'])
      expect(button(name).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: '1 Aguardando aprovação' }));
    await selectRow(user, 'Cliente 110');
    await waitFor(() => expect(button('Aprovar/Reprovar').disabled).toBe(false));
    expect(button('Cancelar pedido').disabled).toBe(false);
    expect(button('Assinatura').disabled).toBe(true);
    expect(button('Finalizar pedido').disabled).toBe(true);
    expect(button('Alterar Motoboy').disabled).toBe(true);
  });

  it("a sale on credit held for approval (17): its card under 'Pagamento'; no 'Crédito' without 'Crédito e cobrança'", async () => {
    const held = order(170, 17, { payment: 'A prazo', paymentMethod: 'CREDIT', total: 1249.56 });
    const lists: Lists = { 17: [held], 13: [order(130, 13)] };
    // An attendant (orders only): the card and the order, but not the credit's decision.
    const attendant = openPage(lists);
    const card = await screen.findByRole('button', { name: '1 Aguardando aprovação de crédito' });
    const stage = card.closest('section') as HTMLElement;
    expect(within(stage).getByRole('heading').textContent).toMatch(/^Pagamento/);
    await attendant.user.click(card);
    await selectRow(attendant.user, 'Cliente 170');
    await waitFor(() => expect(button('Ver pedido').disabled).toBe(false));
    expect(button('Crédito').disabled).toBe(true);
    expect(button('Aprovar/Reprovar').disabled).toBe(true);
  });

  it("'Crédito' opens the credit's approval; approving sends the reason to approve-credit and reloads the lists", async () => {
    const held = order(170, 17, { payment: 'A prazo', paymentMethod: 'CREDIT', total: 1249.56 });
    const lists: Lists = { 17: [held], 13: [order(130, 13)] };
    const { user, calls } = openPage(
      lists,
      {
        'GET /api/reports/order/histories/170': { body: { data: { histories: [] } } },
        'PATCH /api/workflow/order/approve-credit': () => {
          lists[17] = [];
          lists[1] = [{ ...held, statusKey: 1, status: 'Aguardando estoquista' }];
          return { body: { data: { ...held, statusKey: 1, status: 'Aguardando estoquista' } } };
        },
      },
      undefined,
      ['bo:manage:orders', 'bo:manage:credit'],
    );
    // The manager's work: the page opens on it.
    expect(await screen.findByText('Cliente 170')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pedidos: Aguardando aprovação de crédito' })).toBeTruthy();
    await selectRow(user, 'Cliente 170');
    await waitFor(() => expect(button('Crédito').disabled).toBe(false));
    await user.click(button('Crédito'));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovação de crédito — pedido AB170-X' });
    expect(within(dialog).getByText('R$ 1.249,56')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Limite será revisto');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar crédito' }));
    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/workflow/order/approve-credit').map((c) => c.body)).toEqual([
      {
        orderId: 170,
        comment: 'Limite será revisto',
        expectedStatus: 17,
        expectedUpdatedAt: '2026-03-05T14:07:09.000Z',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Não existem pedidos para serem exibidos neste status.')).toBeTruthy();
  });

  it("cancelling requires 'Motivo', then sends it with what the screen showed and reloads page 0 of 10", async () => {
    const target = order(30, 3, { updatedAt: '2026-03-05T14:07:09.123Z' });
    const lists: Lists = { 3: [target], 13: [order(130, 13)] };
    const { user, calls } = openPage(lists, {
      'PATCH /api/workflow/order/cancel': () => {
        lists[3] = [];
        lists[7] = [{ ...target, statusKey: 7, status: 'Cancelado' }];
        return { body: { data: { ...target, statusKey: 7, status: 'Cancelado' } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: '1 Aguardando motoboy' }));
    await selectRow(user, 'Cliente 30');
    await waitFor(() => expect(button('Cancelar pedido').disabled).toBe(false));
    await user.click(button('Cancelar pedido'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o pedido AB30-X' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(await within(dialog).findByText('Preencha o campo')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/workflow/order/cancel')).toEqual([]);

    const countsBefore = countCalls(calls);
    await user.type(within(dialog).getByLabelText(/Motivo/), '  Cliente desistiu da compra  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(await screen.findByText('Pedido cancelado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/workflow/order/cancel').map((c) => c.body)).toEqual([
      {
        orderId: 30,
        comment: 'Cliente desistiu da compra',
        expectedStatus: 3,
        expectedUpdatedAt: '2026-03-05T14:07:09.123Z',
      },
    ]);
    await waitFor(() => expect(listCalls(calls, 3).at(-1)).toBe('page=0 items=10'));
    expect(listCalls(calls, 3)).toContain('page=0 items=100');
    await waitFor(() => expect(countCalls(calls)).toBeGreaterThan(countsBefore));
    expect(await screen.findByText('Não existem pedidos para serem exibidos neste status.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a lost connection while cancelling does not sign out: the dialog and its reason stay, and trying again cancels', async () => {
    const target = order(31, 3, { updatedAt: '2026-03-05T14:07:09.123Z' });
    const lists: Lists = { 3: [target], 13: [order(130, 13)] };
    let attempts = 0;
    const { user, calls } = openPage(lists, {
      'PATCH /api/workflow/order/cancel': () => {
        if (++attempts === 1) return 'network-error';
        lists[3] = [];
        lists[7] = [{ ...target, statusKey: 7, status: 'Cancelado' }];
        return { body: { data: { ...target, statusKey: 7, status: 'Cancelado' } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: '1 Aguardando motoboy' }));
    await selectRow(user, 'Cliente 31');
    await waitFor(() => expect(button('Cancelar pedido').disabled).toBe(false));
    await user.click(button('Cancelar pedido'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o pedido AB31-X' });
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Cliente desistiu');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(await screen.findByText('Sem conexão com o servidor. Tente novamente.')).toBeTruthy();
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Cancelar o pedido AB31-X' })).toBe(dialog);
    expect((within(dialog).getByLabelText(/Motivo/) as HTMLInputElement).value).toBe('Cliente desistiu');

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(await screen.findByText('Pedido cancelado com sucesso.')).toBeTruthy();
    const bodies = sent(calls, 'PATCH', '/workflow/order/cancel').map((c) => c.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Alterar Motoboy' requires a courier, calls the normal route and reloads page 0 of 10", async () => {
    const { user, calls } = openPage(
      { 3: [order(30, 3, { deliverer: 'Diego Motoboy', delivererId: 5 })] },
      {
        'GET /api/employees/deliverers': {
          body: {
            deliverers: [
              { id: 5, name: 'Diego Motoboy' },
              { id: 8, name: 'Eduardo Motoboy' },
            ],
          },
        },
        'PUT /api/orders/change/order/30/deliverer/8': { body: { data: order(30, 3, { delivererId: 8 }) } },
      },
    );
    await user.click(await screen.findByRole('button', { name: '1 Aguardando motoboy' }));
    await selectRow(user, 'Cliente 30');
    await waitFor(() => expect(button('Alterar Motoboy').disabled).toBe(false));
    await user.click(button('Alterar Motoboy'));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar Motoboy' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('Informe o motoboy')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Motoboy/ }));
    // the current courier is not offered again
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Eduardo Motoboy']);
    await user.click(options[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Motoboy alterado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PUT', '/orders/change/order/30/deliverer/8')[0]?.body).toEqual({
      expectedStatus: 3,
      expectedUpdatedAt: '2026-03-05T14:07:09.000Z',
    });
    await waitFor(() => expect(listCalls(calls, 3).at(-1)).toBe('page=0 items=10'));
  });

  it('changes the courier of a fast delivery (Entrega imediata) through the fast-delivery route', async () => {
    const { user, calls } = openPage(
      { 15: [order(150, 15, { fastDelivery: true, delivererId: null, deliverer: null })] },
      {
        'GET /api/employees/deliverers': { body: { deliverers: [{ id: 8, name: 'Eduardo Motoboy' }] } },
        'PUT /api/orders/change/fast-deliverer/order/150/deliverer/8': { body: { data: order(150, 15) } },
      },
    );
    await user.click(await screen.findByRole('button', { name: '1 Entrega imediata' }));
    await selectRow(user, 'Cliente 150');
    await waitFor(() => expect(button('Alterar Motoboy').disabled).toBe(false));
    await user.click(button('Alterar Motoboy'));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar Motoboy' });
    await user.click(within(dialog).getByRole('combobox', { name: /Motoboy/ }));
    await user.click(await screen.findByRole('option', { name: 'Eduardo Motoboy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Motoboy alterado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PUT', '/orders/change/fast-deliverer/order/150/deliverer/8')).toHaveLength(1);
    expect(sent(calls, 'PUT', '/orders/change/order/150/deliverer/8')).toEqual([]);
  });

  it("'Retirando' asks 'Alterar pedido para retirando' and reloads page 0 of 10", async () => {
    const { user, calls } = openPage(
      { 3: [order(30, 3)] },
      { 'PATCH /api/workflow/order/withdraw': { body: { data: order(30, 4) } } },
    );
    await user.click(await screen.findByRole('button', { name: '1 Aguardando motoboy' }));
    await selectRow(user, 'Cliente 30');
    await waitFor(() => expect(button('Retirando').disabled).toBe(false));
    await user.click(button('Retirando'));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar pedido para retirando' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/workflow/order/withdraw').map((c) => c.body)).toEqual([
      { orderId: 30, expectedStatus: 3, expectedUpdatedAt: '2026-03-05T14:07:09.000Z' },
    ]);
    await waitFor(() => expect(listCalls(calls, 3).at(-1)).toBe('page=0 items=10'));
  });

  it("finishing is final: it asks confirmation and 'Motivo' first; a failure shows the spec's text", async () => {
    const { user, calls } = openPage(
      { 5: [order(50, 5, { total: 1319.8 })] },
      {
        'POST /api/workflow/order/finalize': {
          status: 500,
          body: { errors: ['Erro interno.'], code: 'INTERNAL' },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: '1 Entregue' }));
    await selectRow(user, 'Cliente 50');
    await waitFor(() => expect(button('Finalizar pedido').disabled).toBe(false));
    await user.click(button('Finalizar pedido'));
    // The spec's words as the title, what it does beside them (issue 54).
    const dialog = await screen.findByRole('dialog', { name: 'Confirma a operação?' });
    expect(
      within(dialog).getByText(
        'Finalizar o pedido AB50-X: o pedido de Cliente 50 (R$ 1.319,80) vai para Finalizados. Não é possível desfazer.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Finalizar pedido' }));
    expect(await within(dialog).findByText('Preencha o campo')).toBeTruthy();
    expect(sent(calls, 'POST', '/workflow/order/finalize')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Entregue e conferido');
    await user.click(within(dialog).getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText('Não foi possível finalizar o pedido, tente novamente mais tarde.')).toBeTruthy();
    expect(sent(calls, 'POST', '/workflow/order/finalize').map((c) => c.body)).toEqual([
      {
        orderId: 50,
        comment: 'Entregue e conferido',
        expectedStatus: 5,
        expectedUpdatedAt: '2026-03-05T14:07:09.000Z',
      },
    ]);
  });

  it("'Reprovar' is final: one click asks confirmation and 'Motivo'; 'Voltar' keeps the order where it was", async () => {
    const target = order(111, 11, { total: 15938.17 });
    const lists: Lists = { 11: [target] };
    const { user, calls } = openPage(lists, {
      'GET /api/orders/receipt/111': { body: { data: null } },
      'PATCH /api/workflow/order/refuse': () => {
        lists[11] = [];
        lists[12] = [{ ...target, statusKey: 12, status: 'Reprovados' }];
        return { body: { data: { ...target, statusKey: 12, status: 'Reprovados' } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: '1 Aguardando aprovação' }));
    await selectRow(user, 'Cliente 111');
    await waitFor(() => expect(button('Aprovar/Reprovar').disabled).toBe(false));
    await user.click(button('Aprovar/Reprovar'));
    const approve = await screen.findByRole('dialog', { name: 'Aprovar ou reprovar o pedido AB111-X' });
    await user.click(within(approve).getByRole('button', { name: 'Reprovar' }));
    const refuse = await screen.findByRole('dialog', { name: 'Reprovar o pedido AB111-X' });
    expect(sent(calls, 'PATCH', '/workflow/order/refuse')).toEqual([]);
    expect(
      within(refuse).getByText(
        'O pedido de Cliente 111 (R$ 15.938,17) vai para Reprovados e as mercadorias voltam ao estoque. Não é possível desfazer.',
      ),
    ).toBeTruthy();
    await user.click(within(refuse).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reprovar o pedido AB111-X' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Aprovar ou reprovar o pedido AB111-X' })).toBeTruthy();

    await user.click(within(approve).getByRole('button', { name: 'Reprovar' }));
    const again = await screen.findByRole('dialog', { name: 'Reprovar o pedido AB111-X' });
    await user.click(within(again).getByRole('button', { name: 'Reprovar pedido' }));
    expect(await within(again).findByText('Preencha o campo')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/workflow/order/refuse')).toEqual([]);
    await user.type(within(again).getByLabelText(/Motivo/), 'Comprovante de outro valor');
    await user.click(within(again).getByRole('button', { name: 'Reprovar pedido' }));
    expect(await screen.findByText('Pedido aprovado/reprovado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/workflow/order/refuse').map((c) => c.body)).toEqual([
      {
        orderId: 111,
        comment: 'Comprovante de outro valor',
        expectedStatus: 11,
        expectedUpdatedAt: '2026-03-05T14:07:09.000Z',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a 409 (someone else changed the order) shows its message and reloads the list and the counts', async () => {
    const stale =
      'Este pedido foi alterado por outra pessoa enquanto você o via (agora está em "Aguardando estoquista"). Atualize a lista e tente novamente.';
    const lists: Lists = { 11: [order(110, 11)] };
    const { user, calls } = openPage(lists, {
      'PATCH /api/workflow/order/approve': () => {
        lists[11] = [];
        return { status: 409, body: { errors: [stale], code: 'STALE_DATA' } };
      },
      'GET /api/orders/receipt/110': { body: { data: null } },
    });
    await user.click(await screen.findByRole('button', { name: '1 Aguardando aprovação' }));
    await selectRow(user, 'Cliente 110');
    await waitFor(() => expect(button('Aprovar/Reprovar').disabled).toBe(false));
    await user.click(button('Aprovar/Reprovar'));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar ou reprovar o pedido AB110-X' });
    expect(
      await within(dialog).findByText('Não foi gerado nenhum recibo para este pedido até o momento.'),
    ).toBeTruthy();
    const countsBefore = countCalls(calls);
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText(stale)).toBeTruthy();
    await waitFor(() => expect(countCalls(calls)).toBeGreaterThan(countsBefore));
    expect(await screen.findByText('Não existem pedidos para serem exibidos neste status.')).toBeTruthy();
  });

  it('history lists who changed the status to what and when; without entries, the error text', async () => {
    // 05/03/2026 h:m:s in São Paulo (UTC−3), whatever the browser's zone.
    const when = (h: number, m: number, s: number) => new Date(Date.UTC(2026, 2, 5, h + 3, m, s)).toISOString();
    const { user } = openPage(
      { 13: [order(130, 13, { total: 1319.8 }), order(131, 13)] },
      {
        'GET /api/reports/order/histories/130': {
          body: {
            data: {
              histories: [
                { status: 'Entregue', statusKey: 5, user: 'Diego Motoboy', when: when(9, 5, 7), note: null },
                { status: 'Finalizados', statusKey: 13, user: 'Beatriz Atendente', when: when(14, 7, 9), note: null },
              ],
            },
          },
        },
        'GET /api/reports/order/histories/131': { body: { data: { histories: [] } } },
      },
    );
    await selectRow(user, 'Cliente 130');
    await user.click(button('Histórico'));
    const dialog = await screen.findByRole('dialog', { name: 'Histórico do pedido AB130-X (R$ 1.319,80)' });
    const entries = await within(dialog).findAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Diego Motoboy alterou o status do pedido para EntregueEntregue05/03/2026 09:05:07',
      'Beatriz Atendente alterou o status do pedido para FinalizadosFinalizados05/03/2026 14:07:09',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await selectRow(user, 'Cliente 131');
    await user.click(button('Histórico'));
    expect(
      await screen.findByText('Não foi encontrado nenhum registro de histórico para o pedido selecionado.'),
    ).toBeTruthy();
  });

  it("shows the receipt's empty text and the packaging photos with 'n de total'", async () => {
    const taken = '2026-03-05T14:07:09.000Z';
    const { user } = openPage(
      { 13: [order(130, 13)] },
      {
        'GET /api/orders/receipt/130': { body: { data: null } },
        'GET /api/orders/stocking/images/130': {
          body: {
            data: [
              { url: '/api/files/orders/a.jpg', createdAt: taken },
              { url: '/api/files/orders/b.jpg', createdAt: taken },
            ],
          },
        },
      },
    );
    await selectRow(user, 'Cliente 130');
    await user.click(button('Comprovante'));
    const receipt = await screen.findByRole('dialog', { name: 'Visualização do Comprovante' });
    expect(
      await within(receipt).findByText('Não foi gerado nenhum recibo para este pedido até o momento.'),
    ).toBeTruthy();
    await user.click(within(receipt).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(button('Embalagem'));
    const packaging = await screen.findByRole('dialog', { name: 'Imagens da embalagem' });
    expect(await within(packaging).findByText('1 de 2')).toBeTruthy();
    expect(within(packaging).getByRole('img', { name: 'Embalagem 1 do pedido AB130-X' })).toBeTruthy();
  });
});

describe('Orders CSV', () => {
  it("'Baixar CSV' writes relatorio.csv with every order of the status, page after page of 100", async () => {
    const many = Array.from({ length: 150 }, (_, i) => order(1000 + i, 13));
    const saved: { name: string; text: string }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: this.href });
    };
    const blobs: Blob[] = [];
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    };
    try {
      const { user, calls } = openPage({ 13: many });
      await screen.findByText('Cliente 1000');
      await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]?.name).toBe('relatorio.csv');
      expect(listCalls(calls, 13)).toEqual(['page=0 items=10', 'page=0 items=100', 'page=1 items=100']);
      const lines = (await (blobs[0] as Blob).text())
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines).toHaveLength(151);
      // The last column, 'Partes do pagamento', is empty for an order paid whole (issue 38).
      expect(lines[1]).toBe('Cliente 1000;05/03/2026;AB1000-X;Finalizados;Motoboy;Diego Motoboy;Pix;');
      expect(lines[150]).toBe('Cliente 1149;05/03/2026;AB1149-X;Finalizados;Motoboy;Diego Motoboy;Pix;');
    } finally {
      HTMLAnchorElement.prototype.click = click;
      URL.createObjectURL = createObjectURL;
    }
  });
});
