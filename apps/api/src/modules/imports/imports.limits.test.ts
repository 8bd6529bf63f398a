import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { multipart, textCell, wideHeaderXlsx, xlsx, zerosPart } from './imports.test-files';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('a spreadsheet cannot take the server down (issue 34 §1): refused before its cells are read', () => {
  let t: TestApp;
  let attendant: string;

  beforeAll(async () => {
    t = await createTestApp();
    attendant = await signIn(t.app, DEMO.attendant);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A preview (dry run) of customers sent by the attendant, as in the issue. */
  const preview = (file: Buffer, name = 'clientes.xlsx') => {
    const body = multipart(file, name);
    return t.app.inject({
      method: 'POST',
      url: '/api/imports/customers?dryRun=true',
      headers: { ...bearer(attendant), ...body.headers },
      payload: body.payload,
    });
  };
  const refusal = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, body: res.json() });
  const tooLarge = (message: string) => ({ status: 413, body: { errors: [message], code: 'PAYLOAD_TOO_LARGE' } });

  it('a header with cells in columns A and XFD over 1,000 lines: 413 naming the 100 columns, and the server answers on', async () => {
    const file = wideHeaderXlsx(1000);
    expect(file.length).toBeLessThan(64 * 1024);
    expect(refusal(await preview(file))).toEqual(
      tooLarge('A planilha pode ter no máximo 100 colunas (apague as colunas além dos dados).'),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a cell beyond column 100 is refused even when the sheet declares no dimension', async () => {
    const rows = `<row r="1">${textCell('A1', 'Nome')}</row><row r="2">${textCell('A2', 'Ana')}${textCell('CW2', 'x')}</row>`;
    expect(refusal(await preview(xlsx({ rows })))).toEqual(
      tooLarge('A planilha pode ter no máximo 100 colunas (apague as colunas além dos dados).'),
    );
    // Column CV is the 100th: taken.
    const ok = `<row r="1">${textCell('A1', 'Nome')}${textCell('CV1', 'Outra')}</row><row r="2">${textCell('A2', 'Ana Souza')}</row>`;
    const res = await preview(xlsx({ rows: ok }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toBe(1);
  });

  it('an XLSX with a hidden entry of 256 MB of zeros (a zip bomb): 413 naming the 200 MB, nothing inflated', async () => {
    const rows = `<row r="1">${textCell('A1', 'Nome')}</row><row r="2">${textCell('A2', 'Ana Souza')}</row>`;
    const file = xlsx({ rows }, [await zerosPart('xl/media/oculto.bin', 256)]);
    expect(file.length).toBeLessThan(1024 * 1024);
    expect(refusal(await preview(file))).toEqual(tooLarge('A planilha XLSX descompactada pode ter no máximo 200 MB.'));
  });

  it('a sheet entry that declares 2 KB and inflates to 256 MB: 413 as soon as it passes what it declared', async () => {
    const bomb = { ...(await zerosPart('xl/worksheets/sheet1.xml', 256)), declaredSize: 2048 };
    const file = xlsx({ rows: '' }, [], bomb);
    expect(refusal(await preview(file))).toEqual(tooLarge('A planilha XLSX descompactada pode ter no máximo 200 MB.'));
  });

  it('an XLSX with more than 1,000,000 distinct texts: 413 naming the limit', async () => {
    const shared = Array.from({ length: 1_000_001 }, (_, i) => `t${i}`);
    const rows = `<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>`;
    expect(refusal(await preview(xlsx({ rows, sharedStrings: shared })))).toEqual(
      tooLarge('A planilha pode ter no máximo 1.000.000 textos diferentes.'),
    );
  });

  it('a CSV of one customer followed by 100,000 blank lines: 413 naming the 100,000 lines', async () => {
    const csv = utf8(`Nome;E-mail\r\nAna Souza;ana@exemplo.com.br\r\n${'\r\n'.repeat(100_000)}`);
    expect(refusal(await preview(csv, 'clientes.csv'))).toEqual(
      tooLarge('A planilha pode ter no máximo 100.000 linhas, contando as vazias.'),
    );
  });

  it("a CSV whose header is 1 MB of ';': 413 naming the 100 columns", async () => {
    const csv = utf8(`${';'.repeat(1024 * 1024)}\r\nAna Souza\r\n`);
    expect(refusal(await preview(csv, 'clientes.csv'))).toEqual(
      tooLarge('A planilha pode ter no máximo 100 colunas (apague as colunas além dos dados).'),
    );
    // A ';' inside quotes is text, not a column.
    const quoted = utf8(`Nome;Observação\r\nAna Souza;"${';'.repeat(500)}"\r\n`);
    expect((await preview(quoted, 'clientes.csv')).statusCode).toBe(200);
  });

  it('a CSV of 25,000 lines of 100 empty cells (2,500,000 cells): 413 naming the 2,000,000 cells', async () => {
    const line = `${';'.repeat(99)}\r\n`;
    const csv = utf8(`Nome${line}Ana Souza${line}${line.repeat(25_000)}`);
    expect(refusal(await preview(csv, 'clientes.csv'))).toEqual(
      tooLarge('A planilha pode ter no máximo 2.000.000 células, contando as vazias.'),
    );
  });

  it('more than 50,000 lines of data: 413 naming them (the reader stops at the 50,001st)', async () => {
    const lines = Array.from({ length: 50_001 }, (_, i) => `Cliente ${i}`).join('\r\n');
    expect(refusal(await preview(utf8(`Nome\r\n${lines}\r\n`), 'clientes.csv'))).toEqual(
      tooLarge('A planilha pode ter no máximo 50.000 linhas.'),
    );
  });
});
