import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  DEMO,
  expectAccessible,
  latestCodeFor,
  login,
  openBrowser,
  screenshot,
  unique,
  waitForNetworkIdle,
} from './harness';

const SIDEBAR = [
  'Painel de Controle',
  'Clientes',
  'Produtos',
  'Funcionários',
  'Regras',
  'Pedidos',
  'Expedição',
  'Minhas tarefas',
  // Issue 42 §2: the repair counter and the technician's bench.
  'Assistência técnica',
  'Bancada técnica',
  'Relatórios',
  'Vendas',
  // Issue 54 §1: the counter's point of sale.
  'Balcão',
  'Orçamentos',
  // Issue 40: the drawer, the receivables, the cash flow.
  'Caixa',
  'Contas a receber',
  // Issue 41: the notes emitted.
  'Notas fiscais',
  // Issue 42 §1: used phones taken in.
  'Aparelhos usados',
  'Fluxo de caixa',
  // Issue 58 §3: the bank statement against the books.
  'Conciliação bancária',
  'Configurações',
  // The group 'Compras' (issue 39).
  'Entrada por XML',
  'Entradas',
  'Fornecedores',
  'Contas a pagar',
];

async function sidebarEntries(s: BrowserSession): Promise<string[]> {
  const nav = s.page.getByRole('navigation', { name: 'Menu principal' });
  await nav.waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

async function signOut(s: BrowserSession) {
  await s.page.goto('/logout');
  await s.page.waitForURL((url) => url.pathname === '/');
}

describe('foundation: sign-in, shell, employees, roles, recovery', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openBrowser();
  });
  afterAll(() => s.close());

  it("opens the shop's address with the light sign-in page, compressed as a browser asks, not the app (issue 34 §7)", async () => {
    await signOut(s);
    for (const url of ['/', '/login']) {
      const response = await s.page.goto(url);
      if (!response) throw new Error(`no answer for ${url}`);
      // Chromium sends 'Accept-Encoding: gzip, deflate, br, zstd': the page's precompressed twin comes back.
      expect((await response.allHeaders())['content-encoding'], url).toMatch(/^(br|gzip)$/);
      const html = await response.text();
      expect(html, url).toMatch(/<script type="module" crossorigin src="\/assets\/login-[\w-]+\.js">/);
      expect(html, url).not.toMatch(/src="\/assets\/index-/);
      await s.page.getByRole('button', { name: 'Entrar' }).waitFor();
      await s.page.locator('input[name="email"]').waitFor();
    }
    // Any other address is still the app.
    const app = await s.page.goto('/admin/tasks');
    expect(await app?.text()).toMatch(/src="\/assets\/index-/);
  });

  it('shows each role only the sidebar entries its permissions allow, landing on its first page', async () => {
    const expected: Record<string, { entries: string[]; landing: RegExp }> = {
      [DEMO.admin]: { entries: SIDEBAR, landing: /\/admin\/dashboard$/ },
      [DEMO.attendant]: {
        entries: [
          'Painel de Controle',
          'Clientes',
          'Pedidos',
          'Expedição',
          'Minhas tarefas',
          // Issue 42: the counter receives repairs (its bench too) and used phones.
          'Assistência técnica',
          'Bancada técnica',
          'Vendas',
          // Issue 54 §1: the counter's point of sale.
          'Balcão',
          'Orçamentos',
          // Issue 40: the desk runs a register and receives instalments (orders, internal sales).
          'Caixa',
          'Contas a receber',
          // Issue 41: the desk emits the notes ('Notas fiscais') and prints their DANFE.
          'Notas fiscais',
          'Aparelhos usados',
          'Configurações',
        ],
        landing: /\/admin\//,
      },
      // Stockers and couriers start on their task screen (docs/order-workflow.md, Field screens).
      // … and buy: the demo role 'Estoque' holds 'Compras' (issue 39).
      [DEMO.stocker]: {
        entries: [
          'Painel de Controle',
          'Produtos',
          'Minhas tarefas',
          // Who pays the bills reads the cash flow (issue 40 §4).
          'Fluxo de caixa',
          'Conciliação bancária',
          'Entrada por XML',
          'Entradas',
          'Fornecedores',
          'Contas a pagar',
        ],
        landing: /\/admin\/tasks$/,
      },
      // The demo role 'Entregas' holds nothing: the courier's function opens his tasks, and only them.
      [DEMO.courier]: { entries: ['Minhas tarefas'], landing: /\/admin\/tasks$/ },
      [DEMO.manager]: {
        entries: [
          'Painel de Controle',
          'Clientes',
          'Produtos',
          'Pedidos',
          'Expedição',
          'Minhas tarefas',
          'Assistência técnica',
          'Bancada técnica',
          'Relatórios',
          // 'Crédito e cobrança' (issue 40) and orders.
          'Caixa',
          'Contas a receber',
          'Notas fiscais',
          'Aparelhos usados',
          'Fluxo de caixa',
          'Conciliação bancária',
          'Configurações',
        ],
        landing: /\/admin\//,
      },
    };
    for (const [email, { entries, landing }] of Object.entries(expected)) {
      await login(s.page, email);
      expect(s.page.url()).toMatch(landing);
      expect(await sidebarEntries(s)).toEqual(entries);
      await screenshot(s.page, `shell-${email.split('@')[0]}`);
      await signOut(s);
    }
  });

  it("meets the no-permission screen, whose 'Ir para o Dashboard' leads a courier to his tasks, and leaves", async () => {
    await login(s.page, DEMO.courier);
    await s.page.goto('/admin/employees');
    await s.page.getByText('Você não tem permissão para acessar essa página.').waitFor();
    await screenshot(s.page, 'shell-no-permission');
    await expectAccessible(s.page, 'sem permissão');
    // issue 8: the courier may not open the dashboard, so the link leads to the first page he may open
    await s.page.getByRole('link', { name: 'Ir para o Dashboard' }).click();
    await s.page.waitForURL(/\/admin\/tasks$/);
    await s.page.goto('/admin/employees');
    await s.page.getByRole('link', { name: 'Sair' }).click();
    await s.page.waitForURL((url) => url.pathname === '/');
    await s.page.getByRole('button', { name: 'Entrar' }).waitFor();
  });

  it('passes axe (WCAG 2.2 A/AA, no serious or critical violation) on every screen of the foundation', async () => {
    await s.page.goto('/');
    await s.page.getByRole('button', { name: 'Entrar' }).waitFor();
    await expectAccessible(s.page, 'login');
    await s.page.goto('/forgot-password');
    await s.page.getByRole('button', { name: 'Enviar' }).waitFor();
    await expectAccessible(s.page, 'recuperação de senha');

    await login(s.page, DEMO.admin);
    const screens: [string, string][] = [
      ['/admin/dashboard', 'dashboard'],
      ['/admin/employees', 'funcionários'],
      ['/admin/roles', 'regras'],
      ['/admin/orders', 'pedidos'],
      ['/admin/reports', 'relatórios'],
      ['/admin/selling', 'vendas'],
      ['/admin/settings', 'configurações'],
    ];
    for (const [url, name] of screens) {
      await s.page.goto(url);
      await s.page.getByRole('main').getByRole('heading').first().waitFor();
      await waitForNetworkIdle(s.page);
      await expectAccessible(s.page, name);
    }
    // the profile menu and the phone's menu drawer
    await s.page.getByRole('button', { name: /^Perfil/ }).click();
    await s.page.getByRole('menuitem', { name: 'Sair' }).waitFor();
    await expectAccessible(s.page, 'menu do perfil');
    await s.page.keyboard.press('Escape');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.getByRole('button', { name: 'Abrir menu' }).click();
    await s.page.getByRole('navigation', { name: 'Menu principal' }).first().waitFor();
    await expectAccessible(s.page, 'menu no celular');
    await s.page.keyboard.press('Escape');
    await s.page.setViewportSize({ width: 1366, height: 850 });
    await signOut(s);
  });

  it('sends an unknown path to the dashboard and an anonymous visitor to the login', async () => {
    await s.page.goto('/admin/orders');
    await s.page.getByText('BackOffice - Acesso Restrito').waitFor();
    await login(s.page, DEMO.admin);
    await s.page.goto('/admin/nao-existe');
    await s.page.waitForURL(/\/admin\/dashboard$/);
    await signOut(s);
  });

  it('creates a role and an employee with it, who activates the account with the e-mailed code and signs in', async () => {
    const roleName = unique('Conferência');
    const email = `conferente.${Date.now().toString(36)}@demo.com.br`;
    await login(s.page, DEMO.admin);

    await s.page.goto('/admin/roles');
    await s.page.getByRole('button', { name: 'Cadastrar Regra' }).click();
    const roleDialog = s.page.getByRole('dialog');
    await roleDialog.getByLabel('Nome da regra').fill(roleName);
    await roleDialog.getByRole('combobox', { name: 'Permissão' }).click();
    await s.page.getByRole('option', { name: 'Gerenciar produtos e estoque' }).click();
    await roleDialog.getByRole('button', { name: 'Adicionar' }).click();
    await screenshot(s.page, 'roles-create-dialog');
    await expectAccessible(s.page, 'Cadastrar Regra');
    await roleDialog.getByRole('button', { name: 'Cadastrar' }).click();
    await s.page.getByText('Regra criada com sucesso.').waitFor();
    await s.page.getByRole('gridcell', { name: roleName }).waitFor();

    await s.page.goto('/admin/employees');
    await s.page.getByRole('button', { name: 'Cadastrar Funcionário' }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByLabel('Nome').fill('Gustavo Conferente');
    await dialog.getByRole('combobox', { name: 'Função' }).click();
    await s.page.getByRole('option', { name: 'Estoquista' }).click();
    // The dialog is hidden from the accessibility tree while the menu is open: wait for the menu to go.
    await s.page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByLabel('CPF').fill('935.411.347-80');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Telefone').fill('(11) 98888-7777');
    await dialog.getByRole('combobox', { name: 'Regra' }).click();
    await s.page.getByRole('option', { name: roleName }).click();
    await screenshot(s.page, 'employees-create-dialog');
    await expectAccessible(s.page, 'Cadastrar Funcionário');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await s.page.getByText('Funcionário(a) criado com sucesso.').waitFor();
    await s.page.getByRole('gridcell', { name: email }).waitFor();
    await screenshot(s.page, 'employees-list');

    // Sign out through the profile menu.
    await s.page.getByRole('button', { name: /^Perfil/ }).click();
    await s.page.getByRole('menuitem', { name: 'Sair' }).click();
    await s.page.waitForURL((url) => url.pathname === '/');

    // The new employee sets a password through "Esqueceu a senha?" with the code from the outbox.
    await s.page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await s.page.waitForURL(/\/forgot-password$/);
    // The address changes before the recovery page is drawn (its code may still be loading): the login
    // page's own 'Email' is on screen until then. Type once the recovery page shows.
    const send = s.page.getByRole('button', { name: 'Enviar' });
    await send.waitFor();
    await s.page.getByLabel('Email').fill(email);
    await send.click();
    await s.page
      .getByText(
        'Uma notificação de redefinição da senha foi encaminhada para o e-mail mencionado, verifique a sua caixa de entrada.',
      )
      .waitFor();
    await screenshot(s.page, 'recovery-code-step');
    await expectAccessible(s.page, 'recuperação de senha: código');
    await s.page.getByLabel('Código de redefinição').fill(latestCodeFor(email));
    await s.page.getByLabel('Nova Senha').fill('caixa-de-papelao-7');
    await s.page.getByRole('button', { name: 'Confirmar' }).click();
    await s.page.getByText('Senha alterada com sucesso. Agora você pode voltar a fazer o login.').waitFor();

    await login(s.page, email, 'caixa-de-papelao-7');
    // A stocker starts on his tasks (products is a permission of the packing moves).
    expect(s.page.url()).toMatch(/\/admin\/tasks$/);
    expect(await sidebarEntries(s)).toEqual(['Produtos', 'Minhas tarefas']);
    await signOut(s);
  });
});
