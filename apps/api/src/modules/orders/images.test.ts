import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normalizeOrderPicture } from './images';

/** A 1×1 PNG, as a phone's blank capture or a test's smallest proof sends it. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('order pictures', () => {
  it('accepts a proof of one colour (nothing to trim for its near-match hash), as a JPEG', async () => {
    const picture = await normalizeOrderPicture(`data:image/png;base64,${ONE_PIXEL_PNG}`, 'proof');
    expect(picture.extension).toBe('jpg');
    expect((await sharp(picture.data).metadata()).format).toBe('jpeg');
    // Two 64-bit hashes (the picture, its mirror), then the region hashes of 256 bits: the centre, its mirror's,
    // and 9 regions for each of the 2 crops (2.5 % and 5 %): 2 + 2 + 18 = 22.
    expect(picture.nearHashes?.map((hash) => hash.length)).toEqual([16, 16, ...new Array(20).fill(64)]);
  });

  it('fingerprints only a proof: a photo of a package or a used phone is kept without hashes', async () => {
    const picture = await normalizeOrderPicture(`data:image/png;base64,${ONE_PIXEL_PNG}`, 'photo');
    expect(picture.extension).toBe('jpg');
    expect([picture.phash, picture.nearHashes]).toEqual([undefined, undefined]);
  });

  it('accepts a white page of one colour too', async () => {
    const white = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const picture = await normalizeOrderPicture(white.toString('base64'), 'photo');
    expect((await sharp(picture.data).metadata()).width).toBe(600);
  });

  it('still refuses what is not a picture', async () => {
    await expect(normalizeOrderPicture(Buffer.from('not a picture').toString('base64'), 'photo')).rejects.toThrow();
  });
});
