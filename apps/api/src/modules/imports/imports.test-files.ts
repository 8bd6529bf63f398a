/**
 * Spreadsheets made byte by byte for the import's tests and benchmarks (issue 34 §1): a zip writer (so an
 * entry can declare any size, or lie about it), a minimal XLSX around a sheet's XML, the hostile files of
 * the issue, and the multipart body a browser's FormData sends.
 */
import { randomUUID } from 'node:crypto';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The deflated bytes, their CRC-32 and their real size. */
  deflated: Buffer;
  crc: number;
  size: number;
  /** The uncompressed size written in the headers (default: the real one). */
  declaredSize?: number;
}

export const zipPart = (name: string, content: string | Buffer): ZipPart => {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
};

/** `megabytes` of zeros, deflated as a stream (never held whole): the body of a zip bomb. */
export async function zerosPart(name: string, megabytes: number): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const mb = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(mb, crc);
    if (!deflate.write(mb)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { name, deflated: Buffer.concat(chunks), crc, size: megabytes * 1024 * 1024 };
}

/** A zip (deflate, no zip64) of the parts, in order. */
export function zip(parts: ZipPart[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const size = part.declaredSize ?? part.size;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(part.crc >>> 0, 14);
    header.writeUInt32LE(part.deflated.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    local.push(header, name, part.deflated);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.deflated.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += header.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An XLSX of one sheet (its `<sheetData>` and optional `<dimension>`), shared strings optional, plus `extra` parts. */
export function xlsx(
  sheet: { dimension?: string; rows: string; sharedStrings?: string[] },
  extra: ZipPart[] = [],
  sheetOverride?: ZipPart,
): Buffer {
  const shared = sheet.sharedStrings;
  const sheetXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}">${sheet.dimension ? `<dimension ref="${sheet.dimension}"/>` : ''}<sheetData>${sheet.rows}</sheetData></worksheet>`;
  return zip([
    zipPart(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        (shared
          ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
          : '') +
        '</Types>',
    ),
    zipPart(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    zipPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    zipPart(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${shared ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    ),
    ...(shared
      ? [
          zipPart(
            'xl/sharedStrings.xml',
            `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
          ),
        ]
      : []),
    sheetOverride ?? zipPart('xl/worksheets/sheet1.xml', sheetXml),
    ...extra,
  ]);
}

/** An inline-string cell. */
export const textCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * Issue 34's first file: a header with a cell in column A and one in XFD (the sheet's last column), then
 * `rows` lines of one cell each; its dimension says A1:XFD{rows+1}, as Excel writes it.
 */
export function wideHeaderXlsx(rows: number, options: { dimension?: boolean } = {}): Buffer {
  let xml = `<row r="1">${textCell('A1', 'Nome')}${textCell('XFD1', 'x')}</row>`;
  for (let line = 2; line <= rows + 1; line++) xml += `<row r="${line}">${textCell(`A${line}`, `Cabo ${line}`)}</row>`;
  return xlsx({ dimension: options.dimension === false ? undefined : `A1:XFD${rows + 1}`, rows: xml });
}

/** A multipart body with the file (and the other fields), as a browser's FormData sends it. */
export function multipart(file: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const boundary = `----import${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
