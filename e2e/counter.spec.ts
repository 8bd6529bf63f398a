import { formatDocument } from '@backoffice/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_JOURNEY_DOMAIN, emptyCart, fillRegistration, newProduct } from './fixtures';
import {
  type ApiClient,
  addToCart,
  type BrowserSession,
  DEMO,
  expectAccessible,
  freshCpf,
  login,
  money,
  openDesk,
  openPhone,
  screenshot,
  unique,
} from './harness';

/**
 * The counter (issue 38 §1): an attendant registers a customer by hand inside Vendas and sells to him at once; a
 * walk-in ('Consumidor final') buys at the counter, pickup only, with his CPF on the note. The customers and the
 * products are the journey's own (registered here; created through the API).
 */

describe('the counter: a customer registered by hand inside Vendas, and a walk-in sale', () => {
  let s: BrowserSession;
  let page: Page;
  let admin: ApiClient;
  let api: ApiClient;

  beforeAll(async () => {
    ({ s, page, api, admin } = await openDesk(DEMO.attendant));
  });
  afterAll(() => s.close());

  it('registers a customer inside Vendas, who is selected at once, and places his order', async () => {
    // R$ 59,90 (the journey product's list price; no level) + R$ 12,50 freight = R$ 72,40.
    const product = await newProduct(admin, 'balcão cadastro');
    const person = {
      name: unique('Cliente Balcão'),
      email: `${unique('balcao').replace(' ', '.')}@${COUNTER_JOURNEY_DOMAIN}`,
      cpf: freshCpf(),
    };

    await page.goto('/admin/selling');
    await page.getByRole('button', { name: 'Cadastrar cliente' }).click();
    const dialog = await fillRegistration(page, person);
    // A wrong check digit is said under the field, before anything is sent.
    await dialog.getByLabel('CPF ou CNPJ').fill('111.444.777-36');
    await dialog.getByLabel('Telefone com DDD').click();
    await dialog.getByText('CPF ou CNPJ inválido').waitFor();
    await dialog.getByLabel('CPF ou CNPJ').fill(formatDocument(person.cpf));
    await expectAccessible(page, 'vendas: cadastrar cliente');
    await screenshot(page, 'counter-1-register-in-selling-desktop');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Cliente selecionado:').waitFor();
    await page.getByText(person.name).first().waitFor();

    // Approved at once: in the active list, by the attendant.
    const registered = await api.get<{ data: { id: number; approvedBy: { name: string } | null; status: string } }>(
      `/administrator/customer/${encodeURIComponent(person.email)}`,
    );
    expect(registered.data).toMatchObject({ status: 'Approved', approvedBy: { name: 'Beatriz Atendente' } });

    await addToCart(page, product, 1);
    await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
    const totals = page.getByTestId('cart-totals');
    await totals.getByText(money(5990 + 1250), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await page.getByRole('heading', { name: `Ordem para: ${person.name} concluída` }).waitFor();
    const code = ((await page.getByTestId('order-code').textContent()) ?? '').trim();
    const order = (await api.get<{ data: Record<string, unknown> }>(`/orders/${code}`)).data;
    expect(order).toMatchObject({ customerId: registered.data.id, deliveryType: 1, total: 72.4 });

    // The same CPF again: refused, the customer who has it offered and sold to.
    await page.getByRole('button', { name: 'Nova venda' }).click();
    await page.getByRole('button', { name: 'Cadastrar cliente' }).click();
    const again = await fillRegistration(page, { ...person, email: `outro.${person.email}` });
    await again.getByRole('button', { name: 'Cadastrar' }).click();
    const refusal = again.getByRole('alert').filter({ hasText: 'Cliente já cadastrado' });
    await refusal.getByText(`Já existe um cliente com este CPF/CNPJ: ${person.name}.`).waitFor();
    await refusal.getByRole('button', { name: 'Vender para este cliente' }).click();
    await page.getByText('Cliente selecionado:').waitFor();
    await page.getByText(person.name).first().waitFor();
  });

  it("sells to a walk-in ('Consumidor final'): pickup only, his CPF on the note checked and kept", async () => {
    // 2 × R$ 59,90 = R$ 119,80, no freight at the counter.
    const product = await newProduct(admin, 'balcão consumidor');
    const walkIn = (await api.send<{ data: { id: number } }>('POST', '/customers/walk-in')).data;
    await emptyCart(api, walkIn.id);

    await page.goto('/admin/selling');
    await page.getByRole('button', { name: 'Consumidor final' }).waitFor();
    await expectAccessible(page, 'vendas: atalhos do balcão');
    await screenshot(page, 'counter-0-selling-start-desktop');
    await page.getByRole('button', { name: 'Consumidor final' }).click();
    await page.getByText('Cliente selecionado:').waitFor();
    await addToCart(page, product, 2);
    await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
    await page.getByRole('heading', { name: 'Produtos no carrinho de: Consumidor final' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Motoboy' }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Retirada na loja' }).isChecked()).toBe(true);
    await page.getByText('Venda para consumidor final: somente retirada na loja.').waitFor();
    const totals = page.getByTestId('cart-totals');
    await totals.getByText(money(11980), { exact: true }).first().waitFor();
    // No 'Frete' line at the counter: products and total alike.
    expect(await totals.textContent()).toBe(`Produtos${money(11980)}Total${money(11980)}`);

    const note = page.getByLabel('CPF/CNPJ na nota (opcional)');
    await note.fill('111.444.777-36');
    await page.getByText('CPF/CNPJ na nota inválido: confira os dígitos.').waitFor();
    expect(await page.getByRole('button', { name: 'Finalizar Pedido' }).isDisabled()).toBe(true);
    await note.fill('111.444.777-35');
    await expectAccessible(page, 'vendas: consumidor final');
    await screenshot(page, 'counter-2-walk-in-cart-desktop');
    await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await page.getByRole('heading', { name: 'Ordem para: Consumidor final concluída' }).waitFor();
    const code = ((await page.getByTestId('order-code').textContent()) ?? '').trim();
    const summary = (await api.get<{ data: { orderId: number } & Record<string, unknown> }>(`/orders/${code}`)).data;
    expect(summary).toMatchObject({
      customerId: walkIn.id,
      customer: 'Consumidor final',
      deliveryType: 2,
      total: 119.8,
    });
    const detail = (await api.get<{ data: Record<string, unknown> }>(`/orders/by-id/${summary.orderId}`)).data;
    expect(detail.customerDocument).toBe('111.444.777-35');

    // The walk-in is in no customers list.
    const search = await api.get<{ customers: unknown[] }>('/customers/full-search?param=consumidor%20final');
    expect(search.customers).toEqual([]);
  });

  it("shows 'Cadastrar cliente' on Clientes, at desktop and phone size", async () => {
    await page.goto('/admin/customers');
    await page.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await page.getByRole('dialog', { name: 'Cadastrar cliente' }).waitFor();
    await expectAccessible(page, 'clientes: cadastrar cliente');
    await screenshot(page, 'counter-3-register-desktop');
    await page.getByRole('button', { name: 'Fechar' }).click();

    const phone = await openPhone();
    try {
      await login(phone.page, DEMO.attendant);
      await phone.page.goto('/admin/customers');
      await phone.page.getByRole('button', { name: 'Cadastrar cliente' }).click();
      const dialog = phone.page.getByRole('dialog', { name: 'Cadastrar cliente' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cadastrar' }).click();
      await dialog.getByText('Informe o nome do cliente').waitFor();
      await screenshot(phone.page, 'counter-4-register-phone');
    } finally {
      await phone.close();
    }
  });
});
