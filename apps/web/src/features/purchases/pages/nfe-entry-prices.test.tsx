import { PURCHASE_SETTINGS_TEXTS } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { notePreview, previewItem } from '../test-data';
import NfeEntryPage from './nfe-entry-page';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/upload', () => ({ uploadForm: upload }));

// R$ 12,00 over an average of R$ 7,50: +60 % (4,50 ÷ 7,50), beyond ± 50 %.
const deviation = PURCHASE_SETTINGS_TEXTS.costDeviation(1200, 750, 60, 50);
const drawer = PURCHASE_SETTINGS_TEXTS.drawerClosed(120);

/** A cash note (decision 0090) of 10 cases linked by code, their cost far from the product's; the drawer closed. */
const preview = notePreview({
  accessKey: '35261111222333000181550010000059021000059020',
  number: '5902',
  total: 120,
  items: [
    previewItem(1, {
      supplierCode: 'CAPA-COURO-B',
      name: 'Capa couro B',
      totalCost: 120,
      // R$ 126,00 − 8,40 + 2,40 = R$ 120,00
      costParts: {
        products: 126,
        discount: 8.4,
        freight: 0,
        insurance: 0,
        other: 0,
        ipi: 2.4,
        ipiReturned: 0,
        icmsSt: 0,
        fcpSt: 0,
      },
      unitCost: 12,
      // Decision 0089's fields: no bonus, no credits (Simples Nacional: the item's own), 10 × R$ 12,00 = R$ 120,00.
      entryCost: 120,
      unitCosts: [{ units: 10, cost: 12 }],
      unitCostsText: '10 × R$ 12,00 = R$ 120,00',
      match: 'SUPPLIER_CODE',
      product: { id: 9, code: 'P100009', name: 'Capa couro B', serialized: false, stock: 4, cost: 7.5 },
      suggested: { name: 'Capa couro B', barcode: null, ncm: '39269090', cest: null, cost: 12 },
      newAverageCost: 10.71,
      levelPrices: { gold: 10.71, silver: 10.71, bronze: 10.71 },
      costDeviation: { averageCost: 7.5, percent: 60, limit: 50, acknowledged: false },
      problems: [deviation],
    }),
  ],
  levelDefaults: { gold: 20, silver: 30, bronze: 40.5 },
  billing: {
    mode: 'PAID',
    method: 'DINHEIRO',
    noteMethods: ['01'],
    bills: [{ documentNumber: '5902', dueDate: '2026-11-20', amount: 120 }],
    paid: true,
  },
  // Simples Nacional: no credits, no bonus; the panel 'Custo da entrada' has nothing to say.
  costs: { crt: 1, payable: 120, entryCost: 120 },
  drawerClosed: true,
  problems: [`Item 1 (Capa couro B): ${deviation}`, drawer],
  ready: false,
});

const lastDecisions = () => JSON.parse(String((upload.mock.calls.at(-1) as [string, FormData])[1].get('decisions')));

describe("'Entrada por XML': prices and the drawer", () => {
  it('shows the cost’s make-up and its distance from the average, sends ‘Custo conferido’, offers to open the drawer', async () => {
    const user = userEvent.setup();
    upload.mockResolvedValue({ data: preview });
    renderPage(<NfeEntryPage />);
    await user.upload(screen.getByTestId('nfe-file'), new File(['<nfeProc/>'], 'nfe.xml', { type: 'text/xml' }));
    const item = await screen.findByRole('region', { name: 'Item 1' });
    expect(
      within(item).getByText('Composição do custo: R$ 126,00 produtos − desconto R$ 8,40 + IPI R$ 2,40 = R$ 120,00'),
    ).toBeTruthy();
    expect(within(item).getByText('Custo 60 % longe do custo médio do produto (R$ 7,50; limite ± 50 %).')).toBeTruthy();
    expect(within(item).getByText(deviation)).toBeTruthy();
    await user.click(within(item).getByRole('checkbox', { name: /Custo conferido/ }));
    // Ticked: its warning leaves the card (the server checks it again).
    expect(within(item).queryByText(deviation)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Atualizar prévia' }));
    expect(lastDecisions().items).toEqual([{ line: 1, acceptCost: true }]);
    const pending = screen.getByRole('alert', { name: 'Pendências da nota' });
    expect(within(pending).getByText(drawer)).toBeTruthy();
    expect(within(pending).getByRole('link', { name: 'Abrir caixa' }).getAttribute('href')).toBe('/admin/cash');
  });

  it("prefills 'Criar produto' with the shop's level percentages", async () => {
    const user = userEvent.setup();
    upload.mockResolvedValue({ data: preview });
    renderPage(<NfeEntryPage />);
    await user.upload(screen.getByTestId('nfe-file'), new File(['<nfeProc/>'], 'nfe.xml', { type: 'text/xml' }));
    const item = await screen.findByRole('region', { name: 'Item 1' });
    await user.click(within(item).getByRole('button', { name: 'Criar produto' }));
    expect(within(item).getByRole('textbox', { name: 'Ouro (%)' })).toHaveProperty('value', '20');
    expect(within(item).getByRole('textbox', { name: 'Bronze (%)' })).toHaveProperty('value', '40,5');
    await user.click(screen.getByRole('button', { name: 'Atualizar prévia' }));
    expect(lastDecisions().items[0].create.discount).toEqual({
      goldPercentage: 20,
      silverPercentage: 30,
      bronzePercentage: 40.5,
    });
  });
});
