import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageViewerDialog } from './image-viewer-dialog';

const PACKAGING = [
  { url: '/api/files/orders/41-1.jpg', name: 'Embalagem 1' },
  { url: '/api/files/orders/41-2.jpg', name: 'Embalagem 2' },
  { url: '/api/files/orders/41-3.jpg', name: 'Embalagem 3' },
];
const EMPTY = 'Não foi gerada nenhuma imagem da embalagem para o pedido até o momento.';

function open(images = PACKAGING, onClose = vi.fn()) {
  render(<ImageViewerDialog open title="Imagens da embalagem" images={images} emptyText={EMPTY} onClose={onClose} />);
  return { user: userEvent.setup(), onClose };
}

const shown = () => (screen.getByRole('img') as HTMLImageElement).getAttribute('src');

describe('image viewer', () => {
  it("walks several pictures with Anterior/Próxima, saying 'n de total'", async () => {
    const { user } = open();
    expect(screen.getByRole('dialog', { name: 'Imagens da embalagem' })).toBeTruthy();
    expect(shown()).toBe('/api/files/orders/41-1.jpg');
    expect(screen.getByRole('status').textContent).toBe('1 de 3');
    const previous = screen.getByRole('button', { name: 'Anterior' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Próxima' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await user.click(next);
    await user.click(next);
    expect(shown()).toBe('/api/files/orders/41-3.jpg');
    expect(screen.getByRole('status').textContent).toBe('3 de 3');
    expect(next.disabled).toBe(true);
    await user.click(previous);
    expect(screen.getByRole('status').textContent).toBe('2 de 3');
    expect(screen.getByRole('img', { name: 'Embalagem 2' })).toBeTruthy();
  });

  it('moves with the arrow keys and stops at both ends', async () => {
    const { user } = open();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('status').textContent).toBe('1 de 3');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('status').textContent).toBe('3 de 3');
    expect(shown()).toBe('/api/files/orders/41-3.jpg');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('/api/files/orders/41-2.jpg');
  });

  it('shows one picture without navigation', () => {
    open([{ url: '/api/files/orders/41-signature.png', name: 'Assinatura' }]);
    expect(screen.getByRole('img', { name: 'Assinatura' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Próxima' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the empty text when there is no picture, and closes with 'Fechar' or Escape", async () => {
    const { user, onClose } = open([]);
    expect(screen.getByText(EMPTY)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
