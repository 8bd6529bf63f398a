import path from 'node:path';
import { departuresOn, nextDeliveryDeparture, saoPauloDay } from '@backoffice/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyCustomer, newProduct, packOrder, placeOrder } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  drawWithFinger,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  pageApi,
  pdfTextOf,
  screenshot,
  tapUntilSent,
  tick,
} from './harness';

interface Departure {
  departureAt: string | null;
  orders: { orderId: number; code: string; cashToCollect: number }[];
}

const board = async (page: Page, date: string) =>
  (await pageApi(page).get<{ data: Departure[] }>(`/dispatch/departures?date=${date}`)).data;

const orderStatus = async (page: Page, orderId: number) =>
  (await pageApi(page).get<{ data: { statusKey: number } }>(`/orders/by-id/${orderId}`)).data.statusKey;

const hhmm = (at: string) =>
  new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }).format(
    new Date(at),
  );

describe("dispatch: the day's departures, a courier's run", () => {
  let s: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 900 });
    page = s.page;
    await login(page, DEMO.attendant);
  });
  afterAll(() => s.close());

  it('assigns packed orders (chosen and dragged), prints the run sheet; the courier delivers through a dead zone; the settlement shows the difference', async () => {
    const admin = await apiAs(s.baseURL, DEMO.admin);
    // The shop's departures, as Configurações keeps them (issue 21).
    const { departures } = (await admin.get<{ data: { departures: string[][] } }>('/settings/departures')).data;
    const next = nextDeliveryDeparture(new Date(), departures);
    const day = saoPauloDay(next);
    // Two orders of the journey's own, packed now: they make the next departure. One in cash, one paid by
    // its Pix before it was packed (issue 35 §8: the courier has nothing to receive for it).
    const stocker = await apiAs(s.baseURL, DEMO.stocker);
    const product = await newProduct(admin, 'expedição');
    const placed = [
      await placeOrder(admin, 'dispatch', { product }),
      await placeOrder(admin, 'dispatch', { product, nth: 1, payment: 'paidPix' }),
    ];
    for (const { orderId } of placed) await packOrder(stocker, orderId);
    // The cash the courier receives, worked out by hand: the product's price at the customer's level (cost
    // R$ 20,00; gold and silver +10 % = R$ 22,00, bronze +0 % = R$ 20,00, no level the sell price R$ 59,90)
    // plus the customer's freight (a motoboy delivery, no warranty, not fast). placeOrder's first customer.
    const cashCustomer = await journeyCustomer(admin, 'dispatch');
    const priceAtLevel: Record<number, number> = { 0: 59.9, 1: 22, 2: 22, 3: 20 };
    const cashDue =
      Math.round(((priceAtLevel[cashCustomer.level] ?? Number.NaN) + cashCustomer.shippingCost) * 100) / 100;
    const departure = (await board(page, day)).find((d) => d.departureAt === next.toISOString());
    const [order, another] = placed.map((p) => departure?.orders.find((o) => o.orderId === p.orderId));
    if (!order || !another) throw new Error('the packed orders are not on the next departure');

    await page.goto(`/admin/dispatch?date=${day}`);
    await page.getByRole('heading', { level: 1, name: 'Expedição' }).waitFor();
    const section = page.getByRole('region', { name: `Saída das ${hhmm(next.toISOString())}` });
    // The board shows each departure's figures; one lists its orders (issue 36): open this one unless it is.
    await section.waitFor();
    const show = section.getByRole('button', { name: 'Ver pedidos' });
    if (await show.isVisible()) await show.click();
    await tick(page, section.getByRole('checkbox', { name: `Selecionar o pedido ${order.code}` }));
    await section.getByLabel('Motoboy', { exact: true }).click();
    await page.getByRole('option', { name: 'Diego Motoboy' }).click();
    await expectAccessible(page, 'Expedição');
    await screenshot(page, 'dispatch-board-desktop');
    await section.getByRole('button', { name: 'Montar rota' }).click();
    await page.getByRole('alert').filter({ hasText: '1 pedido na rota de Diego Motoboy.' }).waitFor();
    const column = section.getByRole('region', { name: 'Rota de Diego Motoboy' });
    await column.getByText(/^1 pedido · /).waitFor();
    expect((await board(page, day)).flatMap((d) => d.orders).some((o) => o.orderId === order.orderId)).toBe(false);

    // On a desktop, an order dragged onto a courier's column joins his run. The whole page on screen first: a
    // drag whose target must be scrolled to would scroll the page under the pressed mouse, and the row that
    // starts the drag would be whichever is under it then (the list's length varies with the hour).
    const tall = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1366, height: Math.max(900, tall) });
    await section.getByRole('row').filter({ hasText: another.code }).dragTo(column);
    await page.getByRole('alert').filter({ hasText: '1 pedido na rota de Diego Motoboy.' }).last().waitFor();
    await column.getByText(/^2 pedidos · /).waitFor();
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'dispatch-run-desktop');

    // The run sheet, made by the server, read back as text.
    const text = await pdfTextOf(page, () => section.getByRole('button', { name: 'Romaneio (PDF)' }).click());
    expect(text).toContain('Romaneio de entrega');
    expect(text).toContain('Motoboy: Diego Motoboy');
    expect(text).toContain(order.code);
    const money = (n: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(n);
    expect(order.cashToCollect).toBe(cashDue);
    // The run's whole cash is the cash order's: the other was paid by Pix.
    expect(text.replace(/\s/g, ' ')).toContain(`Total em dinheiro a receber: ${money(cashDue)}`.replace(/\s/g, ' '));
    const cashLine = `Receber em dinheiro: ${money(cashDue)}`.replace(/\s/g, ' ');
    expect(text.replace(/\s/g, ' ')).toContain(cashLine);
    expect(text).toContain(another.code);
    expect(text).toContain('Pago (Pix): nada a receber');

    // ---- the courier leaves with the run: delivers one order through a dead zone, the other customer is out ----
    const courierPhone = await openPhone();
    try {
      const courier = courierPhone.page;
      await login(courier, DEMO.courier);
      await courier.waitForURL(/\/admin\/tasks$/);
      // The courier's cards say what the run sheet says, in the same words (payment-due.ts).
      const pixCard = courier.getByRole('article', { name: another.code });
      await pixCard.waitFor();
      expect(await pixCard.textContent()).toContain('Pagamento: Pix');
      expect(await pixCard.textContent()).toContain('Pago (Pix): nada a receber');
      expect(
        ((await courier.getByRole('article', { name: order.code }).textContent()) ?? '').replace(/\s/g, ' '),
      ).toContain(cashLine);
      await screenshot(courier, 'dispatch-courier-cards-phone');
      await pixCard.screenshot({
        path: path.resolve(import.meta.dirname, '..', 'screenshots', 'dispatch-pix-card-phone.png'),
      });
      for (const code of [order.code, another.code]) {
        const card = courier.getByRole('article', { name: code });
        await card.getByRole('button', { name: 'Retirar pedido' }).tap();
        const confirm = courier.getByRole('dialog', { name: 'Retirar pedido' });
        await confirm.getByRole('button', { name: 'Retirar pedido' }).tap();
        await confirm.waitFor({ state: 'detached' });
        await card.getByRole('button', { name: 'Entregar' }).waitFor();
      }
      const card = courier.getByRole('article', { name: order.code });
      await card.getByRole('button', { name: 'Entregar' }).tap();
      const dialog = courier.getByRole('dialog', { name: `Entrega do pedido ${order.code}` });
      const pad = dialog.getByRole('img', { name: 'Quadro de assinatura do cliente' });
      const area = await pad.boundingBox();
      if (!area) throw new Error('no signature pad on screen');
      const cdp = await courierPhone.context.newCDPSession(courier);
      const at = (fx: number, fy: number) => ({ x: area.x + area.width * fx, y: area.y + area.height * fy });
      await drawWithFinger(cdp, [at(0.1, 0.6), at(0.3, 0.3), at(0.5, 0.7), at(0.8, 0.4)]);
      await dialog.getByRole('textbox', { name: /Recebido por \(nome\)/ }).fill('Cliente Recebedor');
      await courierPhone.context.setOffline(true);
      await tapUntilSent(
        courier,
        dialog.getByRole('button', { name: 'Confirmar entrega' }),
        '**/api/workflow/order/deliver',
      );
      await courier.getByText('Sem conexão — 1 tarefa aguardando envio').waitFor();
      expect(await orderStatus(page, order.orderId)).toBe(4);
      await courierPhone.context.setOffline(false);
      await courier.getByText('1 tarefa enviada.').waitFor();
      expect(await orderStatus(page, order.orderId)).toBe(5);
      const absentCard = courier.getByRole('article', { name: another.code });
      await absentCard.getByRole('button', { name: 'Cliente ausente' }).tap();
      const absent = courier.getByRole('dialog', { name: new RegExp(another.code) });
      await absent.getByRole('button', { name: 'Confirmar ausência' }).tap();
      await absent.waitFor({ state: 'detached' });
      // The dialog also closes when the move is kept in the phone's outbox (an answer slower than the client
      // waits for, on a loaded machine), sent later: the phone stays open until the store sees it.
      await expect.poll(() => orderStatus(page, another.orderId), { timeout: 30_000 }).toBe(6);
    } finally {
      await courierPhone.close();
    }

    // ---- back at the store: the settlement, with R$ 10,00 more than expected (a tip kept in the bag) ----
    await page.reload();
    const settledColumn = page
      .getByRole('region', { name: `Saída das ${hhmm(next.toISOString())}` })
      .getByRole('region', { name: 'Rota de Diego Motoboy' });
    await settledColumn.getByRole('button', { name: 'Acertar' }).click();
    const settle = page.getByRole('dialog', { name: 'Acerto do motoboy: Diego Motoboy' });
    // Expected: the delivered order's cash only (the absent customer's order came back).
    const declared = (cashDue + 10).toFixed(2).replace('.', ',');
    await settle.getByLabel('Dinheiro entregue').fill(declared);
    await settle.getByLabel('Observação (obrigatória se houver diferença)').fill('Gorjeta guardada junto.');
    await settle.getByRole('button', { name: 'Registrar acerto' }).click();
    // The figures, or the server's refusal said in the dialog: either way the dialog's text tells which.
    await settle.getByRole('alert').first().waitFor();
    const reais = (n: number) => `R\\$\\s${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(n)}`;
    expect((await settle.textContent()) ?? '').toMatch(
      new RegExp(`Esperado ${reais(cashDue)} · Entregue ${reais(cashDue + 10)} · Diferença ${reais(10)}`),
    );
    await expectAccessible(page, 'Acerto do motoboy');
    await screenshot(page, 'dispatch-settlement-desktop');

    const phone = await openPhone();
    try {
      await login(phone.page, DEMO.attendant);
      await phone.page.goto(`/admin/dispatch?date=${day}`);
      await phone.page
        .getByRole('region', { name: `Saída das ${hhmm(next.toISOString())}` })
        .getByRole('region', { name: 'Rota de Diego Motoboy' })
        .getByText(/pedidos? · /)
        .waitFor();
      await expectAccessible(phone.page, 'Expedição no celular');
      await screenshot(phone.page, 'dispatch-board-phone');
    } finally {
      await phone.close();
    }
  });

  it("opened at night shows the next day's departures, not today's that have all left (issue 35)", async () => {
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const { departures } = (await admin.get<{ data: { departures: string[][] } }>('/settings/departures')).data;
    // The last 23:30 in São Paulo: every departure of that day has left.
    let night = new Date(`${saoPauloDay(new Date())}T23:30:00-03:00`);
    if (night.getTime() > Date.now()) night = new Date(night.getTime() - 24 * 3600_000);
    const nextDay = saoPauloDay(nextDeliveryDeparture(night, departures));
    expect(nextDay).not.toBe(saoPauloDay(night));
    const dmy = nextDay.split('-').reverse().join('/');

    const evening = await openBrowser({ width: 1366, height: 900 });
    try {
      const { page: late } = evening;
      await login(late, DEMO.attendant);
      await late.clock.setFixedTime(night);
      await late.goto('/admin/dispatch');
      await late.getByText(`As saídas de hoje já passaram: mostrando as do próximo dia com saída, ${dmy}.`).waitFor();
      for (const at of departuresOn(nextDay, departures))
        await late.getByRole('region', { name: `Saída das ${hhmm(at.toISOString())}` }).waitFor();
      await expectAccessible(late, 'Expedição à noite');
      await screenshot(late, 'dispatch-night-desktop');
      await late.setViewportSize({ width: 390, height: 844 });
      await screenshot(late, 'dispatch-night-phone');
    } finally {
      await evening.close();
    }
  });
});
