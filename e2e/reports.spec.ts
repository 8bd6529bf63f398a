import { readFileSync } from 'node:fs';
import { quickPeriodDays } from '@backoffice/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type BrowserSession, DEMO, expectAccessible, login, openBrowser, screenshot } from './harness';

const EMPTY = 'Nenhum resultado foi encontrado com os parâmetros informados';

/** A São Paulo day `daysAgo` before today, as the date fields take it (DDMMYYYY, typed section by section). */
function spDay(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  const [d, m, y] = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(day).split('/');
  return `${d}${m}${y}`;
}

/** That day as the report paths take it (YYYY-MM-DD), from spDay's DDMMYYYY. */
const pathDay = (ddmmyyyy: string) => `${ddmmyyyy.slice(4)}-${ddmmyyyy.slice(2, 4)}-${ddmmyyyy.slice(0, 2)}`;

/**
 * The name of an attendant who registered an exchange in the last 90 days, asked of the API: the demo's
 * attendants take exchanges at random, so the first of the list may have none.
 */
async function attendantWithExchanges(baseURL: string): Promise<string> {
  const admin = await apiAs(baseURL, DEMO.admin);
  const { data } = await admin.get<{ data: { attendants: { id: number; name: string }[] } }>('/employees/attendants');
  const [start, end] = [pathDay(spDay(89)), pathDay(spDay(0))];
  for (const attendant of data.attendants) {
    const rows = await admin.get<{ data: unknown[] }>(
      `/reports/order/exchange/start/${start}T00:00:00/end/${end}T23:59:59/employee/${attendant.id}`,
    );
    if (rows.data.length > 0) return attendant.name;
  }
  throw new Error('no attendant of the demo registered an exchange in the last 90 days');
}

async function typeDate(page: Page, label: string, ddmmyyyy: string) {
  const group = page.getByRole('group', { name: new RegExp(label) });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy);
}

async function choose(page: Page, label: string, option?: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

/** The report's filters (spec section 2), the demo's first courier / attendant / brand and reference. */
const REPORTS: {
  label: string;
  dates?: boolean;
  level?: string;
  courier?: boolean;
  attendant?: boolean;
  /** Which attendant (else the first of the list). */
  attendantName?: string;
  brand?: boolean;
}[] = [
  { label: 'Clientes que mais compraram', dates: true },
  { label: 'Clientes que menos compraram', dates: true },
  { label: 'Produtos mais vendidos', dates: true },
  { label: 'Produtos menos vendidos', dates: true },
  { label: 'Produtos com estoque baixo' },
  { label: 'Pedidos por motoboy', dates: true, courier: true },
  { label: 'Estoque x vendas', level: 'Prata' },
  { label: 'Trocas por atendente', dates: true, attendant: true },
  { label: 'Devoluções por atendente', dates: true, attendant: true },
  { label: 'Trocas por motoboy', dates: true, courier: true },
  { label: 'Devoluções por motoboy', dates: true, courier: true },
  { label: 'Pedidos por atendente', dates: true, attendant: true },
  { label: 'Clientes por motoboy', courier: true },
  { label: 'Pedidos aguardando motoboy', courier: true },
  { label: 'Marcas e referências', brand: true },
  { label: 'Pedidos por depósito (transferência e Pix)', dates: true },
  { label: 'Clientes com entrega imediata' },
];

/** Chooses the report, fills its filters, generates it; returns the API answer's status and the rows shown. */
async function generate(page: Page, report: (typeof REPORTS)[number]): Promise<{ status: number; rows: number }> {
  await choose(page, 'Relatório', report.label);
  if (report.dates) {
    await typeDate(page, 'Data inicial', spDay(89));
    await typeDate(page, 'Data final', spDay(0));
  }
  if (report.level) await choose(page, 'Nível', report.level);
  if (report.courier) await choose(page, 'Motoboy');
  if (report.attendant) await choose(page, 'Atendente', report.attendantName);
  if (report.brand) {
    await choose(page, 'Marca');
    await choose(page, 'Referência');
  }
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/reports/'), {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Gerar', exact: true }).click();
  const status = (await answer).status();
  const table = page.getByRole('grid', { name: report.label });
  await table.locator('.MuiDataGrid-row').first().or(page.getByText(EMPTY)).first().waitFor({ timeout: 60_000 });
  return { status, rows: await table.locator('.MuiDataGrid-row').count() };
}

describe('reports: the administrator generates every report on the demo business', () => {
  let s: BrowserSession;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 900 });
    await login(s.page, DEMO.admin);
  });
  afterAll(() => s.close());

  it("a report detail starts on the last 7 days; 'Mês passado' fills the whole last month", async () => {
    const { page } = s;
    await page.goto('/admin/dashboard');
    await page.evaluate(() => localStorage.setItem('reportType', 'topTenSellers'));
    await page.goto('/admin/reportDetail');
    await page.getByRole('heading', { name: 'Produtos mais vendidos' }).waitFor();
    const week = quickPeriodDays('last7', new Date());
    const shown = (day: string) => day.split('-').reverse().join('/');
    const startText = (await page.getByRole('group', { name: /Data inicial/ }).textContent()) ?? '';
    expect(startText.replace(/[^\d/]/g, '')).toContain(shown(week.first));
    await page.getByRole('button', { name: 'Mês passado' }).click();
    const { first, last } = quickPeriodDays('lastMonth', new Date());
    const answer = page.waitForResponse((r) => r.url().includes('/api/reports/products/sold/start/'));
    await page.getByRole('button', { name: 'Gerar Relatório' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.url()).toContain(`start/${first}T00:00:00/end/${last}T23:59:59/desc`);
    await screenshot(page, 'report-quick-periods');
    await expectAccessible(page, 'Detalhe do relatório com períodos rápidos');
  });

  it("goes from a dashboard chart's 'Ver detalhes' to its report detail and generates a period", async () => {
    const { page } = s;
    await page.goto('/admin/dashboard');
    const sold = page.getByRole('region', { name: 'Produtos mais vendidos' });
    await sold.getByRole('listitem').first().waitFor({ state: 'attached' });
    // The dashboard drawn whole before the click (its chart and no loader left, its first row's figures in): a
    // card that grows between the press and the release moves the button away and the click is lost (CI).
    await sold.locator('svg rect').first().waitFor();
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await sold.getByRole('button', { name: 'Ver detalhes' }).click();
    await page.waitForURL(/\/admin\/reportDetail$/);
    await page.getByRole('heading', { name: 'Produtos mais vendidos' }).waitFor();
    await typeDate(page, 'Data inicial', spDay(29));
    await typeDate(page, 'Data final', spDay(0));
    const answer = page.waitForResponse((r) => r.url().includes('/api/reports/products/sold/start/'));
    await page.getByRole('button', { name: 'Gerar Relatório' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.url()).toMatch(
      /start\/\d{4}-\d{2}-\d{2}T00:00:00\/end\/\d{4}-\d{2}-\d{2}T23:59:59\/desc\?items=10$/,
    );
    const table = page.getByRole('grid', { name: 'Produtos mais vendidos' });
    await table.locator('.MuiDataGrid-row').first().waitFor();
    const rows = await table.locator('.MuiDataGrid-row').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(10);
    await expectAccessible(page, 'Detalhe do relatório');
    await screenshot(page, 'reports-detail-desktop');
  });

  it('generates each of the 17 reports with its filters', async () => {
    const { page } = s;
    await page.goto('/admin/reports');
    await page.getByRole('heading', { name: 'Relatórios gerais' }).waitFor();
    const seen: string[] = [];
    for (const report of REPORTS) {
      const { status, rows } = await generate(page, report);
      expect(status, report.label).toBe(200);
      seen.push(`${report.label}: ${rows}`);
      if (rows === 0) expect(await page.getByText(EMPTY).isVisible(), report.label).toBe(true);
      if (report.label === 'Pedidos por motoboy') {
        // the demo's couriers deliver every week: the period has orders, the footer its totals
        expect(rows, report.label).toBeGreaterThan(0);
        await page.getByLabel('Total', { exact: true }).getByText('Total de vendas').waitFor();
        await expectAccessible(page, 'Relatórios gerais: Pedidos por motoboy');
        await screenshot(page, 'reports-orders-by-courier-desktop');
      }
    }
    // the demo business has rows for the rankings, low stock, stock vs sales and deposits
    for (const label of ['Clientes que mais compraram', 'Produtos mais vendidos', 'Estoque x vendas'])
      expect(
        seen.find((line) => line.startsWith(`${label}:`)),
        label,
      ).not.toMatch(/: 0$/);
  });

  it('opens the order of an exchange row, and its order details', async () => {
    const { page } = s;
    const attendantName = await attendantWithExchanges(s.baseURL);
    const { rows } = await generate(page, { ...(REPORTS[7] as (typeof REPORTS)[number]), attendantName });
    expect(rows).toBeGreaterThan(0);
    await page
      .getByRole('button', { name: /^Ver pedido / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Troca do pedido / });
    await dialog.getByText('Total trocado').waitFor();
    await expectAccessible(page, 'Troca do pedido');
    await screenshot(page, 'reports-exchange-order-desktop');
    await dialog.getByRole('button', { name: 'Ver pedido', exact: true }).click();
    const details = page.getByRole('dialog', { name: /^Detalhes do pedido / });
    await details.getByText('Forma de Pagamento').waitFor();
    await details.getByRole('button', { name: 'Fechar' }).click();
    await details.waitFor({ state: 'detached' });
    // back to the exchange's order, then closed
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("downloads every row as relatorio.csv with ';'", async () => {
    const { page } = s;
    const { rows } = await generate(page, REPORTS[5] as (typeof REPORTS)[number]);
    expect(rows).toBeGreaterThan(0);
    const total = Number((await page.getByText(/^1–10 de \d+/).textContent())?.match(/de (\d+)/)?.[1]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('relatorio.csv');
    const text = readFileSync((await file.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Código;Data do pedido;Data de envio;Cliente;Pagamento;Subtotal;Trocas;Devoluções;Frete;Garantia;Desconto;Diferença',
    );
    // every row of the period, not only the page on screen
    expect(lines.length - 1).toBe(total);
    expect(lines[1]).toMatch(/^[^;]+;\d{2}\/\d{2}\/\d{4};/);
  });

  it("'Recebimentos de cartão': the acquirer's payments of the period by day, their totals and the CSV", async () => {
    const { page } = s;
    await page.goto('/admin/reports');
    const report = { label: 'Recebimentos de cartão', dates: true };
    const { status, rows } = await generate(page, report);
    expect(status).toBe(200);
    // The demo's card sales (one in nine finished cash orders, the split ones) are paid D+1 and D+30…
    expect(rows).toBeGreaterThan(0);
    const table = page.getByRole('grid', { name: report.label });
    const first = table.locator('.MuiDataGrid-row').first();
    expect(await first.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}.*(Débito|Crédito).*\d+\/\d+.*R\$/);
    const totals = page.getByLabel('Total', { exact: true });
    await totals.getByText('Recebimentos').waitFor();
    await totals.getByText('Líquido', { exact: true }).waitFor();
    // Each day's totals in a table of their own, a line per day with a payment.
    expect(await page.getByRole('table', { name: 'Por dia' }).getByRole('row').count()).toBeGreaterThan(1);
    await expectAccessible(page, 'Relatórios gerais: Recebimentos de cartão');
    await screenshot(page, 'reports-card-settlements-desktop');

    const total = Number((await page.getByText(/^1–10 de \d+/).textContent())?.match(/de (\d+)/)?.[1]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('relatorio.csv');
    const text = readFileSync((await file.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Data de recebimento;Pedido;Tipo;Bandeira;Parcela;Bruto;Taxa;Líquido');
    expect(lines.length - 1).toBe(total);
    expect(lines[1]).toMatch(
      /^\d{2}\/\d{2}\/\d{4};[^;]+;(Débito|Crédito);[^;]+;\d+\/\d+;\d+,\d{2};\d+,\d{2};\d+,\d{2}$/,
    );
  });

  it('fits a phone', async () => {
    const phone = await s.browser.newContext({
      baseURL: s.baseURL,
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
    });
    try {
      const page = await phone.newPage();
      await login(page, DEMO.admin);
      await page.goto('/admin/reports');
      await generate(page, REPORTS[5] as (typeof REPORTS)[number]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'Relatórios gerais (celular)');
      await screenshot(page, 'reports-orders-by-courier-phone');
      const cards = await generate(page, { label: 'Recebimentos de cartão', dates: true });
      expect(cards.rows).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await screenshot(page, 'reports-card-settlements-phone');
    } finally {
      await phone.close();
    }
  });
});
