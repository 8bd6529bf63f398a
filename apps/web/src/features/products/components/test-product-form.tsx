import type { Brand, Product } from '@backoffice/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { mockFetch, renderPage } from '../../../test/render';
import type { PreparedImage } from '../lib/image-resize';
import { ProductForm } from './product-form';

/** The product form rendered with spied handlers, and the products and IMEIs of product-form*.test.tsx. */

const BRANDS: Brand[] = [
  { name: 'Apple', references: ['iPhone 15', 'iPhone 14'] },
  { name: 'Samsung', references: ['Galaxy S24'] },
];

export const PRODUCT: Product = {
  id: 7,
  code: 'P100007',
  name: 'Capa Silicone iPhone 15',
  description: null,
  brand: 'Apple',
  reference: 'iPhone 15',
  cost: 10,
  sellPrice: 25.9,
  stock: 4,
  stockAlert: 2,
  tags: ['capa'],
  imagesUrl: ['/api/files/products/a.jpg'],
  images: [{ url: '/api/files/products/a.jpg', name: 'P100007-1.jpg' }],
  discount: { goldPercentage: 20, silverPercentage: 30, bronzePercentage: 0 },
  archived: false,
  serialized: false,
  goldPrice: 12,
  silverPrice: 13,
};

type User = ReturnType<typeof userEvent.setup>;

export async function choose(user: User, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

export const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

export function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const handlers = {
    onSubmit: vi.fn(async () => undefined),
    onClose: vi.fn<() => void>(),
    onCreateBrand: vi.fn(async () => true),
    onCreateReference: vi.fn(async () => true),
    onUploadImage: vi.fn(async () => undefined),
    prepareImage: vi.fn(
      async (file: File): Promise<PreparedImage> => ({
        base64: `b64-${file.name}`,
        dataUrl: 'data:image/jpeg;base64,AAAA',
        name: file.name.replace(/\.\w+$/, '.jpg'),
      }),
    ),
  };
  renderPage(<ProductForm mode="create" brands={BRANDS} {...handlers} {...props} />);
  return { user: userEvent.setup(), ...handlers };
}

/** Valid IMEIs (Luhn worked out by hand) and one whose check digit is wrong. */
export const IMEI = {
  a: '490154203237518',
  b: '352099081234565',
  c: '356938035643809',
  d: '220000000000004',
  e: '330000000000001',
  bad: '352099081234563',
};

export const PHONE: Product = {
  ...PRODUCT,
  id: 9,
  code: 'P100009',
  name: 'iPhone 15 128GB',
  stock: 0,
  serialized: true,
};

/** POST /units/check: `c` belongs to another phone, `e` came back (RETURNED) to PHONE; the rest are free. */
export function mockUnitCheck() {
  return mockFetch({
    'POST /api/units/check': (call) => ({
      body: {
        data: (call.body as { imeis: string[] }).imeis.map((imei) => ({
          imei,
          valid: true,
          registered:
            imei === IMEI.c
              ? { productId: 3, productCode: 'P100003', productName: 'Galaxy S24', status: 'IN_STOCK' }
              : imei === IMEI.e
                ? { productId: PHONE.id, productCode: PHONE.code, productName: PHONE.name, status: 'RETURNED' }
                : null,
        })),
      },
    }),
  });
}

export const lineOf = (n: number) => screen.getByRole('listitem', { name: `Linha ${n}` });
