import { boletoSchema, receivableDetailsSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { PARTLY_PAID } from '../test-data';
import { ReceivableDialog } from './receivable-dialog';

/** The boleto the server issues for the instalment (its linha digitável as FEBRABAN's rules make it). */
const BOLETO = {
  id: 7,
  receivableId: 10,
  bankCode: '001',
  nossoNumero: '76543210000000041',
  dueDate: '2026-12-15',
  amount: 1500,
  barcode: '00191166100001500000000007654321000000004117',
  digitableLine: '00190.00009 07654.321001 00000.041175 1 16610000150000',
  status: 'ISSUED',
  remessa: null,
  paidOn: null,
  paid: null,
  fee: 0,
  pixCopyPaste: null,
  pixTxid: null,
  registeredByApi: false,
  createdAt: '2026-11-28T12:00:00.000Z',
};

/** A boleto híbrido (decision 0100): registered by BB's API with the Pix QR code's BR Code it answered. */
const EMV =
  '00020101021226850014br.gov.bcb.pix2563qrcodepix.bb.com.br/pix/v2/cobv/0123456789abcdef0123456789abcdef5204000053039865802BR5920LOJA DEMO LTDA6009SAO PAULO62070503***6304ABCD';
const HYBRID = { ...BOLETO, pixCopyPaste: EMV, pixTxid: 'BB76543210000000041ABCDEF', registeredByApi: true };

describe("an open instalment's boleto", () => {
  it("'Emitir boleto' issues it; then its linha digitável, PDF, e-mail and WhatsApp with the line", async () => {
    receivableDetailsSchema.parse(PARTLY_PAID);
    boletoSchema.parse(BOLETO);
    signInAs(['bo:manage:credit'], 'Carla Gerente');
    let boletos: unknown[] = [];
    const calls = mockFetch({
      'GET /api/receivables/10': { body: { data: PARTLY_PAID } },
      'GET /api/receivables/10/pix': { body: { data: { txid: 'CRD017R2', amount: 1500, payload: null } } },
      'GET /api/receivables/10/boletos': () => ({ body: { data: boletos } }),
      'POST /api/receivables/10/boletos': () => {
        boletos = [BOLETO];
        return { status: 201, body: { data: BOLETO } };
      },
      'POST /api/boletos/7/email': { body: { data: { to: 'cliente@exemplo.com.br' } } },
    });
    renderPage(<ReceivableDialog id={10} onClose={() => undefined} />);
    const user = userEvent.setup();
    const details = await screen.findByRole('dialog', { name: 'Parcela 2/3 do pedido CRD-017' });
    const section = await within(details).findByRole('region', { name: 'Boleto' });
    expect(await within(section).findByText('Nenhum boleto emitido para esta parcela.')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Emitir boleto' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(await within(section).findByText(BOLETO.digitableLine)).toBeTruthy();
    expect(within(section).getByText(/Emitido · aguardando remessa/)).toBeTruthy();
    const whatsApp = within(section).getByRole('link', { name: 'Enviar pelo WhatsApp' });
    expect(decodeURIComponent(whatsApp.getAttribute('href') ?? '')).toContain(BOLETO.digitableLine);
    await user.click(within(section).getByRole('button', { name: 'Enviar por e-mail' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/boletos/7/email'))).toBe(true),
    );
    expect(await screen.findByText('Boleto enviado para cliente@exemplo.com.br.')).toBeTruthy();
  });
});

describe("a boleto híbrido's Pix", () => {
  it("shows 'Pague com Pix' with the QR code and the 'Pix Copia e Cola' text, registered by the bank's API", async () => {
    boletoSchema.parse(HYBRID);
    signInAs(['bo:manage:credit'], 'Carla Gerente');
    mockFetch({
      'GET /api/receivables/10': { body: { data: PARTLY_PAID } },
      'GET /api/receivables/10/pix': { body: { data: { txid: 'CRD017R2', amount: 1500, payload: null } } },
      'GET /api/receivables/10/boletos': { body: { data: [HYBRID] } },
    });
    renderPage(<ReceivableDialog id={10} onClose={() => undefined} />);
    const details = await screen.findByRole('dialog', { name: 'Parcela 2/3 do pedido CRD-017' });
    const section = await within(details).findByRole('region', { name: 'Boleto' });
    const pix = await within(section).findByRole('region', { name: 'Pague com Pix' });
    expect(within(pix).getByRole('img', { name: 'QR Code Pix' })).toBeTruthy();
    expect((within(pix).getByLabelText('Pix copia e cola') as HTMLTextAreaElement).value).toBe(EMV);
    expect(within(section).getByText(/Emitido · registrado pela API do banco/)).toBeTruthy();
  });
});
