import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { productByCode, uploadSheet, utf8 } from './test-uploads';

/** What the validator writes by itself (zod's messages, in Portuguese or English): never a shop's reading. */
const VALIDATOR_TEXT =
  /Entrada inválida|esperava|Esperava|recebeu|Demasiado|Opção inválida|Texto inválido|Formato d|múltiplo de|inválidas?: |received|expected|Invalid input|Too (big|small)|undefined/;

interface ImportAnswer {
  rows: number;
  created: number;
  updated: number;
  errors: { line: number; column: string; message: string }[];
  errorCount: number;
  imported: boolean;
  columns: { header: string; key: string | null }[];
}

/**
 * Issue 34 §2: the files shops really have. A plain products spreadsheet (no level percentages, 'Quantidade
 * em estoque') imports; headers match by synonyms, whatever their case, accents and spaces; a control
 * character is refused in its cell at the preview; and no problem is ever told in the validator's words.
 */
describe('spreadsheet import: the files shops have (issue 34 §2)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(kind: 'products' | 'customers', file: Buffer, query: string, name?: string) {
    const res = await uploadSheet(t, kind, file, query, { token: admin, name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ImportAnswer;
  }

  const product = (code: string) => productByCode(t, code);

  it("previews and imports a plain shop CSV: no level columns (0 %, as the form starts), 'Quantidade em estoque' as the stock", async () => {
    const csv = utf8(
      'Nome;Código;Marca;Preço de compra;Preço de venda;Quantidade em estoque\n' +
        'Película 3D iPhone 15;LJ-1;Loja Planilha;2,10;14,90;40\n' +
        'Capinha Anti-impacto;LJ-2;Loja Planilha;6,50;29,90;12\n' +
        'Carregador 20W;LJ-3;Loja Planilha;25,00;79,90;0\n',
    );
    const preview = await send('products', csv, 'dryRun=true&createMissing=true');
    expect(preview).toMatchObject({ rows: 3, created: 3, updated: 0, errors: [], errorCount: 0, imported: false });
    expect(preview.columns).toEqual([
      { header: 'Nome', key: 'name' },
      { header: 'Código', key: 'code' },
      { header: 'Marca', key: 'brand' },
      { header: 'Preço de compra', key: 'cost' },
      { header: 'Preço de venda', key: 'sellPrice' },
      { header: 'Quantidade em estoque', key: 'stock' },
    ]);

    const done = await send('products', csv, 'createMissing=true');
    expect(done).toMatchObject({ created: 3, errors: [], imported: true });
    expect(await product('LJ-1')).toMatchObject({
      name: 'Película 3D iPhone 15',
      brand: 'Loja Planilha',
      cost_cents: 210,
      sell_price_cents: 1490,
      silver_percentage: 0,
      gold_percentage: 0,
      bronze_percentage: 0,
      stock: 40,
    });
    expect((await product('LJ-2'))?.stock).toBe(12);
    expect((await product('LJ-3'))?.stock).toBe(0);
    // The 40 and the 12 came in through the ledger (kind IMPORT); 0 moves nothing.
    const moves = await t.db
      .selectFrom('stock_movements as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .select(['p.code', 'm.kind', 'm.quantity_in'])
      .where('p.code', 'in', ['LJ-1', 'LJ-2', 'LJ-3'])
      .orderBy('p.code')
      .execute();
    expect(moves).toEqual([
      { code: 'LJ-1', kind: 'IMPORT', quantity_in: 40 },
      { code: 'LJ-2', kind: 'IMPORT', quantity_in: 12 },
    ]);
  });

  it('matches the names shops use, whatever their case, accents, spaces and punctuation', async () => {
    const csv = utf8(
      'PRODUTO;sku;FABRICANTE;Preco_de_Custo;PreçoDeVenda;Qtd.;% cliente prata;OURO\n' +
        'Cabo USB-C 1m;SN-1;Marca Sinônimo;5,00;19,90;7;20;10\n',
    );
    const preview = await send('products', csv, 'dryRun=true&createMissing=true');
    expect(preview.columns.map((c) => c.key)).toEqual([
      'name',
      'code',
      'brand',
      'cost',
      'sellPrice',
      'stock',
      'silverPercentage',
      'goldPercentage',
    ]);
    expect(preview).toMatchObject({ created: 1, errors: [] });

    const other = utf8(
      'Descrição do produto;Código;Marca;Custo;Valor de venda;Saldo\nTexto longo;SN-2;Marca Sinônimo;1;2;3\n',
    );
    expect((await send('products', other, 'dryRun=true')).columns.map((c) => c.key)).toEqual([
      'description',
      'code',
      'brand',
      'cost',
      'sellPrice',
      'stock',
    ]);
    const shopPrice = utf8('Nome;Marca;Preço de custo;Preço;Quantidade\nFone;Marca Sinônimo;10;30;2\n');
    expect((await send('products', shopPrice, 'dryRun=true')).columns.map((c) => c.key)).toEqual([
      'name',
      'brand',
      'cost',
      'sellPrice',
      'stock',
    ]);

    const customers = utf8(
      'NOME COMPLETO;e_mail;Celular;cpf;municipio\nAna Sinônimo;ana.sin@exemplo.com.br;11987654321;529.982.247-25;Santos\n',
    );
    expect((await send('customers', customers, 'dryRun=true')).columns.map((c) => c.key)).toEqual([
      'name',
      'email',
      'phone',
      'document',
      'city',
    ]);
  });

  it("reads 'EAN' as the barcode: checked as the form checks it, one product's, not repeated in the file", async () => {
    const csv = utf8(
      'SKU;Produto;Marca;Custo;Preço;EAN\n' +
        'EAN-1;Fone Bluetooth;Marca EAN;30;89,90;7891000100103\n' +
        'EAN-2;Caixa de som;Marca EAN;50;129,90;7891000100103\n' +
        'EAN-3;Cabo;Marca EAN;5;19,90;7891000100111\n' +
        'EAN-4;Carregador;Marca EAN;20;59,90;7891000100110\n',
    );
    expect(await send('products', csv, 'createMissing=true&skipInvalid=true')).toMatchObject({
      created: 2,
      imported: true,
      errors: [
        { line: 3, column: 'EAN', message: 'Código de barras repetido na planilha (já na linha 2).' },
        {
          line: 4,
          column: 'EAN',
          message: 'Código de barras inválido: 7891000100111 (dígito verificador não confere).',
        },
      ],
    });
    const barcode = (code: string) =>
      t.db.selectFrom('products').select(['barcode', 'search_text']).where('code', '=', code).executeTakeFirst();
    expect(await barcode('EAN-1')).toMatchObject({ barcode: '7891000100103' });
    expect((await barcode('EAN-1'))?.search_text).toContain('7891000100103');
    // Another product's barcode is refused; the product's own, or a line without one, keeps it.
    const again = utf8(
      'Código;Código de barras;Preço de venda\nEAN-4;7891000100103;64,90\nEAN-1;7891000100103;99,90\nEAN-1;;\n',
    );
    expect(await send('products', again, 'dryRun=true')).toMatchObject({
      errors: [
        {
          line: 2,
          column: 'Código de barras',
          message: 'O código de barras 7891000100103 já está no produto Fone Bluetooth.',
        },
        { line: 4, column: 'Código', message: 'Código repetido na planilha (já na linha 3).' },
      ],
    });
    await send('products', utf8('Código;Preço de venda\nEAN-1;99,90\n'), '');
    expect(await barcode('EAN-1')).toMatchObject({ barcode: '7891000100103' });
  });

  it('refuses a control character (NUL, form feed…) in its cell at the preview, by line and column; the confirm writes nothing', async () => {
    const csv = utf8(
      'Código;Nome;Marca;Preço de compra;Preço de venda\n' +
        'NUL-1;Capinha\u0000Rosa;Marca Controle;5;15\n' +
        'NUL-2;Película;Marca\fControle;5;15\n' +
        'NUL-3;Fone;Marca Controle;5;15\n',
    );
    const errors = [
      {
        line: 2,
        column: 'Nome',
        message:
          'A célula tem um caractere invisível (U+0000) que não pode ser importado: apague-o na planilha e envie de novo.',
      },
      {
        line: 3,
        column: 'Marca',
        message:
          'A célula tem um caractere invisível (U+000C) que não pode ser importado: apague-o na planilha e envie de novo.',
      },
    ];
    expect(await send('products', csv, 'dryRun=true&createMissing=true')).toMatchObject({
      created: 1,
      errorCount: 2,
      errors,
    });
    expect(await send('products', csv, 'createMissing=true')).toMatchObject({ imported: false, errors });
    // With the bad lines left out, the good one is written and the others are not.
    expect(await send('products', csv, 'createMissing=true&skipInvalid=true')).toMatchObject({
      created: 1,
      imported: true,
      errors,
    });
    expect(await product('NUL-1')).toBeUndefined();
    expect(await product('NUL-3')).toMatchObject({ name: 'Fone' });

    // A line break or a tab inside a quoted cell is text, not a control character.
    const text = utf8(
      'Código;Nome;Marca;Preço de compra;Preço de venda;Descrição\nNUL-4;Suporte;Marca Controle;5;15;"Linha 1\nLinha 2\tfim"\n',
    );
    expect(await send('products', text, 'dryRun=true&createMissing=true')).toMatchObject({ created: 1, errors: [] });
  });

  it('an update line whose cell cannot be read is not written (the file imports nothing, as for any error)', async () => {
    await send(
      'products',
      utf8('Código;Nome;Marca;Preço de compra;Preço de venda\nUPD-1;Fone;Marca Leitura;10;30\n'),
      'createMissing=true',
    );
    const bad = utf8('Código;Preço de venda\nUPD-1;trinta\n');
    expect(await send('products', bad, '')).toMatchObject({
      updated: 0,
      imported: false,
      errors: [{ line: 2, column: 'Preço de venda', message: 'Número inválido: "trinta" (use por exemplo 1.299,90).' }],
    });
    const audits = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity', '=', 'product')
      .where('entity_id', '=', 'UPD-1')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['import-create']);
  });

  it('tells every problem in words for a shop, never in the validator’s', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const products = [
      // Only a code and a stock: a new product lacks its name, brand and prices.
      'Código;Estoque\nBAD-0;3\n',
      `Código;Nome;Marca;Referência;Preço de compra;Preço de venda;Descrição;Tags\nBAD-1;${long(300)};${long(100)};${long(100)};5;15;${long(5000)};${long(60)}\n`,
      `Nome;Marca;Preço de compra;Preço de venda;Tags\nMuitas tags;Marca Ruim;5;15;${Array.from({ length: 40 }, (_, i) => `t${i}`).join(',')}\n`,
      'Nome;Marca;Preço de compra;Preço de venda;% Prata;% Ouro;% Bronze;Estoque;Alerta de estoque\nNúmeros;Marca Ruim;0;-3;-5;150;abc;-1;99999\n',
      'Nome;Marca;Preço de compra;Preço de venda;Estoque;Alerta de estoque\nGrandes;Marca Ruim;2000000;1,234;2000000;1,5\n',
      'Código;Nome;Marca;Preço de compra;Preço de venda;NCM;CEST;Unidade;Origem;IMEIs\nBAD 2;Fiscal;Marca/Ruim;5;15;abc;12;1234567;99;abc\n',
      `Código;Nome;Marca;Preço de compra;Preço de venda\n${long(50)};Código longo;Marca Ruim;5;15\n`,
    ];
    const customers = [
      'CPF/CNPJ;Frete\n111.111.111-11;5\n',
      `Nome;E-mail;Telefone;CPF/CNPJ;Rua;Número;Complemento;Bairro;CEP;Cidade;UF;Nível;Frete;Garantia (%);Taxa de entrega rápida;Aprovado\n${long(300)};${long(300)}@x.com;abc;123;${long(300)};${long(30)};${long(300)};${long(200)};123;${long(200)};SPX;Diamante;-1;200;x;talvez\n`,
      'Nome;E-mail;Telefone;CPF/CNPJ;Frete;Garantia (%);Taxa de entrega rápida\nSem;sem@x.com.br;11987654321;529.982.247-25;2000000;1,5;-4\n',
    ];
    const answers: ImportAnswer[] = [];
    for (const file of products) answers.push(await send('products', utf8(file), 'dryRun=true&createMissing=true'));
    for (const file of products) answers.push(await send('products', utf8(file), 'createMissing=false'));
    for (const file of customers) answers.push(await send('customers', utf8(file), 'dryRun=true'));

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Produtos');
    sheet.addRow(['Nome', 'Marca', 'Preço de compra', 'Preço de venda', 'Estoque', 'Origem']);
    sheet.addRow([true, new Date(Date.UTC(2026, 0, 5)), 'cinco', new Date(Date.UTC(2026, 0, 5)), 2.5, 'Nacional']);
    answers.push(
      await send('products', Buffer.from(await workbook.xlsx.writeBuffer()), 'dryRun=true', 'produtos.xlsx'),
    );

    // The call's own refusals too: a flag that is not true/false, a template of another format.
    const flag = await uploadSheet(t, 'products', utf8('Nome\nX\n'), 'dryRun=talvez', { token: admin });
    expect(flag.statusCode).toBe(400);
    const format = await t.app.inject({
      method: 'GET',
      url: '/api/imports/products/template?format=pdf',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(format.statusCode).toBe(400);
    const refusals: string[] = [...flag.json().errors, ...format.json().errors];
    expect(refusals.filter((message) => VALIDATOR_TEXT.test(message))).toEqual([]);

    const messages = answers.flatMap((answer) => answer.errors.map((e) => `${e.column}: ${e.message}`));
    expect(answers.every((answer) => answer.errorCount > 0)).toBe(true);
    expect(messages.filter((message) => VALIDATOR_TEXT.test(message))).toEqual([]);
    // A few by hand: a new product's missing cells, a text too long, too many tags.
    expect(answers[0]?.errors).toEqual([
      { line: 2, column: 'Nome', message: 'Informe o nome do produto' },
      { line: 2, column: 'Marca', message: 'Informe a marca do produto' },
      { line: 2, column: 'Preço de compra', message: 'Informe o preço do produto' },
      { line: 2, column: 'Preço de venda', message: 'Informe o preço de venda' },
    ]);
    expect(messages).toContain('Descrição: Texto longo demais: use no máximo 4.000 caracteres.');
    expect(messages).toContain('Tags: Itens demais: informe no máximo 30.');
  });
});
