import { CREDIT_TEXTS, type CreditSettingsBody, creditSettingsSchema } from '@backoffice/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { CreditSettingsCard } from './credit-settings-card';

const SETTINGS: CreditSettingsBody = { blockOverdueDays: 5, fine: 2, monthlyInterest: 1 };

function openCard() {
  creditSettingsSchema.parse(SETTINGS);
  signInAs(['bo:manage:credit']);
  const calls = mockFetch({
    'GET /api/credit/settings': { body: { data: SETTINGS } },
    'PUT /api/credit/settings': (call) => ({ body: { data: call.body } }),
  });
  const user = userEvent.setup();
  renderPage(<CreditSettingsCard />);
  return { user, calls };
}

const puts = (calls: MockCall[]) => calls.filter((call) => call.method === 'PUT');
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe("'Configurações de crédito' (issue 40 §1)", () => {
  it('shows the days and the rates, refuses a fine above 20 % and saves 2,5 % as 2.5', async () => {
    const { user, calls } = openCard();
    expect(screen.getByRole('heading', { name: 'Configurações de crédito' })).toBeTruthy();
    await waitFor(() => expect(field(CREDIT_TEXTS.blockOverdueDays).value).toBe('5'));
    expect(field('Multa (%)').value).toBe('2,00');
    expect(field('Juros ao mês (%)').value).toBe('1,00');

    const save = screen.getByRole('button', { name: 'Salvar configurações de crédito' }) as HTMLButtonElement;
    await user.clear(field('Multa (%)'));
    await user.type(field('Multa (%)'), '25');
    expect(screen.getByText(CREDIT_TEXTS.fineInvalid)).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.clear(field(CREDIT_TEXTS.blockOverdueDays));
    await user.type(field(CREDIT_TEXTS.blockOverdueDays), '1,5');
    expect(screen.getByText(CREDIT_TEXTS.blockDaysInvalid)).toBeTruthy();

    await user.clear(field('Multa (%)'));
    await user.type(field('Multa (%)'), '2,5');
    await user.clear(field(CREDIT_TEXTS.blockOverdueDays));
    await user.type(field(CREDIT_TEXTS.blockOverdueDays), '10');
    await user.clear(field('Juros ao mês (%)'));
    await user.type(field('Juros ao mês (%)'), '0,99');
    await user.click(save);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ blockOverdueDays: 10, fine: 2.5, monthlyInterest: 0.99 });
    expect(await screen.findByText(CREDIT_TEXTS.settingsSaved)).toBeTruthy();
  });
});
