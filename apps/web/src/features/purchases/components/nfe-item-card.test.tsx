import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { previewItem } from '../test-data';
import { initialChoice } from './item-choice';
import { NfeItemCard } from './nfe-item-card';

/** Two iPhones of the note, matched by GTIN to a product that controls IMEI; the note lists no IMEI. */
const PHONES = previewItem(1, {
  supplierCode: 'IPH15-128-PT',
  name: 'Apple iPhone 15 128GB Preto',
  gtin: '0195949036002',
  ncm: '85171300',
  cest: '2105300',
  quantity: '2.0000',
  factorText: '2 UN × 1 = 2 UN',
  units: 2,
  totalCost: 6400,
  unitCost: 3200,
  entryCost: 6400,
  unitCosts: [{ units: 2, cost: 3200 }],
  unitCostsText: '2 × R$ 3.200,00 = R$ 6.400,00',
  match: 'GTIN',
  product: { id: 7, code: 'P100007', name: 'iPhone 15 128GB Preto', serialized: true, stock: 0, cost: 0 },
  suggested: { name: 'Apple iPhone 15 128GB Preto', barcode: '0195949036002', ncm: '85171300', cest: null, cost: 3200 },
  serialized: true,
  newAverageCost: 3200,
});

function Card() {
  const [choice, setChoice] = useState(() => initialChoice(PHONES));
  return <NfeItemCard item={PHONES} choice={choice} onChange={setChoice} />;
}

describe("an item of 'Entrada por XML' that controls IMEI", () => {
  it('reads one phone a line, a dual-SIM with both IMEIs, and says what is wrong with each line', async () => {
    const user = userEvent.setup();
    renderPage(<Card />);
    const field = screen.getByRole('textbox', { name: 'IMEIs (um por linha)' });
    // A dual-SIM phone on one line, then a second line whose second IMEI's check digit is off (…518 is right).
    await user.type(field, '352099081234565;356938035643809{Enter}356938035643817 490154203237519');
    const lines = within(screen.getByRole('list', { name: 'Conferência dos IMEIs' }));
    expect(lines.getByRole('listitem', { name: 'Linha 1' }).textContent).toContain('Válido');
    expect(lines.getByRole('listitem', { name: 'Linha 2' }).textContent).toContain(
      'Dígito verificador não confere: 490154203237519.',
    );
    expect(screen.getByRole('status').textContent).toBe('1 de 2 unidades válidas · 1 linha com problema');
    // Fixed, the two lines are the note's two phones (not four IMEIs).
    await user.type(field, '{Backspace}8');
    expect(screen.getByRole('status').textContent).toBe('2 de 2 unidades válidas');
    expect(lines.getByRole('listitem', { name: 'Linha 2' }).textContent).toContain('Válido');
  });
});
