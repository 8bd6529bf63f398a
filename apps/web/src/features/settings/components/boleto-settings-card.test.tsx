import { BOLETO_TEXTS, type BoletoSettings, boletoSettingsSchema } from '@backoffice/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { BoletoSettingsCard } from './boleto-settings-card';

const SAVED: BoletoSettings = {
  bankCode: '001',
  agency: '1234',
  agencyDv: '3',
  account: '56789',
  accountDv: '0',
  convenio: '7654321',
  carteira: '17',
  variacao: '019',
  nextSequence: 41,
  nextRemessa: 7,
  pixHybrid: false,
  updatedAt: '2026-11-28T10:00:00.000Z',
};

describe("'Boleto registrado' (issue 58 §2, decision 0100)", () => {
  it("turns the boleto híbrido on with its switch and sends pixHybrid with the rest; the server's refusal is said", async () => {
    boletoSettingsSchema.parse(SAVED);
    signInAs(['bo:manage:settings']);
    const calls = mockFetch({
      'GET /api/boletos/settings': { body: { data: SAVED } },
      'PUT /api/boletos/settings': {
        status: 400,
        body: { errors: [BOLETO_TEXTS.pixHybridNoApi], code: 'BAD_REQUEST' },
      },
    });
    const user = userEvent.setup();
    renderPage(<BoletoSettingsCard canChange />);
    const hybrid = (await screen.findByRole('switch', { name: BOLETO_TEXTS.pixHybrid })) as HTMLInputElement;
    await waitFor(() => expect(hybrid.disabled).toBe(false));
    expect(hybrid.checked).toBe(false);
    expect(screen.getByText(BOLETO_TEXTS.pixHybridHelp)).toBeTruthy();
    await user.click(hybrid);
    await user.click(screen.getByRole('button', { name: BOLETO_TEXTS.save }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const { updatedAt: _at, ...body } = SAVED;
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...body, pixHybrid: true });
    expect(await screen.findByText(BOLETO_TEXTS.pixHybridNoApi)).toBeTruthy();
  });
});
