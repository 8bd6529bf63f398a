import type { PixReceived } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { UNMATCHED } from '../test-data';
import { PixReceivedCard } from './pix-received-card';
import { PixWebhookCard } from './pix-webhook-card';

afterEach(() => vi.unstubAllGlobals());

const MATCHED: PixReceived = {
  ...UNMATCHED,
  endToEndId: 'E60746948202611221005AbCdEf12345',
  txid: 'K7M4QP',
  amount: 123.45,
  payer: null,
  state: 'matched',
  order: { id: 7, code: 'K7M-4QP' },
  reason: null,
  confirmedAt: '2026-11-22T13:05:03.000Z',
};

describe('Pix recebidos', () => {
  it('lists what the bank sent, filters the unmatched on the server, and matches one by hand', async () => {
    signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
    const order = makeOrderSummary({ orderId: 9, code: 'AB1-2CD', customer: 'Maria Souza', total: 80, statusKey: 10 });
    const calls = mockFetch({
      'GET /api/payments/pix/received': (call) => ({
        body: call.url.includes('state=unmatched')
          ? { data: [UNMATCHED], total: 1 }
          : { data: [MATCHED, UNMATCHED], total: 2 },
      }),
      'GET /api/orders/ab1-2cd': { body: { data: order } },
      'PATCH /api/payments/pix/received/E18236120202611221010XyZ98765432': (call) =>
        (call.body as { orderId?: number } | undefined)?.orderId === 9
          ? { status: 204 }
          : { status: 409, body: { errors: ['O pedido já tem um Pix recebido.'], code: 'PIX_NOT_MATCHED' } },
    });
    const user = userEvent.setup();
    renderPage(<PixReceivedCard />);
    expect(await screen.findByText('Pagamento confirmado')).toBeTruthy();
    expect(screen.getByText('K7M-4QP')).toBeTruthy();
    expect(screen.getByText('Pix sem txid: não indica o pedido.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Não identificados' }));
    await waitFor(() => expect(screen.queryByText('K7M-4QP')).toBeNull());
    expect(calls.some((call) => call.url.includes('state=unmatched'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Identificar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identificar o Pix de R$ 80,00' });
    await user.type(within(dialog).getByLabelText('Código do pedido'), 'ab1-2cd');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    expect(await within(dialog).findByText(/AB1-2CD · Maria Souza · R\$ 80,00/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Identificar e confirmar o pagamento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Pix identificado e pagamento confirmado.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('shows a Pix the bank gave back to its payer, with nothing to match it to', async () => {
    signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
    const refunded: PixReceived = { ...UNMATCHED, refunded: 80, refundedAt: '2026-11-23T10:00:00.000Z' };
    mockFetch({ 'GET /api/payments/pix/received': { body: { data: [refunded], total: 1 } } });
    renderPage(<PixReceivedCard />);
    expect(await screen.findByText('Devolvido ao pagador: R$ 80,00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Identificar' })).toBeNull();
  });
});

describe('URL do webhook Pix', () => {
  it('warns that a bank cannot reach a localhost or plain http URL, and says nothing for a public https one (issue 35)', async () => {
    signInAs(['bo:manage:settings']);
    let url = 'http://localhost:3000/api/payments/pix/webhook/abc';
    mockFetch({ 'GET /api/payments/pix/webhook': () => ({ body: { data: { url, secret: 'abc' } } }) });
    const { unmount } = renderPage(<PixWebhookCard />);
    expect(
      await screen.findByText(
        'O banco não consegue chamar este endereço: localhost:3000 é este computador ou a rede local. Configure o endereço público do sistema (PUBLIC_URL, com https) e cadastre a URL gerada com ele.',
      ),
    ).toBeTruthy();
    unmount();
    url = 'http://loja.example.com.br/api/payments/pix/webhook/abc';
    const second = renderPage(<PixWebhookCard />);
    expect(await screen.findByText(/^O banco só chama endereços https/)).toBeTruthy();
    second.unmount();
    url = 'https://loja.example.com.br/api/payments/pix/webhook/abc';
    renderPage(<PixWebhookCard />);
    const field = (await screen.findByRole('textbox', { name: 'URL do webhook Pix' })) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(url));
    expect(screen.queryByText(/O banco/)).toBeNull();
  });

  it('shows the URL to register and makes a new one after a confirmation', async () => {
    signInAs(['bo:manage:settings'], 'Ana Administradora', 1);
    let secret = 'abc';
    const url = () => `https://loja.example.com.br/api/payments/pix/webhook/${secret}`;
    mockFetch({
      'GET /api/payments/pix/webhook': () => ({ body: { data: { url: url(), secret } } }),
      'POST /api/payments/pix/webhook': () => {
        secret = 'xyz';
        return { body: { data: { url: url(), secret } } };
      },
    });
    const user = userEvent.setup();
    renderPage(<PixWebhookCard />);
    const field = (await screen.findByRole('textbox', { name: 'URL do webhook Pix' })) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('https://loja.example.com.br/api/payments/pix/webhook/abc'));
    await user.click(screen.getByRole('button', { name: 'Gerar nova URL' }));
    const confirm = await screen.findByRole('dialog', { name: 'Gerar nova URL' });
    await user.click(within(confirm).getByRole('button', { name: 'Gerar nova URL' }));
    await waitFor(() => expect(field.value).toBe('https://loja.example.com.br/api/payments/pix/webhook/xyz'));
    expect(await screen.findByText('Nova URL do webhook Pix criada: cadastre-a no banco.')).toBeTruthy();
  });
});
