import { type CardSettings, DEFAULT_CARD_SETTINGS } from '@backoffice/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/contract';
import { type MockCall, renderPage, signInAs } from '../../../test/render';
import { CardFeesCard } from './card-fees-card';

describe("CardFeesCard ('Cartões', issue 38)", () => {
  let calls: MockCall[];
  beforeEach(() => {
    signInAs(['full:access']);
    calls = mockApi({
      'GET /api/settings/card-fees': { body: { data: DEFAULT_CARD_SETTINGS } },
      'PUT /api/settings/card-fees': (call) => ({ body: { data: call.body as CardSettings } }),
    });
  });

  it('reads the fees typed with a comma, refuses three decimals, saves 3,49 % as 3.49', async () => {
    renderPage(<CardFeesCard canChange />);
    const threeTimes = await screen.findByRole('textbox', { name: 'Crédito 3× (%)' });
    await waitFor(() => expect((threeTimes as HTMLInputElement).value).toBe('0,00'));
    await userEvent.clear(threeTimes);
    await userEvent.type(threeTimes, '3,456');
    expect(screen.getByText('Taxa inválida: de 0 a 100 %, com no máximo duas casas decimais.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar taxas de cartão' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.clear(threeTimes);
    await userEvent.type(threeTimes, '3,49');
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')?.body as CardSettings;
    expect(sent.creditFees[2]).toBe(3.49);
    expect(sent).toMatchObject({ debitDays: 1, creditDays: 30, maxInstalments: 12 });
  });
});
