import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { TRADE_IN } from '../test-data';
import { TradeInDialog } from './trade-in-dialog';

const ABOVE = 'Valor acima da oferta (R$ 1.200,00): só quem gerencia a avaliação de usados pode aumentá-lo.';

function openDetails(tradeIn: unknown = TRADE_IN) {
  signInAs(['bo:manage:orders'], 'Beatriz Atendente');
  let current = tradeIn;
  const calls = mockFetch({
    'GET /api/trade-ins/42': () => ({ body: { data: current } }),
    'PUT /api/trade-ins/42/value': (call) => {
      const value = (call.body as { value: number }).value;
      if (value > 1200) return { status: 403, body: { errors: [ABOVE], code: 'FORBIDDEN' } };
      current = { ...(current as object), value };
      return { body: { data: current } };
    },
    'POST /api/trade-ins/42/check': () => {
      current = {
        ...(current as object),
        check: { result: 'REGULAR', at: '2026-11-20T13:10:00.000Z', by: 'Beatriz Atendente', screenshot: '/f/1' },
        missing: [TRADE_IN.missing[1]],
      };
      return { body: { data: current } };
    },
  });
  renderPage(<TradeInDialog id={42} onClose={() => undefined} />);
  return { calls, user: userEvent.setup() };
}

const writes = (calls: MockCall[]) => calls.filter((c) => c.method !== 'GET');

describe("a trade-in's details", () => {
  it('shows the evaluation and what is missing; a value above the offer is refused with the server message', async () => {
    const { calls, user } = openDetails();
    const details = await screen.findByRole('dialog', { name: 'Avaliação AV-00042' });
    const evaluation = within(details).getByRole('list', { name: 'Avaliação' });
    expect(within(evaluation).getByText('R$ 1.500,00')).toBeTruthy();
    expect(within(evaluation).getByText('R$ 1.200,00')).toBeTruthy();
    expect(within(details).getByTestId('trade-in-value').textContent).toBe('Valor combinado: R$ 1.200,00');
    expect(within(details).getByTestId('trade-in-missing').textContent).toContain('Consulte o IMEI');
    // Nothing can be accepted yet.
    expect(within(details).queryByRole('button', { name: 'Aceitar aparelho' })).toBeNull();

    await user.click(within(details).getByRole('button', { name: 'Alterar valor' }));
    const valueDialog = await screen.findByRole('dialog', { name: 'Alterar valor' });
    const field = within(valueDialog).getByRole('textbox', { name: /^Valor combinado/ });
    await user.clear(field);
    await user.type(field, '1.250,00');
    await user.click(within(valueDialog).getByRole('button', { name: 'Salvar valor' }));
    expect((await within(valueDialog).findByRole('alert')).textContent).toBe(ABOVE);
    expect(writes(calls)[0]?.body).toEqual({ value: 1250 });

    // Lowered: anyone may; the dialog closes and the details say it.
    await user.clear(field);
    await user.type(field, '1.100,00');
    await user.click(within(valueDialog).getByRole('button', { name: 'Salvar valor' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alterar valor' })).toBeNull());
    expect(writes(calls)[1]?.body).toEqual({ value: 1100 });
    await waitFor(() =>
      expect(within(details).getByTestId('trade-in-value').textContent).toBe('Valor combinado: R$ 1.100,00'),
    );
  });

  it('the stolen-phone check: the site opens in a new tab, a result and a screenshot are both required', async () => {
    const { calls, user } = openDetails();
    const details = await screen.findByRole('dialog', { name: 'Avaliação AV-00042' });
    const check = within(details).getByRole('region', { name: '1. Consulta de aparelho impedido' });
    const site = within(check).getByRole('link', { name: 'Abrir consultaaparelhoimpedido.com.br' });
    expect(site.getAttribute('href')).toBe('https://www.consultaaparelhoimpedido.com.br/');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(within(check).getByText('356938035643809')).toBeTruthy();
    expect(within(check).getByRole('button', { name: 'Copiar o IMEI 356938035643809' })).toBeTruthy();

    await user.click(within(check).getByRole('button', { name: 'Registrar consulta' }));
    expect(within(check).getByText('Escolha o resultado da consulta.')).toBeTruthy();
    expect(within(check).getByText('Envie a captura de tela da consulta.')).toBeTruthy();
    await user.click(within(check).getByRole('radio', { name: 'Impedido' }));
    expect(within(check).getByText('Impedido encerra a avaliação: o aparelho não é aceito.')).toBeTruthy();
    await user.click(within(check).getByRole('radio', { name: 'Regular' }));
    await user.upload(
      within(check).getByTestId('trade-in-screenshot'),
      new File([new Uint8Array([137, 80, 78, 71])], 'consulta.png', { type: 'image/png' }),
    );
    await within(check).findByRole('img', { name: 'Captura de tela da consulta' });
    await user.click(within(check).getByRole('button', { name: 'Registrar consulta' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const body = writes(calls)[0]?.body as { result: string; screenshot: string };
    expect(body.result).toBe('REGULAR');
    expect(body.screenshot).toMatch(/^data:image\/png;base64,/);
    expect(await within(details).findByText(/^Regular em .*, por Beatriz Atendente$/)).toBeTruthy();
  });

  it('warns when the IMEI is already a phone of ours', async () => {
    openDetails({
      ...TRADE_IN,
      knownUnit: {
        product: { id: 7, code: 'P-0007', name: 'iPhone 12 128 GB' },
        status: 'Vendido',
        order: { id: 90, code: 'PED-0090' },
        warrantyEndsAt: '2027-03-10T15:00:00.000Z',
      },
    });
    const details = await screen.findByRole('dialog', { name: 'Avaliação AV-00042' });
    expect(within(details).getByTestId('trade-in-known-unit').textContent).toBe(
      'Este IMEI já é um aparelho do nosso cadastro: P-0007 · iPhone 12 128 GB (Vendido). Vendido no pedido PED-0090. Garantia até 10/03/2027.',
    );
  });
});
