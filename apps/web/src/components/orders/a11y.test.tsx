import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { ImageViewerDialog } from './image-viewer-dialog';
import { OrderDetailsDialog } from './order-details-dialog';
import { makeOrderDetail } from './test-data';

/** The WCAG A/AA rules axe can judge without layout (jsdom has no colours or sizes: the journeys check those). */
async function violations(element: Element) {
  const results = await axe.run(element, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const ORDER = makeOrderDetail({
  items: Array.from({ length: 6 }, (_, i) => ({ name: `Item ${i + 1}`, quantity: 1, unitPrice: 10 })),
});

describe('order pieces pass axe', () => {
  it('the order details dialog', async () => {
    renderPage(<OrderDetailsDialog open order={ORDER} onClose={() => {}} />);
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
