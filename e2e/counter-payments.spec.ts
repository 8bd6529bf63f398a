import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  bankPaysPix,
  COUNTER_JOURNEY_DOMAIN,
  emptyCart,
  fillRegistration,
  newProduct,
  packedOnDiegosRun,
  photo,
  saveCardFees,
  saveCredit3xFee,
  useDeskKeepingCardFees,
} from './fixtures';
import {
  addToCart,
  DEMO,
  expectAccessible,
  freshCpf,
  login,
  money,
  openOrderDetails,
  openPhone,
  pdfTextAt,
  plainText,
  screenshot,
  screenshotDesktopAndPhone,
  screenshotPath,
  unique,
} from './harness';

/**
 * Paying at the counter (issue 38 §1–§2, decisions 0040 and 0042), end to end:
 * - a walk-in ('Consumidor final') buys at the counter and pays by card there, the machine's receipt typed: the
 *   order is placed paid, and its 'Pagamentos' shows the card part's fee and net as 'Configurações → Cartões' say;
 * - a customer registered by hand in Vendas buys for delivery by motoboy, paying part by Pix (the bank's webhook
 *   settles the part's own txid) and the rest by card at the door ('Levar maquininha'): the courier's card and the
 *   run sheet say the card's amount (the balance, not the total), the card part is recorded at the door, the
 *   order is delivered paid.
 * Customers are the journey's own (the walk-in record of the attendant; one registered here, of the counter
 * journey's e-mail domain), products created through the API.
 */

/** Scrolls the details to 'Pagamentos' (what the screenshot is of). */
async function showPayments(details: Locator): Promise<void> {
  await details.getByRole('heading', { name: 'Pagamentos' }).scrollIntoViewIfNeeded();
}

describe("the counter's payments: a walk-in paying by card, a registered customer paying by Pix and card at the door", () => {
  // The shop's card fees back as they were after the journey, for the other journeys.
  const desk = useDeskKeepingCardFees(DEMO.attendant);

  it("sells to a walk-in, paid by card at the counter: placed paid, 'Pagamentos' shows the fee and net of the shop's settings", async () => {
    const { page, api, admin, feesBefore } = desk;
    // The acquirer's fee of a credit in 3×: 4,99 % (set as 'Configurações → Cartões' saves it).
    await saveCredit3xFee(admin, feesBefore, 4.99);
    // Worked out by hand: 2 × R$ 59,90 (the list price: a walk-in has no level) = R$ 119,80, pickup (no freight).
    // Fee 4,99 % of R$ 119,80 = R$ 5,97802 → half up R$ 5,98; the shop receives R$ 119,80 − R$ 5,98 = R$ 113,82,
    // in 3 payments of R$ 37,94 (11.382 cents ÷ 3 divides exactly).
    const totalCents = 11980;
    const feeCents = 598;
    const netCents = 11382;
    const product = await newProduct(admin, 'balcão cartão');
    const walkIn = (await api.send<{ data: { id: number } }>('POST', '/customers/walk-in')).data;
    await emptyCart(api, walkIn.id);

    await page.goto('/admin/selling');
    await page.getByRole('button', { name: 'Consumidor final' }).click();
    await page.getByText('Cliente selecionado:').waitFor();
    await addToCart(page, product, 2);
    await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
    await page.getByRole('heading', { name: 'Produtos no carrinho de: Consumidor final' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Retirada na loja' }).isChecked()).toBe(true);
    await page.getByTestId('cart-totals').getByText(money(totalCents), { exact: true }).first().waitFor();

    await page.getByRole('radio', { name: 'Cartão' }).check();
    await page.getByRole('radio', { name: 'Cobrar agora na maquininha da loja' }).check();
    const finish = page.getByRole('button', { name: 'Finalizar Pedido' });
    await page.getByText('Informe NSU e código de autorização').waitFor();
    expect(await finish.isDisabled()).toBe(true);
    // The machine's receipt: credit in 3×, Mastercard, NSU and authorisation code (never the card's number).
    await page.getByLabel('Parcelas').click();
    await page.getByRole('option', { name: '3×', exact: true }).click();
    await page.getByLabel('Bandeira').click();
    await page.getByRole('option', { name: 'Mastercard', exact: true }).click();
    await page.getByLabel('NSU').fill('004512');
    await page.getByLabel('Código de autorização').fill('A1B2C3');
    await expect.poll(() => finish.isDisabled()).toBe(false);
    await expectAccessible(page, 'vendas: consumidor final no cartão');
    await screenshotDesktopAndPhone(page, 'counter-payments-1-walk-in-card');

    await finish.click();
    const done = page.getByText('Pago (Cartão): nada a receber');
    // A refusal, not the cart's 'Produto adicionado com sucesso' still on screen.
    const refused = page.getByRole('alert').filter({ hasNotText: 'sucesso' });
    await done.or(refused).first().waitFor();
    expect(await refused.count(), (await refused.allTextContents()).join(' | ')).toBe(0);
    await page.getByRole('heading', { name: 'Ordem para: Consumidor final concluída' }).waitFor();
    const code = ((await page.getByTestId('order-code').textContent()) ?? '').trim();
    await screenshot(page, 'counter-payments-2-walk-in-paid-desktop');

    // Placed paid: 'Aguardando estoquista' (1), a pickup, the walk-in's.
    const summary = (await api.get<{ data: { orderId: number } & Record<string, unknown> }>(`/orders/${code}`)).data;
    expect(summary).toMatchObject({
      customer: 'Consumidor final',
      customerId: walkIn.id,
      deliveryType: 2,
      statusKey: 1,
      paymentMethod: 'CARD',
      total: totalCents / 100,
    });
    expect(summary.cardOnDelivery).toBeUndefined();

    // The details' 'Pagamentos': one confirmed card part, its fee and net as worked out above.
    const details = await openOrderDetails(page, code);
    await details.getByText(`Pago: ${money(totalCents)}`).waitFor();
    // Paid in full: no balance nor 'Adicionar pagamento' shown (issue 54 §2: no order shows a balance it cannot take).
    expect(await details.getByText(/Saldo a pagar/).count()).toBe(0);
    const row = details.getByRole('row').filter({ hasText: 'NSU 004512' });
    await row.waitFor();
    const text = plainText(await row.textContent());
    expect(text).toContain(money(totalCents));
    expect(text).toContain('Confirmado');
    expect(text).toContain(
      `Crédito 3× Mastercard · Taxa 4,99 % (${money(feeCents)}) · Líquido ${money(netCents)} · NSU 004512`,
    );
    // Three payments from the acquirer, a date each (D+30, D+60, D+90).
    expect(text).toMatch(/Recebimento: \d{2}\/\d{2}\/\d{4}, \d{2}\/\d{2}\/\d{4}, \d{2}\/\d{2}\/\d{4}/);
    await expectAccessible(page, 'Detalhes do pedido: pago no cartão');
    await showPayments(details);
    await screenshot(page, 'counter-payments-3-walk-in-details-desktop');

    // The same figures from the API, and no card number anywhere in the part.
    const parts = (
      await api.get<{
        data: { paidInFull: boolean; parts: Array<{ method: string; status: string; card: Record<string, unknown> }> };
      }>(`/orders/${summary.orderId}/payments`)
    ).data;
    expect(parts.paidInFull).toBe(true);
    expect(parts.parts).toHaveLength(1);
    expect(parts.parts[0]).toMatchObject({
      method: 'CARD',
      status: 'CONFIRMED',
      card: {
        kind: 'CREDIT',
        brand: 'Mastercard',
        instalments: 3,
        nsu: '004512',
        authorizationCode: 'A1B2C3',
        feePercent: 4.99,
        fee: feeCents / 100,
        net: netCents / 100,
        settlements: [
          { date: expect.any(String), amount: 37.94 },
          { date: expect.any(String), amount: 37.94 },
          { date: expect.any(String), amount: 37.94 },
        ],
      },
    });

    const phone = await openPhone();
    try {
      await login(phone.page, DEMO.attendant);
      await showPayments(await openOrderDetails(phone.page, code));
      await screenshot(phone.page, 'counter-payments-4-walk-in-details-phone');
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });

  it('a customer registered by hand pays by Pix and the rest by card at the door: the courier takes the machine for the balance', async () => {
    const { s, page, api, admin, feesBefore } = desk;
    // Worked out by hand: R$ 59,90 (the list price: registered without a level) + R$ 12,50 freight = R$ 72,40.
    // Pix part R$ 50,00; the card at the door R$ 72,40 − R$ 50,00 = R$ 22,40, by debit at 2,50 % (set here):
    // R$ 0,56 of fee, R$ 21,84 net.
    const totalCents = 7240;
    const pixCents = 5000;
    const cardCents = totalCents - pixCents;
    await saveCardFees(admin, { ...feesBefore, debitFee: 2.5 });
    const product = await newProduct(admin, 'balcão entrega');
    const person = {
      name: unique('Cliente Maquininha'),
      email: `${unique('maquininha').replace(' ', '.')}@${COUNTER_JOURNEY_DOMAIN}`,
      cpf: freshCpf(),
    };

    // ---- the attendant registers the customer in Vendas and sells, card charged at the door ----
    await page.goto('/admin/selling');
    await page.getByRole('button', { name: 'Cadastrar cliente' }).click();
    const dialog = await fillRegistration(page, person);
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Cliente selecionado:').waitFor();
    await page.getByText(person.name).first().waitFor();

    await addToCart(page, product, 1);
    await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
    await page.getByRole('heading', { name: `Produtos no carrinho de: ${person.name}` }).waitFor();
    await page.getByRole('radio', { name: 'Motoboy' }).check();
    await page.getByTestId('cart-totals').getByText(money(totalCents), { exact: true }).first().waitFor();
    await page.getByRole('radio', { name: 'Cartão' }).check();
    await page.getByRole('radio', { name: 'Levar maquininha (cobrar na entrega ou na retirada)' }).check();
    await expectAccessible(page, 'vendas: levar maquininha');
    await screenshot(page, 'counter-payments-5-machine-on-delivery-desktop');
    await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
    // The confirmation, or the refusal said in the snackbar (then the test says which).
    const placed = page.getByRole('heading', { name: `Ordem para: ${person.name} concluída` });
    const refusal = page.getByRole('alert').filter({ hasNotText: 'sucesso' });
    await placed.or(refusal).first().waitFor();
    expect(await refusal.count(), (await refusal.allTextContents()).join(' | ')).toBe(0);
    await page.getByText(`A receber na entrega: ${money(totalCents)} no cartão (levar maquininha)`).waitFor();
    await screenshot(page, 'counter-payments-5b-machine-on-delivery-placed-desktop');
    const code = ((await page.getByTestId('order-code').textContent()) ?? '').trim();
    const order = (await api.get<{ data: { orderId: number } & Record<string, unknown> }>(`/orders/${code}`)).data;
    expect(order).toMatchObject({
      customer: person.name,
      deliveryType: 1,
      statusKey: 1,
      paymentMethod: 'CARD',
      cardOnDelivery: true,
      total: totalCents / 100,
    });

    // ---- the customer pays R$ 50,00 now by Pix: a part of its own, its txid settled by the bank's webhook ----
    const details = await openOrderDetails(page, code);
    await details.getByRole('button', { name: 'Adicionar pagamento' }).click();
    const form = details.getByRole('form', { name: 'Adicionar pagamento' });
    await form.getByLabel('Forma').click();
    await page.getByRole('option', { name: 'Pix', exact: true }).click();
    await form.getByLabel('Valor').fill('50,00');
    await form.getByRole('button', { name: 'Registrar pagamento' }).click();
    await form.waitFor({ state: 'detached' });
    const txid = `${code.replace('-', '')}P1`;
    const pixRow = details.getByRole('row').filter({ hasText: `txid ${txid}` });
    await pixRow.waitFor();
    expect(plainText(await pixRow.textContent())).toContain(`txid ${txid}`);
    expect(plainText(await pixRow.textContent())).toContain('Aguardando');
    await details.getByText(`Pix da parte 1 (${money(pixCents)}):`).waitFor();
    await expectAccessible(page, 'Detalhes do pedido: parte em Pix aguardando');
    await showPayments(details);
    await screenshot(page, 'counter-payments-6-pix-part-waiting-desktop');

    // The bank calls the webhook over HTTP, as it would from outside, naming the part's txid.
    await bankPaysPix(s.baseURL, admin, { txid, valor: (pixCents / 100).toFixed(2), tag: 'Prt' });
    await details.getByRole('button', { name: 'Fechar' }).click();
    const reopened = await openOrderDetails(page, code);
    await reopened.getByText(`Pago: ${money(pixCents)}`).waitFor();
    await reopened.getByText(`Saldo a pagar: ${money(cardCents)}`).waitFor();
    expect(
      plainText(
        await reopened
          .getByRole('row')
          .filter({ hasText: `txid ${txid}` })
          .textContent(),
      ),
    ).toContain('Confirmado');
    await showPayments(reopened);
    await screenshot(page, 'counter-payments-7-pix-part-paid-desktop');
    await reopened.getByRole('button', { name: 'Fechar' }).click();

    // ---- the workflow: packed by the stocker, put on Diego's run of a departure days ahead ----
    // (not the next one: the dispatch journey counts Diego's run of the next departure as its own)
    const { run, courier } = await packedOnDiegosRun(s.baseURL, admin, order.orderId);

    // The run sheet says what the courier collects: the card's part, not the order's total.
    const cardLine = `Levar maquininha: ${money(cardCents)} no cartão`;
    const sheet = plainText(await pdfTextAt(s.baseURL, admin.token, `/dispatch/runs/${run.id}/sheet.pdf`));
    expect(sheet).toContain(code);
    expect(sheet).toContain(cardLine);
    expect(sheet).not.toContain(`Levar maquininha: ${money(totalCents)}`);
    // No cash on this order: the run's cash is not counted with it.
    expect(sheet).toContain(`Total em dinheiro a receber: ${money(0)}`);

    // ---- the courier, on his phone: his card says the same, he takes the order ----
    const phone = await openPhone();
    try {
      const field = phone.page;
      await login(field, DEMO.courier);
      await field.waitForURL(/\/admin\/tasks$/);
      const card = field.getByRole('article', { name: code });
      await card.waitFor();
      expect(plainText(await card.textContent())).toContain(cardLine);
      await expectAccessible(field, 'Minhas tarefas: levar maquininha');
      await card.screenshot({ path: screenshotPath('counter-payments-8-courier-card-phone') });
      await courier.send('PATCH', '/workflow/order/withdraw', { orderId: order.orderId });
      // On his way: the delivery dialog says the card's amount too.
      await field.reload();
      await field.getByRole('article', { name: code }).getByRole('button', { name: 'Entregar' }).tap();
      const deliver = field.getByRole('dialog', { name: `Entrega do pedido ${code}` });
      await deliver.waitFor();
      expect(plainText(await deliver.textContent())).toContain(
        // The order's payment names each method that pays it (a Pix part and the card at the door, issue 54).
        `Valor Total: ${money(totalCents)} (Múltiplos: Pix, Cartão, receber ${money(cardCents)} no cartão (maquininha))`,
      );
      await expectAccessible(field, 'Entrega: levar maquininha');
      await deliver.screenshot({ path: screenshotPath('counter-payments-8b-courier-deliver-phone') });
      await deliver.getByRole('button', { name: 'Cancelar' }).tap();
      await deliver.waitFor({ state: 'detached' });

      // At the door the customer pays the rest by debit; here the shop records the machine's receipt in
      // 'Pagamentos' (the courier may type it himself when he delivers: e2e/card-at-door.spec.ts), then the
      // courier delivers with the signature.
      const door = await openOrderDetails(page, code);
      await door.getByRole('button', { name: 'Adicionar pagamento' }).click();
      const cardForm = door.getByRole('form', { name: 'Adicionar pagamento' });
      await cardForm.getByLabel('Valor').fill('22,40');
      await cardForm.getByLabel('Tipo do cartão').click();
      await page.getByRole('option', { name: 'Débito', exact: true }).click();
      await cardForm.getByLabel('NSU').fill('778812');
      await cardForm.getByLabel('Código de autorização').fill('D3B1T0');
      await cardForm.getByRole('button', { name: 'Registrar pagamento' }).click();
      await cardForm.waitFor({ state: 'detached' });
      await door.getByText(`Pago: ${money(totalCents)}`).waitFor();
      expect(await door.getByText(/Saldo a pagar/).count()).toBe(0);
      expect(plainText(await door.getByRole('row').filter({ hasText: 'NSU 778812' }).textContent())).toContain(
        `Débito Visa · Taxa 2,50 % (${money(56)}) · Líquido ${money(2184)} · NSU 778812`,
      );
      await expectAccessible(page, 'Detalhes do pedido: Pix e cartão na entrega');
      await showPayments(door);
      await screenshot(page, 'counter-payments-9-paid-in-parts-desktop');
      await door.getByRole('button', { name: 'Fechar' }).click();

      // Paid: the courier's card now says nothing is left to collect.
      await field.reload();
      const paidCard = field.getByRole('article', { name: code });
      await expect.poll(async () => plainText(await paidCard.textContent())).toContain('nada a receber');
      await paidCard.screenshot({ path: screenshotPath('counter-payments-10-courier-card-paid-phone') });
      await courier.send('PATCH', '/workflow/order/deliver', {
        orderId: order.orderId,
        signature: `data:image/jpeg;base64,${await photo(order.orderId + 7)}`,
      });
    } finally {
      await phone.close();
    }

    const delivered = (await api.get<{ data: { statusKey: number } }>(`/orders/by-id/${order.orderId}`)).data;
    expect(delivered.statusKey).toBe(5);
    const parts = (
      await api.get<{
        data: { paidInFull: boolean; parts: Array<{ method: string; amount: number; status: string }> };
      }>(`/orders/${order.orderId}/payments`)
    ).data;
    expect(parts.paidInFull).toBe(true);
    expect(parts.parts.map((p) => [p.method, p.amount, p.status])).toEqual([
      ['PIX', pixCents / 100, 'CONFIRMED'],
      ['CARD', cardCents / 100, 'CONFIRMED'],
    ]);
  });
});
