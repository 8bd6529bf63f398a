import { z } from 'zod';

/** Texts of a product's barcode (GTIN/EAN, 'Código de barras'); shared: the web shows them as sent. */
export const GTIN_TEXTS = {
  label: 'Código de barras',
  /** Not 8, 12, 13 or 14 digits. */
  format: 'O código de barras deve ter 8, 12, 13 ou 14 dígitos (GTIN/EAN).',
  /** The GS1 check digit does not match (400). */
  invalid: (code: string) => `Código de barras inválido: ${code} (dígito verificador não confere).`,
  /** 409 BARCODE_DUPLICATE: another product has it, named. */
  duplicate: (code: string, product: string) => `O código de barras ${code} já está no produto ${product}.`,
  /** GET /products/barcode/{gtin}: no active product has it. */
  notFound: (code: string) => `Nenhum produto com o código de barras ${code}.`,
} as const;

/**
 * The GS1 check digit of a GTIN's body (every digit but the last): from the right, the digits weigh
 * 3, 1, 3, 1…; the check digit brings the sum up to a multiple of 10.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

const GTIN_SHAPE = /^(\d{8}|\d{12,14})$/;

/** A GTIN-8, -12 (UPC-A), -13 (EAN-13) or -14 whose last digit is its GS1 check digit. */
export function isValidGtin(code: string): boolean {
  return GTIN_SHAPE.test(code) && gtinCheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/**
 * The GTIN-14 form of a code (zeros on the left): a UPC-A box read as 12 digits and the same box typed
 * as its EAN-13 (a leading 0) are one product. Uniqueness and the lookup compare this form.
 */
export function gtin14(code: string): string {
  return code.padStart(14, '0');
}

/**
 * 'Código de barras' on a product (POST /products, PUT /products/{code}): absent leaves it as it is (none
 * on create); blank or null is none;
 * digits only, 8/12/13/14 of them, with the GS1 check digit verified.
 */
export const barcodeSchema = z
  .string()
  .trim()
  .max(32, GTIN_TEXTS.format)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value ? value : null))
  .superRefine((value, ctx) => {
    if (value === null || value === undefined) return;
    if (!GTIN_SHAPE.test(value)) ctx.addIssue({ code: 'custom', message: GTIN_TEXTS.format });
    else if (!isValidGtin(value)) ctx.addIssue({ code: 'custom', message: GTIN_TEXTS.invalid(value) });
  });

/** A code in the path of GET /products/barcode/{gtin}: the shape only (an invalid code is simply unknown). */
export const gtinParamSchema = z.string().regex(GTIN_SHAPE, GTIN_TEXTS.format);
