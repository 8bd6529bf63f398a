import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PIX_COPIED_MS, PixCode } from './pix-code';

const PAYLOAD =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PixCode', () => {
  it('shows the QR code and the copia-e-cola text', () => {
    render(<PixCode payload={PAYLOAD} />);
    const qr = screen.getByRole('img', { name: 'QR Code Pix' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // The QR modules are drawn as one path with data.
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Pix copia e cola') as HTMLTextAreaElement).value).toBe(PAYLOAD);
  });

  it("copies the code and says 'Código Copiado' for one second", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<PixCode payload={PAYLOAD} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar código Pix' }));
    });
    expect(writeText).toHaveBeenCalledWith(PAYLOAD);
    expect(screen.getByRole('button', { name: 'Código Copiado' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(PIX_COPIED_MS - 1));
    expect(screen.getByRole('button', { name: 'Código Copiado' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copiar código Pix' })).toBeTruthy();
  });

  it('selects the text when the clipboard is refused, without claiming it was copied', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('negado'))) },
    });
    render(<PixCode payload={PAYLOAD} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar código Pix' }));
    });
    const text = screen.getByLabelText('Pix copia e cola') as HTMLTextAreaElement;
    expect(text.selectionStart).toBe(0);
    expect(text.selectionEnd).toBe(PAYLOAD.length);
    expect(screen.queryByRole('button', { name: 'Código Copiado' })).toBeNull();
  });
});
