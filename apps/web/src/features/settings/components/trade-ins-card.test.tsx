import {
  DEFAULT_TRADE_IN_DEDUCTIONS,
  TRADE_IN_DEFECTS,
  type TradeInSettings,
  tradeInSettingsSchema,
} from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { TradeInsCard } from './trade-ins-card';

/** The shop's defaults in reais: a scratched screen R$ 150,00, a low battery R$ 150,00 (decision 0058). */
const SETTINGS: TradeInSettings = tradeInSettingsSchema.parse({
  deductions: Object.fromEntries(TRADE_IN_DEFECTS.map((d) => [d, DEFAULT_TRADE_IN_DEDUCTIONS[d] / 100])),
  warrantyDays: 90,
});
const PRICES = [{ id: 1, brand: 'Apple', model: 'iPhone 12', storage: 128, price: 1500 }];

function openCard(permissions: string[]) {
  signInAs(permissions, 'Carla Gerente');
  const calls = mockFetch({
    'GET /api/trade-ins/prices': { body: { data: PRICES } },
    'GET /api/trade-ins/settings': { body: { data: SETTINGS } },
    'POST /api/trade-ins/prices': (call) => ({ body: { data: { id: 2, ...(call.body as object) } } }),
    'PUT /api/trade-ins/settings': (call) => ({ body: { data: call.body } }),
  });
  renderPage(<TradeInsCard canChange={permissions.includes('bo:manage:trade-ins')} />);
  return { calls, user: userEvent.setup() };
}

const writes = (calls: MockCall[]) => calls.filter((c) => c.method !== 'GET');

describe("'Avaliação de usados' in Configurações", () => {
  it('the manager adds a price typed 1.850,00 and saves a deduction of R$ 175,00', async () => {
    const { calls, user } = openCard(['bo:manage:orders', 'bo:manage:trade-ins']);
    const card = await screen.findByRole('region', { name: 'Avaliação de usados' });
    const table = await within(card).findByRole('table', { name: 'Tabela de preços' });
    expect(within(table).getByText('R$ 1.500,00')).toBeTruthy();

    const add = within(card).getByRole('form', { name: 'Incluir ou trocar preço' });
    await user.type(within(add).getByRole('textbox', { name: /^Marca/ }), 'Apple');
    await user.type(within(add).getByRole('textbox', { name: /^Modelo/ }), 'iPhone 13');
    await user.type(within(add).getByRole('textbox', { name: /^Armazenamento/ }), '128');
    await user.type(within(add).getByRole('textbox', { name: /^Preço/ }), '1850');
    await user.click(within(add).getByRole('button', { name: 'Incluir ou trocar preço' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({ brand: 'Apple', model: 'iPhone 13', storage: 128, price: 1850 });

    const deductions = within(card).getByRole('form', { name: 'Desconto por defeito' });
    const scratched = within(deductions).getByRole('textbox', { name: 'Tela riscada' }) as HTMLInputElement;
    await waitFor(() => expect(scratched.value).toBe('150,00'));
    await user.clear(scratched);
    await user.type(scratched, '175');
    await user.click(within(deductions).getByRole('button', { name: 'Salvar descontos e garantia' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]?.body).toEqual({
      deductions: { ...SETTINGS.deductions, SCREEN_SCRATCHED: 175 },
      warrantyDays: 90,
    });
  });

  it('is read-only for the desk: no remove, add nor save', async () => {
    openCard(['bo:manage:orders']);
    const card = await screen.findByRole('region', { name: 'Avaliação de usados' });
    await within(card).findByRole('table', { name: 'Tabela de preços' });
    expect(within(card).getByText(/Somente quem gerencia/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Remover/ })).toBeNull();
    expect(within(card).queryByRole('form', { name: 'Incluir ou trocar preço' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Salvar descontos e garantia' })).toBeNull();
    const scratched = (await within(card).findByRole('textbox', { name: 'Tela riscada' })) as HTMLInputElement;
    expect(scratched.disabled).toBe(true);
  });
});
