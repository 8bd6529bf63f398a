import { randomUUID } from 'node:crypto';
import { splitInstalments } from '@backoffice/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart, type JourneyCustomer, journeyProduct, ownedBy, type PlacedOrder, packOrder } from './fixtures';
import {
  type ApiClient,
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  money,
  openBrowser,
  openPhone,
  pdfTextOf,
  screenshot,
  settled,
  waitForNetworkIdle,
} from './harness';

/**
 * Contas a receber (issue 40 §2): the manager gives a customer credit; the attendant sells him a product 'A prazo'
 * in 30/60 days for pickup at the store, and hands it over (prepared, packed with a photo, finalized), which makes
 * the sale's two instalments. Then, in the browser, the attendant finds the customer's first instalment in 'Contas a
 * receber', receives it by Pix, sees it 'Paga' and downloads its payment's receipt (PDF).
 *
 * The customer is the journey's own: the second oldest approved one of the customers journey's share (the customers
 * journey takes the newest ones first), to whom no other journey sells. The webhook's payment and a late one with its
 * fine and interest are the whole path's (credit-sale.spec.ts, on a shop of its own).
 */

interface Customer extends JourneyCustomer {
  status: string;
}

/** The customer's option in the filter: his name first (a name is text, not a pattern). */
const optionOf = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The second oldest approved, unblocked customer with a shipping cost of the customers journey's share. */
async function secondOldestOfTheShare(api: ApiClient): Promise<Customer> {
  const found: Customer[] = [];
  for (let page = 0; page < 50 && found.length < 2; page++) {
    const { customers } = await api.get<{ customers: Customer[] }>(`/customers?page=${page}&items=100&sort=id:asc`);
    found.push(
      ...customers
        .filter(ownedBy('customers'))
        .filter((c) => c.status === 'Approved' && !c.isBlocked && c.shippingCost > 0 && !/[%_]/.test(c.email)),
    );
    if (customers.length < 100) break;
  }
  const customer = found[1];
  if (!customer) throw new Error('no second approved customer in the customers share');
  return customer;
}

describe('contas a receber: a sale on credit handed over, its first instalment received by Pix, the receipt', () => {
  let s: BrowserSession;
  let page: Page;
  let customer: Customer;
  let order: PlacedOrder;
  let firstCents: number;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 900 });
    page = s.page;
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const manager = await apiAs(s.baseURL, DEMO.manager);
    const attendant = await apiAs(s.baseURL, DEMO.attendant);
    customer = await secondOldestOfTheShare(admin);
    // The manager gives him credit, as 'Alterar crédito' does: R$ 5.000,00 in 30/60 days.
    await manager.send('PUT', `/customers/${customer.id}/credit`, { limit: 5000, terms: ['30/60'] });
    const product = await journeyProduct(admin, { name: 'Fone Jornada Receber', cost: 90, sellPrice: 300, stock: 5 });
    // The attendant sells it to him 'A prazo' in 30/60, picked up at the store: within his limit, to the stocker.
    await emptyCart(attendant, customer.id);
    await attendant.send('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
    order = await attendant.send<PlacedOrder>('POST', `/orders/checkout/credit/${customer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      terms: '30/60',
      idempotencyKey: randomUUID(),
    });
    expect(order.statusKey).toBe(1);
    // Handed over at the counter by the moves an attendant may make: prepared, packed with a photo, finalized.
    await packOrder(attendant, order.orderId);
    await attendant.send('POST', '/workflow/order/finalize', { orderId: order.orderId });
    firstCents = splitInstalments(Math.round(order.total * 100), 2)[0] as number;
    await login(page, DEMO.attendant);
  });
  afterAll(() => s.close());

  it("finds the first instalment, receives it by Pix, sees it 'Paga' and downloads its receipt", async () => {
    // 'Contas a receber' in the attendant's menu; it opens on 'Em aberto'.
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Contas a receber' })
      .click();
    await page.getByRole('heading', { name: 'Contas a receber: Em aberto' }).waitFor();
    // The customer's instalments: his name typed in the filter.
    await page.getByRole('combobox', { name: 'Cliente' }).fill(customer.name);
    await page.getByRole('option', { name: optionOf(customer.name) }).click();
    const first = page.getByRole('row').filter({ hasText: order.code }).filter({ hasText: 'Parcela 1/2' });
    await first.waitFor();
    await page.getByRole('row').filter({ hasText: order.code }).filter({ hasText: 'Parcela 2/2' }).waitFor();
    expect(await first.textContent()).toContain('A vencer');
    expect(await first.textContent()).toContain(money(firstCents));
    await waitForNetworkIdle(page);
    await expectAccessible(page, 'contas a receber: lista');
    await settled(page);
    await screenshot(page, 'receivables-1-list-desktop');

    // 'Receber' by Pix: the amount it asks today is filled in.
    await first.getByRole('button', { name: `Receber a parcela 1/2 de ${customer.name}` }).click();
    const receive = page.getByRole('dialog', { name: `Receber a parcela 1/2 de ${customer.name}` });
    await receive.getByText(`Em aberto: ${money(firstCents)}`).waitFor();
    expect(await receive.getByLabel(/^Valor/).inputValue()).toBe(money(firstCents).replace('R$ ', ''));
    await receive.getByRole('combobox', { name: /Forma de recebimento/ }).click();
    await page.getByRole('option', { name: 'Pix', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expectAccessible(page, 'contas a receber: receber');
    await settled(page);
    await screenshot(page, 'receivables-2-receive-desktop');
    const sent = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith('/payments') && r.request().method() === 'POST',
    );
    await receive.getByRole('button', { name: 'Registrar recebimento' }).click();
    const answer = await sent;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await receive.waitFor({ state: 'detached' });

    // The instalment, paid, with its payment.
    const details = page.getByRole('dialog', { name: `Parcela 1/2 do pedido ${order.code}` });
    await details.getByText('Paga', { exact: true }).waitFor();
    await details.getByText(/ · Pix · Beatriz Atendente$/).waitFor();
    await expectAccessible(page, 'contas a receber: parcela paga');
    await settled(page);
    await screenshot(page, 'receivables-3-paid-desktop');

    // Its receipt: the PDF the server writes, downloaded with the token.
    const receipt = await pdfTextOf(page, () => details.getByRole('button', { name: 'Recibo' }).click());
    expect(receipt).toContain('Recibo');
    expect(receipt).toContain(customer.name);
    expect(receipt).toContain(money(firstCents));
    expect(receipt).toContain(order.code);

    // Out of 'Em aberto', in 'Recebidas' as 'Paga'.
    await details.getByRole('button', { name: 'Fechar' }).click();
    await details.waitFor({ state: 'detached' });
    await first.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Recebidas' }).click();
    await page.getByRole('heading', { name: 'Contas a receber: Recebidas' }).waitFor();
    await first.filter({ hasText: 'Paga' }).waitFor();
  });

  it('on a phone: the list and the receive dialog fit', async () => {
    const phone = await openPhone();
    try {
      await login(phone.page, DEMO.attendant);
      await phone.page.goto('/admin/receivables');
      await phone.page.getByRole('heading', { name: 'Contas a receber: Em aberto' }).waitFor();
      await phone.page.getByRole('combobox', { name: 'Cliente' }).fill(customer.name);
      await phone.page.getByRole('option', { name: optionOf(customer.name) }).click();
      const second = phone.page.getByRole('button', { name: `Receber a parcela 2/2 de ${customer.name}` }).first();
      await second.waitFor();
      await settled(phone.page);
      await screenshot(phone.page, 'receivables-4-list-phone');
      // No sideways scroll of the page itself: the table scrolls inside its own box.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await second.click();
      await phone.page.getByRole('dialog', { name: `Receber a parcela 2/2 de ${customer.name}` }).waitFor();
      await settled(phone.page);
      await screenshot(phone.page, 'receivables-5-receive-phone');
    } finally {
      await phone.close();
    }
  });
});
