import { randomInt, randomUUID } from 'node:crypto';
import { DEFAULT_TRADE_IN_DEDUCTIONS, luhnCheckDigit, TRADE_IN_DEFECTS } from '@backoffice/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyProduct, type PlacedOrder, photo } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  freshCpf,
  login,
  openBrowser,
  openOrderDetails,
  openPhone,
  pdfTextOf,
  screenshot,
  settled,
  signWithMouse,
  tick,
  unique,
  waitForNetworkIdle,
} from './harness';

/**
 * Aparelhos usados (issue 42 §1, decision 0058), the worked example through the real server: a new phone of
 * R$ 3.000,00 sold by Pix; the customer's used iPhone 12 128 GB, table price R$ 1.500,00, with a scratched screen
 * (− R$ 150,00) and a 78 % battery (below 80 %: − R$ 150,00), is offered R$ 1.200,00; the attendant evaluates it
 * from the order's payments, checks its IMEI regular with a screenshot, the seller signs the term, the phone is
 * accepted into the order as a seminovo, and R$ 1.800,00 is left to pay.
 *
 * What it acts on is its own: a customer registered here, the price of the iPhone 12 128 GB in the table and the
 * shop's deductions set back to the defaults (R$ 150,00 each of these two), a seminovo product and a new phone of
 * its own, and an IMEI never seen (TAC 35, random serial, its Luhn digit).
 */

function freshImei(): string {
  const body = `35${String(randomInt(0, 1e12)).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** A seller's signature drawn with the mouse across the pad. */
async function sign(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  await signWithMouse(page, pad, [
    [0.15, 0.6],
    [0.3, 0.3],
    [0.45, 0.7],
    [0.6, 0.35],
    [0.8, 0.55],
  ]);
}

describe('aparelhos usados: a used phone evaluated, checked, signed for and taken as part of a Pix order', () => {
  let s: BrowserSession;
  let page: Page;
  let order: PlacedOrder;
  let customerName: string;
  let seminovoName: string;
  let tradeInCode = '';
  const imei = freshImei();

  beforeAll(async () => {
    s = await openBrowser({ width: 1280, height: 900 });
    page = s.page;
    const admin = await apiAs(s.baseURL, DEMO.admin);
    // The manager's table and deductions, as the example has them.
    await admin.send('POST', '/trade-ins/prices', { brand: 'Apple', model: 'iPhone 12', storage: 128, price: 1500 });
    await admin.send('PUT', '/trade-ins/settings', {
      deductions: Object.fromEntries(TRADE_IN_DEFECTS.map((d) => [d, DEFAULT_TRADE_IN_DEDUCTIONS[d] / 100])),
      warrantyDays: 90,
    });
    // The seminovo the phone becomes: serialized, used, grade B, no stock.
    seminovoName = unique('iPhone 12 128 GB Seminovo Jornada');
    await admin.call('POST', '/products/brand', { name: 'Jornadas' });
    await admin.send('POST', '/products', {
      name: seminovoName,
      brand: 'Jornadas',
      cost: 1200,
      sellPrice: 1899,
      discount: { silverPercentage: 0, goldPercentage: 0, bronzePercentage: 0 },
      stock: 0,
      tags: ['jornada'],
      serialized: true,
      used: true,
      grade: 'B',
    });
    // The customer, no level nor freight: the new phone at its list price, R$ 3.000,00, picked up, by Pix.
    customerName = unique('Joana Usado');
    const registered = await admin.send<{ data: { id: number } }>('POST', '/customers', {
      name: customerName,
      email: `${randomUUID().slice(0, 8)}@usados.jornada.example.com`,
      phone: '(11) 98765-4321',
      document: freshCpf(),
      zipCode: '01001-000',
      street: 'Praça da Sé',
      number: '100',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      level: 0,
      shippingCost: 0,
      warrantyPercentage: 0,
    });
    const customerId = registered.data.id;
    const phone = await journeyProduct(admin, {
      name: 'iPhone 15 Jornada Usados',
      cost: 2500,
      sellPrice: 3000,
      stock: 3,
    });
    await admin.send('POST', `/orders/cart/add/${customerId}`, { productId: phone.id, quantity: 1 });
    order = await admin.send<PlacedOrder>('POST', `/orders/checkout/pix/${customerId}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
    });
    expect(order.total).toBe(3000);
    await login(page, DEMO.attendant);
  });
  afterAll(() => s.close());

  it('evaluates the iPhone 12 from the order: R$ 1.500,00 − 150,00 − 150,00 = R$ 1.200,00', async () => {
    // From the order's payments: 'Avaliar aparelho usado' opens the form for its customer.
    const details = await openOrderDetails(page, order.code);
    await details.getByRole('link', { name: 'Avaliar aparelho usado' }).click();
    await page.waitForURL(/\/admin\/trade-ins\?pedido=/);
    const form = page.getByRole('dialog', { name: 'Nova avaliação de usado' });
    await form.waitFor();
    expect(await form.getByLabel('Nome do vendedor').inputValue()).toBe(customerName);
    expect(await form.getByLabel('CPF do vendedor').inputValue()).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);

    await form.getByRole('combobox', { name: 'Marca' }).fill('Apple');
    await form.getByRole('combobox', { name: 'Modelo' }).fill('iPhone 12');
    await form.getByRole('combobox', { name: 'Armazenamento (GB)' }).fill('128');
    await form.getByLabel('Cor').fill('Azul');
    // The IMEI checked as typed: a wrong check digit is said at once.
    const wrong = `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;
    await form.getByRole('textbox', { name: 'IMEI', exact: false }).first().fill(wrong);
    await form.getByText(`IMEI inválido: ${wrong} (dígito verificador não confere).`).waitFor();
    await form.getByRole('textbox', { name: 'IMEI', exact: false }).first().fill(imei);
    await form.getByText(/IMEI inválido/).waitFor({ state: 'detached' });
    await form.getByRole('combobox', { name: 'Tela' }).click();
    await page.getByRole('option', { name: 'Riscada' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await form.getByLabel('Saúde da bateria (%)').fill('78');
    await form.getByTestId('trade-in-photos').setInputFiles([
      { name: 'frente.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await photo(41), 'base64') },
      { name: 'verso.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await photo(42), 'base64') },
    ]);
    await form.getByRole('img', { name: 'Foto 2' }).waitFor();

    // The offer, worked out by the server.
    const offer = form.getByRole('list', { name: 'Avaliação' });
    await offer.getByText('R$ 1.500,00').waitFor();
    expect((await offer.getByRole('listitem').allTextContents()).filter(Boolean)).toEqual([
      'Preço da tabelaR$ 1.500,00',
      '− Tela riscada− R$ 150,00',
      '− Bateria abaixo de 80 %− R$ 150,00',
      'OfertaR$ 1.200,00',
    ]);
    await expect.poll(() => form.getByLabel('Valor combinado').inputValue()).toBe('1.200,00');
    await offer.scrollIntoViewIfNeeded();
    await waitForNetworkIdle(page);
    await settled(page);
    await expectAccessible(page, 'aparelhos usados: nova avaliação');
    await screenshot(page, 'trade-ins-1-evaluation-desktop');

    const created = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/trade-ins' && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Registrar avaliação' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    tradeInCode = ((await answer.json()) as { data: { code: string } }).data.code;
    await form.waitFor({ state: 'detached' });
  });

  it('checks the IMEI regular with a screenshot, the seller signs, the term names both', async () => {
    const details = page.getByRole('dialog', { name: `Avaliação ${tradeInCode}` });
    await details.getByTestId('trade-in-value').getByText('Valor combinado: R$ 1.200,00').waitFor();
    await details.getByTestId('trade-in-missing').waitFor();
    const check = details.getByRole('region', { name: '1. Consulta de aparelho impedido' });
    const site = check.getByRole('link', { name: 'Abrir consultaaparelhoimpedido.com.br' });
    expect(await site.getAttribute('href')).toBe('https://www.consultaaparelhoimpedido.com.br/');
    expect(await site.getAttribute('target')).toBe('_blank');
    await check.getByText(imei, { exact: true }).waitFor();
    await check.getByRole('radio', { name: 'Regular' }).check();
    await check.getByTestId('trade-in-screenshot').setInputFiles({
      name: 'consulta.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(await photo(43), 'base64'),
    });
    await check.getByRole('img', { name: 'Captura de tela da consulta' }).waitFor();
    await settled(page);
    await screenshot(page, 'trade-ins-2-check-desktop');
    await check.getByRole('button', { name: 'Registrar consulta' }).click();
    await check.getByText(/^Regular em .*, por Beatriz Atendente$/).waitFor();

    const signing = details.getByRole('region', { name: '2. Termo de compra e assinatura' });
    expect(await signing.getByTestId('trade-in-term').textContent()).toContain(`Eu, ${customerName}, CPF`);
    await sign(page, signing.getByRole('img', { name: 'Quadro de assinatura do vendedor' }));
    await settled(page);
    await expectAccessible(page, 'aparelhos usados: assinatura');
    await screenshot(page, 'trade-ins-3-sign-desktop');
    await signing.getByRole('button', { name: 'Registrar assinatura' }).click();
    await signing.getByText(/^Assinado em /).waitFor();
    await details.getByTestId('trade-in-missing').waitFor({ state: 'detached' });

    // The term, as the server writes it.
    const term = (
      await pdfTextOf(page, () => signing.getByRole('button', { name: 'Termo de compra (PDF)' }).click())
    ).replace(/\s+/g, ' ');
    expect(term).toContain('Termo de compra de aparelho usado');
    expect(term).toContain(customerName);
    expect(term).toContain(imei);
    expect(term).toContain('R$ 1.200,00');
    expect(term).toContain('Regular');
  });

  it('accepts it into the order as a seminovo: R$ 1.800,00 left to pay', async () => {
    const details = page.getByRole('dialog', { name: `Avaliação ${tradeInCode}` });
    await details.getByRole('button', { name: 'Aceitar aparelho' }).click();
    const accept = page.getByRole('dialog', { name: `Aceitar aparelho ${tradeInCode}` });
    await accept.getByRole('combobox', { name: 'Produto seminovo' }).fill(seminovoName);
    await page.getByRole('option', { name: new RegExp(seminovoName) }).click();
    // The order the evaluation came from, found with what it owes.
    expect(await accept.getByLabel('Código do pedido').inputValue()).toBe(order.code);
    await accept
      .getByTestId('trade-in-order-found')
      .getByText(/a pagar R\$ 3\.000,00/)
      .waitFor();
    await settled(page);
    await expectAccessible(page, 'aparelhos usados: aceitar');
    await screenshot(page, 'trade-ins-4-accept-desktop');
    await accept.getByRole('button', { name: 'Aceitar', exact: true }).click();
    await accept.waitFor({ state: 'detached' });

    const accepted = details.getByRole('region', { name: '3. Aceitar o aparelho' });
    await accepted.getByText('Aparelho no estoque: Em preparação').waitFor();
    await accepted.getByText('Saldo a pagar: R$ 1.800,00').waitFor();
    await accepted.getByText('Pago: R$ 1.200,00').waitFor();
    await accepted.getByText('Aparelho usado', { exact: true }).waitFor();
    await accepted.scrollIntoViewIfNeeded();
    await waitForNetworkIdle(page);
    await settled(page);
    await screenshot(page, 'trade-ins-5-accepted-desktop');

    // In the list, accepted.
    await details.getByRole('button', { name: 'Fechar' }).last().click();
    await details.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: tradeInCode });
    await row.getByText('Aceito').waitFor();
    await settled(page);
    await expectAccessible(page, 'aparelhos usados: lista');
    await screenshot(page, 'trade-ins-6-list-desktop');
  });

  it('on a phone: the list, the form with its offer and the accepted phone', async () => {
    const phone = await openPhone();
    try {
      const small = phone.page;
      await login(small, DEMO.attendant);
      await small.goto('/admin/trade-ins');
      await small.getByRole('row').filter({ hasText: tradeInCode }).waitFor();
      await waitForNetworkIdle(small);
      await settled(small);
      await screenshot(small, 'trade-ins-7-list-phone');

      await small.getByRole('button', { name: 'Nova avaliação' }).click();
      const form = small.getByRole('dialog', { name: 'Nova avaliação de usado' });
      await form.getByRole('combobox', { name: 'Marca' }).fill('Apple');
      await form.getByRole('combobox', { name: 'Modelo' }).fill('iPhone 12');
      await form.getByRole('combobox', { name: 'Armazenamento (GB)' }).fill('128');
      await form.getByLabel('Saúde da bateria (%)').fill('91');
      const offer = form.getByRole('list', { name: 'Avaliação' });
      await offer.getByText('Oferta').waitFor();
      await offer.scrollIntoViewIfNeeded();
      await settled(small);
      await screenshot(small, 'trade-ins-8-evaluation-phone');
      await form.getByRole('button', { name: 'Fechar' }).click();
      await form.waitFor({ state: 'detached' });

      await small.getByRole('row').filter({ hasText: tradeInCode }).getByText(tradeInCode).click();
      const details = small.getByRole('dialog', { name: `Avaliação ${tradeInCode}` });
      await details.getByText('Saldo a pagar: R$ 1.800,00').waitFor();
      await details.getByRole('region', { name: '3. Aceitar o aparelho' }).scrollIntoViewIfNeeded();
      await waitForNetworkIdle(small);
      await settled(small);
      await screenshot(small, 'trade-ins-9-accepted-phone');
    } finally {
      await phone.close();
    }
  });

  it("from the customer's details: 'Avaliar aparelho usado' opens the form with him as the seller", async () => {
    await page.goto('/admin/customers');
    const active = page
      .locator('.MuiCard-root')
      .filter({ has: page.getByRole('heading', { name: 'Clientes Ativos', exact: true }) });
    await active.getByPlaceholder('Pesquisar').fill(customerName);
    const row = active.getByRole('row').filter({ hasText: customerName }).first();
    await tick(page, row.getByRole('checkbox'));
    await active.getByRole('button', { name: 'Detalhes' }).click();
    const details = page.getByRole('dialog', { name: 'Detalhes do Cliente' });
    await details.getByRole('link', { name: 'Avaliar aparelho usado' }).click();
    const form = page.getByRole('dialog', { name: 'Nova avaliação de usado' });
    await form.waitFor();
    expect(await form.getByLabel('Nome do vendedor').inputValue()).toBe(customerName);
    expect(await form.getByLabel('CPF do vendedor').inputValue()).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(await form.getByRole('combobox', { name: 'Cliente (opcional)' }).inputValue()).toBe(customerName);
    await settled(page);
    await screenshot(page, 'trade-ins-10-from-customer-desktop');
    await form.getByRole('button', { name: 'Fechar' }).click();
    await form.waitFor({ state: 'detached' });
  });

  it("the manager's settings card and the products form's 'Seminovo'", async () => {
    const admin = await openBrowser({ width: 1280, height: 900 });
    try {
      const desk = admin.page;
      await login(desk, DEMO.admin);
      await desk.goto('/admin/settings');
      const card = desk.getByRole('region', { name: 'Avaliação de usados' });
      const prices = card.getByRole('table', { name: 'Tabela de preços' });
      await prices
        .getByRole('row')
        .filter({ hasText: 'iPhone 12' })
        .filter({ hasText: 'R$ 1.500,00' })
        .first()
        .waitFor();
      expect(await card.getByLabel('Tela riscada').inputValue()).toBe('150,00');
      await card.scrollIntoViewIfNeeded();
      await waitForNetworkIdle(desk);
      await settled(desk);
      await expectAccessible(desk, 'configurações: avaliação de usados');
      await screenshot(desk, 'trade-ins-11-settings-desktop');

      await desk.goto('/admin/products');
      await desk.getByRole('button', { name: 'Cadastrar Produto' }).click();
      const form = desk.getByRole('region', { name: 'Cadastrar Produto' });
      await form.getByLabel('Seminovo', { exact: true }).check();
      await form.getByRole('combobox', { name: 'Grau' }).click();
      await desk.getByRole('option', { name: 'B (marcas leves)' }).click();
      await desk.getByRole('listbox').waitFor({ state: 'detached' });
      await form.getByLabel('Seminovo', { exact: true }).scrollIntoViewIfNeeded();
      await settled(desk);
      await screenshot(desk, 'trade-ins-12-product-form-desktop');

      // 'Usados por mês': this year's months, the one accepted above among them.
      await desk.goto('/admin/trade-ins');
      await desk.getByRole('button', { name: 'Usados por mês' }).click();
      const report = desk.getByRole('dialog', { name: 'Usados por mês' });
      const rows = report.getByRole('table', { name: 'Usados por mês' }).getByRole('row');
      await rows.filter({ hasText: 'Total' }).waitFor();
      await settled(desk);
      await expectAccessible(desk, 'aparelhos usados: usados por mês');
      await screenshot(desk, 'trade-ins-13-report-desktop');
    } finally {
      await admin.close();
    }
  });
});
