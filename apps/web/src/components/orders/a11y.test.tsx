import type { OrderView } from '@backoffice/contract';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { ImageViewerDialog } from './image-viewer-dialog';
import { OrderDetailsDialog } from './order-details-dialog';

/** The WCAG A/AA rules axe can judge without layout (jsdom has no colours or sizes: the journeys check those). */
async function violations(element: Element) {
  const results = await axe.run(element, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const ORDER: OrderView = {
  orderId: 41,
  code: 'K7M2Q9',
  customer: 'João da Conceição',
  status: 4,
  updatedAt: '2026-03-05T14:07:09.000Z',
  typeOfDelivery: 2,
  deliverer: null,
  stocker: null,
  payment: 'CASH',
  total: 100,
  shippingCost: 0,
  neighborhood: null,
  comments: null,
  hasWarranty: false,
  items: Array.from({ length: 6 }, (_, i) => ({ name: `Item ${i + 1}`, quantity: 1, unitPrice: 10 })),
};

describe('order pieces pass axe', () => {
  it('the order details dialog', async () => {
    render(<OrderDetailsDialog order={ORDER} onClose={() => {}} />);
    expect(await violations(screen.getByRole('dialog'))).toEqual([]);
  });

  it('the image viewer, with several pictures and with none', async () => {
    const images = [{ url: '/a.jpg' }, { url: '/b.jpg' }];
    const { unmount } = render(
      <ImageViewerDialog open title="Imagens da embalagem" images={images} emptyText="Nenhuma" onClose={() => {}} />,
    );
    expect(await violations(screen.getByRole('dialog'))).toEqual([]);
    unmount();
    render(<ImageViewerDialog open title="Assinatura" images={[]} emptyText="Nenhuma" onClose={() => {}} />);
    expect(await violations(screen.getByRole('dialog'))).toEqual([]);
  });
});
