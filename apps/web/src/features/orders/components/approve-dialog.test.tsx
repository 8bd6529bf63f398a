import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { ApproveDialog } from './approve-dialog';

// Placed on 22/11/2026 at 14:00 UTC, R$ 80,00.
const ORDER = makeOrderSummary({
  orderId: 7,
  code: 'K7M-4QP',
  status: 'Aguardando aprovação',
  statusKey: 11,
  payment: 'Depósito',
  paymentMethod: 'BANK_TRANSFER',
  total: 80,
  createdAt: '2026-11-22T14:00:00.000Z',
  updatedAt: '2026-11-22T14:01:00.000Z',
});
const RECEIPT = { url: '/api/files/orders/x.jpg?sig=1', createdAt: '2026-11-22T14:01:00.000Z' };

function open(routes: Parameters<typeof mockFetch>[0], onClose = vi.fn()) {
  signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
  const calls = mockFetch({ 'GET /api/orders/receipt/7': { body: { data: { ...RECEIPT, sameAs: null } } }, ...routes });
  renderPage(<ApproveDialog order={ORDER} onClose={onClose} />);
  return { calls, onClose, user: userEvent.setup() };
}
const dialog = () => screen.getByRole('dialog', { name: 'Aprovar ou reprovar o pedido K7M-4QP' });
const e2eField = () => within(dialog()).getByLabelText('ID da transação (E2E)');

afterEach(() => vi.unstubAllGlobals());

describe('the approval dialog', () => {
  it("reads the proof's E2E id: the payer's bank and time, a warning when it predates the order, and sends it", async () => {
    const { calls, onClose, user } = open({ 'PATCH /api/workflow/order/approve': { body: { data: ORDER } } });
    await user.type(e2eField(), 'E60746948202611221305AbCdEf12345');
    // 13:05 UTC is before 14:00 UTC, when the order was placed.
    expect(await within(dialog()).findByText(/Pago pelo Bradesco em 22\/11\/2026/)).toBeTruthy();
    expect(within(dialog()).getByText('Atenção: o pagamento deste comprovante é anterior ao pedido.')).toBeTruthy();

    await user.clear(e2eField());
    await user.type(e2eField(), 'E60746948202611221405AbCdEf12345');
    expect(within(dialog()).queryByText('Atenção: o pagamento deste comprovante é anterior ao pedido.')).toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((call) => call.method === 'PATCH');
    expect(sent?.body).toMatchObject({ orderId: 7, endToEndId: 'E60746948202611221405AbCdEf12345' });
  });

  it('does not approve with a malformed E2E id', async () => {
    const { calls, user } = open({});
    await user.type(e2eField(), 'E6074694820261122');
    expect(
      within(dialog()).getByText(
        'ID da transação (E2E) inválido: são 32 caracteres: E, o ISPB do banco (8 dígitos), a data e hora (aaaammddhhmm) e 11 letras ou dígitos.',
      ),
    ).toBeTruthy();
    expect((within(dialog()).getByRole('button', { name: 'Aprovar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it("keeps the dialog open with the server's refusal of a reused proof, and flags the same picture", async () => {
    const { user, onClose } = open({
      'GET /api/orders/receipt/7': { body: { data: { ...RECEIPT, sameAs: { orderId: 3, code: 'AB1-2CD' } } } },
      'PATCH /api/workflow/order/approve': {
        status: 409,
        body: { errors: ['Este comprovante já foi usado no pedido AB1-2CD.'], code: 'PROOF_REUSED' },
      },
    });
    expect(await within(dialog()).findByText('Comprovante igual ao do pedido AB1-2CD.')).toBeTruthy();
    await user.type(e2eField(), 'E60746948202611221405AbCdEf12345');
    await user.click(within(dialog()).getByRole('button', { name: 'Aprovar' }));
    expect(await within(dialog()).findByText('Este comprovante já foi usado no pedido AB1-2CD.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((e2eField() as HTMLInputElement).value).toBe('E60746948202611221405AbCdEf12345');
  });

  it("flags a proof nearly the same as another order's (resized, cropped, turned or mirrored) for review", async () => {
    open({
      'GET /api/orders/receipt/7': {
        body: { data: { ...RECEIPT, sameAs: { orderId: 3, code: 'AB1-2CD', near: true } } },
      },
    });
    expect(
      await within(dialog()).findByText(
        'Comprovante parecido com o do pedido AB1-2CD (redimensionado, recortado, girado ou espelhado): confira se não é o mesmo pagamento.',
      ),
    ).toBeTruthy();
  });
});
