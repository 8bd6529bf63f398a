import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { businessDay, centsToReais, formatBRL, formatMonth, luhnCheckDigit, reaisToCents } from '@backoffice/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JourneyProduct, journeyProduct, photo } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  freshCpf,
  login,
  openBrowser,
  openPhone,
  screenshot,
  settled,
  signWithMouse,
  unique,
  waitForNetworkIdle,
  withOwnDrawer,
} from './harness';

/**
 * Assistência técnica (issue 42 §2): the counter (the administrator, who holds 'Assistência técnica') opens a
 * service order on a desktop (1280 wide) for a customer of the journey's own, with the device's password, the
 * checklist and a photo, and downloads the receipt PDF (its QR code points to the public page); the technician, on a
 * phone (390 wide), lands on his bench, starts the diagnosis and sends the estimate: a screen of R$ 350,00 from stock
 * (searched by GET /repairs/parts, open to his function) and R$ 120,00 of labour; the counter approves it in cash
 * (the bill: an order of R$ 470,00); the technician starts and finishes the repair on his phone; the counter delivers
 * it with the customer's signature; the public status page (no sign-in) shows only the status and its dates, and says
 * so for an unknown link.
 */

const DESK = { width: 1280, height: 900 };
const SHOTS = path.resolve(import.meta.dirname, '..', 'screenshots');
const TECHNICIAN = 'tecnico@demo.com.br';

/** A valid IMEI no other run used: 35, twelve digits of the clock, its check digit. */
function freshImei(): string {
  const body = `35${String(Date.now()).slice(-12)}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** The text of the PDF a click downloads, the file kept as screenshots/<name>.pdf to be looked at. */
async function downloadedPdf(page: Page, click: () => Promise<void>, name: string): Promise<string> {
  const download = page.waitForEvent('download');
  await click();
  const keep = process.env.E2E_SCREENSHOTS !== '0';
  const dir = keep ? SHOTS : mkdtempSync(path.join(tmpdir(), 'pdf-'));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.pdf`);
  await (await download).saveAs(file);
  return execFileSync(process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext', ['-layout', file, '-'], {
    encoding: 'utf8',
  });
}

/** Confirms the move asked by the confirmation dialog titled `label`. */
async function confirmMove(page: Page, label: string) {
  const dialog = page.getByRole('dialog', { name: label });
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('assistência técnica: a service order from the counter to the bench and back, with its public page', () => {
  let desk: BrowserSession;
  let phone: BrowserSession;
  let counter: Page;
  let bench: Page;
  let product: JourneyProduct;
  let customerName: string;
  const imei = freshImei();
  let osNumber = 0;
  let statusPath = '';

  beforeAll(async () => {
    desk = await openBrowser(DESK);
    counter = desk.page;
    const admin = await apiAs(desk.baseURL, DEMO.admin);
    product = await journeyProduct(admin, { name: 'Tela Jornada Reparo', cost: 180, sellPrice: 350, stock: 5 });
    customerName = unique('Rita Reparo');
    await admin.send('POST', '/customers', {
      name: customerName,
      email: `${customerName.replace(/\s/g, '.').toLowerCase()}@reparo.jornada.example.com`,
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
  });

  afterAll(async () => {
    await phone?.close();
    await desk?.close();
  });

  /** The details of the service order, opened from the list (all of them, newest first). */
  async function openDetails(): Promise<Locator> {
    await counter.goto(`/admin/repairs?os=${osNumber}`);
    const details = counter.getByRole('dialog', { name: `Ordem de serviço OS ${osNumber}` });
    await details.getByRole('heading', { name: 'Histórico' }).waitFor();
    return details;
  }

  it('the counter opens a service order on a desktop and downloads its receipt', async () => {
    await login(counter, DEMO.admin);
    await counter.goto('/admin/repairs');
    await counter.getByRole('heading', { name: 'Assistência técnica', level: 1 }).waitFor();
    await waitForNetworkIdle(counter);
    await screenshot(counter, 'repairs-01-list-desktop');
    await expectAccessible(counter, 'Assistência técnica (lista)');

    await counter.getByRole('button', { name: 'Nova ordem de serviço' }).click();
    const form = counter.getByRole('dialog', { name: 'Nova ordem de serviço' });
    await form.getByRole('combobox', { name: 'Cliente' }).fill(customerName);
    await counter.getByRole('option', { name: new RegExp(`^${customerName}`) }).click();
    const imeiField = form.getByLabel('IMEI');
    // Checked as typed: a digit short, then a wrong check digit, then the right one.
    await imeiField.fill(imei.slice(0, 14));
    await form.getByText('Faltam 1 dígito.').waitFor();
    await imeiField.fill(`${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`);
    await form.getByText('IMEI inválido (15 dígitos, o último o dígito verificador).').waitFor();
    await imeiField.fill(imei);
    await form.getByText('IMEI válido.').waitFor();
    await form.getByLabel('Modelo do aparelho').fill('iPhone 12 64 GB');
    await form.getByLabel('Senha ou padrão de desbloqueio').fill('147258');
    await form.getByLabel('Problema relatado pelo cliente').fill('Tela quebrada, touch não responde');
    await form.getByRole('checkbox', { name: 'Câmera' }).check();
    await form.getByRole('checkbox', { name: 'Botões' }).check();
    await form.getByLabel('Observações da entrada (riscos, trincas…)').fill('Trinca no canto superior');
    await form.getByLabel('Acessórios deixados').fill('Capinha');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'frente.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(await photo(42), 'base64'),
    });
    await form.getByRole('img', { name: 'Foto 1 da entrada' }).waitFor();
    await settled(counter);
    await screenshot(counter, 'repairs-02-new-order-desktop');
    await expectAccessible(counter, 'Nova ordem de serviço');
    await form.getByRole('button', { name: 'Abrir ordem de serviço' }).click();
    await form.waitFor({ state: 'detached' });

    const details = counter.getByRole('dialog', { name: /^Ordem de serviço OS \d+$/ });
    await details.getByRole('heading', { name: 'Histórico' }).waitFor();
    osNumber = Number(((await details.getByRole('heading', { level: 2 }).textContent()) ?? '').replace(/\D/g, ''));
    expect(osNumber).toBeGreaterThan(0);
    const shown = (await details.textContent()) ?? '';
    expect(shown).toContain('Recebido');
    expect(shown).toContain('Senha/padrão: guardada em sigilo');
    // The password is never shown back.
    expect(shown).not.toContain('147258');
    await settled(counter);
    await screenshot(counter, 'repairs-03-details-received-desktop');
    await expectAccessible(counter, 'Ordem de serviço (recebida)');

    const receipt = await downloadedPdf(
      counter,
      () => details.getByRole('button', { name: 'Comprovante (PDF)' }).click(),
      'repairs-receipt',
    );
    expect(receipt).toContain(`OS ${osNumber}`);
    expect(receipt).toContain('iPhone 12 64 GB');
    expect(receipt).toContain(imei);
    expect(receipt).toContain(customerName);
    expect(receipt).not.toContain('147258');
    const statusUrl = await details.getByRole('link', { name: 'Página de acompanhamento' }).getAttribute('href');
    statusPath = new URL(statusUrl ?? '').pathname;
    expect(statusPath).toMatch(/^\/os\/[A-Za-z0-9_-]{32}$/);

    // 'Corrigir dados': the customer left his charger too; the details show it.
    await details.getByRole('button', { name: 'Corrigir dados' }).click();
    const edit = counter.getByRole('dialog', { name: `Corrigir dados da OS ${osNumber}` });
    await edit.getByLabel('Acessórios deixados').fill('Capinha e carregador');
    await settled(counter);
    await screenshot(counter, 'repairs-03a-correct-desktop');
    await expectAccessible(counter, 'Corrigir dados da ordem de serviço');
    await edit.getByRole('button', { name: 'Salvar correção' }).click();
    await edit.waitFor({ state: 'detached' });
    await details.getByText('Acessórios deixados: Capinha e carregador').waitFor();
  });

  it('the counter on a phone: the list, the service order and the new order form fit 390 wide', async () => {
    const handheld = await openPhone();
    try {
      const page = handheld.page;
      await login(page, DEMO.admin);
      await page.goto(`/admin/repairs?os=${osNumber}`);
      const details = page.getByRole('dialog', { name: `Ordem de serviço OS ${osNumber}` });
      await details.getByRole('heading', { name: 'Histórico' }).waitFor();
      await settled(page);
      await screenshot(page, 'repairs-03b-details-phone');
      await expectAccessible(page, 'Ordem de serviço (celular)');
      await details.getByRole('button', { name: 'Fechar' }).tap();
      await details.waitFor({ state: 'detached' });
      await waitForNetworkIdle(page);
      await screenshot(page, 'repairs-03c-list-phone');
      await page.getByRole('button', { name: 'Nova ordem de serviço' }).tap();
      const form = page.getByRole('dialog', { name: 'Nova ordem de serviço' });
      await form.getByLabel('IMEI').fill(imei.slice(0, 10));
      await form.getByText('Faltam 5 dígitos.').waitFor();
      await settled(page);
      await screenshot(page, 'repairs-03d-new-order-phone');
      await expectAccessible(page, 'Nova ordem de serviço (celular)');
      // Sent empty: each required field says what it needs.
      await form.getByRole('button', { name: 'Abrir ordem de serviço' }).tap();
      await form.getByText('Informe o cliente da ordem de serviço.').waitFor();
      await form.getByText('Informe o modelo do aparelho.').waitFor();
    } finally {
      await handheld.close();
    }
  });

  it('the technician, on his phone, lands on his bench, starts the diagnosis and sends a R$ 470,00 estimate', async () => {
    phone = await openPhone();
    bench = phone.page;
    await login(bench, TECHNICIAN);
    await bench.waitForURL(/\/admin\/repair-tasks$/);
    const card = bench.getByRole('listitem').filter({ hasText: `OS ${osNumber}` });
    await card.getByRole('button', { name: 'Iniciar diagnóstico' }).waitFor();
    await waitForNetworkIdle(bench);
    await screenshot(bench, 'repairs-04-bench-phone');
    await expectAccessible(bench, 'Bancada técnica (celular)');
    await card.getByRole('button', { name: 'Iniciar diagnóstico' }).tap();
    await confirmMove(bench, 'Iniciar diagnóstico');
    await card.getByText('Em diagnóstico').waitFor();
    await card.getByRole('button', { name: 'Enviar orçamento' }).tap();
    const estimate = bench.getByRole('dialog', { name: `Orçamento da OS ${osNumber}` });
    await estimate.getByLabel('Diagnóstico (o que o técnico encontrou)').fill('Display trincado; touch sem resposta');
    await estimate.getByLabel('Buscar peça no estoque').fill(product.code);
    await bench.getByRole('option', { name: new RegExp(product.name) }).tap();
    await estimate.getByLabel(`Preço de ${product.name}`).waitFor();
    await estimate.getByLabel('Mão de obra').fill('120,00');
    const totals = estimate.getByTestId('estimate-totals');
    await expect.poll(async () => ((await totals.textContent()) ?? '').replace(/\s/g, ' ')).toContain('R$ 470,00');
    await settled(bench);
    await screenshot(bench, 'repairs-05-estimate-phone');
    await expectAccessible(bench, 'Orçamento (celular)');
    await estimate.getByRole('button', { name: 'Enviar orçamento' }).tap();
    await estimate.waitFor({ state: 'detached' });
    // Waiting for the customer's answer: no longer the bench's.
    await card.waitFor({ state: 'detached' });
  });

  it("the counter approves the technician's estimate (a screen of R$ 350,00 + R$ 120,00 of labour): an order of R$ 470,00", async () => {
    const details = await openDetails();
    await details.getByText('Aguardando aprovação').first().waitFor();
    await settled(counter);
    await screenshot(counter, 'repairs-06-estimate-desktop');

    await details.getByRole('button', { name: 'Aprovar orçamento' }).click();
    const approve = counter.getByRole('dialog', { name: `Aprovar o orçamento da OS ${osNumber}` });
    expect(((await approve.textContent()) ?? '').replace(/\s/g, ' ')).toContain('R$ 470,00');
    await approve.getByRole('radio', { name: 'Dinheiro' }).check();
    await settled(counter);
    await screenshot(counter, 'repairs-07-approve-desktop');
    await expectAccessible(counter, 'Aprovar orçamento');
    await approve.getByRole('button', { name: 'Aprovar orçamento' }).click();
    await approve.waitFor({ state: 'detached' });
    const bill = details.getByRole('link', { name: /^Pedido / });
    await bill.waitFor();
    const orderId = Number(new URL((await bill.getAttribute('href')) ?? '', desk.baseURL).searchParams.get('order'));
    const admin = await apiAs(desk.baseURL, DEMO.admin);
    const order = (await admin.get<{ data: { total: number; paymentMethod: string } }>(`/orders/by-id/${orderId}`))
      .data;
    expect(order).toMatchObject({ total: 470, paymentMethod: 'CASH' });
    // The screen left stock through the ledger: 5 → 4.
    const after = await admin.get<{ items: { id: number; stock: number }[] }>(
      `/products/list?search=${encodeURIComponent(product.code)}`,
    );
    expect(after.items.find((p) => p.id === product.id)?.stock).toBe(4);
    await settled(counter);
    await screenshot(counter, 'repairs-08-approved-desktop');

    // The bill, from its link: the screen as its line, the labour on its own, R$ 470,00.
    await bill.click();
    const billDetails = counter.getByRole('dialog', { name: /Detalhes do pedido/ });
    const amounts = billDetails.getByRole('table', { name: 'Composição do total' });
    await amounts.getByRole('rowheader', { name: `Mão de obra (OS ${osNumber})` }).waitFor();
    const lines = (await amounts.getByRole('row').allTextContents()).map((line) => line.replace(/\s/g, ' '));
    expect(lines.slice(0, 2)).toEqual(['ItensR$ 350,00', `Mão de obra (OS ${osNumber})R$ 120,00`]);
    expect(lines.at(-1)).toBe('TotalR$ 470,00');
    await settled(counter);
    await screenshot(counter, 'repairs-08b-bill-desktop');
  });

  it('the technician starts and finishes the repair on his phone', async () => {
    await bench.reload();
    const card = bench.getByRole('listitem').filter({ hasText: `OS ${osNumber}` });
    await card.getByRole('button', { name: 'Iniciar reparo' }).tap();
    await confirmMove(bench, 'Iniciar reparo');
    await card.getByRole('button', { name: 'Concluir reparo' }).waitFor();
    await settled(bench);
    await screenshot(bench, 'repairs-09-in-repair-phone');
    await card.getByRole('button', { name: 'Concluir reparo' }).tap();
    await confirmMove(bench, 'Concluir reparo');
    // Ready: no longer the bench's.
    await card.waitFor({ state: 'detached' });
    await expectAccessible(bench, 'Bancada técnica depois do reparo (celular)');
  });

  it('the counter delivers it with the customer signature; the repair warranty starts', async () => {
    // What this month had billed before (the demo's year of repairs delivers some in it too).
    const admin = await apiAs(desk.baseURL, DEMO.admin);
    const today = businessDay(new Date());
    const monthQuery = `from=${today.slice(0, 8)}01&to=${today}`;
    const billedBeforeCents = (
      await admin.get<{ data: { month: string; billed: number }[] }>(`/repairs/report?${monthQuery}`)
    ).data.reduce((sum, row) => sum + reaisToCents(row.billed), 0);
    const details = await openDetails();
    await details.getByText('Pronto para retirada').first().waitFor();
    // The bill's R$ 470,00 in cash lands in the counter's open drawer (decision 0075): his own for the delivery.
    await withOwnDrawer(admin, admin, async () => {
      await details.getByRole('button', { name: 'Entregar ao cliente' }).click();
      const deliver = counter.getByRole('dialog', { name: `Entregar ao cliente a OS ${osNumber}` });
      await deliver.getByText('Receber R$ 470,00 em dinheiro').waitFor();
      const pad = deliver.getByRole('img', { name: 'Quadro de assinatura do cliente' });
      await pad.scrollIntoViewIfNeeded();
      await signWithMouse(counter, pad);
      await settled(counter);
      await screenshot(counter, 'repairs-10-deliver-desktop');
      await expectAccessible(counter, 'Entregar com assinatura');
      await deliver.getByRole('button', { name: 'Entregar ao cliente' }).click();
      await deliver.waitFor({ state: 'detached' });
    });
    await details.getByText('Entregue').first().waitFor();
    await details.getByText(/^Garantia do reparo até \d{2}\/\d{2}\/\d{4}\.$/).waitFor();
    await details.getByRole('img', { name: 'Assinatura do cliente' }).waitFor();
    expect((await details.textContent()) ?? '').toContain('Senha/padrão: apagada na saída do aparelho');
    await settled(counter);
    await screenshot(counter, 'repairs-11-delivered-desktop');
    await expectAccessible(counter, 'Ordem de serviço entregue');

    // Its bill, waiting at the counter since the approval (never the stocker's), was finalized with the delivery.
    const billId = Number(
      new URL(
        (await details.getByRole('link', { name: /^Pedido / }).getAttribute('href')) ?? '',
        desk.baseURL,
      ).searchParams.get('order'),
    );
    expect((await admin.get<{ data: { status: string } }>(`/orders/by-id/${billId}`)).data.status).toBe('Finalizados');
    // Paid: its R$ 470,00 a confirmed cash part, no balance left to take.
    expect(
      (
        await admin.get<{ data: { paid: number; paidInFull: boolean; takesParts: boolean } }>(
          `/orders/${billId}/payments`,
        )
      ).data,
    ).toMatchObject({ paid: 470, paidInFull: true, takesParts: false });

    // 'Assistência por mês': this month holds the repair just delivered, R$ 470,00 more billed than before.
    await details.getByRole('button', { name: 'Fechar' }).click();
    await details.waitFor({ state: 'detached' });
    await counter.getByRole('button', { name: 'Assistência por mês' }).click();
    const report = counter.getByRole('dialog', { name: 'Assistência por mês' });
    const table = report.getByRole('table', { name: 'Assistência por mês' });
    await table.getByRole('columnheader', { name: 'Custo da garantia' }).waitFor();
    const month = formatMonth(today);
    const row = table.getByRole('row').filter({ has: counter.getByRole('cell', { name: month, exact: true }) });
    expect(((await row.getByRole('cell').nth(3).textContent()) ?? '').replace(/\s/g, ' ')).toBe(
      formatBRL(centsToReais(billedBeforeCents + 47_000)).replace(/\s/g, ' '),
    );
    expect(((await table.getByRole('row').last().textContent()) ?? '').startsWith('Total')).toBe(true);
    await settled(counter);
    await screenshot(counter, 'repairs-15-report-desktop');
    await expectAccessible(counter, 'Assistência por mês');
  });

  it('the public status page shows only the status and its dates, without signing in; an unknown link says so', async () => {
    const visitor = await openBrowser(DESK);
    try {
      await visitor.page.goto(statusPath);
      const main = visitor.page.getByRole('main');
      await main.getByText('Aparelho entregue. Obrigado!').waitFor();
      const text = ((await main.textContent()) ?? '').replace(/\s/g, ' ');
      expect(text).toContain(`Ordem de serviço OS ${osNumber}`);
      expect(text).toContain('Entregue');
      expect(text).toMatch(/Recebido em\s*\d{2}\/\d{2}\/\d{4}/);
      expect(text).toMatch(/Garantia do reparo até\s*\d{2}\/\d{2}\/\d{4}/);
      for (const secret of [customerName, imei, 'iPhone', 'Tela quebrada', 'Capinha', '147258', 'R$', 'Display']) {
        expect(text).not.toContain(secret);
      }
      await screenshot(visitor.page, 'repairs-12-status-page-desktop');
      await expectAccessible(visitor.page, 'Acompanhamento público');
    } finally {
      await visitor.close();
    }
    const stranger = await openPhone();
    try {
      await stranger.page.goto(statusPath);
      await stranger.page.getByText('Aparelho entregue. Obrigado!').waitFor();
      await screenshot(stranger.page, 'repairs-13-status-page-phone');
      await stranger.page.goto('/os/nao-existe-este-link-de-acompanhamento');
      await stranger.page.getByText(/Não encontramos esta ordem de serviço/).waitFor();
      await screenshot(stranger.page, 'repairs-14-status-unknown-phone');
      await expectAccessible(stranger.page, 'Acompanhamento: link desconhecido');
    } finally {
      await stranger.close();
    }
  });
});
