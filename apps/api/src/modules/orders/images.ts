import { ORDER_LIMITS, ORDER_TEXTS } from '@backoffice/contract';
import sharp from 'sharp';
import { AppError, badRequest } from '../../lib/errors';
import { regionHashes } from './proof-regions';

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;
/** Refuses decompression bombs: no phone photo has more pixels than this. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Phone cameras and canvases give these; no SVG, PDF or other formats that carry more than pixels. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * What a picture is for, and how it is kept: a photo (a package, a used phone, a repair's arrival) stays legible; a
 * payment proof too, and it is fingerprinted (its hashes find the same proof sent for another order, decision
 * 0032); a signature keeps its lines sharp.
 */
export type OrderPictureKind = 'photo' | 'proof' | 'signature';

/** The stored form of each kind. */
const OUTPUT = {
  photo: { side: 1280, extension: 'jpg' },
  proof: { side: 1280, extension: 'jpg' },
  signature: { side: 1000, extension: 'png' },
} as const;

export interface NormalizedPicture {
  data: Buffer;
  extension: 'jpg' | 'png';
  /**
   * A proof's perceptual hash (`differenceHash`): the same picture re-encoded keeps (nearly) the same. Only a
   * 'proof' has it: the hashes are several passes of sharp no other picture needs.
   */
  phash?: string;
  /**
   * A proof's near-match hashes (`nearHashes`): of the picture framed and of its mirror image (64 bits each), then
   * its region hashes (proof-regions.ts).
   */
  nearHashes?: string[];
}

/**
 * A difference hash of the pixels (dHash): the picture in 9×8 grey levels, one bit per pair of neighbours
 * in a row (1 when the left one is brighter), 64 bits as 16 hex digits. Re-encoding, resizing or a
 * different JPEG quality moves few bits; another picture moves about half of them.
 */
export async function differenceHash(image: Buffer): Promise<string> {
  return rowDifferences(await sharp(image).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer());
}

/** The 64 bits of a 9×8 grey picture's rows compared neighbour by neighbour, as 16 hex digits. */
function rowDifferences(grey: Buffer): string {
  let bits = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const left = grey[row * 9 + col] as number;
      const right = grey[row * 9 + col + 1] as number;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** How far (in pixels of a grey level) a frame's colour may drift and still be the frame (JPEG noise). */
const FRAME_THRESHOLD = 30;

/**
 * The picture in grey without a frame someone added around it: a band of one colour on all four sides (a
 * border, a screenshot's black bars) is cut off. A band on fewer sides is the picture's own (a header, a
 * margin) and stays, so two different proofs of one bank are not both cut down to their text.
 */
async function framedGrey(image: Buffer): Promise<Buffer> {
  const grey = await sharp(image).flatten({ background: '#ffffff' }).greyscale().toColourspace('b-w').png().toBuffer();
  const whole = await sharp(grey).metadata();
  // A picture of one colour (a blank or 1-pixel proof) has nothing to trim: libvips refuses to, and such a
  // picture is kept as it is (it is still a proof the attendant reads; its hash is flat).
  const trimmed = await sharp(grey)
    .trim({ threshold: FRAME_THRESHOLD })
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!trimmed) return grey;
  const { info } = trimmed;
  const left = -(info.trimOffsetLeft ?? 0);
  const top = -(info.trimOffsetTop ?? 0);
  const right = (whole.width ?? 0) - left - info.width;
  const bottom = (whole.height ?? 0) - top - info.height;
  if (!(left > 0 && top > 0 && right > 0 && bottom > 0)) return grey;
  return sharp(grey).extract({ left, top, width: info.width, height: info.height }).png().toBuffer();
}

/**
 * The near-match hashes of a payment proof (issue 34 §3, decision 0032): the difference hash of the picture
 * in grey without an added frame, and of its mirror image, which the proofs kept before the region hashes are
 * compared by; then the region hashes of that picture (proof-regions.ts, issue 53 finding 7), which find the same
 * proof resized, with a border, cropped 5 %, turned 3° or mirrored, and not another proof of the same bank app.
 */
export async function nearHashes(image: Buffer): Promise<string[]> {
  const grey = await framedGrey(image);
  const small = (mirror: boolean) => {
    const base = sharp(grey);
    return (mirror ? base.flop() : base).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  };
  return [rowDifferences(await small(false)), rowDifferences(await small(true)), ...(await regionHashes(grey))];
}

/**
 * The hash cut into 7 bands (10 bits, then six of 9), each named by its place ('3:010011101'): two hashes
 * at most 6 bits apart share at least one band whole, so the proofs sharing a band are the only candidates
 * (migration 0026 keeps them in `order_images.phash_bands`, GIN-indexed). A flat picture has none.
 */
export function hashBands(phash: string): string[] | null {
  if (/^0+$/.test(phash)) return null;
  const bits = BigInt(`0x${phash}`).toString(2).padStart(64, '0');
  const bands = [bits.slice(0, 10)];
  for (let from = 10; from < 64; from += 9) bands.push(bits.slice(from, from + 9));
  return bands.map((band, index) => `${index}:${band}`);
}

/** How many of the 64 bits two hashes differ in. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

/**
 * Checks and re-encodes a picture the client sends as base64 (with or without a data-URL prefix), like
 * product images: anything that is not a decodable JPEG/PNG/WebP/HEIF, or weighs more than 4 MB, is
 * refused (400 INVALID_IMAGE, 413). Photos become JPEG of at most 1280 px a side; signatures PNG on white
 * of at most 1000 px (a transparent canvas would show black lines on black in some viewers).
 */
export async function normalizeOrderPicture(base64: string, kind: OrderPictureKind): Promise<NormalizedPicture> {
  const text = base64.replace(/^data:[^;,]+;base64,/, '');
  if ((text.length * 3) / 4 > ORDER_LIMITS.maxImageBytes + 4) {
    throw new AppError(413, ORDER_TEXTS.imageTooLarge, { code: 'PAYLOAD_TOO_LARGE' });
  }
  if (!BASE64.test(text)) throw badRequest(ORDER_TEXTS.imageInvalid, 'INVALID_IMAGE');
  const input = Buffer.from(text, 'base64');
  if (input.length === 0) throw badRequest(ORDER_TEXTS.imageInvalid, 'INVALID_IMAGE');
  const output = OUTPUT[kind];
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!ACCEPTED_FORMATS.has(meta.format ?? '') || !meta.width || !meta.height) throw new Error('not an image');
    const resized = image
      .rotate()
      .resize(output.side, output.side, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' });
    const data =
      kind === 'signature'
        ? await resized.png({ compressionLevel: 9 }).toBuffer()
        : await resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    if (kind !== 'proof') return { data, extension: output.extension };
    return { data, extension: output.extension, phash: await differenceHash(data), nearHashes: await nearHashes(data) };
  } catch {
    throw badRequest(ORDER_TEXTS.imageInvalid, 'INVALID_IMAGE');
  }
}
