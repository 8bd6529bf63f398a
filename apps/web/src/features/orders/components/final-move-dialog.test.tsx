import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { mockApi } from '../../../test/contract';
import { renderPage, signInAs } from '../../../test/render';
import { FinalMoveDialog } from './final-move-dialog';

/** A pickup of R$ 500,00 in cash waiting at the counter ('Aguardando cliente'). */
const pickup = makeOrderSummary({
  orderId: 60,
  code: 'P6X-4QR',
  status: 'Aguardando cliente',
  statusKey: 6,
  payment: 'Dinheiro',
  paymentMethod: 'CASH',
  total: 500,
  typeOfDelivery: 'Retirada na loja',
  deliveryType: 2,
});

describe("'Finalizar' a cash order at the counter (decision 0075)", () => {
  it("says 'Receber R$ 500,00 em dinheiro'; refused for a closed drawer, it keeps the dialog and offers 'Abrir caixa'", async () => {
    signInAs(['bo:manage:orders']);
    const refusal =
      'Abra o seu caixa para receber R$ 500,00 em dinheiro: o dinheiro entra no caixa de quem entrega o pedido.';
    const calls = mockApi({
      'POST /api/workflow/order/finalize': { status: 409, body: { errors: [refusal], code: 'CASH_DRAWER_CLOSED' } },
    });
    renderPage(<FinalMoveDialog move="finalize" order={pickup} onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Confirma a operação?' });
    expect(within(dialog).getByText('Receber R$ 500,00 em dinheiro: entra no seu caixa aberto.')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Abrir caixa' })).toBeNull();
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Cliente retirou');
    await user.click(within(dialog).getByRole('button', { name: 'Finalizar pedido' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/workflow/order/finalize')).toHaveLength(1));
    expect(await within(dialog).findByText(`${refusal} Abra o seu caixa em 'Caixa' e finalize de novo.`)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Abrir caixa' }).getAttribute('href')).toBe('/admin/cash');
  });

  it('a Pix order says nothing to receive', async () => {
    signInAs(['bo:manage:orders']);
    mockApi({});
    renderPage(
      <FinalMoveDialog
        move="finalize"
        order={{ ...pickup, paymentMethod: 'PIX', payment: 'Pix' }}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirma a operação?' });
    expect(within(dialog).queryByText(/Receber/)).toBeNull();
  });
});
