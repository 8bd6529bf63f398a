import { formatBRL } from '@backoffice/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart, journeyCustomer, newProduct } from './fixtures';
import {
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  pageApi,
  pdfTextOf,
  screenshot,
} from './harness';

/** Calls the API with the signed-in page's token; anything but 2xx throws. */
const ok = <T>(page: Page, method: string, url: string, body?: unknown) => pageApi(page).send<T>(method, url, body);

interface Checkout {
  orderId: number;
  code: string;
  statusKey: number;
  total: number;
}

/** The journey's own customer (its share of the demo's), with a new product of its own in the cart. */
async function customerAndProduct(page: Page, nth: number) {
  const api = pageApi(page);
  const customer = await journeyCustomer(api, 'payments', { nth });
  const product = await newProduct(api, 'pagamentos');
  await emptyCart(api, customer.id);
  await api.send('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
  return { customer, product };
}

/** A picture with content (a proof is never one flat colour): stripes, as a PNG made by the browser. */
async function proofPicture(page: Page, seed: number): Promise<string> {
  return page.evaluate((seed) => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 90;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    for (let x = 0; x < 120; x += 6) {
      context.fillStyle = `hsl(${(x * seed * 37) % 360} 70% ${30 + ((x * seed) % 50)}%)`;
      context.fillRect(x, 0, 6, 90);
    }
    return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
  }, seed);
}

/**
 * A proof as a bank app draws one (a coloured header, lines of text as bars, a round logo), as a JPEG made by
 * the browser; `mirrored` draws the same proof flipped left to right (issue 34 §3: a proof sent again altered).
 */
async function bankProof(page: Page, mirrored: boolean): Promise<string> {
  return page.evaluate((mirrored) => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 640;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    if (mirrored) context.setTransform(-1, 0, 0, 1, 360, 0);
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 360, 640);
    context.fillStyle = '#820ad1';
    context.fillRect(0, 0, 360, 84);
    context.fillStyle = '#222';
    let state = 77;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    for (let y = 130; y < 600; ) {
      const height = 8 + next() * 14;
      context.fillRect(20 + next() * 30, y, 60 + next() * 240, height);
      y += height + 10 + next() * 30;
    }
    context.fillStyle = '#f5a623';
    context.beginPath();
    context.arc(250, 420, 40, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/jpeg', 0.9).replace(/^data:image\/jpeg;base64,/, '');
  }, mirrored);
}

/** Transfer sales of the journey's customers `nth`, each with its proof picture: they wait for approval. */
async function transferOrders(page: Page, proofs: Array<[nth: number, receipt: string]>): Promise<Checkout[]> {
  const orders: Checkout[] = [];
  for (const [nth, receipt] of proofs) {
    const { customer } = await customerAndProduct(page, nth);
    orders.push(
      await ok<Checkout>(page, 'POST', `/orders/checkout/bank/transfer/${customer.id}`, {
        typeOfDelivery: 2,
        withWarranty: false,
        isFastDelivery: false,
        receipt,
      }),
    );
  }
  return orders;
}

/** Runs `steps` on a phone signed in as the administrator, closed afterwards. */
async function onPhone(steps: (page: Page) => Promise<void>): Promise<void> {
  const phone = await openPhone();
  try {
    await login(phone.page, DEMO.admin);
    await steps(phone.page);
  } finally {
    await phone.close();
  }
}

/** Searches the orders screen by code: the row is found and selected. */
async function findOrder(page: Page, code: string): Promise<void> {
  await page.getByLabel('Código do pedido').fill(code);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: code });
  await row.waitFor();
  await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(true);
}

/** The count a status card shows ('12 Processando' → 12). */
async function cardCount(page: Page, status: string): Promise<number> {
  const text = await page.getByRole('button', { name: new RegExp(`^[\\d.]+ ${status}$`) }).textContent();
  return Number((text ?? '').split(' ')[0]?.replace(/\./g, ''));
}

describe('payments: a Pix sale confirmed by the bank, and a proof used twice', () => {
  let s: BrowserSession;
  let page: Page;
  let secret: string;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 900 });
    page = s.page;
    await login(page, DEMO.admin);
    secret = (await ok<{ data: { secret: string } }>(page, 'GET', '/payments/pix/webhook')).data.secret;
    // 'Pix automático' on: the bank's Pix confirms the order by itself.
    await ok(page, 'PATCH', '/companies/settings', { companyId: 1, enablePixAuto: true });
  });
  /**
   * The bank's webhook over HTTP, as it is called from outside: a Pix of `total` for the order `code` (its
   * txid), with an E2E id of its own (`tag` keeps the tests' apart); answers that E2E id.
   */
  const bankPays = async (code: string, total: number, tag: string) => {
    const endToEndId =
      `E60746948${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${tag}${Date.now() % 100_000_000}`
        .padEnd(32, '0')
        .slice(0, 32)
        .toUpperCase();
    const answer = await fetch(`${s.baseURL}/api/payments/pix/webhook/${secret}/pix`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        pix: [{ endToEndId, txid: code.replace('-', ''), valor: total.toFixed(2), horario: new Date().toISOString() }],
      }),
    });
    expect(await answer.json()).toEqual({ received: 1, repeated: 0, ignored: 0, refunded: 0 });
    return endToEndId;
  };

  afterAll(async () => {
    await ok(page, 'PATCH', '/companies/settings', { companyId: 1, enablePixAuto: false });
    await s.close();
  });

  it("sells with the order's own Pix, and the bank's webhook moves the order on the open orders screen", async () => {
    const { customer } = await customerAndProduct(page, 0);
    await page.goto('/admin/selling');
    const search = page.getByLabel('Pesquisar cliente por nome ou email');
    await search.fill(customer.email);
    await search.press('Enter');
    await page.getByRole('row').filter({ hasText: customer.email }).click();
    await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
    await page.getByRole('radio', { name: 'Pix', exact: true }).check();
    await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
    const code = (await page.getByTestId('order-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
    const payload = await page.getByLabel('Pix copia e cola').inputValue();
    // The order's own txid (its code without the dash) is in the BR Code's field 62-05.
    expect(payload).toContain(`05${String(code.length - 1).padStart(2, '0')}${code.replace('-', '')}`);
    await expectAccessible(page, 'vendas: pedido concluído com Pix');
    await screenshot(page, 'payments-pix-sale');

    const order = (
      await ok<{ data: { orderId: number; statusKey: number; total: number } }>(page, 'GET', `/orders/${code}`)
    ).data;
    expect(order.statusKey).toBe(9);

    await page.goto('/admin/orders');
    await page.getByRole('button', { name: /^[\d.]+ Processando$/ }).click();
    await page.getByRole('heading', { name: 'Pedidos: Processando' }).waitFor();
    const row = page.getByRole('grid').getByRole('row').filter({ hasText: code });
    await row.waitFor();
    const waitingBefore = await cardCount(page, 'Aguardando estoquista');

    // The bank calls the webhook over HTTP, as it would from outside.
    await bankPays(code, order.total, 'Pay');

    // Live: the order leaves 'Processando' and the stocker's card counts it, without a reload.
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => cardCount(page, 'Aguardando estoquista')).toBe(waitingBefore + 1);
    await screenshot(page, 'payments-pix-confirmed-live');
  });

  it('refuses in the approval dialog an E2E id another order was approved with', async () => {
    const [first, second] = (await transferOrders(page, [
      [1, await proofPicture(page, 1)],
      [2, await proofPicture(page, 2)],
    ])) as [Checkout, Checkout];
    const endToEndId =
      `E00000000${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}Rep${Date.now() % 100_000_000}`
        .padEnd(32, '0')
        .slice(0, 32);
    await ok(page, 'PATCH', '/workflow/order/approve', { orderId: first.orderId, endToEndId });

    await page.goto('/admin/orders');
    await page.getByLabel('Código do pedido').fill(second.code);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const row = page.getByRole('grid').getByRole('row').filter({ hasText: second.code });
    await row.waitFor();
    await page.getByRole('button', { name: 'Aprovar/Reprovar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Aprovar ou reprovar o pedido ${second.code}` });
    await dialog.getByRole('img', { name: `Comprovante do pedido ${second.code}` }).waitFor();
    await dialog.getByLabel('ID da transação (E2E)').fill(endToEndId);
    await dialog.getByText(/^Pago pelo Banco do Brasil em /).waitFor();
    await dialog.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await dialog.getByText(`Este comprovante já foi usado no pedido ${first.code}.`).waitFor();
    await expectAccessible(page, 'Aprovar ou reprovar: comprovante repetido');
    await screenshot(page, 'payments-proof-reused');
    expect(
      (await ok<{ data: { statusKey: number } }>(page, 'GET', `/orders/by-id/${second.orderId}`)).data.statusKey,
    ).toBe(11);
  });

  it('flags in the approval dialog a proof sent again mirrored, for review, on a desktop and on a phone', async () => {
    const [first, second] = (await transferOrders(page, [
      [4, await bankProof(page, false)],
      [5, await bankProof(page, true)],
    ])) as [Checkout, Checkout];
    const flag = `Comprovante parecido com o do pedido ${first.code} (redimensionado, recortado, girado ou espelhado): confira se não é o mesmo pagamento.`;
    const openApproval = async (on: Page) => {
      await on.goto('/admin/orders');
      await findOrder(on, second.code);
      await on.getByRole('button', { name: 'Aprovar/Reprovar', exact: true }).click();
      const dialog = on.getByRole('dialog', { name: `Aprovar ou reprovar o pedido ${second.code}` });
      await dialog.getByRole('img', { name: `Comprovante do pedido ${second.code}` }).waitFor();
      await dialog.getByText(flag).waitFor();
      return dialog;
    };
    const dialog = await openApproval(page);
    await expectAccessible(page, 'Aprovar ou reprovar: comprovante parecido');
    await screenshot(page, 'payments-proof-near');
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();

    await onPhone(async (phone) => {
      await openApproval(phone);
      await expectAccessible(phone, 'Aprovar ou reprovar no celular: comprovante parecido');
      await screenshot(phone, 'payments-proof-near-phone');
    });
  });

  it("shows a Pix the bank gave back in the order's details and in the attendants' bell", async () => {
    await ok(page, 'PATCH', '/companies/settings', { companyId: 1, enablePixAuto: true });
    const { customer } = await customerAndProduct(page, 6);
    const order = await ok<Checkout>(page, 'POST', `/orders/checkout/pix/${customer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
    });
    const endToEndId = await bankPays(order.code, order.total, 'Dev');
    const refund = await fetch(`${s.baseURL}/api/payments/pix/webhook/${secret}/pix`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        pix: [
          {
            endToEndId,
            txid: order.code.replace('-', ''),
            valor: order.total.toFixed(2),
            horario: new Date().toISOString(),
            devolucoes: [{ id: 'DEV1', valor: order.total.toFixed(2), status: 'DEVOLVIDO' }],
          },
        ],
      }),
    });
    expect(await refund.json()).toEqual({ received: 0, repeated: 0, ignored: 0, refunded: 1 });

    await page.goto('/admin/orders');
    await findOrder(page, order.code);
    await page.getByRole('button', { name: 'Ver pedido', exact: true }).click();
    const details = page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
    const notice = details.getByRole('alert').filter({ hasText: `Pix devolvido ao pagador` });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('O pagamento foi estornado: confira o pedido antes de seguir.');
    expect(await details.getByRole('button', { name: 'Confirmar Pix recebido' }).count()).toBe(0);
    await expectAccessible(page, 'Detalhes do pedido: Pix devolvido');
    await screenshot(page, 'payments-pix-refunded-details');
    await details.getByRole('button', { name: 'Fechar' }).click();

    await page.getByRole('button', { name: /^Notificações: \d+$/ }).click();
    const menu = page.getByRole('menu', { name: 'Notificações' });
    await menu
      .getByRole('menuitem')
      .filter({ hasText: `devolvidos ao pagador do pedido ${order.code}` })
      .waitFor();
    await screenshot(page, 'payments-pix-refunded-bell');
    await page.keyboard.press('Escape');
  });

  it("shows 'URL do webhook Pix' and 'Pix recebidos' in Configurações, on a desktop and on a phone", async () => {
    await page.goto('/admin/settings');
    const url = page.getByRole('textbox', { name: 'URL do webhook Pix' });
    // PUBLIC_URL (here the server's default, http://localhost:{port}) + the path the bank calls.
    await expect
      .poll(() => url.inputValue())
      .toMatch(new RegExp(`^http://localhost:\\d+/api/payments/pix/webhook/${secret}$`));
    const received = page.getByRole('region', { name: 'Pix recebidos' });
    await received.getByRole('row').nth(1).waitFor();
    await expectAccessible(page, 'Configurações: webhook Pix e Pix recebidos');
    await screenshot(page, 'payments-settings-desktop');

    await onPhone(async (phone) => {
      await phone.goto('/admin/settings');
      await phone.getByRole('textbox', { name: 'URL do webhook Pix' }).waitFor();
      await phone.getByRole('region', { name: 'Pix recebidos' }).getByRole('row').nth(1).waitFor();
      await expectAccessible(phone, 'Configurações no celular');
      await screenshot(phone, 'payments-settings-phone');
    });
  });

  it("with 'Pix automático' off, a Pix the bank confirmed is seen without opening the order: the bell, its card and its row say so, on a desktop and on a phone; the bell's item opens the one click", async () => {
    await ok(page, 'PATCH', '/companies/settings', { companyId: 1, enablePixAuto: false });
    try {
      const { customer } = await customerAndProduct(page, 7);
      const order = await ok<Checkout>(page, 'POST', `/orders/checkout/pix/${customer.id}`, {
        typeOfDelivery: 2,
        withWarranty: false,
        isFastDelivery: false,
      });
      expect(order.statusKey).toBe(10); // Aguardando comprovante

      // The attendant works on the orders screen, on the orders waiting for their proof.
      await page.goto('/admin/orders');
      await page.getByRole('button', { name: /^[\d.]+ Aguardando comprovante/ }).click();
      await page.getByRole('heading', { name: 'Pedidos: Aguardando comprovante' }).waitFor();
      const row = page.getByRole('grid').getByRole('row').filter({ hasText: order.code });
      await row.waitFor();
      expect(await row.getByText('Pix recebido', { exact: true }).count()).toBe(0);
      const bellItem = (on: Page) =>
        on
          .getByRole('menu', { name: 'Notificações' })
          .getByRole('menuitem')
          .filter({ hasText: 'Pix recebido aguardando confirmação' })
          .filter({ hasText: `do pedido ${order.code}` });

      const endToEndId = await bankPays(order.code, order.total, 'Wait');

      // Live, without a reload: its row and its card say 'Pix recebido'.
      await row.getByText('Pix recebido', { exact: true }).waitFor();
      const card = page.getByRole('button', { name: /^[\d.]+ Aguardando comprovante \d+ Pix recebidos?$/ });
      await card.waitFor();
      await expectAccessible(page, 'Pedidos: Pix recebido aguardando confirmação');
      await screenshot(page, 'payments-pix-waiting-orders');

      // The bell says it too, and what to do.
      await page.getByRole('button', { name: /^Notificações: \d+$/ }).click();
      const item = bellItem(page);
      await item.waitFor();
      expect(await item.textContent()).toContain(
        `O banco confirmou o Pix de ${formatBRL(order.total)} do pedido ${order.code}: confira e confirme o pagamento para o pedido seguir.`,
      );
      await expectAccessible(page, 'Notificações: Pix recebido aguardando confirmação');
      await screenshot(page, 'payments-pix-waiting-bell');

      await onPhone(async (phone) => {
        await phone.goto('/admin/orders');
        await phone.getByRole('button', { name: /^[\d.]+ Aguardando comprovante \d+ Pix recebidos?$/ }).click();
        await phone.getByRole('heading', { name: 'Pedidos: Aguardando comprovante' }).waitFor();
        await phone
          .getByRole('grid')
          .getByRole('row')
          .filter({ hasText: order.code })
          .getByText('Pix recebido')
          .waitFor();
        await expectAccessible(phone, 'Pedidos no celular: Pix recebido');
        await screenshot(phone, 'payments-pix-waiting-orders-phone');
        await phone.getByRole('button', { name: /^Notificações: \d+$/ }).click();
        await bellItem(phone).waitFor();
        await expectAccessible(phone, 'Notificações no celular: Pix recebido');
        await screenshot(phone, 'payments-pix-waiting-bell-phone');
      });

      // The bell's item opens the order, whose details offer the one click.
      await item.click();
      const details = page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
      const notice = details.getByRole('alert').filter({ hasText: `(E2E ${endToEndId})` });
      await notice.getByRole('button', { name: 'Confirmar Pix recebido' }).click();
      await details.waitFor({ state: 'detached' });

      // Confirmed: the order goes on to the stocker, and nothing says a Pix waits any more.
      await row.waitFor({ state: 'detached' });
      await expect
        .poll(async () =>
          (
            await pageApi(page).get<{ data: Array<{ kind: string; body: string }> }>('/notifications?limit=100')
          ).data.some((n) => n.kind === 'pix_waiting' && n.body.includes(order.code)),
        )
        .toBe(false);
      await page.getByRole('button', { name: /^Notificações: \d+$/ }).click();
      await page.getByRole('menu', { name: 'Notificações' }).waitFor();
      // The open bell drops it as soon as it has read itself again (the move's live event asks it to).
      await bellItem(page).waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      expect(
        (await ok<{ data: { statusKey: number } }>(page, 'GET', `/orders/by-id/${order.orderId}`)).data.statusKey,
      ).toBe(1); // Aguardando estoquista
    } finally {
      await ok(page, 'PATCH', '/companies/settings', { companyId: 1, enablePixAuto: true });
    }
  });

  it("with 'Pix automático' off: the unpaid order's PDF carries its Pix; the Pix received waits in its details for one click", async () => {
    await ok(page, 'PATCH', '/companies/settings', { companyId: 1, enablePixAuto: false });
    try {
      const { customer } = await customerAndProduct(page, 3);
      const order = await ok<Checkout>(page, 'POST', `/orders/checkout/pix/${customer.id}`, {
        typeOfDelivery: 2,
        withWarranty: false,
        isFastDelivery: false,
      });
      expect(order.statusKey).toBe(10); // Aguardando comprovante: nobody confirms a Pix by itself

      await page.goto('/admin/orders');
      await findOrder(page, order.code);
      // Unpaid: the PDF prints the order's own Pix (its txid, the code without the dash, in field 62-05).
      await page.getByRole('button', { name: 'PDF', exact: true }).click();
      const viewer = page.getByRole('dialog', { name: `Pedido ${order.code} (PDF)` });
      await viewer.locator('iframe').waitFor({ timeout: 60_000 });
      const text = await pdfTextOf(page, () => viewer.getByRole('button', { name: 'Baixar' }).click(), 'raw');
      expect(text).toContain('Pagamento por Pix');
      expect(text.replace(/\s/g, '')).toContain(`0506${order.code.replace('-', '')}`);
      await viewer.getByRole('button', { name: 'Fechar Pdf' }).click();

      // The details, read before the bank pays: no Pix received yet.
      await page.getByRole('button', { name: 'Ver pedido', exact: true }).click();
      let details = page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
      await details.getByLabel('Pix copia e cola').waitFor();
      expect(await details.getByText(/^Pix recebido/).count()).toBe(0);
      await details.getByRole('button', { name: 'Fechar' }).click();

      const endToEndId = await bankPays(order.code, order.total, 'Off');

      // Opened again, the details are read again: the Pix received is the first thing said, with its button.
      await page.getByRole('button', { name: 'Ver pedido', exact: true }).click();
      details = page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
      const notice = details.getByRole('alert').filter({ hasText: `(E2E ${endToEndId})` });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Aguardando a confirmação do pagamento.');
      await expectAccessible(page, 'Detalhes do pedido: Pix recebido');
      await screenshot(page, 'payments-pix-received-details');
      await notice.getByRole('button', { name: 'Confirmar Pix recebido' }).click();
      await details.waitFor({ state: 'detached' });
      await expect
        .poll(
          async () =>
            (await ok<{ data: { statusKey: number } }>(page, 'GET', `/orders/by-id/${order.orderId}`)).data.statusKey,
        )
        .toBe(1); // Aguardando estoquista
    } finally {
      await ok(page, 'PATCH', '/companies/settings', { companyId: 1, enablePixAuto: true });
    }
  });
});
