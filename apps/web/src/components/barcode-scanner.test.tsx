import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CodeDetector, detectNewCodes } from './barcode-detection';
import BarcodeScanner from './barcode-scanner';

const detector = { detect: vi.fn<CodeDetector['detect']>() };

vi.mock('./barcode-detection', async (original) => ({
  ...(await original<typeof import('./barcode-detection')>()),
  createCodeDetector: vi.fn(async () => detector),
}));

const frame = (...codes: string[]) => codes.map((rawValue) => ({ rawValue, format: 'code_128' }));

describe('detectNewCodes', () => {
  it('gives each code of the frames once, trimmed, in the order found', async () => {
    const seen = new Set<string>();
    const mock = { detect: vi.fn<CodeDetector['detect']>() };
    mock.detect
      .mockResolvedValueOnce(frame(' 490154203237518 '))
      .mockResolvedValueOnce(frame('490154203237518', '352099081234565', ''))
      .mockResolvedValueOnce([]);
    const source = {} as ImageBitmapSource;
    expect(await detectNewCodes(mock, source, seen)).toEqual(['490154203237518']);
    expect(await detectNewCodes(mock, source, seen)).toEqual(['352099081234565']);
    expect(await detectNewCodes(mock, source, seen)).toEqual([]);
  });
});

describe('BarcodeScanner', () => {
  beforeEach(() => {
    detector.detect.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says so when the browser offers no camera', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const user = userEvent.setup();
    render(<BarcodeScanner onDetected={() => true} />);
    await user.click(screen.getByRole('button', { name: 'Escanear' }));
    expect(await screen.findByText(/não oferece acesso à câmera/)).toBeTruthy();
  });

  it('says so when the permission is refused', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const user = userEvent.setup();
    render(<BarcodeScanner onDetected={() => true} />);
    await user.click(screen.getByRole('button', { name: 'Escanear' }));
    expect(await screen.findByText(/permissão para usar a câmera foi negada/)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }),
    );
  });

  it('hands each code read to the list once and confirms it over the video; stops the camera on close', async () => {
    const stop = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
    detector.detect
      .mockResolvedValueOnce(frame('490154203237518'))
      .mockResolvedValueOnce(frame('490154203237518', '352099081234565'))
      .mockResolvedValue([]);
    // the list already has the second code
    const onDetected = vi.fn((code: string) => code === '490154203237518');
    const user = userEvent.setup();
    render(<BarcodeScanner onDetected={onDetected} />);
    await user.click(screen.getByRole('button', { name: 'Escanear' }));
    expect(await screen.findByText('Lido: 490154203237518')).toBeTruthy();
    expect(await screen.findByText('Já está na lista: 352099081234565')).toBeTruthy();
    await waitFor(() => expect(detector.detect.mock.calls.length).toBeGreaterThan(3));
    expect(onDetected.mock.calls).toEqual([['490154203237518'], ['352099081234565']]);
    expect(screen.getByText('1 código lido')).toBeTruthy();
    await act(() => user.click(screen.getByRole('button', { name: 'Concluir' })));
    expect(stop).toHaveBeenCalled();
  });
});
