import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, listCalls, openPage, order, selectRow, sent } from './test-orders-page';

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
