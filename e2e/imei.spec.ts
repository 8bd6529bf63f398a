import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeVideo } from './camera-video';
import { deliverOrder, type JourneyProduct, journeyProduct, newPhone, packOrder, placeOrder } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  PHONE,
  pageApi,
  screenshot,
  tick,
} from './harness';

/**
 * IMEIs of this journey alone (another journey's phone would already hold them), check digits worked out by
 * hand (Luhn over the first 14):
 * - 220000000000004: kept 2, doubled 2 → 4, 6 → 4
 * - 330000000000001: kept 3, doubled 3 → 6, 9 → 1
 */
const SCANNED = ['220000000000004', '330000000000001'];
/**
 * The phones of the exchange (Luhn, by hand):
 * - 770000000000008: kept 7, doubled 7 → 14 → 5, 12 → 8
 * - 780000000000006: kept 7, doubled 8 → 16 → 7, 14 → 6
 */
const EXCHANGED = { back: '770000000000008', given: '780000000000006' };

describe('phones by IMEI: a stock entry scanned with the camera', () => {
  let s: BrowserSession;
  let phone: JourneyProduct;
  /** The order the scanned phone went to, and that phone's IMEI. */
  let sold: { orderId: number; code: string; imei: string };
  beforeAll(async () => {
    s = await openPhone({
      camera: await barcodeVideo(SCANNED, { format: 'Code128', scale: 3, stretch: 2, barHeight: 160 }),
    });
  });
  afterAll(() => s.close());

  it("the stocker scans two boxes' barcodes on a phone: each IMEI enters the list once, and the stock is their count", async () => {
    const admin = await apiAs(s.baseURL, DEMO.admin);
    // A phone that controls IMEI, with no unit yet.
    phone = await newPhone(admin, 'câmera', []);
    expect(phone.stock).toBe(0);

    const { page } = s;
    await login(page, DEMO.stocker);
    await page.goto('/admin/products');
    await page.getByLabel('Buscar produto').fill(phone.name);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await tick(page, page.getByRole('row').filter({ hasText: phone.name }).getByRole('checkbox'));
    await page.getByRole('button', { name: 'Informar Entrada' }).click();
    const dialog = page.getByRole('dialog', { name: `Informar entrada do produto ${phone.name}` });
    await dialog.getByRole('button', { name: 'Escanear' }).click();
    const scanner = page.getByRole('dialog', { name: 'Escanear código de barras' });
    // The video shows one box, then the other (and loops): each is read, and entered once.
    await scanner.getByText(`Lido: ${SCANNED[0]}`).waitFor({ timeout: 150_000 });
    await expectAccessible(page, 'Escanear código de barras');
    await screenshot(page, 'imei-camera-scan-phone');
    await scanner.getByText(`Lido: ${SCANNED[1]}`).waitFor({ timeout: 150_000 });
    await scanner.getByRole('button', { name: 'Concluir' }).click();
    await scanner.waitFor({ state: 'detached' });
    const lines = (await dialog.getByLabel(/^IMEIs/).inputValue()).split('\n').filter(Boolean);
    expect([...lines].sort()).toEqual([...SCANNED].sort());
    await expect.poll(() => dialog.getByLabel('Quantidade de Entrada').inputValue()).toBe('2');

    await dialog.getByLabel(/^Preço de Compra/).fill('1.450,00');
    await dialog.getByRole('combobox', { name: /Operação/ }).click();
    await page.getByRole('option', { name: 'Compra de fornecedor' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'imei-camera-entry-phone');
    await dialog.getByRole('button', { name: 'Alterar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The server holds the two units, in stock, at R$ 1.450,00 each.
    const checked = await pageApi(page).send<{ data: Array<{ imei: string; registered: { status: string } | null }> }>(
      'POST',
      '/units/check',
      { imeis: SCANNED },
    );
    expect(checked.data.map((c) => [c.imei, c.registered?.status])).toEqual(SCANNED.map((imei) => [imei, 'IN_STOCK']));
    const { items } = await admin.get<{ items: Array<{ id: number; stock: number; cost: number }> }>(
      `/products?offset=0&limit=5&search=${encodeURIComponent(phone.code)}`,
    );
    expect(items.find((p) => p.id === phone.id)).toMatchObject({ stock: 2, cost: 1450 });
  });

  it("packs a sale of one of them by scanning its box on the phone; delivered, the unit is the customer's", async () => {
    const admin = await apiAs(s.baseURL, DEMO.admin);
    // The phone whose two boxes came in above (this file tells one story).
    // Sold for an immediate delivery (immediate ones come first in the stocker's list).
    const order = await placeOrder(admin, 'products', { product: phone, nth: 1, isFastDelivery: true });

    const { page } = s;
    await page.goto('/admin/tasks');
    const card = page.getByRole('article', { name: order.code });
    await card.getByRole('button', { name: 'Iniciar separação' }).tap();
    await card.getByRole('button', { name: 'Finalizar embalagem' }).tap();
    const dialog = page.getByRole('dialog', { name: `Embalagem do pedido ${order.code}` });
    await dialog.getByRole('button', { name: 'Escanear' }).tap();
    const scanner = page.getByRole('dialog', { name: 'Escanear código de barras' });
    // Whichever box the camera sees first goes into the one IMEI field; the other has no room.
    await scanner.getByText(/^Lido: \d{15}$/).waitFor({ timeout: 150_000 });
    await scanner.getByRole('button', { name: 'Concluir' }).tap();
    await scanner.waitFor({ state: 'detached' });
    const imei = await dialog.getByLabel(`IMEI: ${phone.name}`).inputValue();
    expect(SCANNED).toContain(imei);
    const box = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#3a7bc2' } })
      .jpeg()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'caixa.jpg', mimeType: 'image/jpeg', buffer: box });
    await dialog.getByRole('img', { name: 'Foto 1 da embalagem' }).waitFor();
    await expectAccessible(page, 'Embalagem com IMEI lido pela câmera');
    await screenshot(page, 'imei-camera-pack-phone');
    await dialog.getByRole('button', { name: 'Concluir embalagem' }).tap();
    await dialog.waitFor({ state: 'detached' });

    // The scanned unit went to the order; delivered, its warranty runs.
    await deliverOrder(admin, await apiAs(s.baseURL, DEMO.courier), order.orderId);
    const unit = (
      await admin.get<{ data: { status: string; order: { code: string }; deliveredAt: string | null } }>(
        `/units/${imei}`,
      )
    ).data;
    expect(unit).toMatchObject({ status: 'SOLD', order: { code: order.code } });
    expect(unit.deliveredAt).not.toBeNull();
    sold = { orderId: order.orderId, code: order.code, imei };
    const other = SCANNED.find((code) => code !== imei) as string;
    expect((await admin.get<{ data: { status: string } }>(`/units/${other}`)).data.status).toBe('IN_STOCK');
  });

  it("is returned through 'Registrar devolução': the phone comes back em análise, and the stocker releases it to stock", async () => {
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const productStock = async () =>
      (
        await admin.get<{ items: Array<{ id: number; stock: number }> }>(
          `/products?offset=0&limit=5&search=${encodeURIComponent(phone.code)}`,
        )
      ).items.find((p) => p.id === phone.id)?.stock;
    // Two came in, one was sold: one in stock.
    expect(await productStock()).toBe(1);
    // What the customer paid for it (the customer's level price, on the order): that is what goes back.
    const paid = (await admin.get<{ data: { items: Array<{ unitPrice: number }> } }>(`/orders/by-id/${sold.orderId}`))
      .data.items[0]?.unitPrice as number;
    const refund = `R$ ${paid.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    // The attendant, on the orders screen at the desk, registers the return of the delivered phone.
    const desk = await openBrowser();
    try {
      await login(desk.page, DEMO.attendant);
      await desk.page.goto('/admin/orders');
      await desk.page.getByLabel('Código do pedido').fill(sold.code);
      await desk.page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await desk.page.getByRole('grid').getByRole('row').filter({ hasText: sold.code }).waitFor();
      await desk.page.getByRole('button', { name: 'Ver pedido', exact: true }).click();
      const details = desk.page.getByRole('dialog', { name: `Detalhes do pedido ${sold.code}` });
      await details.getByRole('button', { name: 'Registrar devolução' }).click();
      const dialog = desk.page.getByRole('dialog', { name: `Registrar devolução do pedido ${sold.code}` });
      await dialog.getByLabel(`IMEI ${sold.imei}`).check();
      await dialog.getByLabel('Observações').fill('Cliente desistiu da compra');
      await expectAccessible(desk.page, 'Registrar devolução');
      await screenshot(desk.page, 'imei-return-dialog-desktop');
      await desk.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(desk.page, 'imei-return-dialog-phone');
      await desk.page.setViewportSize({ width: 1366, height: 768 });
      await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();
      await dialog.getByText(`Valor a devolver ao cliente: ${refund}`).waitFor();
      await screenshot(desk.page, 'imei-return-registered-desktop');
    } finally {
      await desk.close();
    }

    // Back, em análise: not on sale, so the stock is still 1.
    const unit = (await admin.get<{ data: { status: string } }>(`/units/${sold.imei}`)).data;
    expect(unit.status).toBe('RETURNED');
    expect(await productStock()).toBe(1);
    const returns = await admin.get<{ data: { adjustments: Array<{ quantity: number; unitPrice: number }> } }>(
      `/reports/order/return/${sold.orderId}`,
    );
    expect(returns.data.adjustments).toMatchObject([{ quantity: 1, unitPrice: paid }]);

    // The stocker looks it up on the phone ('Consultar IMEI'): em análise; released, it is on sale again.
    const { page } = s;
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Consultar IMEI' }).click();
    const lookup = page.getByRole('dialog', { name: 'Consultar IMEI' });
    await lookup.getByLabel('IMEI').fill(sold.imei);
    await lookup.getByRole('button', { name: 'Consultar' }).click();
    const result = lookup.getByRole('region', { name: `Aparelho ${sold.imei}` });
    await result.getByText('Devolvido/em análise', { exact: true }).waitFor();
    await result.getByText(/Devolvido pelo cliente \(em análise\)/).waitFor();
    await expectAccessible(page, 'Consultar IMEI: aparelho em análise');
    await screenshot(page, 'imei-unit-analysis-phone');
    await result.getByRole('button', { name: 'Liberar para o estoque' }).tap();
    await result.getByText('Em estoque', { exact: true }).waitFor();
    await result.getByText(/Liberado para o estoque \(após análise\)/).waitFor();
    expect(await productStock()).toBe(2);
  });

  it("an exchange for another model reads in words in the order's 'Histórico de alterações' (issue 35 §5)", async () => {
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const stocker = await apiAs(s.baseURL, DEMO.stocker);
    const sold = await newPhone(admin, 'trocado', [EXCHANGED.back]);
    // The model given instead costs R$ 100,00 more at every price level: cost R$ 1.600,00 (newPhone's: 1.500,00,
    // levels at cost), sale R$ 2.099,90 (newPhone's: 1.999,90): the customer pays R$ 100,00 more.
    const given = await journeyProduct(admin, {
      name: 'Celular Jornada reposição',
      cost: 1600,
      sellPrice: 2099.9,
      stock: 0,
      imeis: [EXCHANGED.given],
    });
    const order = await placeOrder(admin, 'products', { product: sold, nth: 2 });
    await packOrder(stocker, order.orderId, [{ productId: sold.id, imei: EXCHANGED.back }]);
    await deliverOrder(admin, await apiAs(s.baseURL, DEMO.courier), order.orderId);
    const paid = (await admin.get<{ data: { items: Array<{ unitPrice: number }> } }>(`/orders/by-id/${order.orderId}`))
      .data.items[0]?.unitPrice as number;
    const money = (reais: number) =>
      `R$ ${reais.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    const desk = await openBrowser({ width: 1280, height: 800 });
    try {
      const { page } = desk;
      await login(page, DEMO.attendant);
      await page.goto('/admin/orders');
      await page.getByLabel('Código do pedido').fill(order.code);
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await page.getByRole('grid').getByRole('row').filter({ hasText: order.code }).waitFor();
      await page.getByRole('button', { name: 'Ver pedido', exact: true }).click();
      const details = page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
      await details.getByRole('button', { name: 'Registrar troca' }).click();
      const dialog = page.getByRole('dialog', { name: `Registrar troca do pedido ${order.code}` });
      await dialog.getByLabel(`IMEI ${EXCHANGED.back}`).check();
      await dialog.getByLabel(`IMEI do aparelho de reposição (no lugar de ${EXCHANGED.back})`).fill(EXCHANGED.given);
      await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();
      await dialog.getByText(`Valor a receber do cliente: ${money(100)}`).waitFor();
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await details.getByRole('button', { name: 'Fechar' }).click();
      await details.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Histórico de alterações', exact: true }).click();
      const history = page.getByRole('dialog', { name: `Histórico de alterações: ${order.code}` });
      const newest = history.getByRole('list', { name: 'Alterações' }).getByRole('listitem').first();
      await newest.getByText('Troca registrada').waitFor();
      const text = (await newest.textContent())?.replace(/\s+/g, ' ') ?? '';
      expect(text).toContain('Beatriz Atendente');
      expect(text).toContain('Tipo: — → para Troca');
      expect(text).toContain(
        `Itens: — → para 1 × ${sold.name} (IMEI ${EXCHANGED.back}) a ${money(paid)}, trocado por ${given.name} (IMEI ${EXCHANGED.given}) a ${money(paid + 100)}`,
      );
      expect(text).toContain(`Diferença: — → para Valor a receber do cliente: ${money(100)}`);
      // None of the words the shop met (issue 35): the stored keys, the enum, the registration's UUID, an id.
      const all = (await history.textContent()) ?? '';
      for (const word of ['kind', 'EXCHANGE', 'registration', 'differenceCents', 'produto nº', 'R$ 0,00']) {
        expect(all, word).not.toContain(word);
      }
      expect(all).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
      await expectAccessible(page, 'Histórico de alterações de um pedido com troca');
      await screenshot(page, 'imei-exchange-changes-desktop');
      await page.setViewportSize(PHONE);
      await newest.getByText('Troca registrada').waitFor();
      await expectAccessible(page, 'Histórico de alterações de um pedido com troca (celular)');
      await screenshot(page, 'imei-exchange-changes-phone');
    } finally {
      await desk.close();
    }
  });
});
