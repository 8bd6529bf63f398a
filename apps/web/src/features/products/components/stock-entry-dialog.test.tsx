import type { Product } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { StockEntryDialog } from './stock-entry-dialog';

/** Issue 39's iPhones: 10 in stock at R$ 2.700,10; levels Ouro 10 %, Prata 12 %, Bronze 13,4 %. */
const IPHONE: Product = {
  id: 12,
  code: 'P100012',
  name: 'iPhone 13 128GB',
  description: null,
  brand: 'Apple',
  reference: null,
  cost: 2700.1,
  sellPrice: 3499,
  stock: 10,
  stockAlert: 2,
  tags: [],
  imagesUrl: [],
  images: [],
  discount: { goldPercentage: 10, silverPercentage: 12, bronzePercentage: 13.4 },
  archived: false,
  serialized: false,
  goldPrice: 2970.11,
  silverPrice: 3024.11,
};

const SOURCES = [{ key: 'SUPPLIER_PURCHASE', name: 'Compra de fornecedor' }];

/** Types the quantity and the entry's unit cost; answers the preview that appears. */
async function typeEntry(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  quantity: string,
  cost: string,
) {
  await user.type(within(dialog).getByLabelText(/^Quantidade de Entrada/), quantity);
  const field = within(dialog).getByLabelText(/^Preço de Compra/);
  await user.clear(field);
  await user.type(field, cost);
  return within(dialog).findByTestId('average-cost-preview');
}

describe('stock-entry dialog: the average cost and the level prices before confirming (issue 39)', () => {
  it("labels the cost with the spec's 'Preço de Compra (R$)' and says under it that it is this entry's unit cost (issue 54)", () => {
    renderPage(
      <StockEntryDialog
        product={IPHONE}
        sources={SOURCES}
        onClose={() => undefined}
        onSubmit={vi.fn(async () => undefined)}
      />,
    );
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Preço de Compra (R$)' });
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    const help = document.getElementById(field.getAttribute('aria-describedby') as string);
    expect(help?.textContent).toBe('Custo unitário desta entrada: o custo médio do produto é recalculado com ele.');
  });

  it('shows the weighted average of the stock and the entry, and the level prices that follow it', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderPage(<StockEntryDialog product={IPHONE} sources={SOURCES} onClose={() => undefined} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Informar entrada do produto iPhone 13 128GB' });
    // No quantity yet: nothing to preview.
    expect(within(dialog).queryByTestId('average-cost-preview')).toBeNull();

    const preview = await typeEntry(user, dialog, '3', '2750,00');
    // 10 × 2.700,10 + 3 × 2.750,00 = 27.001,00 + 8.250,00 = 35.251,00; ÷ 13 = 2.711,6153… → R$ 2.711,62.
    await waitFor(() => expect(preview.textContent).toContain('Custo médio após a entrada: R$ 2.711,62'));
    expect(preview.textContent).toContain('10 em estoque a R$ 2.700,10 + 3 a R$ 2.750,00');
    // Ouro 2.711,62 + 10 % = 2.982,782 → R$ 2.982,78; Prata + 12 % = 3.037,0144 → R$ 3.037,01;
    // Bronze + 13,4 % = 3.074,97708 → R$ 3.074,98.
    expect(preview.textContent).toContain('Ouro R$ 2.982,78 · Prata R$ 3.037,01 · Bronze R$ 3.074,98');

    // What is sent is still the entry's own unit cost: the server averages it.
    await user.click(within(dialog).getByRole('button', { name: 'Alterar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ productId: 12, stock: 3, cost: 2750, source: 'SUPPLIER_PURCHASE' }),
    );
  });

  it("with nothing in stock the entry's cost is the cost", async () => {
    renderPage(
      <StockEntryDialog
        product={{ ...IPHONE, stock: 0 }}
        sources={SOURCES}
        onClose={() => undefined}
        onSubmit={async () => undefined}
      />,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Informar entrada do produto iPhone 13 128GB' });
    const preview = await typeEntry(user, dialog, '3', '2750,00');
    await waitFor(() => expect(preview.textContent).toContain('Custo médio após a entrada: R$ 2.750,00'));
    expect(preview.textContent).toContain('Sem estoque antes: o custo passa a ser o desta entrada.');
    // Ouro 2.750,00 + 10 % = R$ 3.025,00; Prata + 12 % = R$ 3.080,00; Bronze + 13,4 % = R$ 3.118,50.
    expect(preview.textContent).toContain('Ouro R$ 3.025,00 · Prata R$ 3.080,00 · Bronze R$ 3.118,50');
  });
});
