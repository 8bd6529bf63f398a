import { DELIVERY_TYPE_LABELS } from '@backoffice/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { CAPA, fakeSellingServer, JOANA } from '../test-data';
import SellingPage from './selling-page';

/*
 * A counter customer without an address (issue 54 item 7, decision 0073): the pre-checkout says `addressMissing`,
 * the cart turns the delivery into pickup, disables 'Motoboy' and says why (the server refuses a delivery: 409).
 */

afterEach(() => vi.unstubAllGlobals());

async function openCart(addressMissing: boolean) {
  signInAs(['bo:manage:internal_sales'], 'Ana Atendente');
  const server = fakeSellingServer();
  server.lines.set(CAPA.productId, 1);
  const calls = mockFetch({
    'GET /api/customers': { body: { customers: [JOANA], total: 1 } },
    'GET /api/orders/pre/checkout/7': (call: MockCall) => {
      const answer = server.preCheckout(call);
      return { body: addressMissing ? { ...answer, customer: { ...answer.customer, addressMissing } } : answer };
    },
    'GET /api/customers/7/credit': { status: 404, body: { errors: ['Não encontrado.'], code: 'NOT_FOUND' } },
  });
  const user = userEvent.setup();
  renderPage(<SellingPage />, { path: '/admin/selling', extraPaths: ['/admin/orders'] });
  await user.type(screen.getByLabelText('Pesquisar cliente por nome ou email'), 'joana{Enter}');
  await user.click(await screen.findByText('Joana Ouro'));
  const cart = () => screen.getByRole('button', { name: /^Carrinho/, hidden: true }) as HTMLButtonElement;
  await waitFor(() => expect(cart().disabled).toBe(false));
  await user.click(cart());
  await screen.findByRole('heading', { name: 'Produtos no carrinho de: Joana Ouro' });
  return { calls };
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const ADDRESS_MESSAGE =
  'Joana Ouro não tem endereço cadastrado: complete o endereço do cliente para entregar por motoboy, ou escolha retirada na loja.';

describe('Vendas: a customer without an address (decision 0073)', () => {
  it("turns the delivery into pickup, 'Motoboy' disabled with the reason", async () => {
    const { calls } = await openCart(true);
    expect(await screen.findByText(ADDRESS_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(radio(DELIVERY_TYPE_LABELS[2]).checked).toBe(true));
    expect(radio(DELIVERY_TYPE_LABELS[1]).disabled).toBe(true);
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.startsWith('/api/orders/pre/checkout/7') && c.url.includes('typeOfDelivery=2')),
      ).toBe(true),
    );
  });

  it("a customer with an address keeps 'Motoboy'", async () => {
    await openCart(false);
    await waitFor(() => expect(radio(DELIVERY_TYPE_LABELS[1]).checked).toBe(true));
    expect(radio(DELIVERY_TYPE_LABELS[1]).disabled).toBe(false);
    expect(screen.queryByText(ADDRESS_MESSAGE)).toBeNull();
  });
});
