import {
  businessDay,
  FISCAL_NOTE_TEXTS,
  type FiscalEmissionRequest,
  type FiscalNote,
  type FiscalNoteGap,
  fiscalVoidingSchema,
  type NfeContingency,
} from '@backoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTHORIZED, CANCELLED, CONTINGENT, pageOf, REJECTED } from '../../../components/fiscal/test-data';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import FiscalNotesPage from './fiscal-notes-page';

// The data grid's first render is slow on a loaded machine: wait longer than the default second.

const MANAGER = ['bo:manage:orders', 'bo:manage:invoices'];
const DESK = ['bo:manage:orders'];
type User = ReturnType<typeof userEvent.setup>;
type Answer = { status?: number; body?: unknown };

/** The NF-e out of contingency, nothing waiting (SP's SVC: SVC-AN). */
const OUT_OF_CONTINGENCY: NfeContingency = { active: null, svc: 'SVC-AN', pending: { nfe: 0, nfce: 0 }, message: null };
const inContingency = (reason: string): NfeContingency => ({
  active: { svc: 'SVC-AN', since: '2026-11-28T13:05:00.000Z', reason, enteredBy: { id: 1, name: 'Carla Gerente' } },
  svc: 'SVC-AN',
  pending: { nfe: 2, nfce: 0 },
  message:
    'NF-e em contingência (SVC-AN) desde 28/11/2026 10:05: as novas notas vão para a SEFAZ Virtual de Contingência. Aguardando envio: 2 NF-e.',
});

/** 'Notas fiscais' signed in with `permissions`, the list answering `notes`, each note's details as kept. */
function openPage({
  permissions = MANAGER,
  notes = [AUTHORIZED, REJECTED, CONTINGENT],
  cancel = (call: MockCall): Answer => ({ body: { data: cancelled(call) } }),
  failed = [],
  contingency = OUT_OF_CONTINGENCY,
  gaps = [],
  email = (call: MockCall): Answer => ({
    body: { data: { to: (call.body as { to?: string }).to ?? 'compras@carioca.com.br' } },
  }),
}: {
  permissions?: string[];
  notes?: FiscalNote[];
  cancel?: (call: MockCall) => Answer;
  email?: (call: MockCall) => Answer;
  failed?: FiscalEmissionRequest[];
  contingency?: NfeContingency;
  gaps?: FiscalNoteGap[];
} = {}) {
  signInAs(permissions, 'Carla Gerente');
  const kept = new Map(notes.map((note) => [note.id, note]));
  const details: Record<string, (call: MockCall) => Answer> = {};
  for (const note of notes) details[`GET /api/fiscal/notes/${note.id}`] = () => ({ body: { data: kept.get(note.id) } });
  const calls = mockFetch({
    'GET /api/fiscal/notes': { body: pageOf(notes) },
    'GET /api/fiscal/notes/requests': { body: { data: failed } },
    'GET /api/fiscal/notes/contingency': { body: { data: contingency } },
    'POST /api/fiscal/notes/contingency': (call) => ({
      body: { data: inContingency((call.body as { reason: string }).reason) },
    }),
    'DELETE /api/fiscal/notes/contingency': { body: { data: OUT_OF_CONTINGENCY } },
    'GET /api/fiscal/notes/gaps': { body: { data: { items: gaps, total: gaps.length, page: 0, pageSize: 50 } } },
    ...details,
    'POST /api/fiscal/notes/7/cancel': (call) => {
      const answer = cancel(call);
      if ((answer.status ?? 200) === 200) kept.set(7, (answer.body as { data: FiscalNote }).data);
      return answer;
    },
    'POST /api/fiscal/notes/8/retry': () => {
      const sent = { ...REJECTED, status: 'AUTHORIZED', statusCode: 100, statusReason: 'Autorizado o uso da NF-e' };
      kept.set(8, sent as FiscalNote);
      return { body: { data: sent } };
    },
    'GET /api/fiscal/notes/7/danfe.pdf': { body: {} },
    'GET /api/fiscal/notes/export.csv': { body: {} },
    'GET /api/fiscal/notes/xml.zip': { body: {} },
    'POST /api/fiscal/notes/7/email': email,
    'POST /api/fiscal/voidings': (call) => ({
      body: {
        data: fiscalVoidingSchema.parse({
          id: 1,
          ...(call.body as object),
          statusCode: 102,
          statusReason: 'Inutilização de número homologado',
          protocol: '135260000000077',
          createdAt: '2026-11-24T19:00:00.000Z',
        }),
      },
    }),
  });
  renderPage(<FiscalNotesPage />, { path: '/admin/fiscal-notes' });
  return { calls, user: userEvent.setup() };
}

/** What the server answers a cancellation of AUTHORIZED with the reason sent. */
function cancelled(call: MockCall): FiscalNote {
  return {
    ...AUTHORIZED,
    status: 'CANCELLED',
    events: [{ ...CANCELLED.events[0], text: (call.body as { reason: string }).reason } as FiscalNote['events'][0]],
  };
}

const listCalls = (calls: MockCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/fiscal/notes?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);
const posts = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST');

/** The hidden input of a MUI X date field (it takes a whole DD/MM/YYYY value, like autofill). */
function typeDate(label: string, value: string) {
  const group = screen.getByRole('group', { name: new RegExp(label) });
  const input = (group.closest('.MuiFormControl-root') as HTMLElement).querySelector('input') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

async function openNote(user: User, customer: string, title: RegExp) {
  await user.click(await screen.findByText(customer));
  const dialog = await screen.findByRole('dialog', { name: title });
  await within(dialog).findByText('Chave de acesso');
  return dialog;
}

const buttonNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .map((button) => button.textContent);

/** The files the page saves (the anchor's `download`), the browser's download mocked. */
function savedFiles() {
  const save = vi.fn();
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:file');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    save(this.download);
  });
  return save;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Notas fiscais', () => {
  it('lists every note, newest first, with its number, model, emission, customer, order, total and situation', async () => {
    const { calls } = openPage();
    expect(await screen.findByText('3 notas')).toBeTruthy();
    const first = listCalls(calls)[0];
    expect(first?.get('page')).toBe('0');
    expect(first?.get('pageSize')).toBe('25');
    for (const key of ['status', 'model', 'search', 'from', 'to']) expect(first?.has(key)).toBe(false);
    expect(screen.getByRole('heading', { name: 'Notas fiscais: Todas' })).toBeTruthy();

    const authorized = within(
      screen.getByText('Loja de Celulares Carioca Ltda').closest('[role="row"]') as HTMLElement,
    );
    expect(authorized.getByText('12/1')).toBeTruthy();
    expect(authorized.getByText('Homologação')).toBeTruthy();
    expect(authorized.getByText('NF-e')).toBeTruthy();
    // 24/11/2026 14:20 on the shop's clock (São Paulo), whatever the browser's (UTC in the tests).
    expect(authorized.getByText('24/11/2026 14:20')).toBeTruthy();
    expect(authorized.getByText('K7M-2Q9')).toBeTruthy();
    expect(authorized.getByText('R$ 2.030,00')).toBeTruthy();
    expect(authorized.getByText('Autorizada')).toBeTruthy();
    // The rejected one says the SEFAZ's code and reason under its situation.
    const rejected = within(screen.getByText('Maria Souza').closest('[role="row"]') as HTMLElement);
    expect(rejected.getByText('Rejeitada')).toBeTruthy();
    expect(rejected.getByText('539 — Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso')).toBeTruthy();
    // A walk-in's NFC-e without a document.
    const counter = within(screen.getByText('Consumidor não identificado').closest('[role="row"]') as HTMLElement);
    expect(counter.getByText('NFC-e')).toBeTruthy();
    expect(counter.getByText('Em contingência')).toBeTruthy();
  });

  it('says which delivered orders were left without their automatic note, and why', async () => {
    openPage({
      failed: [
        {
          order: { id: 41, code: 'AB1-2CD' },
          attempts: 3,
          error: 'O produto 100245 (Capa de silicone) não tem NCM.',
          requestedAt: '2026-11-26T13:00:00.000Z',
        },
      ],
    });
    const banner = await screen.findByTestId('fiscal-notes-failed-automatic');
    expect(banner.textContent).toContain('1 pedido entregue ficou sem a nota automática:');
    expect(banner.textContent).toContain('Pedido AB1-2CD: O produto 100245 (Capa de silicone) não tem NCM.');
  });

  it('asks the server for each filter: the situation, the model, the search and the emission period', async () => {
    const { calls, user } = openPage();
    await screen.findByText('3 notas');
    await user.click(screen.getByRole('button', { name: 'Rejeitadas' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('status')).toBe('REJECTED'));
    expect(screen.getByRole('heading', { name: 'Notas fiscais: Rejeitadas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rejeitadas' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Em contingência' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('status')).toBe('CONTINGENCY'));

    await user.click(screen.getByRole('combobox', { name: 'Modelo' }));
    await user.click(await screen.findByRole('option', { name: 'NFC-e' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('model')).toBe('65'));

    await user.type(screen.getByRole('searchbox', { name: 'Número, chave, cliente ou pedido' }), 'K7M-2Q9');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('K7M-2Q9'));

    typeDate('Emissão de', '01/11/2026');
    typeDate('até', '30/11/2026');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('to')).toBe('2026-11-30'));
    const last = listCalls(calls).at(-1);
    expect(last?.get('from')).toBe('2026-11-01');
    expect(last?.get('status')).toBe('CONTINGENCY');
    expect(last?.get('model')).toBe('65');
    expect(last?.get('search')).toBe('K7M-2Q9');
    expect(last?.get('page')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Todas' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('status')).toBe(false));
  });

  it("an authorised NF-e's details: its key in groups of four, protocol, dates; DANFE, XML, correction and cancel", async () => {
    const { calls, user } = openPage();
    const dialog = await openNote(user, 'Loja de Celulares Carioca Ltda', /^NF-e nº 12 · série 1$/);
    expect(within(dialog).getByText('3526 1111 2223 3300 0181 5500 1000 0000 1212 3456 7890')).toBeTruthy();
    expect(within(dialog).getByText('135260000000001')).toBeTruthy();
    expect(within(dialog).getByText('24/11/2026 14:20')).toBeTruthy();
    expect(within(dialog).getByText('24/11/2026 14:21')).toBeTruthy();
    expect(within(dialog).getByText('44.555.666/0001-81')).toBeTruthy();
    expect(within(dialog).getByText('100 — Autorizado o uso da NF-e')).toBeTruthy();
    expect(within(dialog).getByText('Homologação')).toBeTruthy();
    expect(within(dialog).getByText('Nenhum evento registrado.')).toBeTruthy();
    expect(buttonNames(dialog)).toEqual([
      'DANFE',
      'XML',
      'Enviar por e-mail',
      'Carta de correção',
      'Cancelar Cancelável até 25/11/2026 14:21',
      'Fechar',
    ]);
    // Its deadline on the button: 24 h after 24/11 14:21, another day than today, so with its date.
    expect(within(dialog).getByText('Cancelável até 25/11/2026 14:21')).toBeTruthy();

    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:pdf');
    const save = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      save(this.download);
    });
    await user.click(within(dialog).getByRole('button', { name: 'DANFE da NF-e nº 12' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('danfe-nfe-12.pdf'));
    expect(calls.some((c) => c.url === '/api/fiscal/notes/7/danfe.pdf')).toBe(true);
  });

  it("a rejected note says the SEFAZ's code and reason and is sent again; an NFC-e in contingency has no correction", async () => {
    const { calls, user } = openPage();
    const dialog = await openNote(user, 'Maria Souza', /^NF-e nº 13/);
    expect(
      within(dialog).getByText(
        'A SEFAZ rejeitou a nota: 539 — Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso',
      ),
    ).toBeTruthy();
    // No DANFE of a note the SEFAZ refused, nor cancelling it.
    expect(buttonNames(dialog)).toEqual(['XML', 'Enviar de novo', 'Fechar']);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar de novo' }));
    await waitFor(() => expect(posts(calls).map((c) => c.url)).toEqual(['/api/fiscal/notes/8/retry']));
    expect(posts(calls)[0]?.body).toBeUndefined();
    expect(await within(dialog).findByText('Autorizada')).toBeTruthy();
    expect(await screen.findByText('Nota enviada de novo à SEFAZ.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const counter = await openNote(user, 'Consumidor não identificado', /^NFC-e nº 3/);
    expect(within(counter).getByText(FISCAL_NOTE_TEXTS.contingency)).toBeTruthy();
    expect(within(counter).getByText('Contingência offline')).toBeTruthy();
    expect(buttonNames(counter)).toEqual(['DANFE', 'XML', 'Enviar de novo', 'Fechar']);
  });

  it('an NFC-e the SEFAZ never answered is sent again from its details, which asks its fate (decision 0082)', async () => {
    const unseen = { ...CONTINGENT, id: 8, number: 2, status: 'UNKNOWN', contingency: false } as FiscalNote;
    const { calls, user } = openPage({ notes: [unseen] });
    const dialog = await openNote(user, 'Consumidor não identificado', /^NFC-e nº 2/);
    expect(buttonNames(dialog)).toContain('Enviar de novo');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar de novo' }));
    await waitFor(() => expect(posts(calls).map((c) => c.url)).toEqual(['/api/fiscal/notes/8/retry']));
  });

  it("'Cancelar' needs a reason of 15 characters or more, sends exactly { reason }, then shows the note cancelled", async () => {
    const { calls, user } = openPage();
    const details = await openNote(user, 'Loja de Celulares Carioca Ltda', /^NF-e nº 12/);
    await user.click(within(details).getByRole('button', { name: /^Cancelar Cancelável até / }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancelar a NF-e nº 12 · série 1' });
    expect(within(cancel).getByText(/aceito até 24 horas após a autorização/)).toBeTruthy();
    await user.type(within(cancel).getByLabelText(/^Motivo/), 'Desistiu');
    await user.click(within(cancel).getByRole('button', { name: 'Cancelar nota' }));
    expect(await within(cancel).findByText(FISCAL_NOTE_TEXTS.cancelReason)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    await user.type(within(cancel).getByLabelText(/^Motivo/), ' da compra antes da entrega');
    await user.click(within(cancel).getByRole('button', { name: 'Cancelar nota' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.url).toBe('/api/fiscal/notes/7/cancel');
    expect(posts(calls)[0]?.body).toEqual({ reason: 'Desistiu da compra antes da entrega' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Cancelar a/ })).toBeNull());
    expect(await screen.findByText('Nota nº 12 cancelada.')).toBeTruthy();
    // The note, cancelled, with its event; no more cancelling nor correcting.
    expect(await within(details).findByText('Cancelada')).toBeTruthy();
    expect(within(details).getByText('Cancelamento')).toBeTruthy();
    expect(within(details).getByText('Desistiu da compra antes da entrega')).toBeTruthy();
    expect(buttonNames(details)).toEqual(['DANFE', 'XML', 'Fechar']);
  });

  it("shows the deadline as the time alone on the day it ends ('Cancelável até 14:21')", async () => {
    // 25/11 12:00 in São Paulo (15:00 UTC); the deadline 25/11 17:21 UTC is 14:21 there.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T15:00:00.000Z'));
    try {
      const { user } = openPage();
      const details = await openNote(user, 'Loja de Celulares Carioca Ltda', /^NF-e nº 12/);
      expect(within(details).getByText('Cancelável até 14:21')).toBeTruthy();
      expect(within(details).getByRole('button', { name: 'Cancelar Cancelável até 14:21' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the SEFAZ's refusal of a cancellation inside the dialog, which keeps the reason", async () => {
    const refused = FISCAL_NOTE_TEXTS.cancelWindow('NF-e', '24 horas', '25/11/2026 14:21');
    const { user } = openPage({
      cancel: () => ({ status: 409, body: { errors: [refused], code: 'CONFLICT' } }),
    });
    const details = await openNote(user, 'Loja de Celulares Carioca Ltda', /^NF-e nº 12/);
    await user.click(within(details).getByRole('button', { name: /^Cancelar Cancelável até / }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancelar a NF-e nº 12 · série 1' });
    await user.type(within(cancel).getByLabelText(/^Motivo/), 'Cliente desistiu da compra');
    await user.click(within(cancel).getByRole('button', { name: 'Cancelar nota' }));
    expect((await within(cancel).findByRole('alert')).textContent).toContain(refused);
    expect((within(cancel).getByLabelText(/^Motivo/) as HTMLTextAreaElement).value).toBe('Cliente desistiu da compra');
  });

  it("'Inutilizar números' sends the model, series, range and reason as numbers", async () => {
    const { calls, user } = openPage();
    await screen.findByText('3 notas');
    await user.click(screen.getByRole('button', { name: 'Inutilizar números' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inutilizar números' });
    await user.type(within(dialog).getByLabelText(/^Do número/), '7');
    await user.type(within(dialog).getByLabelText(/^Até o número/), '5');
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Números pulados por falha no sistema');
    await user.click(within(dialog).getByRole('button', { name: 'Inutilizar' }));
    // From 7 to 5 is no range.
    expect(await within(dialog).findByText(FISCAL_NOTE_TEXTS.voidingRange)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/^Do número/));
    await user.type(within(dialog).getByLabelText(/^Do número/), '5');
    await user.clear(within(dialog).getByLabelText(/^Até o número/));
    await user.type(within(dialog).getByLabelText(/^Até o número/), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Inutilizar' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      model: 55,
      series: 1,
      from: 5,
      to: 7,
      reason: 'Números pulados por falha no sistema',
    });
    expect(await screen.findByText('Números 5 a 7 da série 1 inutilizados (protocolo 135260000000077).')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Lacunas de numeração' lists the numbers neither authorised nor voided; 'Inutilizar' fills the dialog with them", async () => {
    const { calls, user } = openPage({
      gaps: [
        { kind: 'GAP', model: 55, series: 1, month: '2026-10', from: 2, to: 6, note: null },
        { kind: 'REJECTED', model: 65, series: 1, month: '2026-11', from: 9, to: 9, note: { id: 8, order: 'PED-13' } },
      ],
    });
    const gaps = await screen.findByTestId('fiscal-notes-gaps');
    expect(await within(gaps).findByText('NF-e · série 1 · nº 2 a 6 · 10/2026 · Número não usado')).toBeTruthy();
    expect(within(gaps).getByText('NFC-e · série 1 · nº 9 · 11/2026 · Nota rejeitada · pedido PED-13')).toBeTruthy();
    expect(screen.getByTestId('fiscal-notes-gaps-total').textContent).toBe('2 lacunas');
    const [first] = within(gaps).getAllByRole('button', { name: 'Inutilizar' });
    await user.click(first as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Inutilizar números' });
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Números pulados ao ajustar o próximo número');
    await user.click(within(dialog).getByRole('button', { name: 'Inutilizar' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      model: 55,
      series: 1,
      from: 2,
      to: 6,
      reason: 'Números pulados ao ajustar o próximo número',
    });
  });

  it('says when there is no gap in the numbering', async () => {
    openPage();
    const gaps = await screen.findByTestId('fiscal-notes-gaps');
    expect(await within(gaps).findByText(FISCAL_NOTE_TEXTS.gapsEmpty)).toBeTruthy();
  });

  it("the desk (orders, no 'Notas fiscais') reads the notes and their files, and writes nothing", async () => {
    const { user } = openPage({ permissions: DESK });
    await screen.findByText('3 notas');
    expect(screen.queryByRole('button', { name: 'Inutilizar números' })).toBeNull();
    expect(screen.getByRole('button', { name: 'XMLs do mês' })).toBeTruthy();
    const authorized = await openNote(user, 'Loja de Celulares Carioca Ltda', /^NF-e nº 12/);
    expect(buttonNames(authorized)).toEqual(['DANFE', 'XML', 'Fechar']);
    await user.click(within(authorized).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rejected = await openNote(user, 'Maria Souza', /^NF-e nº 13/);
    expect(buttonNames(rejected)).toEqual(['XML', 'Fechar']);
  });

  it("'Exportar CSV' downloads the server's notas-fiscais.csv with the list's filters", async () => {
    const save = savedFiles();
    const { calls, user } = openPage();
    await screen.findByText('3 notas');
    await user.click(screen.getByRole('button', { name: 'Rejeitadas' }));
    await user.click(screen.getByRole('combobox', { name: 'Modelo' }));
    await user.click(await screen.findByRole('option', { name: 'NF-e' }));
    await user.type(screen.getByRole('searchbox', { name: 'Número, chave, cliente ou pedido' }), 'Maria');
    typeDate('Emissão de', '01/11/2026');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('Maria'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('from')).toBe('2026-11-01'));
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('notas-fiscais.csv'));
    const csv = calls.filter((c) => c.url.startsWith('/api/fiscal/notes/export.csv'));
    expect(csv).toHaveLength(1);
    expect(csv[0]?.url).toBe('/api/fiscal/notes/export.csv?status=REJECTED&model=55&from=2026-11-01&search=Maria');
    // No page of the list read to build it here.
    expect(new URL(csv[0]?.url ?? '', 'http://x').searchParams.has('page')).toBe(false);
  });

  it("'XMLs do mês' starts at this month, checks the month as the server does and downloads the month's .zip", async () => {
    const save = savedFiles();
    const { calls, user } = openPage({ permissions: DESK });
    await screen.findByText('3 notas');
    await user.click(screen.getByRole('button', { name: 'XMLs do mês' }));
    const dialog = await screen.findByRole('dialog', { name: 'XMLs do mês para o contador' });
    const month = within(dialog).getByLabelText(/^Mês/) as HTMLInputElement;
    expect(month.value).toBe(businessDay(new Date()).slice(0, 7));
    await user.clear(month);
    await user.type(month, '2026-13');
    await user.click(within(dialog).getByRole('button', { name: 'Baixar' }));
    expect(await within(dialog).findByText(FISCAL_NOTE_TEXTS.monthInvalid)).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/fiscal/notes/xml.zip'))).toBe(false);
    await user.clear(month);
    await user.type(month, '2026-11');
    await user.click(within(dialog).getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('notas-2026-11.zip'));
    expect(calls.filter((c) => c.url.startsWith('/api/fiscal/notes/xml.zip')).map((c) => c.url)).toEqual([
      '/api/fiscal/notes/xml.zip?month=2026-11',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'XMLs do mês para o contador' })).toBeNull());
  });

  it("'Enviar por e-mail' sends {} (the customer's e-mail) or { to }, and says where it went", async () => {
    const { calls, user } = openPage();
    const details = await openNote(user, 'Loja de Celulares Carioca Ltda', /^NF-e nº 12/);
    await user.click(within(details).getByRole('button', { name: 'Enviar por e-mail' }));
    let dialog = await screen.findByRole('dialog', { name: 'Enviar a NF-e nº 12 · série 1 por e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.url).toBe('/api/fiscal/notes/7/email');
    expect(posts(calls)[0]?.body).toEqual({});
    expect(await screen.findByText(FISCAL_NOTE_TEXTS.sent('compras@carioca.com.br'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /por e-mail$/ })).toBeNull());

    await user.click(within(details).getByRole('button', { name: 'Enviar por e-mail' }));
    dialog = await screen.findByRole('dialog', { name: 'Enviar a NF-e nº 12 · série 1 por e-mail' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'contador@escritorio');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(FISCAL_NOTE_TEXTS.emailInvalid)).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
    await user.type(within(dialog).getByLabelText(/^E-mail/), '.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]?.body).toEqual({ to: 'contador@escritorio.com.br' });
    expect(await screen.findByText(FISCAL_NOTE_TEXTS.sent('contador@escritorio.com.br'))).toBeTruthy();
  });

  it("says the server's refusal of the e-mail inside its dialog, which keeps what was typed", async () => {
    const { user } = openPage({
      email: () => ({ status: 400, body: { errors: [FISCAL_NOTE_TEXTS.emailMissing], code: 'VALIDATION_FAILED' } }),
    });
    const details = await openNote(user, 'Loja de Celulares Carioca Ltda', /^NF-e nº 12/);
    await user.click(within(details).getByRole('button', { name: 'Enviar por e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar a NF-e nº 12 · série 1 por e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(FISCAL_NOTE_TEXTS.emailMissing);
    expect(screen.getByRole('dialog', { name: 'Enviar a NF-e nº 12 · série 1 por e-mail' })).toBe(dialog);
  });
});

describe("'Notas fiscais': the NF-e's contingency (issue 56 §2)", () => {
  it("enters it with the justification typed, says so, and leaves it with 'Sair da contingência'", async () => {
    const { calls, user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Entrar em contingência' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Entrar em contingência (SEFAZ Virtual de Contingência)',
    });
    expect(dialog.textContent).toContain('as novas NF-e vão para a SVC-AN');
    const reason = 'SEFAZ-SP fora do ar desde as 10h, sem previsão';
    await user.type(within(dialog).getByLabelText(/Justificativa/), reason);
    await user.click(within(dialog).getByRole('button', { name: 'Entrar em contingência' }));
    const warning = await screen.findByTestId('fiscal-notes-contingency');
    expect(warning.textContent).toContain('NF-e em contingência (SVC-AN) desde 28/11/2026 10:05');
    expect(warning.textContent).toContain('Aguardando envio: 2 NF-e.');
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/fiscal/notes/contingency')?.body).toEqual({
      reason,
    });

    await user.click(within(warning).getByRole('button', { name: 'Sair da contingência' }));
    await waitFor(() => expect(screen.queryByTestId('fiscal-notes-contingency')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/fiscal/notes/contingency')).toBe(true);
  });

  it('shows the desk (orders only) that the NF-e is in contingency, without the buttons', async () => {
    openPage({ permissions: DESK, contingency: inContingency('SEFAZ-SP fora do ar desde as 10h, sem previsão') });
    const warning = await screen.findByTestId('fiscal-notes-contingency');
    expect(warning.textContent).toContain('NF-e em contingência (SVC-AN)');
    expect(within(warning).queryByRole('button')).toBeNull();
  });
});
