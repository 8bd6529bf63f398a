import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import {
  BEATRIZ,
  blindOverview,
  COUNTER_2,
  makeOverview,
  makeSession,
  OPEN_SESSION,
  OPEN_SESSION_DETAILS,
  pendingSession,
  sessionPage,
} from '../test-data';
import CashPage from './cash-page';

type Routes = Parameters<typeof mockFetch>[0];

const ATTENDANT = ['bo:manage:orders', 'bo:manage:internal_sales'];
/** The demo's 'Gerência': approves differences ('Crédito e cobrança'); signed in as employee 1 (the fake token's). */
const MANAGER = ['bo:manage:dashboard', 'bo:manage:orders', 'bo:manage:credit'];
const ME = { id: 1, name: 'Gerson Gerente' };

function openPage(permissions: string[], routes: Routes, name = 'Beatriz Atendente') {
  signInAs(permissions, name);
  const calls = mockFetch({
    'GET /api/cash-registers/sessions': sessionPage([]),
    'GET /api/cash-registers/sessions/11': { body: { data: OPEN_SESSION_DETAILS } },
    ...routes,
  });
  renderPage(<CashPage />, { path: '/admin/cash' });
  return { calls, user: userEvent.setup() };
}

const card = (name: string) => screen.findByRole('region', { name });
const posts = (calls: MockCall[]) => calls.filter((call) => call.method === 'POST');

describe('Caixa', () => {
  it("shows each register's figures and only the buttons of who looks: the operator's own session", async () => {
    // The operator's drawer is open: the server leaves 'Esperado no caixa' out of his answer (blind count).
    const { user } = openPage(ATTENDANT, {
      'GET /api/cash-registers': { body: { data: blindOverview({ mySessionId: OPEN_SESSION.id }) } },
    });
    const first = await card('Caixa balcão 1');
    expect(within(first).getByText('Aberto por Beatriz Atendente desde 23/11/2026 08:00')).toBeTruthy();
    const figures = within(first).getByLabelText('Movimento do Caixa balcão 1');
    const pairs = [...figures.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Troco inicial', 'R$ 200,00'],
      ['Venda em dinheiro', 'R$ 0,00'],
      ['Acerto de motoboy', 'R$ 0,00'],
      ['Parcela recebida', 'R$ 0,00'],
      ['Suprimento', 'R$ 50,00'],
      ['Sangria', '-R$ 100,00'],
      ['Devolução em dinheiro', 'R$ 0,00'],
      ['Compra de aparelho usado', 'R$ 0,00'],
      ['Nota de fornecedor paga no ato', 'R$ 0,00'],
    ]);
    expect(within(first).queryByText('Esperado no caixa')).toBeNull();
    for (const button of ['Suprimento', 'Sangria', 'Fechar caixa'])
      expect(within(first).getByRole('button', { name: button })).toBeTruthy();

    // The other register is closed; its operator already has one open: no 'Abrir caixa'. No admin buttons.
    const second = await card('Caixa balcão 2');
    expect(within(second).getByText('Fechado · último fechamento em 22/11/2026 18:00')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Abrir caixa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Novo caixa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tolerância de diferença' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Editar/ })).toBeNull();

    // 'Lançamentos': the session's entries, with their reasons and the outs negative.
    await user.click(within(first).getByRole('button', { name: 'Lançamentos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Caixa balcão 1 · 23/11/2026 08:00' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'HoraTipoReferênciaFuncionárioValor',
      '09:15SuprimentoTroco do cofreBeatriz AtendenteR$ 50,00',
      '12:30SangriaDepósito no bancoBeatriz Atendente-R$ 100,00',
    ]);
  });

  it("another's open register: an attendant sees 'Lançamentos' and no button of its session", async () => {
    const overview = { body: { data: makeOverview({ mySessionId: null }) } };
    openPage(ATTENDANT, { 'GET /api/cash-registers': overview });
    const first = await card('Caixa balcão 1');
    expect(
      within(first)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Lançamentos']);
    expect(within(await card('Caixa balcão 2')).getByRole('button', { name: 'Abrir caixa' })).toBeTruthy();
  });

  it("'Abrir caixa' starts at R$ 0,00 and sends the float typed", async () => {
    const { calls, user } = openPage(ATTENDANT, {
      'GET /api/cash-registers': { body: { data: makeOverview() } },
      'POST /api/cash-registers/2/open': {
        status: 201,
        body: {
          data: {
            ...makeSession({ id: 12, register: { id: 2, name: 'Caixa balcão 2' }, totals: OPEN_SESSION.totals }),
            entries: [],
          },
        },
      },
    });
    await user.click(within(await card('Caixa balcão 2')).getByRole('button', { name: 'Abrir caixa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abrir o Caixa balcão 2' });
    const float = within(dialog).getByLabelText(/^Troco inicial/) as HTMLInputElement;
    expect(float.value).toBe('0,00');
    await user.clear(float);
    await user.type(float, '200,00');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir caixa' }));
    expect(await screen.findByText('Caixa balcão 2 aberto.')).toBeTruthy();
    expect(posts(calls).map((call) => [call.url, call.body])).toEqual([['/api/cash-registers/2/open', { float: 200 }]]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Abrir o Caixa balcão 2' })).toBeNull());
  });

  it("the operator's 'Sangria' says nothing of what the drawer should hold: the server checks it", async () => {
    const { calls, user } = openPage(ATTENDANT, {
      'GET /api/cash-registers': { body: { data: blindOverview({ mySessionId: OPEN_SESSION.id }) } },
      'POST /api/cash-registers/1/entries': {
        status: 409,
        body: { errors: ['A sangria passa do dinheiro esperado no caixa.'], code: 'CONFLICT' },
      },
    });
    await user.click(within(await card('Caixa balcão 1')).getByRole('button', { name: 'Sangria' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sangria do Caixa balcão 1' });
    expect(within(dialog).getByText('Dinheiro retirado da gaveta.')).toBeTruthy();
    expect(within(dialog).queryByText(/Esperado no caixa/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Valor/), '150,01');
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Depósito no banco');
    await user.click(within(dialog).getByRole('button', { name: 'Lançar' }));
    expect(await within(dialog).findByText('A sangria passa do dinheiro esperado no caixa.')).toBeTruthy();
    expect(posts(calls).map((call) => call.body)).toEqual([
      { kind: 'REMOVAL', amount: 150.01, reason: 'Depósito no banco' },
    ]);
  });

  it("a manager's 'Sangria' needs its reason and at most what the drawer holds; sent with an Idempotency-Key", async () => {
    const { calls, user } = openPage(MANAGER, {
      'GET /api/cash-registers': { body: { data: makeOverview({ mySessionId: OPEN_SESSION.id }) } },
      'POST /api/cash-registers/1/entries': { status: 201, body: { data: OPEN_SESSION_DETAILS } },
    });
    await user.click(within(await card('Caixa balcão 1')).getByRole('button', { name: 'Sangria' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sangria do Caixa balcão 1' });
    expect(within(dialog).getByText(/Esperado no caixa agora: R\$ 150,00/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Valor/), '150,01');
    await user.click(within(dialog).getByRole('button', { name: 'Lançar' }));
    expect(await within(dialog).findByText('A sangria passa do dinheiro esperado no caixa (R$ 150,00).')).toBeTruthy();
    expect(within(dialog).getByText('Informe o motivo da sangria.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    const amount = within(dialog).getByLabelText(/^Valor/);
    await user.clear(amount);
    await user.type(amount, '100,00');
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Depósito no banco');
    await user.click(within(dialog).getByRole('button', { name: 'Lançar' }));
    expect(await screen.findByText('Sangria lançada.')).toBeTruthy();
    const [sent] = posts(calls);
    expect(sent?.body).toEqual({ kind: 'REMOVAL', amount: 100, reason: 'Depósito no banco' });
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the operator's 'Fechar caixa' is blind: his count and an optional reason, never the expected amount", async () => {
    const { calls, user } = openPage(ATTENDANT, {
      'GET /api/cash-registers': { body: { data: blindOverview({ mySessionId: OPEN_SESSION.id }) } },
      // The server's rule: a count that differs from the expected needs its reason.
      'POST /api/cash-registers/1/close': (call) =>
        (call.body as { reason: string | null }).reason
          ? { body: { data: { ...pendingSession(11, BEATRIZ), entries: OPEN_SESSION_DETAILS.entries } } }
          : { status: 400, body: { errors: ['Há diferença entre o contado e o esperado: informe o motivo.'] } },
    });
    await user.click(within(await card('Caixa balcão 1')).getByRole('button', { name: 'Fechar caixa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fechar o Caixa balcão 1' });
    expect(
      within(dialog).getByText(
        'Conte o dinheiro da gaveta: o valor esperado fica com o gerente, que confere a diferença.',
      ),
    ).toBeTruthy();
    const counted = within(dialog).getByLabelText(/^Valor contado/);
    await user.type(counted, '140,00');
    await user.click(within(dialog).getByRole('button', { name: 'Conferir contagem' }));
    expect((counted as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByTestId('cash-close-expected')).toBeNull();
    expect(within(dialog).queryByTestId('cash-close-difference')).toBeNull();
    expect(within(dialog).queryByText(/Esperado/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar caixa' }));
    // The server knows the difference and asks the reason, in its own words (no amount told).
    expect(
      await within(dialog).findByText('Há diferença entre o contado e o esperado: informe o motivo.'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Motivo da diferença/), 'Troco dado a mais');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar caixa' }));
    expect(
      await screen.findByText('Caixa balcão 1 fechado: a diferença aguarda a aprovação de um gerente.'),
    ).toBeTruthy();
    expect(posts(calls).map((call) => call.body)).toEqual([
      { counted: 140, reason: null },
      { counted: 140, reason: 'Troco dado a mais' },
    ]);
  });

  it("a manager's 'Fechar caixa' is a blind count too: expected and difference appear once the count is kept", async () => {
    const { calls, user } = openPage(MANAGER, {
      'GET /api/cash-registers': { body: { data: makeOverview({ mySessionId: OPEN_SESSION.id }) } },
      'POST /api/cash-registers/1/close': {
        body: { data: { ...pendingSession(11, BEATRIZ), entries: OPEN_SESSION_DETAILS.entries } },
      },
    });
    await user.click(within(await card('Caixa balcão 1')).getByRole('button', { name: 'Fechar caixa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fechar o Caixa balcão 1' });
    // Before the count: neither what the drawer should hold (R$ 150,00) nor a difference, nor the reason.
    expect(within(dialog).queryByTestId('cash-close-expected')).toBeNull();
    expect(within(dialog).queryByTestId('cash-close-difference')).toBeNull();
    expect(within(dialog).queryByText(/R\$ 150,00/)).toBeNull();
    expect(within(dialog).queryByLabelText(/^Motivo da diferença/)).toBeNull();
    expect(
      within(dialog).getByText('Conte o dinheiro da gaveta: o valor esperado aparece depois da contagem.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Acima da tolerância de R\$ 0,00, a diferença aguarda/)).toBeTruthy();

    // Nothing counted: the count is asked, nothing revealed.
    await user.click(within(dialog).getByRole('button', { name: 'Conferir contagem' }));
    expect(within(dialog).queryByTestId('cash-close-expected')).toBeNull();

    const counted = within(dialog).getByLabelText(/^Valor contado/);
    await user.type(counted, '140,00');
    expect(within(dialog).queryByTestId('cash-close-expected')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Conferir contagem' }));
    // 150,00 expected − 140,00 counted: R$ 10,00 missing, in red; the count kept as typed.
    expect((await within(dialog).findByTestId('cash-close-expected')).textContent).toBe('R$ 150,00');
    const difference = within(dialog).getByTestId('cash-close-difference');
    expect(difference.textContent).toBe('-R$ 10,00');
    expect(getComputedStyle(difference).color).toBe('rgb(211, 47, 47)');
    expect((counted as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText(/A diferença passa da tolerância de R\$ 0,00/)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Fechar caixa' }));
    expect(
      await within(dialog).findByText('Há diferença entre o contado e o esperado: informe o motivo.'),
    ).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Motivo da diferença/), 'Troco dado a mais');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar caixa' }));
    expect(
      await screen.findByText('Caixa balcão 1 fechado: a diferença aguarda a aprovação de um gerente.'),
    ).toBeTruthy();
    expect(posts(calls).map((call) => call.body)).toEqual([{ counted: 140, reason: 'Troco dado a mais' }]);
  });

  it("a manager closes another's register and approves only another's pending difference", async () => {
    const theirs = pendingSession(31, BEATRIZ);
    const mine = pendingSession(32, ME);
    const closed = makeSession({
      id: 33,
      status: 'CLOSED',
      closedAt: '2026-11-22T21:00:00.000Z',
      counted: 150,
      difference: 0,
      closedBy: BEATRIZ,
    });
    const routes: Routes = {
      'GET /api/cash-registers': {
        body: { data: makeOverview({ pendingApprovals: 2, tolerance: 5 }) },
      },
      'GET /api/cash-registers/sessions': sessionPage([theirs, mine, closed]),
      'POST /api/cash-registers/sessions/31/approve': {
        body: { data: { ...theirs, status: 'CLOSED', approvedBy: ME, entries: [] } },
      },
    };
    const { calls, user } = openPage(MANAGER, routes, ME.name);
    expect(await screen.findByText('2 fechamentos com diferença aguardam aprovação.')).toBeTruthy();
    // Crédito e cobrança administers the registers too.
    expect(screen.getByRole('button', { name: 'Novo caixa' })).toBeTruthy();
    expect(screen.getByTestId('cash-tolerance').textContent).toBe('Tolerância de diferença: R$ 5,00');
    // Beatriz's open register: the manager may close it (one left open), not feed it.
    const first = await card('Caixa balcão 1');
    expect(within(first).getByRole('button', { name: 'Fechar caixa' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Sangria' })).toBeNull();
    // He approves drawer differences: the open drawer's 'Esperado no caixa' is his to see.
    expect(within(first).getByText('Esperado no caixa').nextElementSibling?.textContent).toBe('R$ 150,00');
    const rowOf = async (id: number) =>
      (await screen.findAllByRole('row')).find((row) => row.getAttribute('data-id') === String(id)) as HTMLElement;
    await waitFor(async () => expect(await rowOf(31)).toBeTruthy());
    const row = await rowOf(31);
    expect(row.textContent).toContain('-R$ 10,00');
    expect(row.textContent).toContain('Diferença aguardando aprovação');
    expect(within(await rowOf(32)).queryByRole('button', { name: 'Aprovar diferença' })).toBeNull();
    expect(within(await rowOf(33)).queryByRole('button', { name: 'Aprovar diferença' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Aprovar diferença' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar diferença' });
    expect(
      within(dialog).getByText('Caixa balcão 1, aberto por Beatriz Atendente: diferença de -R$ 10,00.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Motivo da diferença: Troco dado a mais')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Diferença aprovada.')).toBeTruthy();
    expect(posts(calls).map((call) => [call.url, call.body])).toEqual([
      ['/api/cash-registers/sessions/31/approve', { note: null }],
    ]);
    // The button did not open the session (a row's click does).
    expect(screen.queryByRole('dialog', { name: /^Caixa balcão 1 ·/ })).toBeNull();
  });

  it("a manager who counted and closed Beatriz's register is not offered its approval: disabled, with the reason", async () => {
    const closedByMe = { ...pendingSession(35, BEATRIZ), closedBy: ME };
    const { user } = openPage(
      MANAGER,
      {
        'GET /api/cash-registers': { body: { data: makeOverview({ registers: [COUNTER_2], pendingApprovals: 1 }) } },
        'GET /api/cash-registers/sessions': sessionPage([closedByMe]),
        'GET /api/cash-registers/sessions/35': { body: { data: { ...closedByMe, entries: [] } } },
      },
      ME.name,
    );
    expect(await screen.findByText('Diferença aguardando aprovação')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprovar diferença' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Caixa balcão 1, aberto em 23\/11\/2026 08:00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Caixa balcão 1 · 23/11/2026 08:00' });
    const approve = (await within(dialog).findByRole('button', { name: 'Aprovar diferença' })) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(approve.getAttribute('aria-describedby')).toBe('cash-approval-blocked');
    expect(within(dialog).getByText('Quem contou e fechou o caixa não pode aprovar a própria diferença.')).toBeTruthy();
  });

  it("'Editar' renames a register and deactivates a closed one; an open one's switch says to close it first", async () => {
    const { calls, user } = openPage(MANAGER, {
      'GET /api/cash-registers': { body: { data: makeOverview() } },
      'PATCH /api/cash-registers/2': {
        body: { data: { ...COUNTER_2, name: 'Caixa da entrada', active: false } },
      },
    });
    // Open, its switch cannot turn it off.
    const first = await card('Caixa balcão 1');
    await user.click(within(first).getByRole('button', { name: 'Editar Caixa balcão 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar Caixa balcão 1' });
    const busy = within(dialog).getByRole('switch', { name: 'Caixa ativo' }) as HTMLInputElement;
    expect(busy.checked).toBe(true);
    expect(busy.disabled).toBe(true);
    expect(
      within(dialog).getByText('O caixa está aberto: o operador o fecha antes de ele ser desativado.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));

    const second = await card('Caixa balcão 2');
    await user.click(within(second).getByRole('button', { name: 'Editar Caixa balcão 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar Caixa balcão 2' });
    const name = within(dialog).getByRole('textbox', { name: /^Nome/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe o nome do caixa (1 a 60 caracteres).')).toBeTruthy();
    await user.type(name, 'Caixa da entrada');
    await user.click(within(dialog).getByRole('switch', { name: 'Caixa ativo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Caixa da entrada salvo.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body])).toEqual([
      ['/api/cash-registers/2', { name: 'Caixa da entrada', active: false }],
    ]);
  });

  it("an attendant is offered no approval, even of a pending session not his; a session's name opens it", async () => {
    const theirs = pendingSession(31, BEATRIZ);
    const { user } = openPage(ATTENDANT, {
      'GET /api/cash-registers': { body: { data: makeOverview({ registers: [COUNTER_2], pendingApprovals: 1 }) } },
      'GET /api/cash-registers/sessions': sessionPage([theirs, pendingSession(34, ME)]),
      'GET /api/cash-registers/sessions/31': { body: { data: { ...theirs, entries: OPEN_SESSION_DETAILS.entries } } },
    });
    expect(await screen.findAllByText('Diferença aguardando aprovação')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Aprovar diferença' })).toBeNull();
    expect(screen.queryByText(/aguarda(m)? aprovação\.$/)).toBeNull();

    await user.click(
      screen.getAllByRole('button', { name: /^Caixa balcão 1, aberto em 23\/11\/2026 08:00/ })[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Caixa balcão 1 · 23/11/2026 08:00' });
    expect(await within(dialog).findByText('Motivo da diferença: Troco dado a mais')).toBeTruthy();
    expect(within(dialog).getByText('Fechado por Beatriz Atendente em 23/11/2026 18:00')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Relatório' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Aprovar diferença' })).toBeNull();
  });
});
