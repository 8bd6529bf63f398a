import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOrder, type JourneyCustomer, type JourneyProduct, journeyProduct, packOrder } from './fixtures';
import {
  addToCart,
  apiAs,
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
import { type OwnServer, startOwnServer } from './own-server';

/**
 * Issue 40's whole path, one order from the sale to its last instalment, on a shop of its own (the demo business):
 * 1. The manager gives a customer a limit of R$ 1.000,00 in 28 days or 30/60. The attendant sells him two phones
 *    of R$ 650,00 'A prazo' in 30/60 days, delivered by a courier (freight R$ 50,00): R$ 1.350,00, above his limit,
 *    so the sale waits for credit approval.
 * 2. The manager approves it in Pedidos ('Crédito', a reason); the stocker packs it; the courier delivers it.
 * 3. The delivery makes two instalments of R$ 675,00, due in 30 and 60 days. The bank pays the first through its
 *    own Pix (the webhook, delivered three times: paid once, by no employee).
 * 4. 65 days later (the same shop's server started again with its clock 65 days on, the browser's too) the second
 *    is 5 days late: R$ 675,00 + fine 2 % (R$ 13,50) + interest 1 % a month for 5 days (675,00 × 1 % × 5 ÷ 30 =
 *    R$ 1,125, half up R$ 1,13) = R$ 689,63, on screen, received by hand (deposit).
 */

const LIMIT_CENTS = 100_000;
const PRICE = 650;
const FREIGHT = 50;
// 2 × 650,00 + 50,00 = 1.350,00, in two instalments of 675,00.
const TOTAL_CENTS = 135_000;
const INSTALMENT_CENTS = 67_500;
const LATER = 65;
const DAY_MS = 86_400_000;
const HELD = 'Aguardando aprovação de crédito';

/** The day `days` from now in São Paulo (the shop's zone), as the screen writes it (DD/MM/YYYY). */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The customer's option in the filter: his name first (a name is text, not a pattern). */
const optionOf = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

interface Instalment {
  id: number;
  seq: number;
  status: string;
  payments: { amount: number; principal: number; fine: number; interest: number; employee: unknown }[];
}

describe('a sale on credit from the counter to its last instalment, paid late 65 days on', () => {
  let server: OwnServer;
  let customer: JourneyCustomer;
  let product: JourneyProduct;
  let code: string;
  let orderId: number;

  beforeAll(async () => {
    server = await startOwnServer();
    const admin = await apiAs(server.baseURL, DEMO.admin);
    const manager = await apiAs(server.baseURL, DEMO.manager);
    // The first approved, unblocked customer of the demo without credit (no limit, owing nothing on credit); his
    // freight made R$ 50,00 as 'Editar cliente' does.
    const { customers } = await admin.get<{ customers: (JourneyCustomer & { status: string })[] }>(
      '/customers?page=0&items=100&sort=id:asc',
    );
    for (const c of customers.filter((c) => c.status === 'Approved' && !c.isBlocked && !/[%_]/.test(c.email))) {
      const { data } = await manager.get<{ data: { limit: number | null; exposure?: { total: number } } }>(
        `/customers/${c.id}/credit`,
      );
      if (data.limit === null && data.exposure?.total === 0) {
        customer = c;
        break;
      }
    }
    if (!customer) throw new Error('no approved customer without credit in the demo');
    await admin.send('PATCH', '/customers', {
      customerId: customer.id,
      level: customer.level,
      warrantyPercentage: customer.warrantyPercentage,
      shippingCost: FREIGHT,
      approve: true,
    });
    // The manager gives him credit, as 'Alterar crédito' does: R$ 1.000,00, in 28 days or 30/60.
    await manager.send('PUT', `/customers/${customer.id}/credit`, { limit: LIMIT_CENTS / 100, terms: ['28', '30/60'] });
    // R$ 650,00 at every level (no level discount).
    product = await journeyProduct(admin, { name: 'Celular Jornada Crédito', cost: 500, sellPrice: PRICE, stock: 10 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the attendant sells him R$ 1.350,00 'A prazo' in 30/60: above his limit, the sale waits for approval", async () => {
    const attendant = await openBrowser({ width: 1366, height: 900 }, {}, { baseURL: server.baseURL });
    try {
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
      // What he owes on credit beside his limit (issue 54 §6): nothing yet.
      await page
        .getByText(`Limite de crédito do cliente: ${money(LIMIT_CENTS)}; ele já deve ${money(0)}.`, { exact: false })
        .waitFor();
      await page.getByRole('combobox', { name: /^Prazo/ }).click();
      const options = page.getByRole('listbox').getByRole('option');
      expect(await options.allTextContents()).toEqual(['28 dias', '30/60 dias']);
      await options.filter({ hasText: '30/60 dias' }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });

      const totals = page.getByTestId('cart-totals');
      await totals.getByText(money(130_000), { exact: true }).first().waitFor();
      await expect.poll(async () => (await totals.textContent()) ?? '').toContain(`Total${money(TOTAL_CENTS)}`);
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
      expect(answer.request().postDataJSON()).toMatchObject({ terms: '30/60', expectedTotal: TOTAL_CENTS / 100 });
      orderId = (await answer.json()).orderId;
      await page.getByRole('heading', { name: `Ordem para: ${customer.name} concluída` }).waitFor();
      expect(await page.getByTestId('payment-due').textContent()).toBe('Venda a prazo em 30/60 dias.');
      const held = page.getByTestId('credit-held');
      expect(await held.textContent()).toContain(HELD);
      expect(await held.textContent()).toContain('A venda espera um gerente aprovar o crédito');
      code = ((await page.getByTestId('order-code').textContent()) ?? '').trim();
      expect(code).not.toBe('');
      await expectAccessible(page, 'vendas: venda a prazo aguardando aprovação');
      await settled(page);
      await screenshot(page, 'credit-sale-2-held-desktop');
    } finally {
      await attendant.close();
    }
  });

  it("the manager approves it in Pedidos ('Crédito', a reason); it is packed and delivered", async () => {
    const manager = await openBrowser({ width: 1366, height: 900 }, {}, { baseURL: server.baseURL });
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
      await dialog.getByText(customer.name, { exact: true }).waitFor();
      // Why it waits, each reason that holds (issue 54 §6): above his limit with this sale, not late.
      await dialog
        .getByText(
          `Acima do limite: com esta venda o cliente deve ${money(TOTAL_CENTS)}, o limite é ${money(LIMIT_CENTS)}.`,
        )
        .waitFor();
      expect(await dialog.getByText('parcela em atraso', { exact: false }).count()).toBe(0);
      // The order's total, and what he owes on credit ('Deve a prazo'): this sale alone, the same R$ 1.350,00.
      expect(await dialog.getByText(money(TOTAL_CENTS), { exact: true }).count()).toBe(2);
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
    // The stocker packs it; the courier collects it and delivers it with the customer's signature.
    const stocker = await apiAs(server.baseURL, DEMO.stocker);
    const courier = await apiAs(server.baseURL, DEMO.courier);
    const admin = await apiAs(server.baseURL, DEMO.admin);
    await packOrder(stocker, orderId);
    await deliverOrder(admin, courier, orderId);
    const { data } = await admin.get<{ data: { statusKey: number } }>(`/orders/by-id/${orderId}`);
    expect(data.statusKey).toBe(5);
  });

  it('delivered, it has two instalments of R$ 675,00 in 30 and 60 days; the bank pays the first by its Pix', async () => {
    const s = await openBrowser({ width: 1366, height: 900 }, {}, { baseURL: server.baseURL });
    try {
      const { page } = s;
      await login(page, DEMO.manager);
      await page.goto('/admin/receivables');
      await page.getByRole('heading', { name: 'Contas a receber: Em aberto' }).waitFor();
      await page.getByRole('combobox', { name: 'Cliente' }).fill(customer.name);
      await page
        .getByRole('option', { name: optionOf(customer.name) })
        .first()
        .click();
      const rowOf = (seq: number) =>
        page
          .getByRole('row')
          .filter({ hasText: code })
          .filter({ hasText: `Parcela ${seq}/2` });
      for (const [seq, days] of [
        [1, 30],
        [2, 60],
      ] as const) {
        await rowOf(seq).waitFor();
        const text = (await rowOf(seq).textContent()) ?? '';
        expect(text).toContain(dayFromNow(days));
        expect(text).toContain(money(INSTALMENT_CENTS));
        expect(text).toContain('A vencer');
      }
      await waitForNetworkIdle(page);
      await settled(page);
      await screenshot(page, 'credit-sale-5-instalments-desktop');

      // The bank pays the first: its own Pix (txid, R$ 675,00), three deliveries of the same E2E id.
      const manager = await apiAs(server.baseURL, DEMO.manager);
      const admin = await apiAs(server.baseURL, DEMO.admin);
      const open = (
        await manager.get<{ data: { items: { id: number; seq: number; order: { code: string } }[] } }>(
          `/receivables?customerId=${customer.id}&status=open&page=0&pageSize=25`,
        )
      ).data.items.filter((r) => r.order.code === code);
      const first = open.find((r) => r.seq === 1)?.id as number;
      const pix = (await manager.get<{ data: { txid: string; amount: number } }>(`/receivables/${first}/pix`)).data;
      expect(pix.amount).toBe(INSTALMENT_CENTS / 100);
      const secret = (await admin.get<{ data: { secret: string } }>('/payments/pix/webhook')).data.secret;
      const entry = {
        endToEndId: `E60746948${Date.now()}CREDITPATH`.padEnd(32, '0').slice(0, 32),
        txid: pix.txid,
        valor: '675.00',
        horario: new Date().toISOString(),
      };
      for (let i = 0; i < 3; i++) {
        const delivered = await fetch(`${server.baseURL}/api/payments/pix/webhook/${secret}/pix`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ pix: [entry] }),
        });
        expect(delivered.status).toBe(200);
      }
      const paid = (await manager.get<{ data: Instalment }>(`/receivables/${first}`)).data;
      expect(paid.status).toBe('PAID');
      expect(paid.payments.map((p) => [p.amount, p.employee])).toEqual([[675, null]]);
      // On screen it leaves 'Em aberto'; the second stays.
      await page.reload();
      await page.getByRole('combobox', { name: 'Cliente' }).fill(customer.name);
      await page
        .getByRole('option', { name: optionOf(customer.name) })
        .first()
        .click();
      await rowOf(2).waitFor();
      await rowOf(1).waitFor({ state: 'detached' });
    } finally {
      await s.close();
    }
  });

  it('65 days on, the second is 5 days late: R$ 689,63 with fine and interest, received by hand', async () => {
    // The same shop, started again with its clock 65 days on; the browser's clock with it.
    await server.stop({ keepData: true });
    server = await startOwnServer({}, 120_000, { dataDir: server.dataDir, daysLater: LATER });
    const s = await openBrowser({ width: 1366, height: 900 }, {}, { baseURL: server.baseURL });
    try {
      await s.context.clock.install({ time: Date.now() + LATER * DAY_MS });
      const { page } = s;
      await login(page, DEMO.manager);
      await page.goto('/admin/receivables?status=overdue');
      await page.getByRole('heading', { name: 'Contas a receber: Vencidas' }).waitFor();
      await page.getByRole('combobox', { name: 'Cliente' }).fill(customer.name);
      await page
        .getByRole('option', { name: optionOf(customer.name) })
        .first()
        .click();
      const row = page.getByRole('row').filter({ hasText: code }).filter({ hasText: 'Parcela 2/2' });
      await row.waitFor();
      // The screen keeps 'R$' with its amount (a no-break space): compared with plain spaces.
      const text = ((await row.textContent()) ?? '').replace(/\u00a0/g, ' ');
      expect(text).toContain(dayFromNow(60));
      expect(text).toContain('5 dias de atraso');
      expect(text).toContain(`multa ${money(1_350)}`);
      expect(text).toContain(`juros ${money(113)}`);
      expect(text).toContain(money(68_963));
      await waitForNetworkIdle(page);
      await expectAccessible(page, 'contas a receber: vencida 65 dias depois');
      await settled(page);
      await screenshot(page, 'credit-sale-6-late-desktop');

      const name = `Receber a parcela 2/2 de ${customer.name}`;
      await row.getByRole('button', { name }).click();
      const receive = page.getByRole('dialog', { name });
      await receive.waitFor();
      expect(await receive.getByLabel(/^Valor/).inputValue()).toBe('689,63');
      await receive.getByRole('combobox', { name: /Forma de recebimento/ }).click();
      await page.getByRole('option', { name: 'Depósito', exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await settled(page);
      await screenshot(page, 'credit-sale-7-late-receive-desktop');
      await receive.getByRole('button', { name: 'Registrar recebimento' }).click();
      await receive.waitFor({ state: 'detached' });
      const details = page.getByRole('dialog', { name: `Parcela 2/2 do pedido ${code}` });
      await details.getByText('Paga', { exact: true }).waitFor();
      await settled(page);
      await screenshot(page, 'credit-sale-8-late-paid-desktop');

      // Its payment: the principal, the fine and the interest; nothing of the sale is open any more.
      const manager = await apiAs(server.baseURL, DEMO.manager);
      const all = (
        await manager.get<{ data: { items: { id: number; seq: number; order: { code: string } }[] } }>(
          `/receivables?customerId=${customer.id}&page=0&pageSize=25`,
        )
      ).data.items.filter((r) => r.order.code === code);
      const second = (await manager.get<{ data: Instalment }>(`/receivables/${all.find((r) => r.seq === 2)?.id}`)).data;
      expect(second.payments.map((p) => [p.amount, p.principal, p.fine, p.interest])).toEqual([
        [689.63, 675, 13.5, 1.13],
      ]);
      const credit = (
        await manager.get<{ data: { exposure: { openInstalments: number } } }>(`/customers/${customer.id}/credit`)
      ).data;
      expect(credit.exposure.openInstalments).toBe(0);
    } finally {
      await s.close();
    }
  });
});
