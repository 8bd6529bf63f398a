import {
  type CheckoutResponse,
  type CustomerCredit,
  checkoutResponseSchema,
  customerCreditSchema,
} from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { CAPA, fakeSellingServer, JOANA } from '../test-data';
import SellingPage from './selling-page';

/*
 * 'A prazo' in Vendas (issue 40 §1). The credit's routes (GET /customers/{id}/credit, POST
 * /orders/checkout/credit/{id}) are mocked with `mockFetch`; their answers go through the contract's schemas here.
 */

type User = ReturnType<typeof userEvent.setup>;

const credit = (limit: number | null, terms: number[][]): CustomerCredit =>
  customerCreditSchema.parse({ customerId: JOANA.id, limit, terms, updatedAt: null, updatedBy: null });
const WITH_CREDIT = credit(1000, [[28], [30, 60, 90]]);

const placed = (statusKey: number): CheckoutResponse =>
  checkoutResponseSchema.parse({
    code: 'CRD-017',
    orderId: 51,
    statusKey,
    total: 1249.56,
    paymentMethod: 'CREDIT',
    deliveryType: 1,
    replayed: false,
  });

/** Joana's cart with one Capa (R$ 1.234,56 + R$ 15,00 shipping), opened; `answer` is her credit's. */
async function openCart(answer: { status?: number; body?: unknown }, checkout?: CheckoutResponse) {
  signInAs(['bo:manage:internal_sales'], 'Ana Atendente');
  const server = fakeSellingServer();
  server.lines.set(CAPA.productId, 1);
  const calls = mockFetch({
    'GET /api/customers': { body: { customers: [JOANA], total: 1 } },
    'GET /api/orders/pre/checkout/7': (call: MockCall) => ({ body: server.preCheckout(call) }),
    'GET /api/customers/7/credit': answer,
    ...(checkout ? { 'POST /api/orders/checkout/credit/7': { body: checkout } } : {}),
  });
  const user = userEvent.setup();
  const { queryClient } = renderPage(<SellingPage />, { path: '/admin/selling', extraPaths: ['/admin/orders'] });
  await user.type(screen.getByLabelText('Pesquisar cliente por nome ou email'), 'joana{Enter}');
  await user.click(await screen.findByText('Joana Ouro'));
  const cart = () => screen.getByRole('button', { name: /^Carrinho/, hidden: true }) as HTMLButtonElement;
  await waitFor(() => expect(cart().disabled).toBe(false));
  await user.click(cart());
  await screen.findByRole('heading', { name: 'Produtos no carrinho de: Joana Ouro' });
  /** Every read answered (the credit's too): what is not offered by then is not offered. */
  const settled = () => waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return { user, calls, settled };
}

const payments = () => within(screen.getByRole('group', { name: 'Meios de pagamento' }));
const creditCalls = (calls: MockCall[]) => calls.filter((c) => c.url.startsWith('/api/customers/7/credit'));
const finish = () => screen.getByRole('button', { name: 'Finalizar Pedido' }) as HTMLButtonElement;

async function choosePlan(user: User, plan: string) {
  await user.click(screen.getByRole('combobox', { name: /^Prazo/ }));
  await user.click(await screen.findByRole('option', { name: plan }));
}

afterEach(() => vi.unstubAllGlobals());

describe("Vendas: 'A prazo' (issue 40 §1)", () => {
  it.each([
    ['without a limit', credit(null, [])],
    ['with a limit but no plan', credit(1000, [])],
  ])('is not offered to a customer %s: Dinheiro, Depósito, Pix and Cartão only', async (_label, body) => {
    const { calls, settled } = await openCart({ body: { data: body } });
    await settled();
    expect(creditCalls(calls)).toHaveLength(1);
    expect(payments().getByRole('radio', { name: 'Dinheiro' })).toBeTruthy();
    expect(payments().getByRole('radio', { name: 'Cartão' })).toBeTruthy();
    expect(payments().queryByRole('radio', { name: 'A prazo' })).toBeNull();
  });

  it('is not offered when the credit cannot be read', async () => {
    const { calls, settled } = await openCart({ status: 403, body: { errors: ['Sem permissão.'], code: 'FORBIDDEN' } });
    await settled();
    expect(creditCalls(calls)).toHaveLength(1);
    expect(payments().queryByRole('radio', { name: 'A prazo' })).toBeNull();
  });

  it('shows what he already owes beside his limit (issue 54 §6)', async () => {
    const owing = customerCreditSchema.parse({
      ...WITH_CREDIT,
      limit: 15000,
      exposure: { undelivered: 2189.15, openInstalments: 30000, total: 32189.15, available: -17189.15 },
    });
    const { user } = await openCart({ body: { data: owing } });
    await user.click(await payments().findByRole('radio', { name: 'A prazo' }));
    expect(
      screen.getByText(
        'Limite de crédito do cliente: R$ 15.000,00; ele já deve R$ 32.189,15. Se a venda, somada ao que ele já deve, passar do limite, ela aguarda a aprovação de um gerente.',
      ),
    ).toBeTruthy();
  });

  it("offers his plans; the checkout posts the plan as '30/60/90'; a held sale says it waits for a manager", async () => {
    const { user, calls } = await openCart({ body: { data: WITH_CREDIT } }, placed(17));
    await user.click(await payments().findByRole('radio', { name: 'A prazo' }));
    // Two plans: none is chosen for the seller, and the order waits for one.
    expect(screen.getByText('Escolha um dos prazos liberados para o cliente.')).toBeTruthy();
    expect(screen.getByText(/^Limite de crédito do cliente: R\$ 1\.000,00\./)).toBeTruthy();
    expect(finish().disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: /^Prazo/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['28 dias', '30/60/90 dias']);
    await user.click(screen.getByRole('option', { name: '30/60/90 dias' }));
    await waitFor(() => expect(finish().disabled).toBe(false));

    await user.click(finish());
    expect(await screen.findByRole('heading', { name: 'Ordem para: Joana Ouro concluída' })).toBeTruthy();
    const checkouts = calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/orders/checkout/'));
    expect(checkouts.map((c) => c.url)).toEqual(['/api/orders/checkout/credit/7']);
    expect(checkouts[0]?.body).toMatchObject({
      typeOfDelivery: 1,
      withWarranty: false,
      isFastDelivery: false,
      expectedTotal: 1249.56,
      terms: '30/60/90',
    });
    expect(screen.getByTestId('payment-due').textContent).toBe('Venda a prazo em 30/60/90 dias.');
    const held = screen.getByTestId('credit-held');
    expect(held.textContent).toContain('Aguardando aprovação de crédito');
    expect(held.textContent).toContain('A venda espera um gerente aprovar o crédito');
  });

  it('a sale within the limit goes on: its plan, no approval to wait for; leaving A prazo drops the plan', async () => {
    const { user, calls } = await openCart({ body: { data: WITH_CREDIT } }, placed(1));
    await user.click(await payments().findByRole('radio', { name: 'A prazo' }));
    await choosePlan(user, '28 dias');
    // Cash and back: the plan is chosen again (it belongs to 'A prazo' only).
    await user.click(payments().getByRole('radio', { name: 'Dinheiro' }));
    expect(screen.queryByRole('combobox', { name: /^Prazo/ })).toBeNull();
    await user.click(payments().getByRole('radio', { name: 'A prazo' }));
    expect(finish().disabled).toBe(true);
    await choosePlan(user, '28 dias');
    await waitFor(() => expect(finish().disabled).toBe(false));
    await user.click(finish());
    expect(await screen.findByText('Venda a prazo em 28 dias.')).toBeTruthy();
    expect(screen.queryByTestId('credit-held')).toBeNull();
    const body = calls.find((c) => c.url === '/api/orders/checkout/credit/7')?.body as Record<string, unknown>;
    expect(body.terms).toBe('28');
    expect(body).not.toHaveProperty('changeFor');
  });

  it('a customer with one plan has it chosen at once', async () => {
    const { user } = await openCart({ body: { data: credit(500, [[30, 60, 90]]) } });
    await user.click(await payments().findByRole('radio', { name: 'A prazo' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Prazo/ }).textContent).toBe('30/60/90 dias'));
    await waitFor(() => expect(finish().disabled).toBe(false));
  });
});
