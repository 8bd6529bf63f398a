/**
 * The DANFE's two symbols as vectors in react-pdf's Svg: the access key's Code 128C barcode (one rectangle a bar) and
 * the NFC-e's QR code (the `qrcode` package's modules, one path of horizontal runs), so they print sharp at any size.
 */
import { Path, Rect, Svg } from '@react-pdf/renderer';
import QRCode from 'qrcode';
import { createElement as h, type ReactElement } from 'react';
import { code128Bars, code128Key } from './code128';

/** Quiet zone each side of a Code 128 symbol, in modules (ISO/IEC 15417: at least 10). */
const BARCODE_QUIET = 10;
/** Quiet zone around a QR code, in modules (ISO/IEC 18004: 4). */
const QR_QUIET = 4;

/** The Code 128 barcode of an access key (set C; A/C for an alphanumeric CNPJ), quiet zones included, `width` × `height` points. */
export function code128Svg(key: string, width: number, height: number): ReactElement {
  const { bars, modules } = code128Bars(code128Key(key));
  const module = width / (modules + 2 * BARCODE_QUIET);
  return h(
    Svg,
    { width, height, viewBox: `0 0 ${width} ${height}` },
    ...bars.map((bar) =>
      h(Rect, {
        key: bar.x,
        x: (bar.x + BARCODE_QUIET) * module,
        y: 0,
        width: bar.width * module,
        height,
        fill: '#000000',
      }),
    ),
  );
}

/** The QR code of `text` (error correction M), its quiet zone included, `size` × `size` points. */
export function qrCodeSvg(text: string, size: number): ReactElement {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const runs: string[] = [];
  for (let row = 0; row < count; row++) {
    let start = -1;
    for (let column = 0; column <= count; column++) {
      const dark = column < count && Boolean(modules.get(row, column));
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push(`M${start + QR_QUIET} ${row + QR_QUIET}h${column - start}v1h${start - column}z`);
        start = -1;
      }
    }
  }
  const side = count + 2 * QR_QUIET;
  return h(
    Svg,
    { width: size, height: size, viewBox: `0 0 ${side} ${side}` },
    h(Rect, { x: 0, y: 0, width: side, height: side, fill: '#ffffff' }),
    h(Path, { d: runs.join(''), fill: '#000000' }),
  );
}
