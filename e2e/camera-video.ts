import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BarcodeVideoOptions {
  /** ZXing's symbology: an IMEI box's Code 128, a product box's EAN-13. */
  format: 'Code128' | 'EAN13';
  /** ZXing's module size in pixels. */
  scale: number;
  /** Each module drawn this many pixels wider again (a long Code 128 reads better stretched). */
  stretch?: number;
  /** Height of the bars in the picture. */
  barHeight: number;
  /**
   * Frames (10 a second) of an empty scene before the first code, as when the box is brought before the camera
   * after the scanner opened. Chromium's fake camera plays its file from the first frame each time the camera is
   * opened (the scanner stops its tracks when it closes): the scanner stays open at least this long.
   */
  leadIn?: number;
}

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`; Y4M, 640×480, 4:2:0): each code's
 * barcode, drawn by ZXing's writer, held for two seconds, one after the other, as boxes passed in front of
 * a phone's camera (the video loops), after `leadIn` frames of nothing. Answers the file's path.
 */
export async function barcodeVideo(codes: string[], options: BarcodeVideoOptions): Promise<string> {
  const require = createRequire(import.meta.url);
  const { prepareZXingModule, writeBarcode } = await import('zxing-wasm/writer');
  const wasm = readFileSync(
    path.join(path.dirname(require.resolve('zxing-wasm/writer')), '../../writer/zxing_writer.wasm'),
  );
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer as ArrayBuffer } });
  const W = 640;
  const H = 480;
  const stretch = options.stretch ?? 1;
  const frames: Buffer[] = [];
  const empty = Buffer.concat([
    Buffer.from('FRAME\n'),
    Buffer.alloc(W * H, 235),
    Buffer.alloc((W / 2) * (H / 2), 128),
    Buffer.alloc((W / 2) * (H / 2), 128),
  ]);
  for (let i = 0; i < (options.leadIn ?? 0); i++) frames.push(empty);
  for (const code of codes) {
    const written = await writeBarcode(code, { format: options.format, scale: options.scale });
    const { data, width, height } = written.symbol as { data: Uint8ClampedArray; width: number; height: number };
    const perPixel = data.length / (width * height);
    const luma = Buffer.alloc(W * H, 235);
    const left = Math.floor((W - width * stretch) / 2);
    const top = Math.floor((H - options.barHeight) / 2);
    for (let y = 0; y < options.barHeight; y++) {
      for (let x = 0; x < width * stretch; x++) {
        const source = (Math.floor((y * height) / options.barHeight) * width + Math.floor(x / stretch)) * perPixel;
        luma[(top + y) * W + left + x] = (data[source] as number) < 128 ? 16 : 235;
      }
    }
    const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
    const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
    for (let i = 0; i < 20; i++) frames.push(frame); // 2 s at 10 frames a second
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'barcode-video-')), 'barcodes.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
  return file;
}
