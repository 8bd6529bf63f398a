import type { OrderDetail } from '@backoffice/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/contract';
import { renderPage, signInAs } from '../../test/render';
import { OrderDetailsDialog } from './order-details-dialog';
import { makeOrderDetail } from './test-data';

describe('Pix devolvido (issue 34 §3)', () => {
  it('says the payment was refunded, and offers no confirmation of it', () => {
    signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
    const refunded: OrderDetail = makeOrderDetail({
      code: 'K7M2Q9',
      orderId: 80,
      statusKey: 10,
      status: 'Aguardando comprovante',
      paymentMethod: 'PIX',
      pixReceived: {
        endToEndId: 'E60746948202611221405ABCDEF12345',
        amount: 123.45,
        paidAt: '2026-11-22T14:05:00.000Z',
        confirmedAt: null,
        refunded: 123.45,
        refundedAt: '2026-11-23T15:00:00.000Z',
      },
    });
    mockApi({ 'GET /api/orders/pix/80': { status: 409, body: { errors: ['Sem chave.'], code: 'PIX_KEY_MISSING' } } });
    renderPage(<OrderDetailsDialog open order={refunded} onClose={() => {}} />);
    expect(
      screen.getByText(
        /^Pix devolvido ao pagador: R\$ 123,45 de R\$ 123,45 em 23\/11\/2026 [\d:]+ \(E2E E60746948202611221405ABCDEF12345\)\. O pagamento foi estornado: confira o pedido antes de seguir\.$/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar Pix recebido' })).toBeNull();
  });
});
