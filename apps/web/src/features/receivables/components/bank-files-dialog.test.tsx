import { boletoSettleResultSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { BankFilesDialog } from './bank-files-dialog';

const SETTINGS = {
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
  updatedAt: '2026-11-28T12:00:00.000Z',
};

describe("'Remessa e retorno': 'Consultar pagamentos no banco'", () => {
  it('is not offered without the boleto híbrido (BB’s API Cobranças)', async () => {
    signInAs(['bo:manage:credit'], 'Carla Gerente');
    const calls = mockFetch({
      'GET /api/boletos/remessas': { body: { data: [] } },
      'GET /api/boletos/settings': { body: { data: { ...SETTINGS, pixHybrid: false } } },
    });
    renderPage(<BankFilesDialog onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Remessa e retorno (CNAB 240)' });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/boletos/settings'))).toBe(true));
    expect(await within(dialog).findByText('Nenhuma remessa gerada.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Consultar pagamentos no banco' })).toBeNull();
  });

  it('asks BB and says how many boletos were asked and instalments paid', async () => {
    signInAs(['bo:manage:credit'], 'Carla Gerente');
    const answer = boletoSettleResultSchema.parse({
      asked: 2,
      paid: [{ nossoNumero: '76543210000000061', receivableId: 10, amount: 153.5 }],
    });
    const calls = mockFetch({
      'GET /api/boletos/remessas': { body: { data: [] } },
      'GET /api/boletos/settings': { body: { data: { ...SETTINGS, pixHybrid: true } } },
      'POST /api/boletos/settle': { body: { data: answer } },
    });
    renderPage(<BankFilesDialog onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Remessa e retorno (CNAB 240)' });
    await userEvent.setup().click(await within(dialog).findByRole('button', { name: 'Consultar pagamentos no banco' }));
    expect(await within(dialog).findByText('2 boletos consultados no Banco do Brasil; 1 parcela paga.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      expect.stringMatching(/\/api\/boletos\/settle$/),
    ]);
  });
});
