import type { TaskOrder } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { renderPage, signInAs } from '../../../test/render';
import { PackDialog } from './pack-dialog';

/**
 * The camera is the scanner's (tested with it); here a stand-in reads, one per click, the boxes' barcodes a
 * stocker passes in front of it, and says what the dialog answered.
 */
const boxes = ['490154203237518', '490154203237518', '352099081234565', '356938035643809'];
const answers: boolean[] = [];
vi.mock('../../../components/barcode-scanner', () => ({
  default: ({ onDetected }: { onDetected: (code: string) => boolean }) => (
    <button type="button" onClick={() => answers.push(onDetected(boxes[answers.length] as string))}>
      Escanear
    </button>
  ),
}));

const ORDER: TaskOrder = {
  ...makeOrderSummary({ orderId: 2, code: 'D4E-5F6', status: 'Em preparação', statusKey: 2 }),
  actions: ['readyForCourier'],
  items: [
    { productId: 31, name: 'Galaxy A55', quantity: 2, serialized: true },
    { productId: 8, name: 'Película 3D', quantity: 1, serialized: false },
  ],
  customerPhone: '11988887777',
  address: {
    street: null,
    number: null,
    complement: null,
    neighborhood: 'Centro',
    city: null,
    state: null,
    zipCode: null,
  },
};

describe('packing phones by scanning their boxes', () => {
  it('fills the IMEI fields in order, once each; a box read again, or one too many, is refused', async () => {
    signInAs(['bo:manage:products'], 'Carlos Estoquista');
    const onSubmit = vi.fn();
    renderPage(<PackDialog order={ORDER} busy={false} onSubmit={onSubmit} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Embalagem do pedido D4E-5F6' });
    const scan = await within(dialog).findByRole('button', { name: 'Escanear' });
    for (let i = 0; i < boxes.length; i++) await userEvent.click(scan);
    // The first box, the same box again (refused), the second box, then a third the order has no room for.
    expect(answers).toEqual([true, false, true, false]);
    expect((within(dialog).getByLabelText('IMEI 1 de 2: Galaxy A55') as HTMLInputElement).value).toBe(
      '490154203237518',
    );
    expect((within(dialog).getByLabelText('IMEI 2 de 2: Galaxy A55') as HTMLInputElement).value).toBe(
      '352099081234565',
    );
  });
});
