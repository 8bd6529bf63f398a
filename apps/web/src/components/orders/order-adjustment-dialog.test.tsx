import type { AdjustmentResult } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/contract';
import { renderPage, signInAs } from '../../test/render';
import { makeUnit } from '../../test/units';
import { OrderAdjustmentDialog } from './order-adjustment-dialog';
import { OrderDetailsDialog } from './order-details-dialog';
import { makeOrderDetail } from './test-data';

/** A finished order: 3 cables at R$ 12,50 and one phone sold by its IMEI. */
const order = makeOrderDetail({
  orderId: 90,
  code: 'TRC-001',
  items: [
    { productId: 11, name: 'Cabo USB-C', quantity: 3, unitPrice: 12.5 },
    { productId: 12, name: 'Galaxy A15', quantity: 1, unitPrice: 1999.9, imeis: ['410000000000004'] },
  ],
});

const deliverers = { 'GET /api/employees/deliverers': { body: { deliverers: [{ id: 5, name: 'Diego Motoboy' }] } } };

function answer(overrides: Partial<AdjustmentResult>): { status: number; body: { data: AdjustmentResult } } {
  return {
    status: 201,
    body: {
      data: {
        registration: '6f1c2b1e-0000-4000-8000-000000000001',
        orderId: 90,
        orderCode: 'TRC-001',
        kind: 'RETURN',
        lines: [],
        difference: 0,
        createdAt: '2026-11-23T12:00:00.000Z',
        ...overrides,
      },
    },
  };
}

describe('Registrar troca / Registrar devolução', () => {
  it('offers both on a finished order to whoever manages orders, not on an order still on its way', async () => {
    signInAs(['bo:manage:orders']);
    mockApi(deliverers);
    const { unmount } = renderPage(<OrderDetailsDialog open order={order} onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Registrar troca' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Registrar devolução' }));
    expect(await screen.findByRole('dialog', { name: 'Registrar devolução do pedido TRC-001' })).toBeTruthy();
    unmount();
    renderPage(<OrderDetailsDialog open order={{ ...order, statusKey: 4, status: 'Em entrega' }} onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Registrar troca' })).toBeNull();
  });

  it('returns 1 cable and the phone with the courier and comments, then shows the refund the server computed', async () => {
    signInAs(['bo:manage:orders']);
    const calls = mockApi({
      ...deliverers,
      // 1 × 12,50 + 1 × 1.999,90 = 2.012,40 back to the customer.
      'POST /api/orders/adjustments': answer({
        lines: [
          {
            productId: 11,
            productName: 'Cabo USB-C',
            quantity: 1,
            imei: null,
            unitPrice: 12.5,
            replacementProductId: null,
            replacementProductName: null,
            replacementImei: null,
            replacementUnitPrice: null,
            difference: -12.5,
          },
          {
            productId: 12,
            productName: 'Galaxy A15',
            quantity: 1,
            imei: '410000000000004',
            unitPrice: 1999.9,
            replacementProductId: null,
            replacementProductName: null,
            replacementImei: null,
            replacementUnitPrice: null,
            difference: -1999.9,
          },
        ],
        difference: -2012.4,
      }),
    });
    renderPage(<OrderAdjustmentDialog open order={order} kind="RETURN" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Registrar devolução do pedido TRC-001' });
    const quantity = within(dialog).getByLabelText('Quantidade de Cabo USB-C (vendidas: 3)');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1');
    await userEvent.click(within(dialog).getByLabelText('IMEI 410000000000004'));
    await userEvent.click(within(dialog).getByLabelText('Motoboy que recolheu (opcional)'));
    await userEvent.click(await screen.findByRole('option', { name: 'Diego Motoboy' }));
    await userEvent.type(within(dialog).getByLabelText('Observações'), 'Cliente desistiu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    expect(await within(dialog).findByText('Valor a devolver ao cliente: R$ 2.012,40')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      // A UUID made once per opening: a retry after a lost answer is the same registration.
      registration: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderId: 90,
      kind: 'RETURN',
      items: [
        { productId: 11, quantity: 1 },
        { productId: 12, quantity: 1, imei: '410000000000004' },
      ],
      comments: 'Cliente desistiu',
      delivererId: 5,
    });
  });

  it("exchanges the phone for another model by the replacement's IMEI and shows the amount due", async () => {
    signInAs(['bo:manage:orders']);
    const dear = makeUnit({ imei: '450000000000005', product: { id: 13, code: 'GA55', name: 'Galaxy A55' } });
    const calls = mockApi({
      ...deliverers,
      'GET /api/units/450000000000005': { body: { data: dear } },
      // 2.499,90 − 1.999,90 = 500,00 to receive.
      'POST /api/orders/adjustments': answer({ kind: 'EXCHANGE', difference: 500 }),
    });
    renderPage(<OrderAdjustmentDialog open order={order} kind="EXCHANGE" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Registrar troca do pedido TRC-001' });
    await userEvent.click(within(dialog).getByLabelText('IMEI 410000000000004'));
    // Without the replacement's IMEI nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Informe o IMEI do aparelho que substitui o 410000000000004.',
    );
    await userEvent.type(
      within(dialog).getByLabelText('IMEI do aparelho de reposição (no lugar de 410000000000004)'),
      '450000000000005',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await within(dialog).findByText('Valor a receber do cliente: R$ 500,00')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      // A UUID made once per opening: a retry after a lost answer is the same registration.
      registration: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderId: 90,
      kind: 'EXCHANGE',
      items: [
        {
          productId: 12,
          quantity: 1,
          imei: '410000000000004',
          replacementProductId: 13,
          replacementImei: '450000000000005',
        },
      ],
      comments: null,
      delivererId: null,
    });
  });

  it("keeps the dialog with the server's refusal", async () => {
    signInAs(['bo:manage:orders']);
    mockApi({
      ...deliverers,
      'POST /api/orders/adjustments': {
        status: 409,
        body: {
          errors: [
            'Cabo USB-C: foram vendidas 3 unidades neste pedido e 3 já voltaram (troca ou devolução); não é possível registrar mais 1.',
          ],
          code: 'ADJUSTMENT_QUANTITY_EXCEEDED',
        },
      },
    });
    renderPage(<OrderAdjustmentDialog open order={order} kind="RETURN" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Escolha ao menos um item.');
    const quantity = within(dialog).getByLabelText('Quantidade de Cabo USB-C (vendidas: 3)');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('3 já voltaram');
    expect(within(dialog).getByRole('button', { name: 'Registrar' })).toBeTruthy();
  });
});
