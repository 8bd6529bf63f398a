import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/contract';
import { renderPage, signInAs } from '../../../test/render';
import { SystemTasksCard } from './system-tasks-card';

const NEVER = {
  lastCheckedAt: null,
  checkedBy: null,
  stale: true,
  nextRunAt: null,
  lastRunAt: null,
  lastOutcome: null,
  lastSummary: null,
  lastError: null,
  lastFailedAt: null,
  runs: 0,
  failures: 0,
  startedAt: null,
  startedBy: null,
  interrupted: false,
};
const WORKER = 'loja-01 #4120 worker';

describe('SystemTasksCard', () => {
  beforeEach(() => signInAs(['full:access']));

  it('shows each task: when it was looked at and by whom, its last run, its last failure and why', async () => {
    mockApi({
      'GET /api/system/tasks': {
        body: {
          data: {
            tasks: [
              {
                ...NEVER,
                task: 'backup',
                lastCheckedAt: '2026-11-27T13:05:00.000Z',
                checkedBy: WORKER,
                stale: false,
                nextRunAt: '2026-11-28T06:00:00.000Z',
                lastRunAt: '2026-11-27T06:00:00.000Z',
                lastOutcome: 'ok',
                lastSummary: 'backoffice-2026-11-27T06-00-00-000Z-scheduled.pgdump.backup',
                runs: 12,
              },
              {
                ...NEVER,
                task: 'notes-send',
                lastCheckedAt: '2026-11-27T13:05:00.000Z',
                checkedBy: WORKER,
                stale: false,
                nextRunAt: '2026-11-27T13:10:00.000Z',
                lastRunAt: '2026-11-27T12:50:00.000Z',
                lastOutcome: 'failed',
                lastSummary: '1 nota enviada à SEFAZ',
                lastError: 'A SEFAZ não respondeu em 30 s',
                lastFailedAt: '2026-11-27T13:05:00.000Z',
                runs: 1,
                failures: 1,
              },
            ],
          },
        },
      },
    });
    renderPage(<SystemTasksCard />);
    // Business time: São Paulo, UTC−3.
    const backup = await screen.findByRole('listitem', { name: 'Backup diário' });
    expect(within(backup).getByText('Em dia')).toBeTruthy();
    expect(within(backup).getByText(`Verificada em 27/11/2026 10:05 por ${WORKER}`)).toBeTruthy();
    expect(
      within(backup).getByText(
        'Última execução: 27/11/2026 03:00, backoffice-2026-11-27T06-00-00-000Z-scheduled.pgdump.backup',
      ),
    ).toBeTruthy();
    expect(within(backup).getByText('12 execuções · 0 falhas')).toBeTruthy();
    expect(within(backup).getByText('Próxima execução: 28/11/2026 03:00')).toBeTruthy();
    const send = screen.getByRole('listitem', { name: 'Notas à espera da SEFAZ' });
    expect(within(send).getByText('Falhou')).toBeTruthy();
    expect(within(send).getByText('Última falha: 27/11/2026 10:05, A SEFAZ não respondeu em 30 s')).toBeTruthy();
    expect(within(send).getByText('Última execução: 27/11/2026 09:50, 1 nota enviada à SEFAZ')).toBeTruthy();
    expect(within(send).getByText('1 execução · 1 falha')).toBeTruthy();
    expect(within(send).getByText('Próxima execução: 27/11/2026 10:10')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says that no process runs them since the last look, when every task is stale', async () => {
    mockApi({
      'GET /api/system/tasks': {
        body: {
          data: {
            tasks: [
              { ...NEVER, task: 'backup', lastCheckedAt: '2026-11-26T21:40:00.000Z', checkedBy: WORKER },
              { ...NEVER, task: 'notes-emit', lastCheckedAt: '2026-11-26T21:41:00.000Z', checkedBy: WORKER },
            ],
          },
        },
      },
    });
    renderPage(<SystemTasksCard />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Nenhum processo executa as tarefas agendadas desde 26/11/2026 18:41: backups e notas automáticas estão parados.',
    );
    expect(within(screen.getByRole('listitem', { name: 'Backup diário' })).getByText('Parada')).toBeTruthy();
    // No process, no next run.
    expect(screen.queryByText(/Próxima execução/)).toBeNull();
  });

  it('shows a manual backup interrupted before its end (its process stopped), and one under way', async () => {
    mockApi({
      'GET /api/system/tasks': {
        body: {
          data: {
            tasks: [
              {
                ...NEVER,
                task: 'backup',
                startedAt: '2026-11-27T13:00:00.000Z',
                startedBy: 'loja-01 #4200 web',
                interrupted: true,
              },
            ],
          },
        },
      },
    });
    const view = renderPage(<SystemTasksCard />);
    const backup = await screen.findByRole('listitem', { name: 'Backup diário' });
    expect(within(backup).getByText('Interrompido')).toBeTruthy();
    // Business time: São Paulo, UTC−3 (13:00Z is 10:00).
    expect(
      within(backup).getByText(
        'Backup manual iniciado em 27/11/2026 10:00 por loja-01 #4200 web e interrompido antes de terminar (o processo parou): nenhum arquivo foi gravado. Faça outro.',
      ),
    ).toBeTruthy();
    view.unmount();

    mockApi({
      'GET /api/system/tasks': {
        body: {
          data: {
            tasks: [
              {
                ...NEVER,
                task: 'backup',
                startedAt: '2026-11-27T13:00:00.000Z',
                startedBy: 'loja-01 #4200 web',
              },
            ],
          },
        },
      },
    });
    renderPage(<SystemTasksCard />);
    const running = await screen.findByRole('listitem', { name: 'Backup diário' });
    expect(within(running).getByText('Em andamento')).toBeTruthy();
    expect(
      within(running).getByText('Backup manual em andamento desde 27/11/2026 10:00, por loja-01 #4200 web.'),
    ).toBeTruthy();
  });
});
