import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, countCalls, type Lists, listCalls, openPage, order, selectRow, sent } from './test-orders-page';

/** The moves of an order on the orders page: which are enabled, their dialogs, what they send and reload. */

describe('Orders page', () => {
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
});
