import { DEFAULT_CARD_SETTINGS, type OrderDetail } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/contract';
import { renderPage, signInAs } from '../../test/render';
import { OrderDetailsDialog } from './order-details-dialog';
import { orderPixQuery } from './order-queries';
import { makeOrderDetail } from './test-data';

function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return makeOrderDetail({ code: 'K7M2Q9', ...overrides });
}

/** The value cell beside each row's label. */
function rowValues() {
  const dialog = screen.getByRole('dialog');
  const table = within(dialog).getAllByRole('table')[0] as HTMLElement;
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        (row.querySelector('td') as HTMLElement).textContent,
      ]),
  );
}

/** An order with no payment parts yet (issue 38): its 'Pagamentos' section reads them. */
function noParts(orderId: number) {
  return {
    [`GET /api/orders/${orderId}/payments`]: {
      body: {
        data: { orderId, total: 19.9, paid: 0, pending: 0, due: 19.9, paidInFull: false, takesParts: true, parts: [] },
      },
    },
    'GET /api/settings/card-fees': { body: { data: DEFAULT_CARD_SETTINGS } },
  };
}

describe('Detalhes do pedido', () => {
  it("says 'Possui Garantia? Sim (90 dias)' for an order that sold a seminovo with 90 days, without the paid warranty (issue 54)", () => {
    renderPage(
      <OrderDetailsDialog open order={order({ hasWarranty: false, usedWarrantyDays: 90 })} onClose={() => {}} />,
    );
    expect(rowValues()['Possui Garantia?']).toBe('Sim (90 dias)');
  });

  it('shows every row of the spec in order, money in BRL, status label and Sim', () => {
    renderPage(<OrderDetailsDialog open order={order()} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Detalhes do pedido K7M2Q9' })).toBeTruthy();
    expect(rowValues()).toEqual({
      Cliente: 'João da Conceição',
      'Status do Pedido': 'Finalizados',
      'Valor Total': 'R$ 1.319,80',
      'Valor do Frete': 'R$ 19,90',
      'Região de Entrega': 'Moema',
      'Forma de Pagamento': 'Pix',
      'Tipo de entrega': 'Motoboy',
      Motoboy: 'Diego Motoboy',
      Estoquista: 'Carlos Estoquista',
      Comentários: 'Entregar após as 18h',
      'Possui Garantia?': 'Sim',
    });
    const items = within(screen.getByRole('table', { name: 'Itens do pedido' })).getAllByRole('row');
    expect(items.map((row) => row.textContent)).toEqual([
      'ProdutoQuantidadePreço unitário',
      'Capa Silicone iPhone 152R$ 649,95',
    ]);
  });

  it('says when a delivered order was signed for and who received it, after the rows of the spec', () => {
    renderPage(
      <OrderDetailsDialog
        open
        order={order({
          statusKey: 5,
          status: 'Entregue',
          // 24/11/2026 14:20 on the shop's clock (São Paulo), whatever the browser's (UTC in the tests).
          deliveredAt: '2026-11-24T17:20:00.000Z',
          receivedBy: { name: 'Maria Souza', document: '52998224725' },
        })}
        onClose={() => {}}
      />,
    );
    const rows = rowValues();
    expect(Object.keys(rows).slice(-3)).toEqual(['Possui Garantia?', 'Entregue em', 'Recebido por']);
    expect(rows['Entregue em']).toBe('24/11/2026 14:20:00');
    expect(rows['Recebido por']).toBe('Maria Souza (documento 529.982.247-25)');
  });

  it('names a receiver without a document by the name alone, and shows neither row before delivery', () => {
    const { unmount } = renderPage(
      <OrderDetailsDialog
        open
        order={order({ deliveredAt: '2026-11-24T17:20:00.000Z', receivedBy: { name: 'João Lima', document: null } })}
        onClose={() => {}}
      />,
    );
    expect(rowValues()['Recebido por']).toBe('João Lima');
    unmount();
    renderPage(<OrderDetailsDialog open order={order({ deliveredAt: null, receivedBy: null })} onClose={() => {}} />);
    expect(Object.keys(rowValues())).not.toContain('Entregue em');
    expect(Object.keys(rowValues())).not.toContain('Recebido por');
  });

  it('shows every component of the total on its own line, and the lines add up to the total (issue 15: R$ 157,67 + R$ 0,00 shown, total R$ 178,61)', () => {
    // The figures: items 157,67 + freight 0,00 + fast delivery 5,00 + warranty 17,77 − discount 1,83
    // = 178,61 (157,67 + 5,00 = 162,67; + 17,77 = 180,44; − 1,83 = 178,61).
    renderPage(
      <OrderDetailsDialog
        open
        order={order({
          itemsTotal: 157.67,
          shippingCost: 0,
          fastDeliveryTax: 5,
          warranty: 17.77,
          discount: 1.83,
          total: 178.61,
        })}
        onClose={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Composição do total' });
    const lines = within(table)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        (row.querySelector('td') as HTMLElement).textContent,
      ]);
    expect(lines).toEqual([
      ['Itens', 'R$ 157,67'],
      ['Frete', 'R$ 0,00'],
      ['Taxa de entrega rápida', 'R$ 5,00'],
      ['Garantia', 'R$ 17,77'],
      ['Desconto', '-R$ 1,83'],
      ['Total', 'R$ 178,61'],
    ]);
    // What a reader does: add the lines above the total.
    const cents = (text: string | null | undefined) =>
      Math.round(Number((text ?? '').replace(/[^\d,-]/g, '').replace(',', '.')) * 100);
    const parts = lines.slice(0, -1).reduce((sum, [, value]) => sum + cents(value), 0);
    expect(parts).toBe(cents(lines.at(-1)?.[1]));
    expect(parts).toBe(17_861);
  });

  it("shows a repair's bill with its labour on its own line (issue 42: R$ 350,00 of parts + R$ 120,00 = R$ 470,00)", () => {
    renderPage(
      <OrderDetailsDialog
        open
        order={order({
          items: [{ productId: 5, name: 'Tela iPhone 12', quantity: 1, unitPrice: 350 }],
          itemsTotal: 350,
          repair: { id: 41, labour: 120 },
          shippingCost: 0,
          fastDeliveryTax: 0,
          warranty: 0,
          discount: 0,
          total: 470,
        })}
        onClose={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Composição do total' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [
          within(row).getByRole('rowheader').textContent,
          (row.querySelector('td') as HTMLElement).textContent,
        ]),
    ).toEqual([
      ['Itens', 'R$ 350,00'],
      ['Mão de obra (OS 41)', 'R$ 120,00'],
      ['Frete', 'R$ 0,00'],
      ['Taxa de entrega rápida', 'R$ 0,00'],
      ['Garantia', 'R$ 0,00'],
      ['Desconto', 'R$ 0,00'],
      ['Total', 'R$ 470,00'],
    ]);
  });

  it('shows a line discount under its item (issue 38: 7 % of 3 × R$ 129,90 = R$ 27,28)', () => {
    renderPage(
      <OrderDetailsDialog
        open
        order={order({
          items: [{ productId: 1, name: 'Capa', quantity: 3, unitPrice: 129.9, discount: 27.28 }],
          itemsTotal: 389.7,
          shippingCost: 0,
          fastDeliveryTax: 0,
          warranty: 0,
          discount: 27.28,
          total: 362.42,
        })}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Desconto no item: − R$ 27,28')).toBeTruthy();
    expect(screen.getByText('-R$ 27,28')).toBeTruthy();
  });

  it("shows N/A for what the order lacks, and 'Não' without warranty", () => {
    renderPage(
      <OrderDetailsDialog
        open
        order={order({
          deliverer: null,
          stocker: null,
          neighborhood: null,
          comments: '  ',
          hasWarranty: false,
        })}
        onClose={() => {}}
      />,
    );
    const values = rowValues();
    for (const row of ['Região de Entrega', 'Motoboy', 'Estoquista', 'Comentários']) expect(values[row]).toBe('N/A');
    expect(values['Possui Garantia?']).toBe('Não');
  });

  it('names the phones of a packed line by their IMEIs', () => {
    renderPage(
      <OrderDetailsDialog
        open
        order={order({
          items: [
            { name: 'Galaxy A55', quantity: 2, unitPrice: 1999.9, imeis: ['490154203237518', '352099081234565'] },
            { name: 'Película 3D', quantity: 1, unitPrice: 29.9 },
          ],
        })}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog');
    const phones = within(dialog).getByRole('row', { name: /Galaxy A55/ });
    expect(within(phones).getByText('IMEI: 490154203237518, 352099081234565')).toBeTruthy();
    expect(within(within(dialog).getByRole('row', { name: /Película 3D/ })).queryByText(/IMEI/)).toBeNull();
  });

  it('lists the items 5 per page', async () => {
    const items = Array.from({ length: 7 }, (_, i) => ({
      name: `Item ${i + 1}`,
      quantity: i + 1,
      unitPrice: 10 * (i + 1),
    }));
    renderPage(<OrderDetailsDialog open order={order({ items })} onClose={() => {}} />);
    const table = () => screen.getByRole('table', { name: 'Itens do pedido' });
    const names = () =>
      within(table())
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    expect(names()).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4', 'Item 5']);
    expect(screen.getByText('1–5 de 7')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /próxima página/i }));
    expect(names()).toEqual(['Item 6', 'Item 7']);
    expect(within(table()).getAllByRole('row')[2]?.textContent).toBe('Item 77R$ 70,00');
  });

  it("closes with 'Fechar' and with Escape", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderPage(<OrderDetailsDialog open order={order()} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while closed', () => {
    renderPage(<OrderDetailsDialog open={false} order={order()} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('fetches the order by id when given only its id (GET /orders/by-id/{id})', async () => {
    signInAs(['bo:manage:reports']);
    const calls = mockApi({ 'GET /api/orders/by-id/77': { body: { data: order({ orderId: 77, code: 'ABC-DEF' }) } } });
    renderPage(<OrderDetailsDialog open orderId={77} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Detalhes do pedido ABC-DEF' })).toBeTruthy();
    // and the WhatsApp messages, for 'Enviar pelo WhatsApp'
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/orders/by-id/77', '/api/settings/whatsapp-templates']);
  });

  it("shows the shop's Pix code for a Pix order waiting for its proof, and hides it quietly without a Pix key", async () => {
    signInAs(['bo:manage:orders']);
    const waiting = order({ orderId: 78, statusKey: 10, status: 'Aguardando comprovante', paymentMethod: 'PIX' });
    const payload = '00020126360014br.gov.bcb.pix0114+5511999990000520400005303986540519.905802BR6304ABCD';
    mockApi({ 'GET /api/orders/pix/78': { body: { data: { payload } } }, ...noParts(78) });
    const { unmount } = renderPage(<OrderDetailsDialog open order={waiting} onClose={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Pagamento por Pix (aguardando comprovante)' })).toBeTruthy();
    expect((screen.getByLabelText('Pix copia e cola') as HTMLInputElement).value).toBe(payload);
    unmount();

    const calls = mockApi({
      ...noParts(78),
      'GET /api/orders/pix/78': {
        status: 409,
        body: { errors: ['Cadastre uma chave Pix ativa.'], code: 'PIX_KEY_MISSING' },
      },
    });
    const { queryClient } = renderPage(<OrderDetailsDialog open order={waiting} onClose={() => {}} />);
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/orders/pix/78').length).toBe(1));
    // The sentinel: the 409 has reached the dialog's query as "no Pix code" (null), not merely "time passed".
    await waitFor(() =>
      expect(queryClient.getQueryState(orderPixQuery(78).queryKey)).toMatchObject({ status: 'success', data: null }),
    );
    expect(screen.queryByText('Pagamento por Pix (aguardando comprovante)')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask for a Pix code for a cash order or a paid one', () => {
    signInAs(['bo:manage:orders']);
    const calls = mockApi(noParts(41));
    renderPage(<OrderDetailsDialog open order={order({ statusKey: 10, paymentMethod: 'CASH' })} onClose={() => {}} />);
    // Its payments (parts and balance) and the card settings of the form, but no Pix code.
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/orders/41/payments',
      '/api/settings/card-fees',
      '/api/settings/whatsapp-templates',
    ]);
  });
});

describe('Pix recebido', () => {
  it("shows the Pix the bank received and confirms the payment with one click while 'Pix automático' is off", async () => {
    // The attendant (function 1) holding orders.
    signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
    const waiting = order({
      orderId: 79,
      statusKey: 10,
      status: 'Aguardando comprovante',
      paymentMethod: 'PIX',
      pixReceived: {
        endToEndId: 'E60746948202611221405AbCdEf12345',
        amount: 123.45,
        paidAt: '2026-11-22T14:05:00.000Z',
        confirmedAt: null,
      },
    });
    const calls = mockApi({
      'GET /api/orders/pix/79': { status: 409, body: { errors: ['Sem chave.'], code: 'PIX_KEY_MISSING' } },
      'PATCH /api/workflow/order/confirm-pix': {
        body: { data: { ...waiting, statusKey: 1, status: 'Aguardando estoquista' } },
      },
    });
    const onClose = vi.fn();
    renderPage(<OrderDetailsDialog open order={waiting} onClose={onClose} />);
    expect(screen.getByText(/Pix recebido: R\$ 123,45 em 22\/11\/2026/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmar Pix recebido' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({ orderId: 79, expectedStatus: 10 });
  });
});
