import { normalizeSearch, whatsAppPhone } from '@backoffice/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignCourier, deliverOrder, type JourneyProduct, newProduct, packOrder, placeOrder } from './fixtures';
import {
  type ApiClient,
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  PHONE,
  pageApi,
  pdfTextOf,
  screenshot,
  tick,
  unique,
} from './harness';

interface ApiOrder {
  orderId: number;
  code: string;
  customer: string;
  statusKey: number;
  payment: string;
  deliverer: string | null;
  delivererId: number | null;
}
interface ApiOrderDetail extends ApiOrder {
  status: string;
  customerPhone: string | null;
  customerDocument?: string | null;
  customerAddress?: { street: string | null; number: string | null } | null;
  items: { name: string; quantity: number; unitPrice: number }[];
}

/** Reads the API with the signed-in page's token (to find demo orders to work with, and to check results). */
const apiGet = <T>(page: Page, url: string) => pageApi(page).get<T>(url);

async function detail(page: Page, orderId: number): Promise<ApiOrderDetail> {
  return (await apiGet<{ data: ApiOrderDetail }>(page, `/orders/by-id/${orderId}`)).data;
}

/** The order's last history entry (the status it moved to and its note). */
async function lastHistoryEntry(page: Page, orderId: number) {
  const history = await apiGet<{ data: { histories: { statusKey: number; note: string | null; user: string }[] } }>(
    page,
    `/reports/order/histories/${orderId}`,
  );
  return history.data.histories.at(-1);
}

async function snackbar(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

/** Finds the order by its code ('Código do pedido' + 'Buscar'): the list becomes that order, selected. */
async function findOrder(page: Page, code: string): Promise<Locator> {
  await page.getByLabel('Código do pedido').fill(code);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: code });
  await row.waitFor();
  await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(true);
  return row;
}

const toolbarButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('orders: approve a proof, cancel, change the courier, finish, and every view of an order', () => {
  let s: BrowserSession;
  let page: Page;
  /** What the browser refused under the CSP (the PDF is built with WebAssembly and shown from a blob: URL). */
  const cspReports: string[] = [];

  /** Clients of the API that set the journey's own orders up (the screens are the attendant's). */
  let admin: ApiClient;
  let stocker: ApiClient;
  let courier: ApiClient & { id: number };
  let product: JourneyProduct;
  /** A cash order of the journey's, packed: Aguardando motoboy (with Diego as its courier when told). */
  const packedOrder = async (nth: number, withCourier = false) => {
    const order = await placeOrder(admin, 'orders', { product, nth });
    await packOrder(stocker, order.orderId);
    if (withCourier) await assignCourier(admin, order.orderId, courier.id);
    return order;
  };

  beforeAll(async () => {
    s = await openBrowser();
    page = s.page;
    admin = await apiAs(s.baseURL, DEMO.admin);
    stocker = await apiAs(s.baseURL, DEMO.stocker);
    courier = await apiAs(s.baseURL, DEMO.courier);
    product = await newProduct(admin, 'pedidos');
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) cspReports.push(message.text());
    });
    await login(page, DEMO.attendant);
    await page.goto('/admin/orders');
    await page.getByRole('heading', { name: /^Pedidos: (?!…)/ }).waitFor();
    await page.getByRole('grid').getByRole('row').nth(1).waitFor();
  });
  afterAll(() => s.close());

  it('opens on the work to do (issue 35), not on Finalizados, with the status cards, the search and the table, and passes axe', async () => {
    // The first card, in the stages' order, with orders the attendant moves on (the demo has every status).
    const { data: counts } = await apiGet<{ data: { key: number; status: string; quantity: number }[] }>(
      page,
      '/orders/status',
    );
    const firstWork = [9, 8, 10, 11, 1, 2, 3, 15, 4, 16, 6, 5]
      .map((key) => counts.find((count) => count.key === key))
      .find((count) => (count?.quantity ?? 0) > 0);
    if (!firstWork) throw new Error('no order to work on in the demo');
    await page.getByRole('heading', { name: `Pedidos: ${firstWork.status}` }).waitFor();
    // The cards, grouped under the stages (issue 20 §5); the one selected is pressed.
    const region = page.getByRole('region', { name: 'Pedidos por status' });
    const cards = region.getByRole('button');
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    const pressed = region.getByRole('button', { pressed: true });
    expect(await pressed.textContent()).toBe(`${firstWork.quantity.toLocaleString('pt-BR')} ${firstWork.status}`);
    expect(await pressed.textContent()).not.toMatch(/Finalizados$/);
    await screenshot(page, 'orders-page');
    await expectAccessible(page, 'Pedidos');

    await page.getByRole('button', { name: /^[\d.]+ Aguardando aprovação$/ }).click();
    await page.getByRole('heading', { name: 'Pedidos: Aguardando aprovação' }).waitFor();
    expect(await pressed.textContent()).toMatch(/^[\d.]+ Aguardando aprovação$/);
  });

  it('approves a payment proof: the order goes to the stocker', async () => {
    // The journey's own transfer sale, its proof attached: Aguardando aprovação.
    const order = await placeOrder(admin, 'orders', { product, payment: 'transfer' });
    expect(order.statusKey).toBe(11);
    await findOrder(page, order.code);
    await toolbarButton(page, 'Aprovar/Reprovar').click();
    const dialog = page.getByRole('dialog', { name: `Aprovar ou reprovar o pedido ${order.code}` });
    await dialog.getByRole('img', { name: `Comprovante do pedido ${order.code}` }).waitFor();
    await screenshot(page, 'orders-approve');
    await expectAccessible(page, 'Aprovar ou reprovar');
    await dialog.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await snackbar(page, 'Pedido aprovado/reprovado com sucesso.');
    expect((await detail(page, order.orderId)).statusKey).toBe(1);
    // the found order shows its new status
    await page.getByRole('grid').getByRole('row').filter({ hasText: 'Aguardando estoquista' }).waitFor();
  });

  it("cancels an order with a reason ('Motivo' is required)", async () => {
    const order = await placeOrder(admin, 'orders', { product, nth: 1 });
    expect(order.statusKey).toBe(1);
    await findOrder(page, order.code);
    await toolbarButton(page, 'Cancelar pedido').click();
    const dialog = page.getByRole('dialog', { name: `Cancelar o pedido ${order.code}` });
    await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
    await dialog.getByText('Preencha o campo').waitFor();
    const reason = unique('Cliente desistiu');
    await dialog.getByLabel(/^Motivo/).fill(reason);
    await screenshot(page, 'orders-cancel');
    await expectAccessible(page, 'Cancelar pedido');
    await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
    await snackbar(page, 'Pedido cancelado com sucesso.');
    expect((await detail(page, order.orderId)).statusKey).toBe(7);
    expect(await lastHistoryEntry(page, order.orderId)).toMatchObject({
      statusKey: 7,
      note: reason,
      user: 'Beatriz Atendente',
    });
  });

  it('changes the courier of an order waiting for its motoboy', async () => {
    const order = await packedOrder(2, true);
    const { deliverers } = await apiGet<{ deliverers: { id: number; name: string }[] }>(page, '/employees/deliverers');
    const next = deliverers.find((d) => d.id !== courier.id);
    if (!next) throw new Error('no other courier in the demo data');
    await findOrder(page, order.code);
    await toolbarButton(page, 'Alterar Motoboy').click();
    const dialog = page.getByRole('dialog', { name: 'Alterar Motoboy' });
    await dialog.getByRole('combobox', { name: /Motoboy/ }).click();
    await page.getByRole('option', { name: next.name, exact: true }).click();
    await screenshot(page, 'orders-deliverer');
    await expectAccessible(page, 'Alterar Motoboy');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await snackbar(page, 'Motoboy alterado com sucesso.');
    expect((await detail(page, order.orderId)).delivererId).toBe(next.id);
    await page.getByRole('grid').getByRole('row').filter({ hasText: next.name }).waitFor();
  });

  it("records 'retirando': the courier collected an order waiting for him", async () => {
    const order = await packedOrder(3, true);
    await findOrder(page, order.code);
    await toolbarButton(page, 'Retirando').click();
    const dialog = page.getByRole('dialog', { name: 'Alterar pedido para retirando' });
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await snackbar(page, 'Pedido alterado com sucesso.');
    expect((await detail(page, order.orderId)).statusKey).toBe(4);
  });

  it('finishes a delivered order: final, it asks confirmation and a reason, kept in the history', async () => {
    const order = await packedOrder(4);
    await deliverOrder(admin, courier, order.orderId);
    await findOrder(page, order.code);
    await toolbarButton(page, 'Finalizar pedido').click();
    const dialog = page.getByRole('dialog', { name: 'Confirma a operação?' });
    await dialog.getByText(/vai para Finalizados\. Não é possível desfazer\./).waitFor();
    await dialog.getByRole('button', { name: 'Finalizar pedido' }).click();
    await dialog.getByText('Preencha o campo').waitFor();
    expect((await detail(page, order.orderId)).statusKey).toBe(5);
    const reason = unique('Entregue e conferido');
    await dialog.getByLabel(/^Motivo/).fill(reason);
    await dialog.getByRole('button', { name: 'Finalizar pedido' }).click();
    await snackbar(page, 'Pedido finalizado com sucesso.');
    expect((await detail(page, order.orderId)).statusKey).toBe(13);
    expect(await lastHistoryEntry(page, order.orderId)).toMatchObject({ statusKey: 13, note: reason });
  });

  it("'Reprovar' (issue 35): one click asks confirmation and a reason; the order waits until she confirms", async () => {
    const order = await placeOrder(admin, 'orders', { product, payment: 'transfer' });
    expect(order.statusKey).toBe(11);
    await findOrder(page, order.code);
    await toolbarButton(page, 'Aprovar/Reprovar').click();
    const approve = page.getByRole('dialog', { name: `Aprovar ou reprovar o pedido ${order.code}` });
    await approve.getByRole('button', { name: 'Reprovar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reprovar o pedido ${order.code}`, exact: true });
    await dialog
      .getByText(/vai para Reprovados e as mercadorias voltam ao estoque\. Não é possível desfazer\./)
      .waitFor();
    // Nothing moved on that click.
    expect((await detail(page, order.orderId)).statusKey).toBe(11);
    await dialog.getByRole('button', { name: 'Reprovar pedido' }).click();
    await dialog.getByText('Preencha o campo').waitFor();
    const reason = unique('Comprovante de outro valor');
    await dialog.getByLabel(/^Motivo/).fill(reason);
    await screenshot(page, 'orders-refuse');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'orders-refuse-phone');
    await page.setViewportSize({ width: 1366, height: 850 });
    await expectAccessible(page, 'Reprovar o pedido');
    // 'Voltar' gives up: the order is still waiting, the approval dialog still open.
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await detail(page, order.orderId)).statusKey).toBe(11);
    await approve.getByRole('button', { name: 'Reprovar', exact: true }).click();
    await dialog.getByLabel(/^Motivo/).fill(reason);
    await dialog.getByRole('button', { name: 'Reprovar pedido' }).click();
    await snackbar(page, 'Pedido aprovado/reprovado com sucesso.');
    expect((await detail(page, order.orderId)).statusKey).toBe(12);
    expect(await lastHistoryEntry(page, order.orderId)).toMatchObject({ statusKey: 12, note: reason });
  });

  it('shows an order: details, history, PDF (its text read by pdftotext), receipt, signature, packaging', async () => {
    // The journey's own finished transfer order: it has a receipt, a signature and a packaging photo.
    const placed = await placeOrder(admin, 'orders', { product, nth: 5, payment: 'transfer' });
    await admin.send('PATCH', '/workflow/order/approve', { orderId: placed.orderId });
    await packOrder(stocker, placed.orderId);
    await deliverOrder(admin, courier, placed.orderId);
    await admin.send('POST', '/workflow/order/finalize', { orderId: placed.orderId });
    const chosen = { orderId: placed.orderId };
    const order = await detail(page, chosen.orderId);
    const packaging = (await apiGet<{ data: unknown[] }>(page, `/orders/stocking/images/${order.orderId}`)).data;
    await findOrder(page, order.code);

    await toolbarButton(page, 'Ver pedido').click();
    const details = page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
    await details.getByRole('rowheader', { name: 'Cliente' }).waitFor();
    expect(await details.textContent()).toContain(order.customer);
    await screenshot(page, 'orders-details');
    await expectAccessible(page, 'Detalhes do pedido');
    await details.getByRole('button', { name: 'Fechar' }).click();

    await toolbarButton(page, 'Histórico').click();
    const history = page.getByRole('dialog', { name: new RegExp(`^Histórico do pedido ${order.code}`) });
    const entries = history.getByRole('listitem');
    await entries.first().waitFor();
    expect(await entries.last().textContent()).toMatch(
      /alterou o status do pedido para Finalizados.*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/,
    );
    await screenshot(page, 'orders-history');
    await expectAccessible(page, 'Histórico do pedido');
    await history.getByRole('button', { name: 'Fechar' }).click();

    await toolbarButton(page, 'PDF').click();
    const viewer = page.getByRole('dialog', { name: `Pedido ${order.code} (PDF)` });
    await viewer.locator('iframe').waitFor({ timeout: 60_000 });
    await screenshot(page, 'orders-pdf');
    await expectAccessible(page, 'PDF do pedido');
    const text = await pdfTextOf(page, () => viewer.getByRole('button', { name: 'Baixar' }).click());
    expect(text).toContain(`Pedido ${order.code}`);
    expect(text).toContain(order.customer);
    // Issue 35 §8: the shop's identity as 'Configurações da Empresa' keeps it, the customer's CPF/CNPJ and address.
    const shop = (
      await apiGet<{ data: { name: string; cnpj: string | null; address: string | null } }>(
        page,
        '/companies/settings/1',
      )
    ).data;
    expect(shop.name).not.toBe('');
    expect(shop.cnpj).toBeTruthy();
    expect(shop.address).toBeTruthy();
    expect(text).toContain(shop.name);
    expect(text).toContain(`CNPJ ${shop.cnpj}`);
    for (const line of (shop.address ?? '').split('\n')) expect(text).toContain(line);
    expect(order.customerDocument).toBeTruthy();
    expect(text).toMatch(
      new RegExp(`(CPF|CNPJ)\\s+${(order.customerDocument ?? '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
    );
    expect(text).toContain('Endereço do cliente');
    const street = [order.customerAddress?.street, order.customerAddress?.number].filter(Boolean).join(', ');
    expect(street).not.toBe('');
    expect(text).toContain(street);
    expect(text).toContain('Finalizados');
    for (const item of order.items) {
      // a long name may wrap inside its column: compare its first words
      expect(text).toContain(item.name.split(' ').slice(0, 3).join(' '));
    }
    expect(text).toMatch(/gerado em \d{2}\/\d{2}\/\d{4}/);
    expect(cspReports).toEqual([]);
    await viewer.getByRole('button', { name: 'Fechar Pdf' }).click();

    await toolbarButton(page, 'Comprovante').click();
    const receipt = page.getByRole('dialog', { name: 'Visualização do Comprovante' });
    await receipt.getByRole('img', { name: `Comprovante do pedido ${order.code}` }).waitFor();
    await expectAccessible(page, 'Comprovante');
    await receipt.getByRole('button', { name: 'Fechar' }).click();

    await toolbarButton(page, 'Assinatura').click();
    const signature = page.getByRole('dialog', { name: 'Assinatura do cliente' });
    await signature.getByRole('img', { name: `Assinatura do pedido ${order.code}` }).waitFor();
    await signature.getByRole('button', { name: 'Fechar' }).click();

    await toolbarButton(page, 'Embalagem').click();
    const photos = page.getByRole('dialog', { name: 'Imagens da embalagem' });
    await photos.getByRole('img', { name: `Embalagem 1 do pedido ${order.code}` }).waitFor();
    if (packaging.length > 1) {
      expect(await photos.getByRole('status').textContent()).toBe(`1 de ${packaging.length}`);
      await photos.getByRole('button', { name: 'Próxima' }).click();
      await photos.getByRole('img', { name: `Embalagem 2 do pedido ${order.code}` }).waitFor();
    }
    await screenshot(page, 'orders-packaging');
    await expectAccessible(page, 'Imagens da embalagem');
    await photos.getByRole('button', { name: 'Fechar' }).click();
  });

  it("filters by the customer's name typed in lower case without accents, and sends the order by WhatsApp", async () => {
    // The journey's own order, for a customer of its share with a valid mobile or landline.
    const order = await placeOrder(admin, 'orders', {
      product,
      where: (c) => !c.isBlocked && whatsAppPhone((c as unknown as { phone: string }).phone) !== null,
    });
    const placed = await detail(page, order.orderId);
    expect(placed.statusKey).toBe(1);
    const typed = normalizeSearch(placed.customer);
    expect(typed).toBe(typed.toLowerCase());

    const filter = page.getByRole('search', { name: 'Filtrar pedidos' });
    await filter.getByLabel(/^Cliente/).fill(typed);
    await filter.getByRole('button', { name: 'Filtrar', exact: true }).click();
    await page.getByText('As quantidades e a lista mostram só os pedidos do filtro.').waitFor();
    await page.getByRole('button', { name: /^[\d.]+ Aguardando estoquista$/ }).click();
    await page.getByRole('heading', { name: 'Pedidos: Aguardando estoquista' }).waitFor();
    const row = page.getByRole('grid').getByRole('row').filter({ hasText: order.code });
    await row.waitFor();
    // Every row the filter left is the customer's.
    const customers = await page
      .getByRole('grid')
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') })
      .allTextContents();
    for (const text of customers) expect(text).toContain(placed.customer);
    await screenshot(page, 'orders-filter');
    await expectAccessible(page, 'Pedidos filtrados');

    await tick(page, row.getByRole('checkbox'));
    await toolbarButton(page, 'Ver pedido').click();
    const details = page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
    const link = details.getByRole('link', { name: 'Enviar pelo WhatsApp' });
    await expect.poll(() => link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/55\d{10,11}\?text=/);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith(`https://wa.me/${whatsAppPhone(placed.customerPhone)}?text=`)).toBe(true);
    const message = decodeURIComponent(href.slice(href.indexOf('?text=') + '?text='.length));
    expect(message).toContain(order.code);
    expect(message).toContain(placed.customer);
    // Issue 35 §8: the customer's words, never the shop's status name.
    expect(message).toContain('Seu pedido está sendo separado.');
    expect(message).not.toContain('Aguardando estoquista');
    expect(await link.getAttribute('target')).toBe('_blank');
    await details.getByRole('button', { name: 'Fechar' }).click();

    await page.getByRole('button', { name: 'Limpar filtro' }).click();
    await page.getByText('As quantidades e a lista mostram só os pedidos do filtro.').waitFor({ state: 'detached' });
  });
});
