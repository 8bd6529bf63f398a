import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart, type JourneyCustomer, type JourneyProduct, journeyProduct, ownedBy } from './fixtures';
import {
  type ApiClient,
  addToCart,
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  money,
  openBrowser,
  screenshot,
  settled,
  tick,
  waitForNetworkIdle,
} from './harness';

/**
 * A sale on credit above the customer's limit (issue 40 §1): the manager gives a customer a limit of R$ 1.000,00
 * with the plans '28' and '30/60/90'; the attendant sells him two notebooks (more than R$ 1.200,00) 'A prazo' in
 * 30/60/90 days, and the confirmation says the sale waits for a manager; the manager finds it in 'Aguardando
 * aprovação de crédito' on Pedidos, approves it with a reason in 'Crédito', and it goes on to 'Aguardando estoquista'.
 *
 * The customer is the journey's own: the oldest approved one of the customers journey's share, which that journey
 * never reaches (it takes the newest ones first), and to whom no other journey sells.
 */

interface Customer extends JourneyCustomer {
  status: string;
}

/** The oldest approved, unblocked customer with a shipping cost of the customers journey's share. */
async function oldestOfTheShare(api: ApiClient): Promise<Customer> {
  for (let page = 0; page < 50; page++) {
    const { customers } = await api.get<{ customers: Customer[] }>(`/customers?page=${page}&items=100&sort=id:asc`);
    const found = customers
      .filter(ownedBy('customers'))
      .find((c) => c.status === 'Approved' && !c.isBlocked && c.shippingCost > 0 && !/[%_]/.test(c.email));
    if (found) return found;
    if (customers.length < 100) break;
  }
  throw new Error('no approved customer in the customers share');
}

const cents = (reais: number) => Math.round(reais * 100);
const HELD = 'Aguardando aprovação de crédito';

describe("credit sale: above the limit it waits for the manager, who approves it in 'Crédito'", () => {
  let attendant: BrowserSession;
  let customer: Customer;
  let product: JourneyProduct;
  let code: string;
  let totalCents: number;
  let unitCents: number;

  beforeAll(async () => {
    attendant = await openBrowser({ width: 1366, height: 900 });
    const manager = await apiAs(attendant.baseURL, DEMO.manager);
    const admin = await apiAs(attendant.baseURL, DEMO.admin);
    customer = await oldestOfTheShare(admin);
    // The manager gives him credit, as 'Alterar crédito' does: R$ 1.000,00, in 28 days or 30/60/90.
    await manager.send('PUT', `/customers/${customer.id}/credit`, { limit: 1000, terms: ['28', '30/60/90'] });
    // R$ 650,00 (cost R$ 600,00): two pass the limit at any level's price, whatever he owes.
    product = await journeyProduct(admin, { name: 'Notebook Jornada Crédito', cost: 600, sellPrice: 650, stock: 10 });
    await emptyCart(admin, customer.id);
    // His level's price, as Vendas shows it.
    const attendantApi = await apiAs(attendant.baseURL, DEMO.attendant);
    const { products } = await attendantApi.get<{ products: { productId: number; priceDiscounted: number }[] }>(
      `/shop/products/full/search/${encodeURIComponent(product.code)}/email/${encodeURIComponent(customer.email)}`,
    );
    unitCents = cents(products.find((p) => p.productId === product.id)?.priceDiscounted ?? Number.NaN);
    expect(2 * unitCents).toBeGreaterThan(cents(1000));
  });
  afterAll(() => attendant.close());

  it("the attendant sells him more than R$ 1.000,00 'A prazo' in 30/60/90: the sale waits for credit approval", async () => {
    const { page } = attendant;
    await login(page, DEMO.attendant);
    await page.goto('/admin/selling');
    const search = page.getByLabel('Pesquisar cliente por nome ou email');
    await search.fill(customer.email);
    await search.press('Enter');
    await page.getByRole('row').filter({ hasText: customer.email }).click();
    await page.getByText('Cliente selecionado:').waitFor();
    await addToCart(page, product, 2);
    await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
    await page.getByRole('heading', { name: `Produtos no carrinho de: ${customer.name}` }).waitFor();

    const payments = page.getByRole('group', { name: 'Meios de pagamento' });
    await payments.getByRole('radio', { name: 'A prazo' }).check();
    const finish = page.getByRole('button', { name: 'Finalizar Pedido' });
    // Two plans: none is chosen for her.
    await page.getByText('Escolha um dos prazos liberados para o cliente.').waitFor();
    expect(await finish.isDisabled()).toBe(true);
    await page.getByText(`Limite de crédito do cliente: ${money(100000)}.`, { exact: false }).waitFor();
    await page.getByRole('combobox', { name: /^Prazo/ }).click();
    const options = page.getByRole('listbox').getByRole('option');
    expect(await options.allTextContents()).toEqual(['28 dias', '30/60/90 dias']);
    await options.filter({ hasText: '30/60/90 dias' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });

    const goods = 2 * unitCents;
    const totals = page.getByTestId('cart-totals');
    await totals.getByText(money(goods), { exact: true }).first().waitFor();
    totalCents = goods + cents(customer.shippingCost);
    await expect.poll(async () => (await totals.textContent()) ?? '').toContain(`Total${money(totalCents)}`);
    await expect.poll(() => finish.isEnabled()).toBe(true);
    await waitForNetworkIdle(page);
    await expectAccessible(page, 'vendas: a prazo');
    await settled(page);
    await screenshot(page, 'credit-sale-1-cart-desktop');

    const placed = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === `/api/orders/checkout/credit/${customer.id}` && r.request().method() === 'POST',
    );
    await finish.click();
    const answer = await placed;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ terms: '30/60/90', expectedTotal: totalCents / 100 });
    await page.getByRole('heading', { name: `Ordem para: ${customer.name} concluída` }).waitFor();
    expect(await page.getByTestId('payment-due').textContent()).toBe('Venda a prazo em 30/60/90 dias.');
    const held = page.getByTestId('credit-held');
    expect(await held.textContent()).toContain(HELD);
    expect(await held.textContent()).toContain('A venda espera um gerente aprovar o crédito');
    code = ((await page.getByTestId('order-code').textContent()) ?? '').trim();
    expect(code).not.toBe('');
    await expectAccessible(page, 'vendas: venda a prazo aguardando aprovação');
    await settled(page);
    await screenshot(page, 'credit-sale-2-held-desktop');
  });

  it("the manager approves it in Pedidos ('Crédito', a reason): the order goes to 'Aguardando estoquista'", async () => {
    const manager = await openBrowser({ width: 1366, height: 900 });
    try {
      const page: Page = manager.page;
      await login(page, DEMO.manager);
      await page.goto('/admin/orders');
      await page.getByRole('button', { name: new RegExp(`^\\d+ ${HELD}$`) }).click();
      await page.getByRole('heading', { name: `Pedidos: ${HELD}` }).waitFor();
      const row = page.getByRole('grid').getByRole('row').filter({ hasText: code });
      await row.waitFor();
      await tick(page, row.getByRole('checkbox'));
      const credit = page.getByRole('button', { name: 'Crédito', exact: true });
      await expect.poll(() => credit.isEnabled()).toBe(true);
      await credit.click();

      const dialog = page.getByRole('dialog', { name: `Aprovação de crédito — pedido ${code}` });
      await dialog.getByText(money(totalCents), { exact: true }).waitFor();
      await dialog.getByText(customer.name, { exact: true }).waitFor();
      // Why it waits: the checkout's note in the order's history.
      await dialog
        .getByText(`o limite é ${money(100000)}. Aguardando aprovação de crédito.`, { exact: false })
        .waitFor();
      // The reason is required.
      await dialog.getByRole('button', { name: 'Aprovar crédito' }).click();
      await dialog.getByText('Preencha o campo').waitFor();
      await dialog.getByLabel(/^Motivo/).fill('Cliente antigo, paga em dia; limite será revisto');
      await expectAccessible(page, 'pedidos: aprovação de crédito');
      await settled(page);
      await screenshot(page, 'credit-sale-3-approval-desktop');

      const approved = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/workflow/order/approve-credit' && r.request().method() === 'PATCH',
      );
      await dialog.getByRole('button', { name: 'Aprovar crédito' }).click();
      expect((await approved).status()).toBe(200);
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('alert').filter({ hasText: 'Pedido alterado com sucesso.' }).first().waitFor();
      // Gone from the held orders; found by its code, it waits for the stocker.
      await row.waitFor({ state: 'detached' });
      await page.getByLabel('Código do pedido').fill(code);
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      const found = page.getByRole('grid').getByRole('row').filter({ hasText: code });
      await found.getByText('Aguardando estoquista', { exact: true }).waitFor();
      await waitForNetworkIdle(page);
      await settled(page);
      await screenshot(page, 'credit-sale-4-approved-desktop');
    } finally {
      await manager.close();
    }
  });
});
