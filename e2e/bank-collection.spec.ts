import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { businessDay, formatDay, shiftDay } from '@backoffice/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sgmlOfx } from '../apps/api/src/modules/bank-statements/test-ofx';
import { bbRetornoFile, cnabDay, cnabDigits } from '../apps/api/src/modules/boletos/test-retorno';
import { emptyCart, type JourneyCustomer, journeyProduct, type PlacedOrder, packOrder } from './fixtures';
import {
  apiAs,
  DEMO,
  expectAccessible,
  login,
  money,
  openBrowser,
  plainText,
  screenshot,
  screenshotDesktopAndPhone,
  settled,
  waitForNetworkIdle,
} from './harness';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * Issue 58's collection as the banks collect (§2, §3), on a shop of its own (the demo business, its clock moved):
 * 1. Today the manager gives a customer credit in 28 days; the attendant sells him a product of R$ 1.000,00 'A prazo'
 *    in 28 days, picked up at the store: one instalment of R$ 1.000,00 due in 28 days.
 * 2. 38 days on (the shop's server started again with its clock 38 days ahead, the browser's too) the instalment is
 *    10 days late: R$ 1.000,00 + fine 2 % (R$ 20,00) + interest 1 % a month for 10 days (1.000,00 × 1 % × 10 ÷ 30
 *    = R$ 3,333…, half up R$ 3,33) = R$ 1.023,33. The manager issues its registered boleto ('Emitir boleto'): Banco do
 *    Brasil, convênio 7654321, the first nosso número 7654321 + 0000000001, R$ 1.023,33 due today (it is already
 *    late); she generates the CNAB 240 remessa 1 with it (segment P: nosso número at 38-57, due day at 78-85, value
 *    000000000102333 at 86-100).
 * 3. The customer pays it that day. The bank's retorno, written the next day (header's date), tells a liquidação
 *    (06) of R$ 1.023,33 on that day with a fee of R$ 2,10: the manager reads it ('Ler retorno'): '1 parcela(s)
 *    liquidada(s), 0 baixa(s), tarifas R$ 2,10'; the instalment is 'Paga' by boleto, its boleto 'Liquidado'.
 * 4. The month's OFX of the account: the opening R$ 10.000,00 and four lines,
 *      day D  +1.023,33 the boleto's credit          → matches the boleto's receipt: 'Confirmar'
 *      day D      −2,10 the bank's fee               → matches the retorno's bill of 'Tarifas bancárias': 'Confirmar'
 *      day 1    −189,90 the electricity bill         → nothing in the books: 'Criar conta a pagar' (by the owner:
 *                                                      the manager does not pay bills)
 *      day 1  +3.000,00 a transfer from the shop's other account → 'Ignorar', with its reason
 *    closing balance 10.000,00 + 1.023,33 − 2,10 − 189,90 + 3.000,00 = R$ 13.831,33. The books' balance is the bank's
 *    less the lines still open, so the difference is their sum: R$ 3.831,33 at first; after the boleto 3.831,33 −
 *    1.023,33 = R$ 2.808,00; after the fee 2.808,00 + 2,10 = R$ 2.810,10; after ignoring the transfer 2.810,10 −
 *    3.000,00 = −R$ 189,90; after the bill R$ 0,00: 'Conciliado', the books at R$ 13.831,33.
 */

const LATER = 38;
const DAY_MS = 86_400_000;
const PRICE_CENTS = 100_000;
// 1.000,00 + 20,00 + 3,33.
const DUE_CENTS = 102_333;
const FEE_CENTS = 210;
const SETTINGS = {
  bankCode: '001',
  agency: '1234',
  agencyDv: '3',
  account: '56789',
  accountDv: '0',
  convenio: '7654321',
  carteira: '17',
  variacao: '019',
  nextSequence: 1,
  nextRemessa: 1,
};
const NOSSO_NUMERO = '76543210000000001';

/** The customer's option in the filter: his name first (a name is text, not a pattern). */
const optionOf = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const n = cnabDigits;
const ddmmyyyy = cnabDay;

/** The bank's retorno of the one liquidação (06): R$ 1.023,33 paid and credited on `paidOn`, fee R$ 2,10. */
const retornoFile = (paidOn: string, writtenOn: string): Buffer =>
  bbRetornoFile({
    convenio: SETTINGS.convenio,
    nsa: 1,
    writtenOn,
    occurrences: [
      {
        nossoNumero: NOSSO_NUMERO,
        movement: '06',
        nominalCents: DUE_CENTS,
        feeCents: FEE_CENTS,
        paidCents: DUE_CENTS,
        chargesCents: 0,
        day: paidOn,
        creditedOn: paidOn,
      },
    ],
  });

describe('a late instalment collected by a registered boleto, the retorno read, the month reconciled to zero', () => {
  let server: OwnServer;
  let customer: JourneyCustomer;
  let order: PlacedOrder;
  const dir = mkdtempSync(path.join(tmpdir(), 'bank-collection-'));

  beforeAll(async () => {
    server = await startOwnServer();
    const admin = await apiAs(server.baseURL, DEMO.admin);
    const manager = await apiAs(server.baseURL, DEMO.manager);
    const attendant = await apiAs(server.baseURL, DEMO.attendant);
    // The shop's registered boleto at Banco do Brasil, as 'Configurações bancárias' saves it.
    await admin.send('PUT', '/boletos/settings', SETTINGS);
    // The first approved, unblocked customer without credit (no limit, owing nothing on credit).
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
    // The manager gives him credit, as 'Alterar crédito' does: R$ 5.000,00 in 28 days.
    await manager.send('PUT', `/customers/${customer.id}/credit`, { limit: 5000, terms: ['28'] });
    // R$ 1.000,00 at every level; sold 'A prazo' in 28 days, picked up at the store, handed over today.
    const product = await journeyProduct(admin, {
      name: 'Celular Jornada Boleto',
      cost: 700,
      sellPrice: PRICE_CENTS / 100,
      stock: 3,
    });
    await emptyCart(attendant, customer.id);
    await attendant.send('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
    order = await attendant.send<PlacedOrder>('POST', `/orders/checkout/credit/${customer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      terms: '28',
      idempotencyKey: randomUUID(),
    });
    expect(order).toMatchObject({ statusKey: 1, total: PRICE_CENTS / 100 });
    await packOrder(attendant, order.orderId);
    await attendant.send('POST', '/workflow/order/finalize', { orderId: order.orderId });
    // The same shop, LATER days on: the instalment due in 28 days is 10 days late.
    await server.stop({ keepData: true });
    server = await startOwnServer({}, 300_000, { dataDir: server.dataDir, daysLater: LATER });
  }, 900_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** Today as the shop's moved clock tells it (YYYY-MM-DD, São Paulo). */
  const shopToday = () => businessDay(new Date(Date.now() + LATER * DAY_MS));

  /** A browser of the moved shop, its clock moved too, signed in as `email`. */
  async function desk(email: string) {
    const s = await openBrowser({ width: 1366, height: 900 }, {}, { baseURL: server.baseURL });
    await s.context.clock.install({ time: Date.now() + LATER * DAY_MS });
    await login(s.page, email);
    return s;
  }

  async function openInstalment(page: Page, status: 'overdue' | 'paid') {
    await page.goto(`/admin/receivables?status=${status}`);
    await page
      .getByRole('heading', { name: `Contas a receber: ${status === 'overdue' ? 'Vencidas' : 'Recebidas'}` })
      .waitFor();
    await page.getByRole('combobox', { name: 'Cliente' }).fill(customer.name);
    await page
      .getByRole('option', { name: optionOf(customer.name) })
      .first()
      .click();
    const row = page.getByRole('row').filter({ hasText: order.code }).filter({ hasText: 'Parcela 1/1' });
    await row.waitFor();
    return row;
  }

  it('38 days on the manager issues the late instalment’s boleto (R$ 1.023,33), generates the remessa and reads the retorno: paid', async () => {
    const s = await desk(DEMO.manager);
    try {
      const { page } = s;
      const today = shopToday();
      const dueOn = shiftDay(today, -10);
      const row = await openInstalment(page, 'overdue');
      const text = plainText(await row.textContent());
      expect(text).toContain(formatDay(dueOn));
      expect(text).toContain('10 dias de atraso');
      expect(text).toContain(`multa ${money(2_000)}`);
      expect(text).toContain(`juros ${money(333)}`);
      expect(text).toContain(money(DUE_CENTS));

      // Its details: no boleto yet; 'Emitir boleto'.
      await row.getByRole('gridcell').filter({ hasText: order.code }).click();
      const details = page.getByRole('dialog', { name: `Parcela 1/1 do pedido ${order.code}` });
      await details.getByText('Nenhum boleto emitido para esta parcela.').waitFor();
      await details.getByRole('button', { name: 'Emitir boleto' }).click();
      await details
        .getByText(`Nosso número ${NOSSO_NUMERO} · vencimento ${formatDay(today)} · ${money(DUE_CENTS)}`)
        .waitFor();
      await details.getByText('Emitido · aguardando remessa').waitFor();
      // The linha digitável: Banco do Brasil (001), real (9), … and at its end the due factor and R$ 1.023,33.
      const line = plainText(await details.getByTestId('digitable-line').textContent());
      expect(line.replace(/\D/g, '')).toMatch(/^0019/);
      expect(line.replace(/\D/g, '').slice(-10)).toBe('0000102333');
      await waitForNetworkIdle(page);
      await expectAccessible(page, 'contas a receber: boleto emitido');
      await settled(page);
      await screenshot(page, 'bank-collection-1-boleto-desktop');
      await details.getByRole('button', { name: 'Fechar' }).click();
      await details.waitFor({ state: 'detached' });

      // 'Remessa e retorno': 'Gerar remessa' downloads CB000001.REM with the boleto in its segment P.
      await page.getByRole('button', { name: 'Remessa e retorno' }).click();
      const files = page.getByRole('dialog', { name: 'Remessa e retorno (CNAB 240)' });
      await files.getByText('Nenhuma remessa gerada.').waitFor();
      const download = page.waitForEvent('download');
      await files.getByRole('button', { name: 'Gerar remessa' }).click();
      const remessa = await download;
      expect(remessa.suggestedFilename()).toBe('CB000001.REM');
      const saved = path.join(dir, 'CB000001.REM');
      await remessa.saveAs(saved);
      const lines = readFileSync(saved, 'latin1').split('\r\n').filter(Boolean);
      // Header, lot header, P, Q, R, lot trailer, file trailer: 7 lines of 240 positions.
      expect(lines.map((l) => l.length)).toEqual(Array(7).fill(240));
      const p = lines[2] as string;
      expect(p[13]).toBe('P');
      expect(p.slice(37, 57)).toBe(`${NOSSO_NUMERO}   `);
      expect(p.slice(77, 85)).toBe(ddmmyyyy(today));
      expect(p.slice(85, 100)).toBe(n(DUE_CENTS, 15));
      await files
        .getByRole('list', { name: 'Remessas geradas' })
        .getByText(/^Remessa 1 · 1 boleto · /)
        .waitFor();
      await expectAccessible(page, 'contas a receber: remessa e retorno');
      await settled(page);
      await screenshot(page, 'bank-collection-2-remessa-desktop');

      // The next day's retorno: the liquidação of that boleto on its due day, R$ 1.023,33, a fee of R$ 2,10.
      const retorno = path.join(dir, 'IEDCBR01.ret');
      writeFileSync(retorno, retornoFile(today, shiftDay(today, 1)));
      await files.locator('input[type="file"]').setInputFiles(retorno);
      await files
        .getByRole('status')
        .getByText(`Retorno lido: 1 parcela(s) liquidada(s), 0 baixa(s), tarifas ${money(FEE_CENTS)}.`)
        .waitFor();
      await settled(page);
      await screenshot(page, 'bank-collection-3-retorno-desktop');
      // Read again: nothing changes, and the screen says so.
      await files.locator('input[type="file"]').setInputFiles(retorno);
      await files.getByRole('status').getByText('Este arquivo de retorno já foi lido: nada mudou.').waitFor();
      await files.getByRole('button', { name: 'Fechar' }).click();
      await files.waitFor({ state: 'detached' });

      // Out of 'Vencidas'; in 'Recebidas', paid by boleto, its boleto 'Liquidado'.
      const paid = await openInstalment(page, 'paid');
      expect(plainText(await paid.textContent())).toContain('Paga');
      await paid.getByRole('gridcell').filter({ hasText: order.code }).click();
      const done = page.getByRole('dialog', { name: `Parcela 1/1 do pedido ${order.code}` });
      await done.getByText('Paga', { exact: true }).waitFor();
      await done.getByText('Liquidado · remessa 1').waitFor();
      await done.getByText(money(DUE_CENTS), { exact: true }).first().waitFor();
      await waitForNetworkIdle(page);
      await expectAccessible(page, 'contas a receber: parcela paga por boleto');
      await settled(page);
      await screenshot(page, 'bank-collection-4-paid-desktop');
    } finally {
      await s.close();
    }
  });

  it('imports the month’s OFX, confirms the boleto and the fee, ignores a transfer; the owner bills the light: zero', async () => {
    const today = shopToday();
    const first = `${today.slice(0, 7)}-01`;
    const ofx = path.join(dir, 'extrato.ofx');
    writeFileSync(
      ofx,
      sgmlOfx(
        [
          { day: first, amount: '3000.00', memo: 'TED RECEBIDA CONECTA CELL INTER', fitId: 'J58-TED' },
          { day: first, amount: '-189.90', memo: 'PAGTO CONTA ENEL ENERGIA', fitId: 'J58-ENEL' },
          { day: today, amount: '1023.33', memo: 'LIQUIDACAO BOLETO 76543210000000001', fitId: 'J58-BOL' },
          { day: today, amount: '-2.10', memo: 'TARIFA COBRANCA REGISTRADA', fitId: 'J58-TAR' },
        ],
        { amount: '13831.33', day: today },
        first,
        today,
      ),
    );
    const s = await desk(DEMO.manager);
    try {
      const { page } = s;
      await page
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: 'Conciliação bancária' })
        .click();
      await page.getByRole('heading', { name: 'Conciliação bancária' }).waitFor();
      await page.getByText('Nenhum extrato deste mês com saldo final. Importe o OFX do mês.').waitFor();
      await page.getByTestId('ofx-file').setInputFiles(ofx);
      await page.getByText('Extrato importado: 4 lançamentos, 4 novos.').waitFor();

      const balances = page.getByLabel('Diferença');
      await balances.getByText(money(1_383_133)).first().waitFor();
      await balances.getByText(money(383_133)).waitFor();
      const table = page.getByRole('table', { name: 'Lançamentos do extrato' });
      const lineOf = (memo: string) => table.getByRole('row').filter({ hasText: memo });
      // The boleto's credit and the fee are proposed; the light and the transfer match nothing.
      expect(plainText(await lineOf('LIQUIDACAO BOLETO').textContent())).toContain(money(DUE_CENTS));
      expect(plainText(await lineOf('PAGTO CONTA ENEL').textContent())).toContain(
        'Nenhum previsto com o mesmo valor no dia ou até 5 dias antes',
      );
      // The manager does not pay bills: no 'Criar conta a pagar' for her.
      expect(await page.getByRole('button', { name: /^Criar conta a pagar/ }).count()).toBe(0);
      await waitForNetworkIdle(page);
      await expectAccessible(page, 'conciliação bancária: extrato importado');
      await settled(page);
      await screenshot(page, 'bank-collection-5-imported-desktop');

      await page.getByRole('button', { name: 'Confirmar LIQUIDACAO BOLETO 76543210000000001' }).click();
      await lineOf('LIQUIDACAO BOLETO').getByText('Conciliado').waitFor();
      await balances.getByText(money(280_800)).waitFor();
      await page.getByRole('button', { name: 'Confirmar TARIFA COBRANCA REGISTRADA' }).click();
      await lineOf('TARIFA COBRANCA').getByText('Conciliado').waitFor();
      await balances.getByText(money(281_010)).waitFor();

      await page.getByRole('button', { name: 'Ignorar TED RECEBIDA CONECTA CELL INTER' }).click();
      const ignore = page.getByRole('dialog', { name: 'Ignorar lançamento' });
      await ignore.getByLabel(/Motivo/).fill('Transferência da conta Inter da própria loja');
      await expectAccessible(page, 'conciliação bancária: ignorar');
      await ignore.getByRole('button', { name: 'Ignorar', exact: true }).click();
      await ignore.waitFor({ state: 'detached' });
      await lineOf('TED RECEBIDA').getByText('Transferência da conta Inter da própria loja').waitFor();
      await balances.getByText(money(-18_990)).waitFor();
    } finally {
      await s.close();
    }

    // The owner (who pays bills) makes the light's bill from its line: the month closes at zero.
    const owner = await desk(DEMO.admin);
    try {
      const { page } = owner;
      await page.goto('/admin/bank-reconciliation');
      const table = page.getByRole('table', { name: 'Lançamentos do extrato' });
      await table.getByRole('row').filter({ hasText: 'PAGTO CONTA ENEL' }).waitFor();
      await page.getByRole('button', { name: 'Criar conta a pagar de PAGTO CONTA ENEL ENERGIA' }).click();
      const bill = page.getByRole('dialog', { name: 'Criar conta a pagar' });
      await bill.getByText(`Uma conta de ${money(18_990)}, paga em ${formatDay(first)}`, { exact: false }).waitFor();
      await bill.getByRole('combobox', { name: /Categoria/ }).click();
      await page.getByRole('option', { name: 'Serviços' }).click();
      await bill.getByLabel(/Descrição/).fill('Energia elétrica da loja (Enel)');
      await expectAccessible(page, 'conciliação bancária: criar conta a pagar');
      await bill.getByRole('button', { name: 'Criar' }).click();
      await bill.waitFor({ state: 'detached' });
      await page.getByText('Conciliado: diferença zero.').waitFor();
      const balances = page.getByLabel('Diferença');
      // The bank's and the books' balances, both R$ 13.831,33.
      expect(await balances.getByText(money(1_383_133), { exact: true }).count()).toBe(2);
      expect(await table.getByRole('button').count()).toBe(0);
      await waitForNetworkIdle(page);
      await expectAccessible(page, 'conciliação bancária: conciliado');
      await settled(page);
      await screenshotDesktopAndPhone(page, 'bank-collection-6-closed');
    } finally {
      await owner.close();
    }
  });
});
