import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, firstError } from '../lib/api-client';
import { mockFetch, renderPage, signInAs } from '../test/render';
import { inDialog, useApiMutation } from './use-api-mutation';

/** A dialog that renames a thing: the list shows the names, the dialog keeps what was typed on failure. */
function Screen({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('Nova');
  const list = useQuery({ queryKey: ['things', 'list'], queryFn: () => api<{ data: string[] }>('/things') });
  const other = useQuery({ queryKey: ['others', 'list'], queryFn: () => api<{ data: string[] }>('/others') });
  const rename = useApiMutation<{ data: { name: string } }, string>({
    mutationFn: (value) => api('/things/1', { method: 'PUT', body: { name: value } }),
    success: (answer) => `Renomeado para ${answer.data.name}.`,
    failure: 'Erro ao renomear.',
    invalidate: [['things', 'list']],
    onSuccess: () => {
      setOpen(false);
      onClosed();
    },
  });
  return (
    <div>
      <p>Lista: {list.data?.data.join(', ')}</p>
      <p>Outra: {other.data?.data.join(', ')}</p>
      {open && (
        <div role="dialog">
          <input aria-label="Nome" value={name} onChange={(event) => setName(event.target.value)} />
          <button type="button" disabled={rename.isPending} onClick={() => rename.mutate(name)}>
            Salvar
          </button>
        </div>
      )}
    </div>
  );
}

describe('useApiMutation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the success text, closes the dialog and refetches only the list it names', async () => {
    signInAs();
    let names = ['Antiga'];
    const calls = mockFetch({
      'GET /api/things': () => ({ body: { data: names } }),
      'GET /api/others': { body: { data: ['Fixa'] } },
      'PUT /api/things/1': (call) => {
        names = [(call.body as { name: string }).name];
        return { body: { data: { name: names[0] } } };
      },
    });
    const closed = vi.fn();
    renderPage(<Screen onClosed={closed} />);
    expect(await screen.findByText('Lista: Antiga')).toBeTruthy();
    expect(await screen.findByText('Outra: Fixa')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Renomeado para Nova.')).toBeTruthy();
    expect(await screen.findByText('Lista: Nova')).toBeTruthy();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/things')).toHaveLength(2);
    expect(calls.filter((c) => c.url === '/api/others')).toHaveLength(1);
  });

  it("shows the server's message for a 4xx and keeps the dialog with what was typed", async () => {
    signInAs();
    mockFetch({
      'GET /api/things': { body: { data: ['Antiga'] } },
      'GET /api/others': { body: { data: [] } },
      'PUT /api/things/1': { status: 409, body: { errors: ['Esse nome já existe.'], code: 'CONFLICT' } },
    });
    const closed = vi.fn();
    renderPage(<Screen onClosed={closed} />);
    await userEvent.clear(await screen.findByLabelText('Nome'));
    await userEvent.type(screen.getByLabelText('Nome'), 'Repetida');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Esse nome já existe.')).toBeTruthy();
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Repetida');
    expect(closed).not.toHaveBeenCalled();
  });

  it("says the screen's text for a 5xx and the connection text when nothing answered", async () => {
    signInAs();
    let answer: 'server' | 'none' = 'server';
    mockFetch({
      'GET /api/things': { body: { data: [] } },
      'GET /api/others': { body: { data: [] } },
      'PUT /api/things/1': () =>
        answer === 'server' ? { status: 500, body: { errors: ['stack trace'], code: 'INTERNAL' } } : 'network-error',
    });
    renderPage(<Screen onClosed={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao renomear.')).toBeTruthy();

    answer = 'none';
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Sem conexão com o servidor. Tente novamente.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

/** A dialog's save whose refusals (409) the dialog says itself, and whose server failures the snackbar says. */
function KindDialog({ onError }: { onError: (message: string) => void }) {
  const save = useApiMutation<unknown, void>({
    mutationFn: () => api('/things/1', { method: 'PUT', body: {} }),
    failure: 'Erro ao salvar.',
    // A refusal the user can fix (4xx) is said in the dialog; a server failure in the snackbar.
    errorInDialog: (error) => (error as { status?: number }).status === 409,
    onError: (_error, message) => onError(message),
  });
  return (
    <button type="button" onClick={() => save.mutate()}>
      Salvar
    </button>
  );
}

describe('useApiMutation: a failure said in the dialog or in the snackbar, by kind', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a 409 out of the snackbar (the dialog says it) and shows a 500 there', async () => {
    signInAs();
    let status = 409;
    mockFetch({
      'PUT /api/things/1': () => ({ status, body: { errors: ['Já existe.'], code: 'DUPLICATE' } }),
    });
    const said = vi.fn();
    const user = userEvent.setup();
    renderPage(<KindDialog onError={said} />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(said).toHaveBeenCalledWith('Já existe.'));
    expect(screen.queryByText('Já existe.')).toBeNull();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao salvar.')).toBeTruthy();
  });
});

/** A sign-in whose spec says the server's first message whatever the status. */
function AnyMessage() {
  const send = useApiMutation<unknown, void>({
    mutationFn: () => api('/things/1', { method: 'POST', body: {} }),
    failure: 'Instabilidade.',
    message: firstError,
  });
  return (
    <button type="button" onClick={() => send.mutate()}>
      Enviar
    </button>
  );
}

describe('useApiMutation: the words of a failure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says a 5xx's own message with `message: firstError`, and the screen's text when there is none", async () => {
    signInAs();
    let body: unknown = { errors: ['Serviço de autenticação fora do ar.'] };
    mockFetch({ 'POST /api/things/1': () => ({ status: 503, body }) });
    const user = userEvent.setup();
    renderPage(<AnyMessage />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Serviço de autenticação fora do ar.')).toBeTruthy();
    body = {};
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Instabilidade.')).toBeTruthy();
  });
});

/** A list whose 'Remover' hides the item at once; a failure puts it back. */
function OptimisticList() {
  const list = useQuery({ queryKey: ['things', 'list'], queryFn: () => api<{ data: string[] }>('/things') });
  const remove = useApiMutation<unknown, string>({
    mutationFn: (name) => api(`/things/${name}`, { method: 'DELETE' }),
    success: 'Removido.',
    failure: 'Erro ao remover.',
    optimistic: async (client, name) => {
      const before = client.getQueryData<{ data: string[] }>(['things', 'list']);
      client.setQueryData(['things', 'list'], { data: (before?.data ?? []).filter((item) => item !== name) });
      return () => client.setQueryData(['things', 'list'], before);
    },
  });
  return (
    <ul>
      {list.data?.data.map((name) => (
        <li key={name}>
          {name}
          <button type="button" onClick={() => remove.mutate(name)}>
            Remover {name}
          </button>
        </li>
      ))}
    </ul>
  );
}

describe('useApiMutation: an optimistic change', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hides the item before the answer and puts it back when the call fails', async () => {
    signInAs();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockFetch({
      'GET /api/things': { body: { data: ['Antiga', 'Fixa'] } },
      'DELETE /api/things/Antiga': { status: 500, body: { errors: ['stack trace'], code: 'INTERNAL' } },
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') await held;
      return inner(input, init);
    });
    const user = userEvent.setup();
    renderPage(<OptimisticList />);
    await user.click(await screen.findByRole('button', { name: 'Remover Antiga' }));
    await waitFor(() => expect(screen.queryByText('Antiga')).toBeNull());
    expect(screen.getByText('Fixa')).toBeTruthy();
    release();
    expect(await screen.findByText('Erro ao remover.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remover Antiga' })).toBeTruthy();
  });
});

/** A dialog whose write goes through `inDialog`: its submit only sends, the refusal is said inside it. */
function RenameDialog() {
  const [open, setOpen] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useApiMutation<unknown, void>({
    mutationFn: () => api('/things/1', { method: 'PUT', body: { name: 'Nova' } }),
    success: 'Renomeado.',
    failure: 'Erro ao renomear.',
    ...inDialog(() => setOpen(false), setProblem),
  });
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Renomear">
      {problem ? <p role="alert">{problem}</p> : null}
      <button type="button" disabled={rename.isPending} onClick={() => rename.mutate()}>
        Salvar
      </button>
    </div>
  );
}

describe('useApiMutation: inDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a new try clears the last failure's message before its answer arrives", async () => {
    signInAs();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let tries = 0;
    mockFetch({
      'PUT /api/things/1': () =>
        tries === 1
          ? { status: 409, body: { errors: ['Esse nome já existe.'], code: 'CONFLICT' } }
          : { body: { data: { name: 'Nova' } } },
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        tries += 1;
        if (tries === 2) await held;
      }
      return inner(input, init);
    });
    const user = userEvent.setup();
    renderPage(<RenameDialog />);
    const dialog = screen.getByRole('dialog', { name: 'Renomear' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Esse nome já existe.');
    // Said inside the dialog only, not in the snackbar too.
    expect(screen.getAllByText('Esse nome já existe.')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(tries).toBe(2));
    // The second call waits for its answer: the first failure is already gone and the dialog is still open.
    expect((within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Esse nome já existe.')).toBeNull();

    release();
    expect(await screen.findByText('Renomeado.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Renomear' })).toBeNull();
  });
});
