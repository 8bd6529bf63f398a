import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client';
import { mockApi } from '../../../test/contract';
import { type MockCall, renderPage, signInAs } from '../../../test/render';
import { setupQuery } from '../api/settings-api';
import { REQUIRED, SECTION_9 } from '../test-data';
import { DeparturesCard } from './departures-card';
import { FirstRunGate } from './first-run-gate';

/**
 * Sentinels for "nothing happened": the gate has settled once one of these shows its word.
 * `SetupRead` reads the gate's own query from the cache (never fetching): React draws it in the same pass as
 * the gate once the answer is in, so when it says 'lido' the gate has drawn that answer too.
 * `OtherCallAnswered` makes a call of its own, mounted after the gate: when its answer is on screen, a call
 * the gate would have made on mounting has been made.
 */
function SetupRead() {
  const read = useQuery({ ...setupQuery, enabled: false });
  return read.data ? <p>lido</p> : null;
}
function OtherCallAnswered() {
  const other = useQuery({ queryKey: ['sentinel'], queryFn: () => api('/settings/departures') });
  return other.data ? <p>respondido</p> : null;
}

/**
 * An administrator signed in: the gate opens by itself, the shop's data are typed (company, a valid CNPJ, the city,
 * a CNPJ Pix key, 'Pix automático' off), 'Concluir' waits until the form is whole and is clicked.
 */
async function finishAsAdministrator() {
  signInAs(['full:access']);
  const user = userEvent.setup();
  renderPage(<FirstRunGate />);
  const dialog = await screen.findByRole('dialog', { name: 'Configuração inicial' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Nome da empresa/ }), 'Loja do Centro Ltda');
  await user.type(within(dialog).getByRole('textbox', { name: /^CNPJ/ }), '11.222.333/0001-81');
  await user.type(within(dialog).getByRole('textbox', { name: /^Cidade/ }), 'São Paulo');
  await user.click(within(dialog).getByRole('combobox', { name: /^Tipo da chave/ }));
  await user.click(await screen.findByRole('option', { name: 'CNPJ' }));
  await user.type(within(dialog).getByRole('textbox', { name: /^Chave Pix/ }), '11222333000181');
  await user.click(within(dialog).getByRole('radio', { name: /^Não, deixar desligado/ }));
  const finish = within(dialog).getByRole('button', { name: 'Concluir' }) as HTMLButtonElement;
  await waitFor(() => expect(finish.disabled).toBe(false));
  await user.click(finish);
  return { user };
}

describe("'Configuração inicial' (issue 21 §1)", () => {
  let calls: MockCall[];
  beforeEach(() => {
    localStorage.clear();
    calls = mockApi({
      'GET /api/setup': { body: { data: REQUIRED } },
      'POST /api/setup': (call) => ({
        body: {
          data: {
            ...REQUIRED,
            required: false,
            completedAt: '2026-11-23T20:00:00.000Z',
            companyName: 'Loja do Centro Ltda',
            cnpj: '11.222.333/0001-81',
            merchantCity: 'SAO PAULO',
            hasPixKey: true,
            departures: (call.body as { departures: string[][] }).departures,
          },
        },
      }),
    });
  });

  it("opens by itself for an administrator, checks the CNPJ as the server does, asks 'Pix automático', and sends company, Pix key, the answer and section 9's departures", async () => {
    signInAs(['full:access']);
    const user = userEvent.setup();
    renderPage(<FirstRunGate />);
    const dialog = await screen.findByRole('dialog', { name: 'Configuração inicial' });
    const finish = within(dialog).getByRole('button', { name: 'Concluir' }) as HTMLButtonElement;
    expect(finish.disabled).toBe(true);
    // The defaults are section 9's, Monday first.
    expect((within(dialog).getByRole('textbox', { name: 'Segunda' }) as HTMLInputElement).value).toBe('10:40, 14:10');
    expect((within(dialog).getByRole('textbox', { name: 'Sábado' }) as HTMLInputElement).value).toBe('12:00');
    expect((within(dialog).getByRole('textbox', { name: 'Domingo' }) as HTMLInputElement).value).toBe('');

    await user.type(within(dialog).getByRole('textbox', { name: /^Nome da empresa/ }), 'Loja do Centro Ltda');
    await user.type(within(dialog).getByRole('textbox', { name: /^CNPJ/ }), '11.222.333/0001-80');
    await user.tab();
    expect(
      await within(dialog).findByText('CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.'),
    ).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /^CNPJ/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^CNPJ/ }), '11.222.333/0001-81');
    await user.type(within(dialog).getByRole('textbox', { name: /^Cidade/ }), 'São Paulo');
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo da chave/ }));
    await user.click(await screen.findByRole('option', { name: 'CNPJ' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Chave Pix/ }), '11222333000181');

    // A malformed time is said on its day, and the setup waits.
    const saturday = within(dialog).getByRole('textbox', { name: 'Sábado' });
    await user.clear(saturday);
    await user.type(saturday, '12h');
    expect(
      within(dialog).getByText('Horário de saída inválido: 12h. Use HH:MM, de 00:00 a 23:59 (ex.: 10:40).'),
    ).toBeTruthy();
    expect(finish.disabled).toBe(true);
    await user.clear(saturday);
    await user.type(saturday, '12:00');

    // 'Pix automático' is asked, each answer saying what it does: nothing is chosen for the person, and the
    // setup waits for the answer (issue 35 §4).
    const pixAuto = within(dialog).getByRole('radiogroup', { name: /^Pix automático/ });
    const on = within(pixAuto).getByRole('radio', { name: /^Sim, ligar: o pedido Pix aguarda o banco/ });
    const off = within(pixAuto).getByRole('radio', {
      name: /^Não, deixar desligado: .* o sino e a lista de pedidos mostram "Pix recebido"/,
    });
    expect([(on as HTMLInputElement).checked, (off as HTMLInputElement).checked]).toEqual([false, false]);
    expect(within(dialog).getByText(/^Escolha se o Pix automático fica ligado\./)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finish.disabled).toBe(true);
    await user.click(on);

    await waitFor(() => expect(finish.disabled).toBe(false));
    await user.click(finish);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      companyName: 'Loja do Centro Ltda',
      cnpj: '11.222.333/0001-81',
      merchantCity: 'SAO PAULO',
      pixKey: { pixType: 'CNPJ', pixKey: '11222333000181' },
      departures: SECTION_9,
      pixAuto: true,
    });
    expect(await screen.findByText('Configuração inicial concluída.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Configuração inicial' })).toBeNull());
  });

  it("sent again after its answer was lost (409: done already), closes with the server's words and the saved data read again", async () => {
    let completed = false;
    calls = mockApi({
      'GET /api/setup': () => ({
        body: {
          data: completed
            ? {
                ...REQUIRED,
                required: false,
                completedAt: '2026-11-23T20:00:00.000Z',
                companyName: 'Loja do Centro Ltda',
              }
            : REQUIRED,
        },
      }),
      // The first try was done by the server, its answer lost on the way: this is the second.
      'POST /api/setup': () => {
        completed = true;
        return {
          status: 409,
          body: {
            errors: ['A configuração inicial já foi concluída: altere os dados em Configurações.'],
            code: 'CONFLICT',
          },
        };
      },
    });
    await finishAsAdministrator();

    expect(
      await screen.findByText('A configuração inicial já foi concluída: altere os dados em Configurações.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Configuração inicial' })).toBeNull());
    // No error shown in a dialog left open; the status asked again (once on opening, once after the answer).
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/setup')).toHaveLength(2));
    // Not 'Fazer depois': nothing remembered on this browser.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('backoffice.firstRunLater'))).toEqual([]);
  });

  it('then offers the backups passphrase, saying where to keep it, when the backups are not encrypted (issue 53 finding 13)', async () => {
    mockApi({
      'GET /api/setup': { body: { data: REQUIRED } },
      'POST /api/setup': (call) => ({
        body: {
          data: {
            ...REQUIRED,
            required: false,
            completedAt: '2026-11-23T20:00:00.000Z',
            companyName: 'Loja do Centro Ltda',
            hasPixKey: true,
            departures: (call.body as { departures: string[][] }).departures,
          },
        },
      }),
      'GET /api/backups/settings': {
        body: {
          data: {
            timeOfDay: '03:00',
            keep: 14,
            method: 'pglite',
            encrypted: false,
            passphraseFrom: null,
            lastRun: null,
            nextAt: '2026-11-24T06:00:00.000Z',
          },
        },
      },
    });
    const { user } = await finishAsAdministrator();

    const step = await screen.findByRole('dialog', { name: 'Senha dos backups' });
    expect(within(step).getByText(/gerenciador de senhas da loja, ou escrita em papel no cofre/)).toBeTruthy();
    expect(within(step).getByText(/Sem ela, os backups não podem ser restaurados/)).toBeTruthy();
    await user.click(within(step).getByRole('button', { name: 'Fazer depois' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Senha dos backups' })).toBeNull());
  }, 90_000);

  it("'Fazer depois' closes it and it does not open again on this browser; it never opens without the settings permission", async () => {
    signInAs(['full:access']);
    const user = userEvent.setup();
    const first = renderPage(<FirstRunGate />);
    const dialog = await screen.findByRole('dialog', { name: 'Configuração inicial' });
    await user.click(within(dialog).getByRole('button', { name: 'Fazer depois' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Configuração inicial' })).toBeNull());
    first.unmount();

    const again = renderPage(
      <>
        <FirstRunGate />
        <SetupRead />
      </>,
    );
    await screen.findByText('lido'); // the server's "still to do" drawn by the gate
    expect(calls.filter((c) => c.url.startsWith('/api/setup')).length).toBe(2);
    expect(screen.queryByRole('dialog', { name: 'Configuração inicial' })).toBeNull();
    again.unmount();

    localStorage.clear();
    signInAs(['bo:manage:orders']);
    const before = calls.filter((c) => c.url.startsWith('/api/setup')).length;
    const sentinel = mockApi({
      'GET /api/setup': { body: { data: REQUIRED } },
      'GET /api/settings/departures': { body: { data: { departures: SECTION_9 } } },
    });
    renderPage(
      <>
        <FirstRunGate />
        <OtherCallAnswered />
      </>,
    );
    await screen.findByText('respondido');
    expect(sentinel.map((c) => c.url)).toEqual(['/api/settings/departures']);
    expect(calls.filter((c) => c.url.startsWith('/api/setup')).length).toBe(before);
    expect(screen.queryByRole('dialog', { name: 'Configuração inicial' })).toBeNull();
  });
});

describe("'Horários de saída dos motoboys' card", () => {
  let calls: MockCall[];
  beforeEach(() => {
    signInAs(['full:access']);
    calls = mockApi({
      'GET /api/settings/departures': { body: { data: { departures: SECTION_9 } } },
      'PUT /api/settings/departures': (call) => ({ body: { data: call.body } }),
    });
  });

  it('shows the week, refuses a week without departures, and saves the times typed (sorted, Sunday first)', async () => {
    const user = userEvent.setup();
    renderPage(<DeparturesCard canChange />);
    const monday = (await screen.findByRole('textbox', { name: 'Segunda' })) as HTMLInputElement;
    expect(monday.value).toBe('10:40, 14:10');
    const save = screen.getByRole('button', { name: 'Salvar horários' }) as HTMLButtonElement;
    for (const day of ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado']) {
      await user.clear(screen.getByRole('textbox', { name: day }));
    }
    expect(screen.getByText('Informe ao menos um horário de saída na semana.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Segunda' }), '16:30, 09:15');
    await user.type(screen.getByRole('textbox', { name: 'Domingo' }), '11:00');
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      departures: [['11:00'], ['09:15', '16:30'], [], [], [], [], []],
    });
    expect(await screen.findByText('Horários de saída salvos com sucesso.')).toBeTruthy();
  });

  it('is read-only without the settings permission', async () => {
    renderPage(<DeparturesCard canChange={false} />);
    expect(((await screen.findByRole('textbox', { name: 'Segunda' })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar horários' })).toBeNull();
  });
});
