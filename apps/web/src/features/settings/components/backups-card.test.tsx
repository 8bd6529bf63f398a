import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/contract';
import { type MockCall, renderPage, signInAs } from '../../../test/render';
import { BackupsCard, formatBytes } from './backups-card';

const OLD = {
  name: 'backoffice-2026-11-22T06-00-00-000Z-scheduled.pglite.tar.gz',
  size: 12_900_000,
  createdAt: '2026-11-22T06:00:00.000Z',
  kind: 'scheduled' as const,
};
const NEW = {
  name: 'backoffice-2026-11-23T13-15-00-000Z-manual.pglite.tar.gz',
  size: 13_000_000,
  createdAt: '2026-11-23T13:15:00.000Z',
  kind: 'manual' as const,
};
const STATUS = {
  timeOfDay: '03:00',
  keep: 14,
  method: 'pglite' as const,
  encrypted: false,
  passphraseFrom: null,
  lastRun: {
    kind: 'scheduled' as const,
    startedAt: '2026-11-22T06:00:00.000Z',
    finishedAt: '2026-11-22T06:00:04.000Z',
    name: OLD.name,
    size: OLD.size,
    error: null,
  },
  nextAt: '2026-11-24T06:00:00.000Z',
};

describe('BackupsCard', () => {
  let calls: MockCall[];
  let backups: (typeof OLD | typeof NEW)[];
  const createObjectURL = URL.createObjectURL;
  beforeEach(() => {
    signInAs(['full:access']);
    backups = [OLD];
    URL.createObjectURL = vi.fn(() => 'blob:backup');
    URL.revokeObjectURL = vi.fn();
    calls = mockApi({
      'GET /api/backups': () => ({ body: { data: backups } }),
      'GET /api/backups/settings': { body: { data: STATUS } },
      'PUT /api/backups/settings': (call) => ({ body: { data: { ...STATUS, ...(call.body as object) } } }),
      'POST /api/backups': () => {
        backups = [NEW, OLD];
        return { status: 201, body: { data: NEW } };
      },
      [`GET /api/backups/${OLD.name}`]: { body: 'bytes' },
    });
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
  });

  it('shows the schedule, the last result, the next run and the backups kept', async () => {
    renderPage(<BackupsCard />);
    // São Paulo time (UTC−3) in DD/MM/YYYY.
    expect(await screen.findByText('Último backup: 22/11/2026 03:00, automático, concluído (12,3 MB).')).toBeTruthy();
    expect(screen.getByText('Próximo backup automático: 24/11/2026 03:00')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Horário do backup diário' }) as HTMLInputElement).value).toBe('03:00');
    expect((screen.getByRole('textbox', { name: 'Quantos guardar de cada tipo' }) as HTMLInputElement).value).toBe(
      '14',
    );
    expect(await screen.findByText(OLD.name)).toBeTruthy();
    expect(screen.getByText('Automático')).toBeTruthy();
  });

  it("'Fazer backup agora' makes one and lists it first; 'Baixar' downloads with the session's token", async () => {
    renderPage(<BackupsCard />);
    await screen.findByText(OLD.name);
    await userEvent.click(screen.getByRole('button', { name: 'Fazer backup agora' }));
    expect(await screen.findByText('Backup feito.')).toBeTruthy();
    expect(await screen.findByText(NEW.name)).toBeTruthy();
    const names = screen.getAllByText(/^backoffice-/).map((element) => element.textContent);
    expect(names).toEqual([NEW.name, OLD.name]);

    await userEvent.click(screen.getByRole('button', { name: `Baixar ${OLD.name}` }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/backups/${OLD.name}`)).toBe(true));
    const download = calls.find((c) => c.url === `/api/backups/${OLD.name}`);
    expect(download?.headers.Authorization).toMatch(/^Bearer /);
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('checks the time and the number in Portuguese before saving them', async () => {
    renderPage(<BackupsCard />);
    const time = await screen.findByRole('textbox', { name: 'Horário do backup diário' });
    await waitFor(() => expect((time as HTMLInputElement).value).toBe('03:00'));
    await userEvent.clear(time);
    await userEvent.type(time, '25:00');
    expect(screen.getByText('Informe o horário como HH:MM (00:00 a 23:59).')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar horário' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.clear(time);
    await userEvent.type(time, '22:30');
    const keep = screen.getByRole('textbox', { name: 'Quantos guardar de cada tipo' });
    await userEvent.clear(keep);
    await userEvent.type(keep, '0');
    expect(screen.getByText('Informe quantos backups guardar: de 1 a 365.')).toBeTruthy();
    await userEvent.clear(keep);
    await userEvent.type(keep, '7');
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ timeOfDay: '22:30', keep: 7 });
    expect(await screen.findByText('Horário dos backups salvo.')).toBeTruthy();
  });

  it('says whether backups are encrypted (BACKUP_PASSPHRASE) and how to restore one', async () => {
    renderPage(<BackupsCard />);
    expect(
      await screen.findByText(/Backups sem criptografia: .*Defina uma senha abaixo para criptografá-los\./),
    ).toBeTruthy();
    expect(screen.getByText(/npm run restore -- <arquivo>/)).toBeTruthy();
    expect(screen.queryByText(/Backups criptografados/)).toBeNull();
  });

  it('says backups are encrypted when the server has a passphrase', async () => {
    mockApi({
      'GET /api/backups': { body: { data: [OLD] } },
      'GET /api/backups/settings': { body: { data: { ...STATUS, encrypted: true, passphraseFrom: 'env' } } },
    });
    renderPage(<BackupsCard />);
    expect(await screen.findByText(/Backups criptografados com a senha definida em BACKUP_PASSPHRASE/)).toBeTruthy();
    expect(screen.queryByText(/Backups sem criptografia/)).toBeNull();
    // The server's passphrase wins: no form to set another here.
    expect(screen.queryByRole('form', { name: 'Senha dos backups' })).toBeNull();
  });

  it('sets the backups passphrase typed twice, saying where to keep it (issue 53 finding 13)', async () => {
    const sent = mockApi({
      'GET /api/backups': { body: { data: [OLD] } },
      'GET /api/backups/settings': { body: { data: STATUS } },
      'PUT /api/backups/passphrase': { body: { data: { ...STATUS, encrypted: true, passphraseFrom: 'app' } } },
    });
    const user = userEvent.setup();
    renderPage(<BackupsCard />);
    const form = await screen.findByRole('form', { name: 'Senha dos backups' });
    expect(within(form).getByText(/papel no cofre\. Sem ela, os backups não podem ser restaurados/)).toBeTruthy();
    const save = within(form).getByRole('button', { name: 'Definir senha' });
    // 11 characters: too short.
    await user.type(within(form).getByLabelText('Senha dos backups'), 'onze letras');
    expect(within(form).getByText(/pelo menos 12 caracteres/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Senha dos backups'), ' e mais');
    await user.type(within(form).getByLabelText('Repita a senha'), 'onze letras e menos');
    expect(within(form).getByText('As duas senhas não são iguais.')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(within(form).getByLabelText('Repita a senha'));
    await user.type(within(form).getByLabelText('Repita a senha'), 'onze letras e mais');
    await user.click(save);
    expect(
      await screen.findByText('Senha dos backups definida: os próximos backups saem criptografados.'),
    ).toBeTruthy();
    expect(sent.find((c) => c.method === 'PUT')?.body).toEqual({ passphrase: 'onze letras e mais' });
  });

  it('on PostgreSQL without pg_dump says how to back the server up, and makes none', async () => {
    mockApi({
      'GET /api/backups': { body: { data: [] } },
      'GET /api/backups/settings': { body: { data: { ...STATUS, method: 'none', lastRun: null, nextAt: null } } },
    });
    renderPage(<BackupsCard />);
    expect(await screen.findByText(/pg_dump não está instalado nele/)).toBeTruthy();
    expect(screen.getByText('Último backup: Nenhum backup feito ainda.')).toBeTruthy();
    expect(screen.getByText('Nenhum backup guardado.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Fazer backup agora' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('writes sizes as a person reads them', () => {
    expect(formatBytes(500)).toBe('1 KB');
    expect(formatBytes(870_400)).toBe('850 KB');
    expect(formatBytes(12_900_000)).toBe('12,3 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });
});
