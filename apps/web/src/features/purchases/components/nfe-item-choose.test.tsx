import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { previewItem } from '../test-data';
import { initialChoice } from './item-choice';
import { NfeItemCard } from './nfe-item-card';

// The catalogue's search answers one case; the brands, one brand (no server in a component test).
vi.mock('../api/purchases-api', async (original) => ({
  ...(await original<typeof import('../api/purchases-api')>()),
  useProductSearch: () => ({
    data: [{ id: 12, code: 'P100012', name: 'Capa transparente iPhone 15', serialized: false, barcode: null }],
    isFetching: false,
  }),
  useBrandNames: () => ({ data: ['Genérica'] }),
}));

/** 50 cases the catalogue did not match: the preview asks for a product. */
const CASES = previewItem(2, {
  supplierCode: 'CAPA-IP15',
  name: 'Capa transparente iPhone 15',
  quantity: '50.0000',
  factorText: '50 UN × 1 = 50 UN',
  units: 50,
  totalCost: 401.98,
  freight: 1.98,
  costParts: {
    products: 0,
    discount: 0,
    freight: 1.98,
    insurance: 0,
    other: 0,
    ipi: 0,
    ipiReturned: 0,
    icmsSt: 0,
    fcpSt: 0,
  },
  unitCost: 8.04,
  entryCost: 401.98,
  unitCosts: [
    { units: 48, cost: 8.04 },
    { units: 2, cost: 8.03 },
  ],
  unitCostsText: '48 × R$ 8,04 + 2 × R$ 8,03 = R$ 401,98',
  suggested: { name: 'Capa transparente iPhone 15', barcode: null, ncm: '39269090', cest: null, cost: 8.04 },
  problems: ['escolha um produto para vincular ou crie um produto.'],
});

function Card() {
  const [choice, setChoice] = useState(() => initialChoice(CASES));
  return <NfeItemCard item={CASES} choice={choice} onChange={setChoice} />;
}

describe("an item of 'Entrada por XML' without a product (issue 54 §8)", () => {
  it("drops 'escolha um produto' as soon as a product is linked, without 'Atualizar prévia'", async () => {
    const user = userEvent.setup();
    renderPage(<Card />);
    expect(screen.getByText('escolha um produto para vincular ou crie um produto.')).toBeTruthy();
    expect(screen.getByText('1 pendência')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Buscar produto (nome, código, marca)' }));
    await user.click(await screen.findByRole('option', { name: 'P100012 · Capa transparente iPhone 15' }));

    expect(screen.queryByText('escolha um produto para vincular ou crie um produto.')).toBeNull();
    expect(screen.getByText('Pronto')).toBeTruthy();
  });

  it("drops it when 'Criar produto' is chosen, and says it again when the choice goes back to no product", async () => {
    const user = userEvent.setup();
    renderPage(<Card />);
    await user.click(screen.getByRole('button', { name: 'Criar produto' }));
    expect(screen.queryByText('escolha um produto para vincular ou crie um produto.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Vincular a um produto' }));
    expect(screen.getByText('escolha um produto para vincular ou crie um produto.')).toBeTruthy();
  });
});
