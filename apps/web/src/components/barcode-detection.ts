/**
 * Barcode reading for the camera scanner: the browser's own Barcode Detection API where it reads the
 * formats asked for (Chrome on Android, Safari), else the `barcode-detector` ponyfill (ZXing WebAssembly),
 * loaded only when a scanner opens. Its .wasm is served by our own build, never by a CDN: the CSP allows
 * only 'self' (connect-src; script-src 'wasm-unsafe-eval') and a phone in the stockroom may be offline.
 */

/** A format of the Barcode Detection API (code_128: IMEI labels on boxes; EAN/UPC: products' GTINs). */
export type CodeFormat = 'code_128' | 'ean_13' | 'ean_8' | 'upc_a';

/** The formats of a product's box ('Código de barras', a GTIN): EAN-13, EAN-8 and UPC-A. */
export const PRODUCT_CODE_FORMATS: readonly CodeFormat[] = ['ean_13', 'ean_8', 'upc_a'];

/** What the scanner needs of a detector: the codes seen in one frame. */
export interface CodeDetector {
  detect(source: ImageBitmapSource): Promise<ReadonlyArray<{ rawValue: string }>>;
}

interface DetectorClass {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's detector when it reads every format asked for. */
async function nativeDetector(formats: readonly CodeFormat[]): Promise<CodeDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    return formats.every((format) => supported.includes(format)) ? new Native({ formats: [...formats] }) : null;
  } catch {
    return null;
  }
}

/** The ponyfill, with the ZXing .wasm of our own build, ready to read (its download awaited). */
async function ponyfillDetector(formats: readonly CodeFormat[]): Promise<CodeDetector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...formats] });
}

/** A detector of `formats`: the browser's when it can, else the ponyfill. */
export async function createCodeDetector(formats: readonly CodeFormat[]): Promise<CodeDetector> {
  return (await nativeDetector(formats)) ?? ponyfillDetector(formats);
}

/**
 * The codes of one frame not seen before in this scan (a label stays in front of the camera for many
 * frames: each code counts once), trimmed, in the order found; `seen` keeps them.
 */
export async function detectNewCodes(
  detector: CodeDetector,
  source: ImageBitmapSource,
  seen: Set<string>,
): Promise<string[]> {
  const found = await detector.detect(source);
  const codes: string[] = [];
  for (const { rawValue } of found) {
    const code = rawValue.trim();
    if (!code || seen.has(code)) continue;
    seen.add(code);
    codes.push(code);
  }
  return codes;
}
