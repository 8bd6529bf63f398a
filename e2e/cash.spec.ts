import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  money,
  openBrowser,
  openPhone,
  pdfTextOf,
  screenshot,
  settled,
  unique,
  waitForNetworkIdle,
} from './harness';

/**
 * The cash drawer ('Caixa', issue 40 §3, decision 0053): the administrator creates a register of the journey's own
 * ('Novo caixa'); the attendant opens it with R$ 200,00, adds a suprimento of R$ 50,00 and a sangria of R$ 100,00,
 * counting blind (no 'Esperado no caixa' for her while it is open, decision 0078), and closes it counting R$ 140,00
 * (a difference of -R$ 10,00 the server asks a reason for, without its figures): it
 * waits for approval; the manager approves it, the session is 'Fechado', and its report is a PDF.
 */

interface Overview {
  registers: {
    id: number;
    name: string;
    openSession: { id: number; totals: { float: number; in: number; out: number; expected?: number } } | null;
  }[];
  mySessionId: number | null;
  tolerance: number;
}

const overviewOf = async (api: ApiClient) => (await api.get<{ data: Overview }>('/cash-registers')).data;

/**
 * Closes the register `api`'s employee has open, counting what it should hold: the journey's attendant starts and
 * ends without one (one register per operator; another journey's cash would land in it).
 */
async function closeOwnRegister(api: ApiClient) {
  const overview = await overviewOf(api);
  const open = overview.registers.find((r) => r.openSession && r.openSession.id === overview.mySessionId);
  if (!open?.openSession) return;
  // Counting blind, the operator's answer has no 'expected': what the drawer holds is its float, ins and outs.
  const { float, in: inflow, out } = open.openSession.totals;
  await api.send('POST', `/cash-registers/${open.id}/close`, {
    counted: Math.round((float + inflow - out) * 100) / 100,
  });
}

/** The card of the register `name` on 'Caixa'. */
const cardOf = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The row of the register `name`'s newest session in 'Sessões'. */
const sessionRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name }).first();

describe('caixa: a register opened, fed and closed short; the difference approved by the manager', () => {
  let s: BrowserSession;
  let page: Page;
  let attendant: ApiClient & { id: number };
  const name = unique('Caixa jornada');

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 900 });
    page = s.page;
    attendant = await apiAs(s.baseURL, DEMO.attendant);
    await closeOwnRegister(attendant);
    // -R$ 10,00 must be above the tolerance (R$ 0,00 in the demo) to wait for approval.
    const admin = await apiAs(s.baseURL, DEMO.admin);
    if ((await overviewOf(admin)).tolerance >= 10)
      await admin.send('PUT', '/cash-registers/settings', { tolerance: 5 });
  });
  afterAll(async () => {
    await closeOwnRegister(attendant).catch(() => undefined);
    await s.close();
  });

  it("the administrator creates the journey's register ('Novo caixa')", async () => {
    const admin = await openBrowser({ width: 1366, height: 900 });
    try {
      const apage = admin.page;
      await login(apage, DEMO.admin);
      await apage.goto('/admin/cash');
      await apage.getByRole('heading', { name: 'Caixa', exact: true }).waitFor();
      await apage.getByRole('button', { name: 'Novo caixa' }).click();
      const dialog = apage.getByRole('dialog', { name: 'Novo caixa' });
      await dialog.getByLabel(/Nome/).fill(name);
      await expectAccessible(apage, 'caixa: novo caixa');
      await dialog.getByRole('button', { name: 'Criar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await apage.getByText(`${name} criado.`).waitFor();
      await cardOf(apage, name).getByText('Fechado · nunca aberto').waitFor();
    } finally {
      await admin.close();
    }
  });

  it('the attendant opens it with R$ 200,00, adds R$ 50,00, takes R$ 100,00 out, counting blind', async () => {
    await login(page, DEMO.attendant);
    await page.goto('/admin/cash');
    const card = cardOf(page, name);
    await card.getByRole('button', { name: 'Abrir caixa' }).click();
    const opening = page.getByRole('dialog', { name: `Abrir o ${name}` });
    expect(await opening.getByLabel(/Troco inicial/).inputValue()).toBe('0,00');
    await opening.getByLabel(/Troco inicial/).fill('200,00');
    await opening.getByRole('button', { name: 'Abrir caixa' }).click();
    await opening.waitFor({ state: 'detached' });
    await card.getByText(/^Aberto por Beatriz Atendente desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();

    await card.getByRole('button', { name: 'Suprimento' }).click();
    const topUp = page.getByRole('dialog', { name: `Suprimento no ${name}` });
    await topUp.getByLabel(/Valor/).fill('50,00');
    await topUp.getByRole('button', { name: 'Lançar' }).click();
    await topUp.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Sangria' }).click();
    const removal = page.getByRole('dialog', { name: `Sangria do ${name}` });
    await removal.getByText('Dinheiro retirado da gaveta.', { exact: true }).waitFor();
    await removal.getByLabel(/Valor/).fill('100,00');
    await removal.getByRole('button', { name: 'Lançar' }).click();
    await removal.getByText('Informe o motivo da sangria.').waitFor();
    await removal.getByLabel(/Motivo/).fill('Depósito no banco');
    await expectAccessible(page, 'caixa: sangria');
    await removal.getByRole('button', { name: 'Lançar' }).click();
    await removal.waitFor({ state: 'detached' });

    const figures = card.getByLabel(`Movimento do ${name}`);
    await expect
      .poll(() => figures.textContent())
      .toContain(
        `Suprimento${money(5000)}Sangria-${money(10000)}Devolução em dinheiro${money(0)}Compra de aparelho usado${money(0)}`,
      );
    expect(await figures.textContent()).not.toContain('Esperado no caixa');
    await waitForNetworkIdle(page);
    await expectAccessible(page, 'caixa');
    await settled(page);
    await screenshot(page, 'cash-1-register-open-desktop');

    // A click anywhere on the card (here on its figures) opens its session's entries, as 'Lançamentos' does.
    await card.click({ position: { x: 60, y: 120 } });
    const entries = page.getByRole('dialog', { name: new RegExp(`^${name} · `) });
    await entries.getByRole('row').filter({ hasText: 'Depósito no banco' }).waitFor();
    expect(await entries.getByRole('row').count()).toBe(3);
    await settled(page);
    await screenshot(page, 'cash-2-entries-desktop');
    await entries.getByRole('button', { name: 'Fechar', exact: true }).click();
    await entries.waitFor({ state: 'detached' });
  });

  it('closes it counting R$ 140,00 blind: a reason demanded without figures, the difference waiting for approval', async () => {
    const card = cardOf(page, name);
    await card.getByRole('button', { name: 'Fechar caixa' }).click();
    const closing = page.getByRole('dialog', { name: `Fechar o ${name}` });
    await closing.getByLabel(/Valor contado/).fill('140,00');
    expect(await closing.getByTestId('cash-close-expected').count()).toBe(0);
    await closing.getByRole('button', { name: 'Conferir contagem' }).click();
    await closing.getByLabel(/Motivo da diferença \(se houver\)/).waitFor();
    expect(await closing.getByTestId('cash-close-expected').count()).toBe(0);
    await closing.getByRole('button', { name: 'Fechar caixa' }).click();
    await closing.getByText('Há diferença entre o contado e o esperado: informe o motivo.').waitFor();
    await closing.getByLabel(/Motivo da diferença/).fill('Troco dado a mais');
    await expectAccessible(page, 'caixa: fechar');
    await settled(page);
    await screenshot(page, 'cash-3-close-desktop');
    await closing.getByRole('button', { name: 'Fechar caixa' }).click();
    await closing.waitFor({ state: 'detached' });
    await page.getByText(`${name} fechado: a diferença aguarda a aprovação de um gerente.`).waitFor();

    const row = sessionRow(page, name);
    await row.filter({ hasText: 'Diferença aguardando aprovação' }).waitFor();
    expect(await row.textContent()).toContain(`-${money(1000)}`);
    // The attendant approves nothing.
    expect(await row.getByRole('button', { name: 'Aprovar diferença' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Abrir caixa' }).waitFor();
    await waitForNetworkIdle(page);
    await settled(page);
    await screenshot(page, 'cash-4-pending-desktop');
  });

  it("the manager approves the difference: 'Fechado', and the closing report is a PDF", async () => {
    const manager = await openBrowser({ width: 1366, height: 900 });
    try {
      const mpage = manager.page;
      await login(mpage, DEMO.manager);
      await mpage.goto('/admin/cash');
      await mpage.getByText(/com diferença aguarda(m)? aprovação\./).waitFor();
      const row = sessionRow(mpage, name);
      await row.filter({ hasText: 'Diferença aguardando aprovação' }).waitFor();
      await row.getByRole('button', { name: 'Aprovar diferença' }).click();
      const approve = mpage.getByRole('dialog', { name: 'Aprovar diferença' });
      await approve.getByText(`${name}, aberto por Beatriz Atendente: diferença de -${money(1000)}.`).waitFor();
      await approve.getByText('Motivo da diferença: Troco dado a mais').waitFor();
      await approve.getByLabel(/Observação/).fill('Conferido com a operadora');
      await expectAccessible(mpage, 'caixa: aprovar diferença');
      await settled(mpage);
      await screenshot(mpage, 'cash-5-approve-desktop');
      await approve.getByRole('button', { name: 'Aprovar', exact: true }).click();
      await approve.waitFor({ state: 'detached' });
      await mpage.getByText('Diferença aprovada.').waitFor();
      await row.filter({ hasText: 'Fechado' }).waitFor();
      expect(await row.textContent()).not.toContain('Diferença aguardando aprovação');

      const text = await pdfTextOf(mpage, () => row.getByRole('button', { name: 'Relatório' }).click());
      expect(text).toContain('Fechamento de caixa');
      expect(text).toContain(name);
      await waitForNetworkIdle(mpage);
      await settled(mpage);
      await screenshot(mpage, 'cash-6-approved-desktop');

      // Its day over, the manager deactivates the journey's register ('Editar'): kept with its sessions, it no
      // longer opens.
      const card = cardOf(mpage, name);
      await card.getByRole('button', { name: `Editar ${name}` }).click();
      const edit = mpage.getByRole('dialog', { name: `Editar ${name}` });
      await edit.getByRole('switch', { name: 'Caixa ativo' }).click();
      await expectAccessible(mpage, 'caixa: editar caixa');
      await settled(mpage);
      await screenshot(mpage, 'cash-9-edit-desktop');
      await edit.getByRole('button', { name: 'Salvar' }).click();
      await edit.waitFor({ state: 'detached' });
      await mpage.getByText(`${name} salvo.`).waitFor();
      await card.getByText('Desativado', { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Abrir caixa' }).count()).toBe(0);
    } finally {
      await manager.close();
    }
  });

  it('on a phone: the cards stack, the sessions fit, a session opens with its entries', async () => {
    const phone = await openPhone();
    try {
      await login(phone.page, DEMO.manager);
      await phone.page.goto('/admin/cash');
      await cardOf(phone.page, name).waitFor();
      const row = sessionRow(phone.page, name);
      await row.waitFor();
      await waitForNetworkIdle(phone.page);
      await settled(phone.page);
      await screenshot(phone.page, 'cash-7-page-phone');
      // No sideways scroll of the page itself.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await row.getByText(name).click();
      const session = phone.page.getByRole('dialog', { name: new RegExp(`^${name} · `) });
      await session.getByText('Depósito no banco', { exact: false }).waitFor();
      await session.getByText(`Diferença aprovada por Fernanda Gerente`, { exact: false }).waitFor();
      await settled(phone.page);
      await screenshot(phone.page, 'cash-8-session-phone');
    } finally {
      await phone.close();
    }
  });
});
