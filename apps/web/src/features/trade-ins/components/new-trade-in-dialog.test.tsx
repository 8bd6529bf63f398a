import {
  DEFAULT_TRADE_IN_DEDUCTIONS,
  TRADE_IN_DEFECT_LABELS,
  type TradeInEvaluateBody,
  tradeInEvaluationSchema,
  tradeInOffer,
} from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { TRADE_IN } from '../test-data';
import { NewTradeInDialog } from './new-trade-in-dialog';

/**
 * The evaluation's form (issue 42 §1). The figures, worked out by hand: the table prices an iPhone 12 128 GB at
 * R$ 1.500,00; a scratched screen takes R$ 150,00 and a battery at 78 % (below 80 %) another R$ 150,00:
 * 1.500,00 − 150,00 − 150,00 = R$ 1.200,00. IMEI 356938035643809: the digits 3,6,3,0,5,4,8 kept sum 29; the
 * doubled 5,9,8,3,6,3,0 give 10,18,16,6,12,6,0 → 1+9+7+6+3+6+0 = 32; 29 + 32 = 61, so the check digit is 9 (…808
 * fails). CPF 529.982.247-25 has a valid check pair.
 */
const PRICES = [{ id: 1, brand: 'Apple', model: 'iPhone 12', storage: 128, price: 1500 }];

/** The server's evaluation: the table's price for the phone, less the shop's default deductions. */
function evaluate(body: TradeInEvaluateBody) {
  const row = PRICES.find((p) => p.brand === body.brand && p.model === body.model && p.storage === body.storage);
  const cents = row ? row.price * 100 : null;
  const offer = tradeInOffer(cents, body.checklist, DEFAULT_TRADE_IN_DEDUCTIONS);
  return tradeInEvaluationSchema.parse({
    tablePrice: row ? row.price : null,
    deductions: offer.deductions.map((d) => ({
      defect: d.defect,
      label: TRADE_IN_DEFECT_LABELS[d.defect],
      amount: d.cents / 100,
    })),
    offer: offer.offerCents === null ? null : offer.offerCents / 100,
  });
}

function open(createAnswer: { status?: number; body: unknown } = { status: 201, body: { data: TRADE_IN } }) {
  signInAs(['bo:manage:orders'], 'Beatriz Atendente');
  const calls = mockFetch({
    'GET /api/trade-ins/prices': { body: { data: PRICES } },
    'POST /api/trade-ins/evaluate': (call) => ({ body: { data: evaluate(call.body as TradeInEvaluateBody) } }),
    'GET /api/customers': { body: { customers: [] } },
    'POST /api/trade-ins': createAnswer,
  });
  let created: unknown = null;
  renderPage(
    <NewTradeInDialog
      onClose={() => undefined}
      onCreated={(tradeIn) => {
        created = tradeIn;
      }}
    />,
  );
  return { calls, user: userEvent.setup(), created: () => created };
}

const creates = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/trade-ins');

/** Typed at once (as pasted): a keystroke at a time redraws the whole form fifteen times for an IMEI. */
async function put(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillPhone(user: ReturnType<typeof userEvent.setup>, imei = '356938035643809') {
  const dialog = await screen.findByRole('dialog', { name: 'Nova avaliação de usado' });
  const box = within(dialog);
  await put(user, box.getByRole('textbox', { name: /^Nome do vendedor/ }), 'João Vendedor');
  await put(user, box.getByRole('textbox', { name: /^CPF do vendedor/ }), '529.982.247-25');
  await put(user, box.getByRole('combobox', { name: /^Marca/ }), 'Apple');
  await put(user, box.getByRole('combobox', { name: /^Modelo/ }), 'iPhone 12');
  await put(user, box.getByRole('combobox', { name: /^Armazenamento/ }), '128');
  // Fourteen digits at once, the check digit typed: the field is still being typed in.
  await put(user, box.getByRole('textbox', { name: /^IMEI/ }), imei.slice(0, 14));
  await user.type(box.getByRole('textbox', { name: /^IMEI/ }), imei.slice(14));
  await user.click(box.getByRole('combobox', { name: 'Tela' }));
  await user.click(await screen.findByRole('option', { name: 'Riscada' }));
  await put(user, box.getByRole('textbox', { name: /^Saúde da bateria/ }), '78');
  return dialog;
}

describe("'Nova avaliação de usado'", () => {
  it('shows the offer worked out by the server, R$ 1.500,00 − 150,00 − 150,00 = R$ 1.200,00, as the value', async () => {
    const { calls, user, created } = open();
    const dialog = await fillPhone(user);
    const offer = await within(dialog).findByRole('list', { name: 'Avaliação' }, { timeout: 5000 });
    const lines = within(offer)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines.filter(Boolean)).toEqual([
      'Preço da tabelaR$ 1.500,00',
      '− Tela riscada− R$ 150,00',
      '− Bateria abaixo de 80 %− R$ 150,00',
      'OfertaR$ 1.200,00',
    ]);
    // The value follows the offer until it is typed.
    const value = within(dialog).getByRole('textbox', { name: 'Valor combinado' }) as HTMLInputElement;
    await waitFor(() => expect(value.value).toBe('1.200,00'));
    expect(within(dialog).getByText(/A oferta é R\$ 1\.200,00/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Registrar avaliação' }));
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    // Not typed: no value sent, the server takes the offer.
    expect(creates(calls)[0]?.body).toEqual({
      sellerName: 'João Vendedor',
      sellerCpf: '529.982.247-25',
      brand: 'Apple',
      model: 'iPhone 12',
      storage: 128,
      imei: '356938035643809',
      checklist: {
        screen: 'SCRATCHED',
        body: 'OK',
        batteryHealth: 78,
        biometrics: true,
        camera: true,
        charging: true,
        accountRemoved: true,
      },
    });
    await waitFor(() => expect(created()).not.toBeNull());
  });

  it('checks the IMEI by its Luhn digit as it is typed, and the second one against the first', async () => {
    const { calls, user } = open();
    const dialog = await fillPhone(user, '356938035643808');
    const imei = within(dialog).getByRole('textbox', { name: /^IMEI/ });
    // The 15th digit typed is enough: no need to leave the field.
    expect(
      await within(dialog).findByText('IMEI inválido: 356938035643808 (dígito verificador não confere).'),
    ).toBeTruthy();
    await user.clear(imei);
    await put(user, imei, '356938035643809');
    await waitFor(() => expect(within(dialog).queryByText(/IMEI inválido/)).toBeNull());
    await put(user, within(dialog).getByRole('textbox', { name: 'Segundo IMEI (dual chip)' }), '356938035643809');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar avaliação' }));
    expect(await within(dialog).findByText('Os dois IMEIs do aparelho são iguais.')).toBeTruthy();
    expect(creates(calls)).toHaveLength(0);
  });

  it("sends a value typed above the offer, and says the server's refusal (403) in the dialog, which stays open", async () => {
    const message = 'Valor acima da oferta (R$ 1.200,00): só quem gerencia a avaliação de usados pode aumentá-lo.';
    const { calls, user } = open({ status: 403, body: { errors: [message], code: 'FORBIDDEN' } });
    const dialog = await fillPhone(user);
    const value = within(dialog).getByRole('textbox', { name: 'Valor combinado' }) as HTMLInputElement;
    await waitFor(() => expect(value.value).toBe('1.200,00'));
    await user.clear(value);
    await user.type(value, '1300');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar avaliação' }));
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0]?.body).toMatchObject({ value: 1300 });
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', message);
    expect(screen.getByRole('dialog', { name: 'Nova avaliação de usado' })).toBeTruthy();
  });

  it('a model out of the table has no offer: the value is left to the manager', async () => {
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Nova avaliação de usado' });
    const box = within(dialog);
    await put(user, box.getByRole('combobox', { name: /^Marca/ }), 'Xiaomi');
    await put(user, box.getByRole('combobox', { name: /^Modelo/ }), 'Redmi 9');
    await put(user, box.getByRole('combobox', { name: /^Armazenamento/ }), '64');
    await put(user, box.getByRole('textbox', { name: /^Saúde da bateria/ }), '90');
    expect(await box.findByText('Modelo fora da tabela de preços: sem oferta.')).toBeTruthy();
    expect(box.getByText('Sem oferta: o valor é definido por quem gerencia a avaliação de usados.')).toBeTruthy();
    expect((box.getByRole('textbox', { name: 'Valor combinado' }) as HTMLInputElement).value).toBe('');
  });
});
