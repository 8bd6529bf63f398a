import { PSP_TEXTS, type PspSettings, pspSettingsSchema } from '@backoffice/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { PspSettingsCard } from './psp-settings-card';

const KEPT: PspSettings = {
  configured: true,
  baseUrl: 'https://pix.banco.example/api/v2',
  clientId: 'loja-client',
  hasClientSecret: true,
  hasCertificate: true,
  updatedAt: '2026-11-28T10:00:00.000Z',
};

const puts = (calls: MockCall[]) => calls.filter((call) => call.method === 'PUT');

describe("'Pix Cobrança (PSP)' (issue 58 §1)", () => {
  it('never shows the secret, keeps it when left blank, and says what the connection test answered', async () => {
    pspSettingsSchema.parse(KEPT);
    signInAs(['bo:manage:credit']);
    const calls = mockFetch({
      'GET /api/credit/psp': { body: { data: KEPT } },
      'PUT /api/credit/psp': { body: { data: KEPT } },
      'POST /api/credit/psp/test': {
        body: {
          data: {
            ok: false,
            message: 'Falha na conexão com o PSP: o PSP recusou as credenciais (HTTP 401).',
            webhook: null,
          },
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<PspSettingsCard />);
    const url = screen.getByRole('textbox', { name: PSP_TEXTS.baseUrl }) as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe(KEPT.baseUrl));
    expect(screen.getByText(PSP_TEXTS.clientSecretKept)).toBeTruthy();
    expect(screen.getByText(PSP_TEXTS.certificateKept)).toBeTruthy();
    // Saved with the secret left blank: the request carries none (the one kept stays).
    await user.click(screen.getByRole('button', { name: PSP_TEXTS.save }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ baseUrl: KEPT.baseUrl, clientId: 'loja-client' });
    await user.click(screen.getByRole('button', { name: PSP_TEXTS.test }));
    expect(await screen.findByText(/recusou as credenciais \(HTTP 401\)/)).toBeTruthy();
  });

  it("'Testar conexão' connected: says whether the shop's Pix webhook was registered at the PSP, and why not", async () => {
    const webhook = {
      registered: false,
      url: 'http://localhost:3000/api/payments/pix/webhook/abc',
      message: PSP_TEXTS.webhookNotHttps('http://localhost:3000'),
    };
    mockFetch({
      'GET /api/credit/psp': { body: { data: KEPT } },
      'POST /api/credit/psp/test': { body: { data: { ok: true, message: PSP_TEXTS.testOk, webhook } } },
    });
    const user = userEvent.setup();
    renderPage(<PspSettingsCard />);
    await user.click(await screen.findByRole('button', { name: PSP_TEXTS.test }));
    expect(await screen.findByText(PSP_TEXTS.testOk)).toBeTruthy();
    expect(screen.getByText(/Webhook do Pix não registrado: o endereço público do sistema/)).toBeTruthy();
  });
});
