import type { Product } from '@backoffice/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CodeDetector } from '../../../components/barcode-detection';
import { CAPA } from '../test-data';
import { cartButton, openPage, pickJoana, sent } from './test-selling-page';

const detector = { detect: vi.fn<CodeDetector['detect']>() };
vi.mock('../../../components/barcode-detection', async (original) => ({
  ...(await original<typeof import('../../../components/barcode-detection')>()),
  createCodeDetector: vi.fn(async () => detector),
}));

describe("Selling page: 'Escanear' a box adds its product to the cart (issue 17 §6)", () => {
  /** The product of CAPA's box as GET /products/barcode answers it (7891000315507: check digit 7). */
  const CAPA_PRODUCT: Product = {
    id: CAPA.productId,
    code: CAPA.code,
    name: CAPA.name,
    description: null,
    brand: 'Apple',
    reference: 'iPhone 15',
    cost: 600,
    sellPrice: 1234.56,
    stock: 3,
    stockAlert: 0,
    tags: [],
    imagesUrl: [],
    images: [],
    discount: { goldPercentage: 0, silverPercentage: 0, bronzePercentage: 0 },
    archived: false,
    serialized: false,
    barcode: '7891000315507',
    goldPrice: 600,
    silverPrice: 600,
  };

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    detector.detect.mockReset();
  });

  function cameraShows(...codes: string[]) {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: () => undefined }] })) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
    for (const code of codes) detector.detect.mockResolvedValueOnce([{ rawValue: code }]);
    detector.detect.mockResolvedValue([]);
  }

  it('one unit a scan: the same box scanned twice makes 2; an unknown code says so and adds nothing', async () => {
    const { user, calls, server } = openPage(() => ({
      'GET /api/products/barcode/7891000315507': { body: { data: CAPA_PRODUCT } },
      'GET /api/products/barcode/96385074': {
        status: 404,
        body: { errors: ['Nenhum produto com o código de barras 96385074.'], code: 'NOT_FOUND' },
      },
    }));
    await pickJoana(user);
    // the scanner's button loads lazily (with the detector only when pressed)
    const scan = () => screen.findByRole('button', { name: 'Escanear o código de barras de um produto' });

    cameraShows('7891000315507');
    await user.click(await scan());
    expect(await screen.findByText('Capa de silicone iPhone 15: 1 unidade adicionada ao carrinho.')).toBeTruthy();
    // the dialog closed with the read: one box, one unit
    expect(screen.queryByRole('dialog', { name: 'Escanear código de barras' })).toBeNull();
    expect(sent(calls, 'POST', '/api/orders/cart/add/7').map((c) => c.body)).toEqual([{ productId: 3, quantity: 1 }]);
    await waitFor(() => expect(cartButton().getAttribute('aria-label')).toBe('Carrinho com 1 produto'));

    cameraShows('7891000315507');
    await user.click(await scan());
    await waitFor(() => expect(sent(calls, 'POST', '/api/orders/cart/add/7')).toHaveLength(2));
    expect(server.lines.get(3)).toBe(2);

    cameraShows('96385074');
    await user.click(await scan());
    expect(await screen.findByText('Nenhum produto com o código de barras 96385074.')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/orders/cart/add/7')).toHaveLength(2);
    expect(sent(calls, 'GET', '/api/products/barcode/').map((c) => c.url)).toEqual([
      '/api/products/barcode/7891000315507',
      '/api/products/barcode/7891000315507',
      '/api/products/barcode/96385074',
    ]);
  });
});
