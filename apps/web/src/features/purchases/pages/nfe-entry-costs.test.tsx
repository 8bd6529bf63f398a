import type { BonusCost, PurchasePreview } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { notePreview, previewItem } from '../test-data';
import NfeEntryPage from './nfe-entry-page';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/upload', () => ({ uploadForm: upload }));

/**
 * 'Custo da entrada' (decision 0089) of a Regime Normal shop (CRT 3, PIS/COFINS não cumulativo) and a note of
 * R$ 500,00: item 1, 40 capas at R$ 10,00 (R$ 400,00), bought; item 2, 10 películas at R$ 10,00 (R$ 100,00), a
 * bonus (CFOP 5910). Credits of item 1: ICMS 12 % = R$ 48,00, PIS 1,65 % = R$ 6,60, COFINS 7,6 % = R$ 30,40, total
 * R$ 85,00. What enters the stock is what was paid less the credits: 400,00 − 85,00 = R$ 315,00, whichever rule.
 * - Ratear: 315,00 by value — item 1 315 × 400/500 = R$ 252,00 (40 × R$ 6,30), item 2 315 × 100/500 = R$ 63,00.
 * - Custo zero: item 1 R$ 315,00 over 40 units = 787,5 cents: 20 × R$ 7,88 + 20 × R$ 7,87 = 157,60 + 157,40;
 *   item 2 R$ 0,00.
 */
function preview(bonusCost: BonusCost | null): PurchasePreview {
  const zero = bonusCost === 'ZERO';
  const item = (line: number, bonus: boolean) =>
    previewItem(line, {
      supplierCode: bonus ? 'PEL-9' : 'CAPA-1',
      name: bonus ? 'Película 9H' : 'Capa silicone',
      quantity: bonus ? '10.0000' : '40.0000',
      factorText: bonus ? '10 UN × 1 = 10 UN' : '40 UN × 1 = 40 UN',
      units: bonus ? 10 : 40,
      totalCost: bonus ? 100 : 400,
      costParts: { ...previewItem(line).costParts, products: bonus ? 100 : 400 },
      unitCost: bonus ? (zero ? 0 : 6.3) : zero ? 7.88 : 6.3,
      bonus,
      credits: bonus ? { icms: 0, pis: 0, cofins: 0 } : { icms: 48, pis: 6.6, cofins: 30.4 },
      entryCost: bonus ? (zero ? 0 : 63) : zero ? 315 : 252,
      unitCosts: bonus
        ? [{ units: 10, cost: zero ? 0 : 6.3 }]
        : zero
          ? [
              { units: 20, cost: 7.88 },
              { units: 20, cost: 7.87 },
            ]
          : [{ units: 40, cost: 6.3 }],
      unitCostsText: bonus
        ? zero
          ? '10 × R$ 0,00 = R$ 0,00'
          : '10 × R$ 6,30 = R$ 63,00'
        : zero
          ? '20 × R$ 7,88 + 20 × R$ 7,87 = R$ 315,00'
          : '40 × R$ 6,30 = R$ 252,00',
      match: 'SUPPLIER_CODE',
      product: {
        id: line,
        code: `P10000${line}`,
        name: bonus ? 'Película 9H' : 'Capa silicone',
        serialized: false,
        stock: 0,
        cost: 0,
      },
      suggested: { name: 'x', barcode: null, ncm: '39269090', cest: null, cost: 10 },
    });
  return notePreview({
    accessKey: '35261111222333000181550010000060011000060010',
    number: '6001',
    total: 500,
    items: [item(1, false), item(2, true)],
    billing: {
      instalmentsTotal: 400,
      mode: 'INSTALMENTS',
      noteMethods: ['15'],
      bills: [{ documentNumber: '001', dueDate: '2026-12-20', amount: 400 }],
    },
    costs: {
      crt: 3,
      pisCofinsNonCumulative: true,
      bonusItems: 1,
      bonusValue: 100,
      bonusCost,
      payable: 400,
      credits: { icms: 48, pis: 6.6, cofins: 30.4, total: 85 },
      entryCost: 315,
      notes: [
        zero
          ? '1 item em bonificação (CFOP 5910, 6910, 5911 ou 6911) somando R$ 100,00: não geram conta a pagar e entram com custo zero.'
          : '1 item em bonificação (CFOP 5910, 6910, 5911 ou 6911) somando R$ 100,00: não geram conta a pagar. Custo: o valor pago pelos demais itens (R$ 400,00) é rateado entre todos os itens da nota na proporção do valor de cada um.',
        'Regime Normal: créditos descontados do custo — ICMS R$ 48,00, PIS R$ 6,60, COFINS R$ 30,40 (total R$ 85,00).',
      ],
    },
  });
}

/** The decisions (JSON) of the last request sent. */
const lastDecisions = () => JSON.parse(String((upload.mock.calls.at(-1) as [string, FormData])[1].get('decisions')));

describe("'Entrada por XML': 'Custo da entrada' (decision 0089)", () => {
  it('shows the bonus, the credits and the total, sends the bonus rule chosen, and the cents of the split', async () => {
    const user = userEvent.setup();
    upload.mockResolvedValueOnce({ data: preview(null) });
    renderPage(<NfeEntryPage />);
    await user.upload(screen.getByTestId('nfe-file'), new File(['<nfeProc/>'], 'nfe.xml', { type: 'text/xml' }));
    const panel = await screen.findByRole('region', { name: 'Custo da entrada' });
    const shown = within(panel);
    expect(shown.getByText(/entram com custo zero|é rateado entre todos os itens/)).toBeTruthy();
    expect(shown.getByText(/Regime Normal: créditos descontados do custo/)).toBeTruthy();
    // vNF R$ 500,00 less the bonus R$ 100,00: R$ 400,00 to pay.
    expect(shown.getByText('Bonificação na nota: R$ 100,00 · a pagar: R$ 400,00')).toBeTruthy();
    expect(shown.getByText('Créditos de impostos descontados do custo: R$ 85,00')).toBeTruthy();
    expect(shown.getByText('Custo total que entra no estoque: R$ 315,00')).toBeTruthy();
    // No rule said yet: 'Ratear' is what the API applied (its default).
    expect(shown.getByRole('radio', { name: 'Ratear o valor pago entre todos os itens' })).toHaveProperty(
      'checked',
      true,
    );
    // The bonus item is marked; the bought one says its credits.
    const bonusItem = within(screen.getByRole('region', { name: 'Item 2' }));
    expect(bonusItem.getByText('Bonificação')).toBeTruthy();
    const bought = within(screen.getByRole('region', { name: 'Item 1' }));
    expect(bought.getByText('Créditos: ICMS R$ 48,00 · PIS R$ 6,60 · COFINS R$ 30,40')).toBeTruthy();
    // One unit cost for all 40: no split to explain.
    expect(bought.queryByText(/ \+ /)).toBeNull();

    upload.mockResolvedValueOnce({ data: preview('ZERO') });
    await user.click(shown.getByRole('radio', { name: 'Custo zero' }));
    await user.click(screen.getByRole('button', { name: 'Atualizar prévia' }));
    expect(lastDecisions()).toMatchObject({ bonusCost: 'ZERO' });
    expect(await screen.findByText(/entram com custo zero/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Custo zero' })).toHaveProperty('checked', true);
    // R$ 315,00 over 40 units is 787,5 cents: half the units one cent more.
    const again = within(screen.getByRole('region', { name: 'Item 1' }));
    expect(again.getByText('20 × R$ 7,88 + 20 × R$ 7,87 = R$ 315,00')).toBeTruthy();
  });
});
