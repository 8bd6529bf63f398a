import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from './imports.sheet';

describe('the spreadsheet reader (a worker thread, issue 34 §1)', () => {
  it('reads what Excel stores: shared and rich texts, numbers, dates, booleans, formula results, blank lines skipped', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Produtos');
    sheet.addRow([' Nome ', 'Preço', 'Desde', 'Ativo', 'Total']);
    sheet.addRow([
      { richText: [{ text: 'Capa ' }, { text: 'Azul', font: { bold: true } }] },
      12.5,
      new Date(Date.UTC(2025, 2, 9)),
      true,
      { formula: 'B2*2', result: 25 },
    ]);
    sheet.addRow([]);
    sheet.getCell('A5').value = 'Película';
    sheet.getCell('E5').value = { formula: 'A5', result: 'Película' };
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await readSheet(bytes)).toEqual({
      headers: ['Nome', 'Preço', 'Desde', 'Ativo', 'Total'],
      rows: [
        { line: 2, cells: ['Capa Azul', 12.5, '09/03/2025', true, 25] },
        { line: 5, cells: ['Película', null, null, null, 'Película'] },
      ],
    });
  });

  it('holds only the columns asked for; a line with data only in a column left out is still a line', async () => {
    const csv = Buffer.from('Nome;Notas;Preço\r\nCabo;azul;10\r\n;só uma nota;\r\n;;\r\n');
    expect(await readSheet(csv, { keep: (headers) => headers.map((header) => header !== 'Notas') })).toEqual({
      headers: ['Nome', 'Notas', 'Preço'],
      rows: [
        { line: 2, cells: ['Cabo', null, '10'] },
        { line: 3, cells: ['', null, ''] },
      ],
    });
  });

  it('a file too heavy for the reader’s memory, or too long to read, is refused (413) and the server goes on', async () => {
    const csv = Buffer.from(
      `Nome;Descrição\r\n${Array.from({ length: 40_000 }, (_, i) => `Produto ${i};${'texto '.repeat(40)}${i}`).join('\r\n')}`,
    );
    const heavy = readSheet(csv, { memoryMb: 8 });
    await expect(heavy).rejects.toMatchObject({
      statusCode: 413,
      message:
        'A planilha é pesada demais para ler (mais de 60 segundos ou 192 MB de memória): divida-a em arquivos menores.',
    });
    await expect(readSheet(csv, { timeoutMs: 1 })).rejects.toMatchObject({ statusCode: 413 });
    // The next file is read as usual.
    expect((await readSheet(csv)).rows).toHaveLength(40_000);
  });

  it('hands the lines over as they are read, in batches of 500 in order, and ends only after the last is taken', async () => {
    const csv = Buffer.from(
      `Nome;Preço\r\n${Array.from({ length: 2_600 }, (_, i) => `Item ${i + 1};${i}`).join('\r\n')}`,
    );
    const sizes: number[] = [];
    const names: string[] = [];
    let lastTaken = false;
    const sheet = await readSheet(csv, {
      onRows: async (rows) => {
        sizes.push(rows.length);
        for (const row of rows) names.push(row.cells[0] as string);
        // A consumer slower than the reader: each batch takes a turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        if (names.length === 2_600) lastTaken = true;
      },
    });
    // 2,600 lines: five batches of 500 and one of 100; none held in the answer.
    expect(sizes).toEqual([500, 500, 500, 500, 500, 100]);
    expect(names[0]).toBe('Item 1');
    expect(names[2_599]).toBe('Item 2600');
    expect(new Set(names).size).toBe(2_600);
    expect(lastTaken).toBe(true);
    expect(sheet).toEqual({ headers: ['Nome', 'Preço'], rows: [] });
  });

  it('a batch the caller cannot take ends the read with its error', async () => {
    const csv = Buffer.from(`Nome\r\n${Array.from({ length: 3_000 }, (_, i) => `Item ${i}`).join('\r\n')}`);
    let batches = 0;
    const read = readSheet(csv, {
      onRows: () => {
        batches++;
        throw new Error('linha recusada');
      },
    });
    await expect(read).rejects.toThrow('linha recusada');
    expect(batches).toBe(1);
  });
});
