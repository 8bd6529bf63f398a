import type { Customer } from '@backoffice/contract';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { LEVELS_COOKIE } from '../lib/levels-cookie';
import { LEVELS, makeCustomer } from '../test-data';
import CustomersPage from './customers-page';

/**
 * The sentinel before "nothing more was fetched": every query and mutation of the page's client idle. A read
 * that an action causes starts with the action's answer, so once the client is idle none is still to come.
 */
const settledOf = (queryClient: QueryClient) => () =>
  waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));

const ACTIVE = makeCustomer({
  id: 1,
  name: 'Ana Ativa',
  email: 'ana@cliente.com.br',
  status: 'Approved',
  approved: true,
  level: 1,
  levelName: 'Ouro',
});
const WAITING = makeCustomer({ id: 2, name: 'Walter Esperando', email: 'walter@cliente.com.br' });
const BLOCKED = makeCustomer({
  id: 3,
  name: 'Bruno Bloqueado',
  email: 'bruno@cliente.com.br',
  status: 'Blocked',
  isBlocked: true,
  statusNote: 'Cheques sem fundo',
});

type Lists = { active: Customer[]; awaiting: Customer[]; blocked: Customer[]; reproved: Customer[] };

/** The server's paged answer: `items` rows from `page`, with the list's total. */
function pageOf(list: Customer[], call: MockCall) {
  const query = new URL(call.url, 'http://localhost').searchParams;
  const items = Number(query.get('items') ?? list.length);
  const page = Number(query.get('page') ?? 0);
  return { body: { customers: list.slice(page * items, page * items + items), total: list.length } };
}

function openPage(
  lists: Partial<Lists> = {},
  extra: Parameters<typeof mockFetch>[0] = {},
  permissions: string[] = ['bo:manage:customers'],
) {
  const state: Lists = { active: [ACTIVE], awaiting: [WAITING], blocked: [BLOCKED], reproved: [], ...lists };
  signInAs(permissions, 'Beatriz Atendente');
  const calls = mockFetch({
    'GET /api/customers': (call) => pageOf(state.active, call),
    'GET /api/administrator/customers/unnaproved': (call) => pageOf(state.awaiting, call),
    'GET /api/customers/blocked': (call) => pageOf(state.blocked, call),
    'GET /api/customers/reproved': (call) => pageOf(state.reproved, call),
    'GET /api/customers/level': { body: LEVELS },
    ...extra,
  });
  const user = userEvent.setup();
  const { queryClient } = renderPage(<CustomersPage />, { path: '/admin/customers' });
  return { user, calls, settled: settledOf(queryClient), state };
}

const headerButton = (name: string) => screen.queryByRole('button', { name: new RegExp(`^${name}`) });

async function selectRow(user: ReturnType<typeof userEvent.setup>, name: string) {
  const row = (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('checkbox'));
}

const sent = (calls: MockCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.split('?')[0] === `/api${path}`);

describe('Customers page', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: clears the levels cookie between tests.
    document.cookie = `${LEVELS_COOKIE}=; path=/; max-age=0`;
  });

  it('shows the active card and the header buttons with counts only for non-empty lists', async () => {
    openPage();
    expect(await screen.findByText('Clientes Ativos')).toBeTruthy();
    expect(await screen.findByText('Ana Ativa')).toBeTruthy();
    await waitFor(() => expect(headerButton('Aguardando Aprovação')).toBeTruthy());
    expect(headerButton('Clientes Bloqueados')).toBeTruthy();
    expect(headerButton('Clientes Reprovados')).toBeNull();
    expect(screen.getByRole('button', { name: 'Atualizar listas' })).toBeTruthy();
  });

  it('shows one list at a time: the blocked card replaces the active one and Fechar goes back', async () => {
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: /^Clientes Bloqueados/ }));
    expect(await screen.findByText('Bruno Bloqueado')).toBeTruthy();
    expect(screen.queryByText('Clientes Ativos')).toBeNull();
    expect(headerButton('Clientes Bloqueados')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByText('Clientes Ativos')).toBeTruthy();
  });

  it("says 'Não há clientes aguardando aprovação no momento.' when the waiting list turned empty", async () => {
    const { user, state } = openPage();
    const button = await screen.findByRole('button', { name: /^Aguardando Aprovação/ });
    state.awaiting = [];
    await user.click(button);
    expect(await screen.findByText('Não há clientes aguardando aprovação no momento.')).toBeTruthy();
    expect(screen.getByText('Clientes Ativos')).toBeTruthy();
  });

  it('approves the last waiting customer, reloads, closes the waiting view and caches the levels in a cookie', async () => {
    const { user, state, calls } = openPage(
      {},
      {
        'PATCH /api/administrator/customers/approve': () => {
          state.awaiting = [];
          return { body: { data: WAITING } };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: /^Aguardando Aprovação/ }));
    expect(await screen.findByText('Clientes Aguardando Aprovação')).toBeTruthy();
    await selectRow(user, 'Walter Esperando');
    await user.click(screen.getByRole('button', { name: 'Aprovar/Reprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar ou Reprovar: Walter Esperando' });
    await user.click(within(dialog).getByRole('combobox', { name: /Nível/ }));
    await user.click(await screen.findByRole('option', { name: 'Ouro' }));
    await user.type(within(dialog).getByLabelText(/^Frete/), '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));

    expect(await screen.findByText('Cliente aprovado/reprovado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/administrator/customers/approve')[0]?.body).toEqual({
      email: 'walter@cliente.com.br',
      approve: true,
      level: 1,
      shippingCost: 12.5,
      warrantyPercentage: 0,
    });
    await waitFor(() => expect(screen.queryByText('Clientes Aguardando Aprovação')).toBeNull());
    expect(screen.getByText('Clientes Ativos')).toBeTruthy();
    expect(decodeURIComponent(document.cookie)).toContain('customerLevels=[{"value":1,"text":"Ouro"}');
  });

  it("offers no 'Reprovar' to a reproved customer: the reproved list's 'Aprovar' opens the modal without it", async () => {
    const REPROVED = makeCustomer({ id: 4, name: 'Rita Reprovada', email: 'rita@cliente.com.br', status: 'Reproved' });
    const { user } = openPage({ reproved: [REPROVED] });
    // The header's buttons wait for their counts (a loaded machine: more than findBy's second).
    await user.click(await screen.findByRole('button', { name: /^Clientes Reprovados/ }, { timeout: 10_000 }));
    await selectRow(user, 'Rita Reprovada');
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar ou Reprovar: Rita Reprovada' });
    expect(within(dialog).getByRole('button', { name: 'Aprovar' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Reprovar' })).toBeNull();
  });

  it('reads the levels from the cookie instead of the server', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: sets the spec's levels cookie.
    document.cookie = `customerLevels=${encodeURIComponent(JSON.stringify(LEVELS))}; path=/`;
    const { calls } = openPage();
    await screen.findByText('Ana Ativa');
    await waitFor(() => expect(sent(calls, 'GET', '/customers/blocked')).toHaveLength(1));
    expect(sent(calls, 'GET', '/customers/level')).toHaveLength(0);
  });

  it("blocks with the reason, then reloads the lists with 'Cliente alterado com sucesso.'", async () => {
    const { user, calls } = openPage({}, { 'PATCH /api/administrator/customer/1/status': { body: { data: ACTIVE } } });
    await selectRow(user, 'Ana Ativa');
    await user.click(screen.getByRole('button', { name: 'Bloquear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informe o motivo do bloqueio' });
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Pagamentos em atraso');
    const before = sent(calls, 'GET', '/customers').length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Cliente alterado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/administrator/customer/1/status')[0]?.body).toEqual({
      status: 'Blocked',
      note: 'Pagamentos em atraso',
    });
    await waitFor(() => expect(sent(calls, 'GET', '/customers').length).toBeGreaterThan(before));
  });

  it("'Editar' sends PATCH /customers with the terms and the 'Inscrição estadual' as the server keeps it", async () => {
    const { user, calls } = openPage({}, { 'PATCH /api/customers': { body: { data: ACTIVE } } });
    await selectRow(user, 'Ana Ativa');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente: Ana Ativa' });
    await user.type(within(dialog).getByLabelText(/^Inscrição estadual/), '86.123.456');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(await screen.findByText('Cliente editado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/customers').map((call) => call.body)).toEqual([
      {
        customerId: 1,
        email: 'ana@cliente.com.br',
        level: 1,
        warrantyPercentage: 0,
        shippingCost: 0,
        approve: true,
        fastDeliveryTax: 0,
        stateRegistration: '86123456',
      },
    ]);
  });

  it("asks 'Confirma operação?' before removing, and shows the refusal of a customer with orders", async () => {
    const { user, calls } = openPage(
      {},
      { 'DELETE /api/customers/1': { status: 409, body: { errors: ['Cliente não pode ser deletado.'] } } },
    );
    await selectRow(user, 'Ana Ativa');
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(within(confirm).getByText('Confirma operação?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'DELETE', '/customers/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remover' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmação' })).getByRole('button', { name: 'Confirmar' }),
    );
    expect(await screen.findByText('Cliente não pode ser deletado.')).toBeTruthy();
    expect(sent(calls, 'DELETE', '/customers/1')).toHaveLength(1);
  });

  describe('LGPD in the details (administrators only)', () => {
    const DETAILS = 'GET /api/administrator/customer/ana%40cliente.com.br';
    const openDetails = async (user: ReturnType<typeof userEvent.setup>) => {
      await selectRow(user, 'Ana Ativa');
      await user.click(screen.getByRole('button', { name: 'Detalhes' }));
      return screen.findByRole('dialog', { name: 'Detalhes do Cliente' });
    };

    it('an administrator anonymises after confirming, and the lists are read again', async () => {
      const anonymised = { ...ACTIVE, name: 'Cliente anonimizado 1', email: 'anonimizado-1@anonimizado.invalid' };
      const { user, calls } = openPage(
        {},
        { [DETAILS]: { body: { data: ACTIVE } }, 'POST /api/customers/1/anonymise': { body: { data: anonymised } } },
        ['full:access'],
      );
      const details = await openDetails(user);
      expect(within(details).getByRole('button', { name: 'Exportar dados (LGPD)' })).toBeTruthy();
      await user.click(within(details).getByRole('button', { name: 'Anonimizar dados' }));
      const confirm = await screen.findByRole('dialog', { name: 'Anonimizar dados' });
      // It says what is erased and what stays (issue 35 §10).
      expect(confirm.textContent).toContain(
        'Serão apagados: nome, e-mail, telefone, documento, inscrição estadual, endereço e observações do cadastro;',
      );
      expect(confirm.textContent).toContain('a assinatura na entrega e os comprovantes de pagamento.');
      expect(confirm.textContent).toContain(
        'Ficam, para a contabilidade: pedidos, itens, valores, datas e os Pix recebidos (valor e identificador).',
      );
      expect(confirm.textContent).toContain('Não pode ser desfeito. Confirma operação?');
      const listReads = sent(calls, 'GET', '/customers').length;
      await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Dados do cliente anonimizados.')).toBeTruthy();
      expect(sent(calls, 'POST', '/customers/1/anonymise')).toHaveLength(1);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Detalhes do Cliente' })).toBeNull());
      await waitFor(() => expect(sent(calls, 'GET', '/customers').length).toBeGreaterThan(listReads));
    });

    it("an administrator's refusal (an order still open) is said and nothing else happens", async () => {
      const refusal =
        'O cliente tem pedidos em andamento (K7M-4QP): conclua-os ou cancele-os antes de anonimizar os dados.';
      const { user } = openPage(
        {},
        {
          [DETAILS]: { body: { data: ACTIVE } },
          'POST /api/customers/1/anonymise': { status: 409, body: { errors: [refusal] } },
        },
        ['full:access'],
      );
      const details = await openDetails(user);
      await user.click(within(details).getByRole('button', { name: 'Anonimizar dados' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Anonimizar dados' })).getByRole('button', {
          name: 'Confirmar',
        }),
      );
      expect(await screen.findByText(refusal)).toBeTruthy();
      // The details stay open (reachable again once the confirmation has gone).
      expect(await screen.findByRole('dialog', { name: 'Detalhes do Cliente' })).toBeTruthy();
    });

    it('an employee who manages customers without full access sees neither action', async () => {
      const { user } = openPage({}, { [DETAILS]: { body: { data: ACTIVE } } });
      const details = await openDetails(user);
      expect(within(details).getByText('Ana Ativa')).toBeTruthy();
      expect(within(details).queryByRole('button', { name: 'Exportar dados (LGPD)' })).toBeNull();
      expect(within(details).queryByRole('button', { name: 'Anonimizar dados' })).toBeNull();
    });
  });

  it('unblocks from the blocked list and shows the toolbar actions of that list', async () => {
    const { user, calls } = openPage({}, { 'PATCH /api/administrator/customer/3/status': { body: { data: BLOCKED } } });
    await user.click(await screen.findByRole('button', { name: /^Clientes Bloqueados/ }));
    await selectRow(user, 'Bruno Bloqueado');
    for (const action of ['Histórico', 'Desbloquear', 'Detalhes', 'Editar'])
      expect(screen.getByRole('button', { name: action })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remover' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Desbloquear' }));
    expect(await screen.findByText('Cliente alterado com sucesso.')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/administrator/customer/3/status')[0]?.body).toEqual({ status: 'Approved' });
  });

  describe('on the server', () => {
    afterEach(() => vi.restoreAllMocks());
    /** 25 active customers: "Cliente 01" … "Cliente 25", 10 a page. */
    const MANY = Array.from({ length: 25 }, (_, i) =>
      makeCustomer({
        id: 100 + i,
        name: `Cliente ${String(i + 1).padStart(2, '0')}`,
        email: `c${i + 1}@cliente.com.br`,
        status: 'Approved',
        approved: true,
      }),
    );

    it('asks for 10 customers a page, counts with total, and searches the whole list on the server', async () => {
      const { user, calls } = openPage(
        { active: MANY, blocked: [BLOCKED, { ...BLOCKED, id: 4 }] },
        {
          'GET /api/customers': (call) => {
            const search = new URL(call.url, 'http://localhost').searchParams.get('search');
            return pageOf(search ? MANY.filter((c) => c.name.endsWith(search)) : MANY, call);
          },
        },
      );
      expect(await screen.findByText('Cliente 10')).toBeTruthy();
      expect(screen.queryByText('Cliente 11')).toBeNull();
      expect(screen.getByText('1–10 de 25')).toBeTruthy();
      // the badge counts every blocked customer from one row's answer
      const badge = await screen.findByRole('button', { name: /^Clientes Bloqueados/ });
      expect(badge.parentElement?.textContent).toContain('2');
      expect(sent(calls, 'GET', '/customers/blocked').every((c) => c.url.includes('items=1'))).toBe(true);
      expect(sent(calls, 'GET', '/customers')[0]?.url).toBe('/api/customers?page=0&items=10');

      // "Cliente 23" is on page 3: the search asks the server, from page 0
      await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), '23');
      // after the typing pause
      await waitFor(() => expect(screen.queryByText('Cliente 01')).toBeNull(), { timeout: 4000 });
      expect(await screen.findByText('Cliente 23')).toBeTruthy();
      expect(sent(calls, 'GET', '/customers').at(-1)?.url).toBe('/api/customers?page=0&items=10&search=23');
    });

    it("'Baixar CSV' downloads relatorio.csv of every matching customer from the server", async () => {
      URL.createObjectURL = vi.fn(() => 'blob:csv');
      URL.revokeObjectURL = vi.fn();
      const saved: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      const { user, calls } = openPage({ active: MANY }, { 'GET /api/customers/export.csv': { body: 'Nome' } });
      await screen.findByText('Cliente 01');
      await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
      await waitFor(() => expect(saved).toEqual(['relatorio.csv']));
      expect(sent(calls, 'GET', '/customers/export.csv')[0]?.url).toBe('/api/customers/export.csv?list=active');
      expect(sent(calls, 'GET', '/customers/export.csv')[0]?.headers).toMatchObject({
        Authorization: expect.stringMatching(/^Bearer /),
      });
    });
  });

  describe('Aprovar ou Reprovar through useApiMutation (issue 16 §2)', () => {
    const SECOND = makeCustomer({ id: 4, name: 'Vera Esperando', email: 'vera@cliente.com.br' });
    /** The waiting list's page reads (10 a page), not the badge's one-row counts. */
    const awaitingReads = (calls: MockCall[]) =>
      sent(calls, 'GET', '/administrator/customers/unnaproved').filter((c) => c.url.includes('items=10'));

    async function fillApproval(user: ReturnType<typeof userEvent.setup>) {
      await user.click(await screen.findByRole('button', { name: /^Aguardando Aprovação/ }));
      await selectRow(user, 'Walter Esperando');
      await user.click(screen.getByRole('button', { name: 'Aprovar/Reprovar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Aprovar ou Reprovar: Walter Esperando' });
      await user.click(within(dialog).getByRole('combobox', { name: /Nível/ }));
      await user.click(await screen.findByRole('option', { name: 'Ouro' }));
      await user.type(within(dialog).getByLabelText(/^Frete/), '12,50');
      await user.clear(within(dialog).getByLabelText(/^Garantia/));
      await user.type(within(dialog).getByLabelText(/^Garantia/), '10');
      const approve = within(dialog).getByRole('button', { name: 'Aprovar' }) as HTMLButtonElement;
      await waitFor(() => expect(approve.disabled).toBe(false));
      return { dialog, approve };
    }

    it("keeps the dialog open with what was typed and says the server's refusal", async () => {
      const refusal = 'O cliente já foi aprovado por outro atendente.';
      const { user, calls } = openPage(
        { awaiting: [WAITING, SECOND] },
        {
          'PATCH /api/administrator/customers/approve': { status: 409, body: { errors: [refusal], code: 'CONFLICT' } },
        },
      );
      const { dialog, approve } = await fillApproval(user);
      await user.click(approve);

      expect(await screen.findByText(refusal)).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Aprovar ou Reprovar: Walter Esperando' })).toBe(dialog);
      expect(within(dialog).getByRole('combobox', { name: /Nível/ }).textContent).toBe('Ouro');
      expect((within(dialog).getByLabelText(/^Frete/) as HTMLInputElement).value).toBe('12,50');
      expect((within(dialog).getByLabelText(/^Garantia/) as HTMLInputElement).value).toBe('10');
      expect(screen.queryByText('Cliente aprovado/reprovado com sucesso.')).toBeNull();
      await waitFor(() => expect(approve.disabled).toBe(false));
      expect(sent(calls, 'PATCH', '/administrator/customers/approve')).toHaveLength(1);
    });

    it('closes the dialog on success, says so and reads the waiting list exactly once more', async () => {
      const { user, state, calls, settled } = openPage(
        { awaiting: [WAITING, SECOND] },
        {
          'PATCH /api/administrator/customers/approve': () => {
            state.awaiting = [SECOND];
            return { body: { data: { ...WAITING, status: 'Approved', approved: true } } };
          },
        },
      );
      const { approve } = await fillApproval(user);
      const readsBefore = awaitingReads(calls).length;
      await user.click(approve);

      expect(await screen.findByText('Cliente aprovado/reprovado com sucesso.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.queryByText('Walter Esperando')).toBeNull());
      expect(screen.getByText('Vera Esperando')).toBeTruthy();
      expect(awaitingReads(calls)).toHaveLength(readsBefore + 1);
      await settled();
      expect(awaitingReads(calls)).toHaveLength(readsBefore + 1);
      expect(sent(calls, 'PATCH', '/administrator/customers/approve')[0]?.body).toEqual({
        email: 'walter@cliente.com.br',
        approve: true,
        level: 1,
        shippingCost: 12.5,
        warrantyPercentage: 10,
      });
    });
  });
});
