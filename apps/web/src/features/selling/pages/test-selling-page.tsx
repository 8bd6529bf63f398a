import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { mockApi } from '../../../test/contract';
import { type MockCall, renderPage, signInAs } from '../../../test/render';
import { CAPA, fakeSellingServer, JOANA, PELICULA } from '../test-data';
import SellingPage from './selling-page';

/** The selling page against a fake selling API, and the steps of a sale, for selling-page*.test.tsx. */

type User = ReturnType<typeof userEvent.setup>;
type Routes = Parameters<typeof mockApi>[0];

const SEARCH_PATH = '/api/shop/products/full/search';
const JOANA_EMAIL = encodeURIComponent(JOANA.email);
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The page against a fake selling API; `routes` override or add answers. */
export function openPage(routes: (server: ReturnType<typeof fakeSellingServer>) => Routes = () => ({})) {
  signInAs(['bo:manage:internal_sales'], 'Ana Atendente');
  const server = fakeSellingServer();
  const calls = mockApi({
    'GET /api/customers': { body: { customers: [JOANA], total: 1 } },
    [`GET ${SEARCH_PATH}/capa/email/${JOANA_EMAIL}`]: { body: { products: [CAPA] } },
    [`GET ${SEARCH_PATH}/vidro/email/${JOANA_EMAIL}`]: { body: { products: [PELICULA] } },
    [`GET ${SEARCH_PATH}/nada/email/${JOANA_EMAIL}`]: { body: { products: [] } },
    'GET /api/orders/pre/checkout/7': (call) => ({ body: server.preCheckout(call) }),
    'POST /api/orders/cart/add/7': (call) => {
      const { productId, quantity } = call.body as { productId: number; quantity: number };
      server.lines.set(productId, (server.lines.get(productId) ?? 0) + quantity);
      return { body: { message: 'Produto adicionado com sucesso', cart: server.cart() } };
    },
    'PATCH /api/orders/cart/change/7': (call) => {
      const { productId, newQuantity } = call.body as { productId: number; newQuantity: number };
      if (newQuantity > 0) {
        server.lines.set(productId, newQuantity);
        return { body: { message: 'Carrinho alterado com sucesso.', cart: server.cart() } };
      }
      server.lines.delete(productId);
      return { body: { message: 'Produto removido do carrinho.', cart: server.cart() } };
    },
    ...routes(server),
  });
  const user = userEvent.setup();
  const view = renderPage(<SellingPage />, { path: '/admin/selling', extraPaths: ['/admin/orders'] });
  return { user, calls, server, ...view };
}

/** Joana's cart with one Película already in it, opened (step 3). */
export async function openCartWithPelicula(user: User, server: ReturnType<typeof fakeSellingServer>) {
  server.lines.set(PELICULA.productId, 1);
  await pickJoana(user);
  await waitFor(() => expect(cartButton().disabled).toBe(false));
  await user.click(cartButton());
  return screen.findByRole('list', { name: 'Produtos no carrinho' });
}

export async function pickJoana(user: User) {
  await user.type(screen.getByLabelText('Pesquisar cliente por nome ou email'), 'joana{Enter}');
  await user.click(await screen.findByText('Joana Ouro'));
  await screen.findByText('Cliente selecionado:');
}

export async function addProduct(user: User, search: string, name: string, plusClicks = 0) {
  const field = screen.getByLabelText('Pesquisar produto por nome, tag, referencia ou marca');
  await user.clear(field);
  await user.type(field, `${search}{Enter}`);
  await user.click(await screen.findByRole('button', { name: `Adicionar ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Alterar quantidade' });
  for (let i = 0; i < plusClicks; i++)
    await user.click(within(dialog).getByRole('button', { name: 'Aumentar quantidade' }));
  await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

// hidden: also while a dialog hides the page from assistive technology
export const cartButton = () => screen.getByRole('button', { name: /^Carrinho/, hidden: true }) as HTMLButtonElement;
export const totals = () => screen.getByTestId('cart-totals').textContent ?? '';
export const sent = (calls: MockCall[], method: string, prefix: string) =>
  calls.filter((c) => c.method === method && c.url.startsWith(prefix));

export async function addProductExpectingFailure(user: User) {
  await user.type(screen.getByLabelText('Pesquisar produto por nome, tag, referencia ou marca'), 'capa{Enter}');
  await user.click(await screen.findByRole('button', { name: `Adicionar ${CAPA.name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Alterar quantidade' });
  await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
}
