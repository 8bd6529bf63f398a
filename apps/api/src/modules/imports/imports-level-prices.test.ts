import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { uploadSheet, utf8 } from './test-uploads';

/**
 * Issue 35 item 1: the level percentages are markups over the cost. The preview shows each line's prices
 * (Ouro, Prata, Bronze = cost + the level's %, Varejo = the sale price) and warns, without refusing, when a
 * level pays the cost itself or less than half the sale price; the template's example is a sensible one.
 */
describe('spreadsheet import: the level prices a file gives (issue 35 item 1)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => {
    await t.close();
  });

  const preview = async (file: Buffer) => {
    const res = await uploadSheet(t, 'products', file, 'dryRun=true&createMissing=true', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('a película of R$ 2,10 sold at R$ 14,90 with 15/20/25 %: its prices, and a warning that they are under half the sale price', async () => {
    const data = await preview(
      utf8(
        'Código;Nome;Marca;Preço de compra;Preço de venda;% Prata;% Ouro;% Bronze\nLV-1;Película 3D;Marca Nível;2,10;14,90;20;15;25\n',
      ),
    );
    expect(data).toMatchObject({ created: 1, errorCount: 0, warningCount: 1 });
    // 2,10 + 15 % = 2,415 → 2,42; + 20 % = 2,52; + 25 % = 2,625 → 2,63.
    expect(data.prices).toEqual([
      { line: 2, name: 'Película 3D', cost: 2.1, gold: 2.42, silver: 2.52, bronze: 2.63, retail: 14.9 },
    ]);
    expect(data.warnings).toEqual([
      {
        line: 2,
        column: '% Ouro',
        message:
          'Ouro R$ 2,42, Prata R$ 2,52 e Bronze R$ 2,63: menos da metade do preço de venda (R$ 14,90). Os percentuais dos níveis são acréscimos sobre o preço de compra (R$ 2,10), não descontos sobre o de venda.',
      },
    ]);
  });

  it('a file without the level columns: the levels pay the cost (0 %), said as a warning, not refused', async () => {
    const data = await preview(
      utf8('Nome;Marca;Preço de compra;Preço de venda\nCarregador 20W;Marca Nível;25,00;49,90\n'),
    );
    expect(data).toMatchObject({ created: 1, errorCount: 0, warningCount: 1 });
    expect(data.prices).toEqual([
      { line: 2, name: 'Carregador 20W', cost: 25, gold: 25, silver: 25, bronze: 25, retail: 49.9 },
    ]);
    expect(data.warnings).toEqual([
      {
        line: 2,
        column: '% Ouro',
        message:
          'Ouro, Prata e Bronze pagam o preço de compra (R$ 25,00), sem margem: os percentuais dos níveis são acréscimos sobre o preço de compra.',
      },
    ]);
  });

  it('sensible markups give no warning; only the level that is off is named', async () => {
    const data = await preview(
      utf8(
        'Nome;Marca;Preço de compra;Preço de venda;% Ouro;% Prata;% Bronze\n' +
          'Fone;Marca Nível;10,00;19,90;45;60;75\n' +
          'Cabo;Marca Nível;10,00;19,90;0;60;75\n',
      ),
    );
    expect(data.prices).toEqual([
      { line: 2, name: 'Fone', cost: 10, gold: 14.5, silver: 16, bronze: 17.5, retail: 19.9 },
      { line: 3, name: 'Cabo', cost: 10, gold: 10, silver: 16, bronze: 17.5, retail: 19.9 },
    ]);
    expect(data.warnings).toEqual([
      {
        line: 3,
        column: '% Ouro',
        message:
          'Ouro paga o preço de compra (R$ 10,00), sem margem: os percentuais dos níveis são acréscimos sobre o preço de compra.',
      },
    ]);
  });

  it("the template's example line previews without a warning, and the XLSX says what each column means", async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/imports/products/template?format=csv',
      headers: bearer(admin),
    });
    const data = await preview(csv.rawPayload);
    expect(data).toMatchObject({ created: 1, errorCount: 0, warningCount: 0 });
    // 12,50 + 45 % = 18,125 → 18,13; + 60 % = 20,00; + 75 % = 21,875 → 21,88; all above half of 29,90.
    expect(data.prices).toEqual([
      { line: 2, name: 'Capinha Silicone Pêssego', cost: 12.5, gold: 18.13, silver: 20, bronze: 21.88, retail: 29.9 },
    ]);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/imports/products/template?format=xlsx',
      headers: bearer(admin),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const help = workbook.getWorksheet('Colunas');
    const rows = (help?.getSheetValues() ?? []).slice(1).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Coluna', 'O que significa', 'Exemplo']);
    expect(rows.find((row) => row[0] === '% Prata')).toEqual([
      '% Prata',
      'Acréscimo sobre o preço de compra para clientes Prata (não é desconto sobre a venda): custo R$ 10,00 com 60 dá R$ 16,00. Vazio: 0, o preço de compra.',
      '60',
    ]);
    // The import still reads the first sheet: the template previews as it did.
    expect((await preview(xlsx.rawPayload)).prices).toHaveLength(1);
  });
});
