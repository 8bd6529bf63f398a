import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/contract';
import { type MockCall, renderPage, signInAs } from '../../../test/render';
import { LateLimitsCard } from './late-limits-card';

const LIMITS = [
  { status: 1, minutes: 120 },
  { status: 3, minutes: 60 },
];

describe('LateLimitsCard', () => {
  let calls: MockCall[];
  beforeEach(() => {
    signInAs(['full:access']);
    calls = mockApi({
      'GET /api/notifications/late-limits': { body: { data: LIMITS } },
      'PUT /api/notifications/late-limits': (call) => ({
        body: { data: (call.body as { limits: typeof LIMITS }).limits },
      }),
    });
  });

  it('says what is wrong in Portuguese and saves whole minutes', async () => {
    renderPage(<LateLimitsCard canChange />);
    const field = await screen.findByRole('textbox', { name: 'Aguardando estoquista (minutos)' });
    expect(screen.getByText('= 2 h')).toBeTruthy();
    await userEvent.clear(field);
    expect(screen.getByText('Informe o limite em minutos.')).toBeTruthy();
    await userEvent.type(field, '1,5');
    expect(screen.getByText('Informe o limite em minutos inteiros.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '10081');
    expect(screen.getByText('O limite deve ser de no máximo 7 dias (10080 minutos).')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar limites' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, '150');
    expect(screen.getByText('= 2 h 30 min')).toBeTruthy();
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      limits: [
        { status: 1, minutes: 150 },
        { status: 3, minutes: 60 },
      ],
    });
    expect(await screen.findByText('Limites de atraso salvos.')).toBeTruthy();
  });

  it('is read-only without the settings permission', async () => {
    renderPage(<LateLimitsCard canChange={false} />);
    const field = (await screen.findByRole('textbox', { name: 'Aguardando motoboy (minutos)' })) as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar limites' })).toBeNull();
  });
});
