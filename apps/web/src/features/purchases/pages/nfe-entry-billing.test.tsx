import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { notePreview } from '../test-data';
import NfeEntryPage from './nfe-entry-page';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/upload', () => ({ uploadForm: upload }));

/** The note (decision 0088): vNF R$ 238.643,07, duplicatas R$ 409.034,22, 001 due before the issue. */
const preview = notePreview({
  accessKey: '35261111222333000181550010000058011000058010',
  number: '5801',
  total: 238643.07,
  billing: {
    instalmentsTotal: 409034.22,
    difference: 170391.15,
    earlyInstalments: ['001'],
    choiceNeeded: true,
    mode: 'INSTALMENTS',
    noteMethods: ['15'],
    bills: [{ documentNumber: '001', dueDate: '2026-11-05', amount: 409034.22 }],
  },
  costs: { payable: 238643.07 },
  problems: [
    'As duplicatas somam R$ 409.034,22 e a nota R$ 238.643,07 (diferença de R$ 170.391,15): escolha o que a diferença significa.',
  ],
  ready: false,
});

/** The decisions (JSON) of the last request sent. */
const lastDecisions = () => JSON.parse(String((upload.mock.calls.at(-1) as [string, FormData])[1].get('decisions')));

describe("'Entrada por XML': the note's payment", () => {
  it('shows the duplicatas’ difference and sends what the clerk says it means', async () => {
    const user = userEvent.setup();
    upload.mockResolvedValue({ data: preview });
    renderPage(<NfeEntryPage />);
    await user.upload(screen.getByTestId('nfe-file'), new File(['<nfeProc/>'], 'nfe.xml', { type: 'text/xml' }));
    await screen.findByRole('heading', { name: 'Pagamento da nota' });
    expect(
      screen.getByText('As duplicatas somam R$ 409.034,22 e a nota R$ 238.643,07: diferença de R$ 170.391,15.'),
    ).toBeTruthy();
    expect(screen.getByText('Vencem antes da emissão da nota: 001.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Gerar contas a pagar' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('combobox', { name: /O que a diferença significa/ }));
    await user.click(within(screen.getByRole('listbox')).getByText(/Erro de digitação do fornecedor/));
    await user.click(screen.getByRole('button', { name: 'Atualizar prévia' }));
    expect(lastDecisions()).toMatchObject({ instalmentsChoice: 'SUPPLIER_TYPO' });
    await user.click(screen.getByRole('radio', { name: 'Pago no ato' }));
    await user.click(screen.getByRole('button', { name: 'Atualizar prévia' }));
    expect(lastDecisions()).toMatchObject({ payment: { mode: 'PAID' } });
  });
});
