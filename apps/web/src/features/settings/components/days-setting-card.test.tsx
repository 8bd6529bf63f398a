import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderPage } from '../../../test/render';
import { type DaysSetting, DaysSettingCard, parseDays } from './days-setting-card';

const INVALID = 'Informe de 1 a 48 horas.';
/** A setting of hours kept as `{ hours }`: 1 to 48, whole (two digits at the most). */
const HOURS = {
  field: 'hours' as const,
  maxDigits: 2,
  schema: z.object({ hours: z.number({ error: INVALID }).int(INVALID).min(1, INVALID).max(48, INVALID) }),
};

describe('parseDays', () => {
  it("reads the digits typed and checks them with the setting's schema, under its field", () => {
    expect(parseDays('48', HOURS)).toEqual({ days: 48, error: null });
    expect(parseDays(' 7 ', HOURS)).toEqual({ days: 7, error: null });
    expect(parseDays('0', HOURS)).toEqual({ days: null, error: INVALID });
    expect(parseDays('49', HOURS)).toEqual({ days: null, error: INVALID });
  });

  it('takes digits only, at most maxDigits of them: 9,5, 1e1, -3, 100 and blank are no number', () => {
    for (const text of ['9,5', '1e1', '-3', '100', '', '   ']) {
      expect(parseDays(text, HOURS)).toEqual({ days: null, error: INVALID });
    }
  });
});

/** The card's texts for the hours setting. */
const TEXTS = {
  title: 'Prazo de separação',
  text: 'Em quantas horas um pedido pago é separado.',
  days: 'Prazo (horas)',
  save: 'Salvar prazo',
  saveFailed: 'Não foi possível salvar o prazo.',
  loadFailed: 'Não foi possível carregar o prazo.',
  readOnly: 'Só quem administra altera o prazo.',
  helper: (hours: number) => `Um pedido pago hoje é separado em ${hours} h.`,
};

/** The hours setting as a card has it: kept at 8 until saved; `save` answers what it was sent. */
function hoursSetting(): DaysSetting<'hours'> & { save: ReturnType<typeof vi.fn> } {
  return {
    ...HOURS,
    id: 'hours-title',
    texts: TEXTS,
    savedText: 'Prazo salvo.',
    query: { queryKey: ['hours'], queryFn: async () => ({ hours: 8 }) },
    save: vi.fn(async (body: { hours: number }) => body),
  };
}

describe('DaysSettingCard', () => {
  it('shows what the server keeps, says what the typed number means, and saves it under its field', async () => {
    const setting = hoursSetting();
    renderPage(<DaysSettingCard setting={setting} canChange />);
    const user = userEvent.setup();
    const field = (await screen.findByRole('textbox', { name: 'Prazo (horas)' })) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('8'));
    expect(screen.getByText('Um pedido pago hoje é separado em 8 h.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar prazo' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.clear(field);
    await user.type(field, '49');
    expect(screen.getByText(INVALID)).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.clear(field);
    await user.type(field, '12');
    expect(screen.getByText('Um pedido pago hoje é separado em 12 h.')).toBeTruthy();
    await user.click(save);
    await waitFor(() => expect(setting.save).toHaveBeenCalledTimes(1));
    expect(setting.save.mock.lastCall?.[0]).toEqual({ hours: 12 });
    expect(await screen.findByText('Prazo salvo.')).toBeTruthy();
  });

  it('without the permission: the number greyed, the reason said, no button', async () => {
    renderPage(<DaysSettingCard setting={hoursSetting()} canChange={false} />);
    expect(await screen.findByText('Só quem administra altera o prazo.')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Prazo (horas)' }) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('8'));
    expect(field.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar prazo' })).toBeNull();
  });
});
