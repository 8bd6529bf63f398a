import { PRODUCT_LIMITS, PRODUCT_TEXTS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import type { Storage } from '../../lib/storage';

const IMAGE_FOLDER = 'products';

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;
/** Refuses decompression bombs: no real product photo has more pixels than this. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Raster formats only: no SVG, PDF or other formats that carry more than pixels. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Turns the base64 text the client sends (without data-URL prefix) into a JPEG of at most 300×300
 * at quality 85. Anything that is not a decodable image, or weighs more than 2 MB, is refused.
 */
export async function normalizeProductImage(base64: string): Promise<Buffer> {
  const text = base64.replace(/^data:[^;,]+;base64,/, '');
  // 4 base64 characters carry 3 bytes: refuse before decoding anything too large.
  if ((text.length * 3) / 4 > PRODUCT_LIMITS.maxImageBytes + 4) throw new AppError(413, PRODUCT_TEXTS.imageTooLarge);
  if (!BASE64.test(text)) throw badRequest(PRODUCT_TEXTS.imageInvalid, 'INVALID_IMAGE');
  const input = Buffer.from(text, 'base64');
  if (input.length === 0) throw badRequest(PRODUCT_TEXTS.imageInvalid, 'INVALID_IMAGE');
  if (input.length > PRODUCT_LIMITS.maxImageBytes) throw new AppError(413, PRODUCT_TEXTS.imageTooLarge);
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!ACCEPTED_FORMATS.has(meta.format ?? '') || !meta.width || !meta.height) throw new Error('not an image');
    return await image
      .rotate()
      .resize(PRODUCT_LIMITS.imageSide, PRODUCT_LIMITS.imageSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PRODUCT_LIMITS.imageQuality, mozjpeg: true })
      .toBuffer();
  } catch {
    throw badRequest(PRODUCT_TEXTS.imageInvalid, 'INVALID_IMAGE');
  }
}

/** Decodes and checks pictures before the transaction (sharp is slow); `storeImages` writes them in it. */
export function normalizeImages(images: string[]): Promise<Buffer[]> {
  return Promise.all(images.map((image) => normalizeProductImage(image)));
}

/** Stores the pictures in the caller's transaction: a refused write stores none of them. */
export async function storeImages(storage: Storage, trx: Transaction<Database>, buffers: Buffer[]): Promise<string[]> {
  const keys: string[] = [];
  for (const buffer of buffers) keys.push(await storage.put(trx, IMAGE_FOLDER, buffer, 'jpg'));
  return keys;
}
