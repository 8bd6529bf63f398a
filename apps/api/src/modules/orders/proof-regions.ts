import sharp, { type Sharp } from 'sharp';

/**
 * The region hashes of a payment proof (issue 53 finding 7, decision 0032 amended): a proof sent again cropped
 * 5 % (on any sides) or turned 3° must still be found, and two different proofs of one bank app must not be.
 *
 * - **Turned**: the picture's skew is measured (the angle, within ±5° by steps of 0.25°, that puts the horizontal
 *   edges of its marks in the fewest rows: a proof is lines of text) and undone, and the canvas a rotation widened is
 *   cut back to the picture's own size.
 * - **Framed**: the picture is then cut to its marks (a band of its background's grey on any side: a margin, a
 *   border someone added, white or black).
 * - **Cropped**: the hash is of the picture's centre (10 % of each side left out, where a crop or a rotation's
 *   corners fall), 16×16 cells, each one bit: darker than the median cell. Besides it, each proof keeps the hashes of
 *   the 9 regions a copy cropped 2.5 % or 5 % (on the left, both sides or the right; the top, both or the bottom)
 *   would show as its centre. Two proofs are near when the centre of one is at most REGION_NEAR_BITS of 256 from the
 *   other's centre or one of its 18 regions (both ways), or the centre of one's mirror image from the other's centre.
 *
 * Measured on eight drawn proofs (360×640, a header, lines of text, a logo): cropped 5 % on any sides 0–21 bits,
 * turned ±1–3° (white or black corners) 0–15, resized 0–5, bordered 0–6, mirrored 0–1; another proof of the same
 * layout 44–98; another layout 62 and more.
 */

/** How many of the 256 bits two proofs' region hashes may differ in and be the same proof. */
export const REGION_NEAR_BITS = 32;
/** The centre: this fraction of each side is left out. */
const MARGIN = 0.1;
/** The crops a copy may have had (a fraction of a side in all): up to 5 %, the regions of 2.5 % and 5 %. */
const CROPS = [0.025, 0.05];
const CELLS = 16;
/** The side the picture is brought within before it is measured, turned and cut: cheap, and its text still there. */
const WORK_SIDE = 400;
/** How far (in grey levels) a background band's colour may drift and still be the band (JPEG noise). */
const TRIM_THRESHOLD = 30;
/** The picture the hashes are taken of (a proof's usual shape). */
const WIDTH = 180;
const HEIGHT = 320;
const MAX_SKEW_DEGREES = 5;
const SKEW_STEP_DEGREES = 0.25;
/** The side the picture is brought within to measure its skew. */
const SKEW_SIDE = 240;
/** The pixels (of the WORK_SIDE picture) left out along each edge of a turned picture: blended with its corners. */
const TURN_EDGE_PIXELS = 3;
/** The skew is measured on the marks this fraction of each side away from the edges. */
const SKEW_EDGE = 0.1;
/** How far a pixel's grey is from the one above it at a mark's edge (text, a line, a logo). */
const MARK_CONTRAST = 60;

/** A proof's region hashes: [its centre, its mirror image's centre, then the 9 regions of each crop]. */
export type RegionHashes = string[];

/** A grey picture in memory: one byte a pixel. */
interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

const raw = (grey: Grey) => sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } });
const greyOf = async (pipeline: Sharp): Promise<Grey> => {
  const { data, info } = await pipeline.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The angle (degrees, clockwise) the marks' edges of a grey picture lie at: the one that puts them in the fewest rows. */
/** The grey level most of a picture is: its background. */
function backgroundOf(data: Buffer): number {
  const counts = new Array<number>(256).fill(0);
  for (const level of data) counts[level] = (counts[level] as number) + 1;
  return counts.indexOf(Math.max(...counts));
}

export function skewOf({ data, width, height }: Grey): number {
  const xs: number[] = [];
  const ys: number[] = [];
  // The marks away from the corners, where a rotation's canvas adds its triangles of background (black or white).
  const [x0, x1] = [Math.round(width * SKEW_EDGE), Math.round(width * (1 - SKEW_EDGE))];
  const [y0, y1] = [Math.round(height * SKEW_EDGE), Math.round(height * (1 - SKEW_EDGE))];
  // A mark's edge: a pixel unlike the one above it (a line of text has two, a filled block only its own two).
  for (let y = Math.max(1, y0); y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (Math.abs((data[y * width + x] as number) - (data[(y - 1) * width + x] as number)) > MARK_CONTRAST) {
        xs.push(x - width / 2);
        ys.push(y - height / 2);
      }
    }
  }
  let best = 0;
  let bestScore = -1;
  // A mark's row, turned by any of the angles, lies within ±(height + width) / 2 of the centre.
  const offset = Math.ceil((height + width) / 2) + 1;
  const rows = new Int32Array(2 * offset + 1);
  for (let step = -MAX_SKEW_DEGREES / SKEW_STEP_DEGREES; step <= MAX_SKEW_DEGREES / SKEW_STEP_DEGREES; step++) {
    const angle = step * SKEW_STEP_DEGREES;
    const slope = Math.tan((angle * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const row = Math.round((ys[i] as number) - (xs[i] as number) * slope) + offset;
      rows[row] = (rows[row] as number) + 1;
    }
    let score = 0;
    for (const count of rows) score += count * count;
    // The straighter of two equal scores: an upright picture stays as it is.
    if (score > bestScore || (score === bestScore && Math.abs(angle) < Math.abs(best))) {
      bestScore = score;
      best = angle;
    }
  }
  return best;
}

/** The picture turned back by its skew, cut to the size it had before a rotation widened its canvas. */
async function upright(grey: Grey): Promise<Grey> {
  const angle = skewOf(await greyOf(raw(grey).resize(SKEW_SIDE, SKEW_SIDE, { fit: 'inside' })));
  if (angle === 0) return grey;
  const radians = (Math.abs(angle) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  // A W×H picture turned by θ fills a (W cos θ + H sin θ) × (W sin θ + H cos θ) canvas: solved for W and H.
  const ownWidth = Math.round((grey.width * cos - grey.height * sin) / (cos * cos - sin * sin));
  const ownHeight = Math.round((grey.height * cos - grey.width * sin) / (cos * cos - sin * sin));
  const turned = await greyOf(raw(grey).rotate(-angle, { background: '#ffffff' }));
  // Less the edges' few pixels the turns blend with the rotation's background.
  const left = Math.max(0, Math.round((turned.width - ownWidth) / 2) + TURN_EDGE_PIXELS);
  const top = Math.max(0, Math.round((turned.height - ownHeight) / 2) + TURN_EDGE_PIXELS);
  const width = Math.max(1, Math.min(ownWidth - 2 * TURN_EDGE_PIXELS, turned.width - left));
  const height = Math.max(1, Math.min(ownHeight - 2 * TURN_EDGE_PIXELS, turned.height - top));
  return greyOf(raw(turned).extract({ left, top, width, height }));
}

/** The picture cut to its marks: a background band on any side (a margin, a border added) is left out. */
async function content(grey: Grey): Promise<Grey> {
  // A picture of one colour has nothing to trim: libvips refuses to, and it is kept as it is.
  const level = backgroundOf(grey.data);
  const background = { r: level, g: level, b: level };
  return greyOf(raw(grey).trim({ background, threshold: TRIM_THRESHOLD })).catch(() => grey);
}

/** Sums of the grey levels above and to the left of each corner ((WIDTH+1)×(HEIGHT+1)): any box's sum in 4 reads. */
function integral(grey: Buffer, mirror: boolean): Float64Array {
  const sums = new Float64Array((WIDTH + 1) * (HEIGHT + 1));
  for (let y = 0; y < HEIGHT; y++) {
    let row = 0;
    for (let x = 0; x < WIDTH; x++) {
      row += grey[y * WIDTH + (mirror ? WIDTH - 1 - x : x)] as number;
      sums[(y + 1) * (WIDTH + 1) + x + 1] = (sums[y * (WIDTH + 1) + x + 1] as number) + row;
    }
  }
  return sums;
}

/** The 256-bit hash (64 hex digits) of a region (fractions of the picture): its 16×16 cells darker than their median. */
function regionHash(sums: Float64Array, left: number, top: number, size: { w: number; h: number }): string {
  const at = (x: number, y: number) => sums[y * (WIDTH + 1) + x] as number;
  const means: number[] = [];
  for (let row = 0; row < CELLS; row++) {
    const y0 = Math.round((top + (size.h * row) / CELLS) * HEIGHT);
    const y1 = Math.max(y0 + 1, Math.round((top + (size.h * (row + 1)) / CELLS) * HEIGHT));
    for (let col = 0; col < CELLS; col++) {
      const x0 = Math.round((left + (size.w * col) / CELLS) * WIDTH);
      const x1 = Math.max(x0 + 1, Math.round((left + (size.w * (col + 1)) / CELLS) * WIDTH));
      means.push((at(x1, y1) - at(x0, y1) - at(x1, y0) + at(x0, y0)) / ((x1 - x0) * (y1 - y0)));
    }
  }
  const median = [...means].sort((a, b) => a - b)[means.length >> 1] as number;
  let hex = '';
  for (let i = 0; i < means.length; i += 4) {
    let nibble = 0;
    for (let j = 0; j < 4; j++) nibble = (nibble << 1) | ((means[i + j] as number) < median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** A proof's region hashes (see above), of the picture in grey without an added frame. */
export async function regionHashes(image: Buffer): Promise<RegionHashes> {
  const small = await greyOf(
    sharp(image).flatten({ background: '#ffffff' }).greyscale().resize(WORK_SIDE, WORK_SIDE, { fit: 'inside' }),
  );
  const grey = await greyOf(raw(await content(await upright(small))).resize(WIDTH, HEIGHT, { fit: 'fill' }));
  const sums = integral(grey.data, false);
  const span = 1 - 2 * MARGIN;
  const centre = { w: span, h: span };
  const hashes = [
    regionHash(sums, MARGIN, MARGIN, centre),
    regionHash(integral(grey.data, true), MARGIN, MARGIN, centre),
  ];
  // A copy cropped by `crop`, `share` of it on the left (or top): its centre is this region of the picture.
  for (const crop of CROPS) {
    const scale = 1 - crop;
    for (const shareTop of [0, 0.5, 1]) {
      for (const shareLeft of [0, 0.5, 1]) {
        const left = crop * shareLeft + scale * MARGIN;
        const top = crop * shareTop + scale * MARGIN;
        hashes.push(regionHash(sums, left, top, { w: span * scale, h: span * scale }));
      }
    }
  }
  return hashes;
}

/** Whether a string is a region hash (64 hex digits), not one of the 64-bit hashes kept before. */
export const isRegionHash = (hash: string): boolean => hash.length === (CELLS * CELLS) / 4;

/** 32-bit words in a region hash. */
const WORDS = (CELLS * CELLS) / 32;

/** A proof's region hashes read for comparing: 32-bit words, WORDS a hash (its centre, its mirror's, its regions). */
export interface ReadRegionHashes {
  words: Uint32Array;
  count: number;
}

/** Its region hashes read for comparing (one pass of hex decoding), or null for a proof kept before them. */
export function readRegionHashes(hashes: readonly string[]): ReadRegionHashes | null {
  const region = hashes.filter(isRegionHash);
  if (region.length < 2) return null;
  // Decoded into a buffer of its own (aligned for 32-bit words); the words' byte order does not change a bit count.
  const words = new Uint32Array(region.length * WORDS);
  Buffer.from(words.buffer).write(region.join(''), 'hex');
  return { words, count: region.length };
}

/** Whether hash `i` of `a` and hash `j` of `b` differ in at most REGION_NEAR_BITS bits (stops once past it). */
function near(a: Uint32Array, i: number, b: Uint32Array, j: number): boolean {
  let count = 0;
  for (let k = 0; k < WORDS; k++) {
    let v = ((a[i * WORDS + k] as number) ^ (b[j * WORDS + k] as number)) >>> 0;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    if (count > REGION_NEAR_BITS) return false;
  }
  return true;
}

/** Whether two proofs' region hashes are the same proof, cropped, turned or mirrored (see above). */
export function nearRegions(a: ReadRegionHashes, b: ReadRegionHashes): boolean {
  // 0: the centre, 1: the mirror's centre, 2 and on: the regions of a crop.
  if (near(a.words, 0, b.words, 0) || near(a.words, 1, b.words, 0)) return true;
  for (let i = 2; i < a.count; i++) if (near(a.words, i, b.words, 0)) return true;
  for (let j = 2; j < b.count; j++) if (near(a.words, 0, b.words, j)) return true;
  return false;
}
