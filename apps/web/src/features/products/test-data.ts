import type { Product } from '@backoffice/contract';

/** A product as the API answers it: an accessory of R$ 10,00 sold at R$ 15,00, with `overrides`. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    code: 'P100001',
    name: 'Capa iPhone 15',
    description: null,
    brand: 'Apple',
    reference: null,
    cost: 10,
    sellPrice: 15,
    stock: 0,
    stockAlert: 0,
    tags: [],
    imagesUrl: [],
    images: [],
    discount: { goldPercentage: 0, silverPercentage: 0, bronzePercentage: 0 },
    archived: false,
    serialized: false,
    goldPrice: 10,
    silverPrice: 10,
    ...overrides,
  };
}
