import type { Product, UnitCountResult } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { UnitCountDialog } from './unit-count-dialog';

/**
 * IMEIs (Luhn over the first 14), worked out by hand:
 * - 490154203237518: 22 + 30 = 52 → 8; 352099081234565: 23 + 32 = 55 → 5
 * - 123456789012347: 29 + 34 = 63 → 7; 111111111111119: 7 + 14 = 21 → 9
 */
const A = '490154203237518';
const B = '352099081234565';
const C = '123456789012347';
const OTHER = '111111111111119';

const PHONE: Product = {
  id: 31,
  code: 'P100031',
  name: 'Moto G54',
  description: null,
  brand: 'Motorola',
  reference: null,
  cost: 1000,
  sellPrice: 1500,
  stock: 3,
  stockAlert: 0,
  tags: [],
  imagesUrl: [],
  images: [],
  discount: { goldPercentage: 0, silverPercentage: 0, bronzePercentage: 0 },
  archived: false,
  serialized: true,
  goldPrice: 1000,
  silverPrice: 1000,
};

/** 3 in stock; A and B read, OTHER is a unit of another product: C missing, stock 3 → 2. */
const RESULT: UnitCountResult = {
  product: { id: 31, code: 'P100031', name: 'Moto G54' },
  dryRun: true,
  written: false,
  unitsInStock: 3,
  heldByOrders: 0,
  found: 2,
  missing: [{ imei: C, imei2: null }],
  unknown: [
    {
      imei: OTHER,
      valid: true,
      registered: { productCode: 'P100040', productName: 'Galaxy A15', status: 'IN_STOCK' },
    },
  ],
  stockBefore: 3,
  stockAfter: 2,
};

describe('Contagem por IMEI', () => {
  it('checks the list (nothing written), shows missing and unknown, then confirms and says the new stock', async () => {
    signInAs(['bo:manage:products']);
    const calls = mockFetch({
      'POST /api/products/P100031/count-units': (call) =>
        call.url.includes('dryRun=true')
          ? { body: { data: RESULT } }
          : { body: { data: { ...RESULT, dryRun: false, written: true } } },
    });
    const onClose = vi.fn();
    let append: (code: string) => boolean = () => false;
    renderPage(
      <UnitCountDialog
        product={PHONE}
        onClose={onClose}
        scanner={(add) => {
          append = add;
          return null;
        }}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Contagem por IMEI: Moto G54' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    // Two typed, one scanned (a code already listed is not added twice).
    await user.type(within(dialog).getByLabelText(/^IMEIs/), `${A}\n${B}\n`);
    expect(append(OTHER)).toBe(true);
    expect(append(A)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Conferir' }));

    const result = await within(dialog).findByRole('region', { name: 'Resultado da conferência' });
    expect(within(result).getByRole('status').textContent).toBe('2 unidades encontradas · Estoque: 3 → 2');
    expect(within(within(result).getByRole('list', { name: 'Faltando (1)' })).getByText(C)).toBeTruthy();
    expect(within(result).getByRole('list', { name: 'Desconhecidos (1)' }).textContent).toBe(
      `${OTHER} — Galaxy A15 · P100040 · Em estoque`,
    );
    const dry = calls.filter((c) => c.url.includes('dryRun=true'));
    expect(dry.map((c) => c.body)).toEqual([{ imeis: [A, B, OTHER] }]);
    expect(calls.filter((c) => c.url.includes('dryRun=false'))).toEqual([]);

    // A list changed after the check must be checked again.
    await user.type(within(dialog).getByLabelText(/^IMEIs/), `${C}`);
    expect(await within(dialog).findByText('A lista mudou: confira de novo antes de confirmar.')).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^IMEIs/), '{Backspace>15}');
    await waitFor(() => expect(confirm.disabled).toBe(false));

    await user.click(confirm);
    expect(await screen.findByText('Contagem registrada. Estoque atual: 2.')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('dryRun=false')).map((c) => c.body)).toEqual([{ imeis: [A, B, OTHER] }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('marks a line whose check digit fails and sends nothing until it is fixed', async () => {
    signInAs(['bo:manage:products']);
    const calls = mockFetch({});
    renderPage(<UnitCountDialog product={PHONE} onClose={() => {}} scanner={() => null} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Contagem por IMEI: Moto G54' });
    await user.type(within(dialog).getByLabelText(/^IMEIs/), '352099081234563');
    expect(await within(dialog).findByText('Dígito verificador não confere: 352099081234563.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Conferir' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.url.includes('count-units'))).toEqual([]);
  });
});
