import { constants, inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: each content stream inflated, the hex strings of its TJ/Tj operators (standard fonts
 * write WinAnsi codes) read in order, one line per operator. A stream whose compressed bytes end in a carriage return
 * loses it to the `\r?\n` before `endstream`: that byte is the zlib checksum's last, so the stream is inflated
 * without checking it (once in 256 PDFs the whole text came out empty).
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1'), { finishFlush: constants.Z_SYNC_FLUSH }).toString(
        'latin1',
      );
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1] ?? '') : [op[2] ?? ''];
      lines.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
