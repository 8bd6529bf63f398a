import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { productByCode, uploadSheet, utf8, windows1252 } from './test-uploads';

describe('spreadsheet import (issue 21 §2)', () => {
  let t: TestApp;
  let admin: string;
  let stocker: string;
  let attendant: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
    stocker = await signIn(t.app, DEMO.stocker);
    attendant = await signIn(t.app, DEMO.attendant);
  });
  afterAll(async () => {
    await t.close();
  });

  function upload(
    kind: 'products' | 'customers',
    file: Buffer,
    query: string,
    options: { token?: string; name?: string; fields?: Record<string, string> } = {},
  ) {
    return uploadSheet(t, kind, file, query, { ...options, token: options.token ?? admin });
  }

  const product = (code: string) => productByCode(t, code);

  const ledger = (productId: number) =>
    t.db
      .selectFrom('stock_movements')
      .select(['kind', 'stock_before', 'quantity_in', 'quantity_out', 'stock_after'])
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();

  it('reads a Windows-1252 CSV with ; , accents and decimal commas, creating the brand and reference', async () => {
    const csv = windows1252(
      'Código;Nome;Marca;Referência;Preço de compra;Preço de venda;% Prata;% Ouro;% Bronze;Estoque;Alerta de estoque;Tags;Descrição\r\n' +
        'W-1;Capinha Silicone Pêssego;Acessórios São Paulo;iPhone 15;12,50;1.299,90;20;15;25;8;2;capinha, silicone;Cor pêssego\r\n',
    );
    const res = await upload('products', csv, 'dryRun=false&createMissing=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 1, created: 1, updated: 0, errors: [], imported: true });
    const row = await product('W-1');
    expect(row).toMatchObject({
      name: 'Capinha Silicone Pêssego',
      brand: 'Acessórios São Paulo',
      reference: 'iPhone 15',
      cost_cents: 1250,
      sell_price_cents: 129990,
      silver_percentage: 20,
      gold_percentage: 15,
      bronze_percentage: 25,
      stock: 8,
      stock_alert: 2,
      tags: ['capinha', 'silicone'],
      description: 'Cor pêssego',
    });
    // The stock came in by the ledger: one IMPORT row, 0 → 8.
    expect(await ledger(row?.id as number)).toEqual([
      { kind: 'IMPORT', stock_before: 0, quantity_in: 8, quantity_out: 0, stock_after: 8 },
    ]);
  });

  it("reads the fiscal columns with the form's rules, and keeps them when a later file lacks them", async () => {
    const fiscal = (code: string) =>
      t.db.selectFrom('products').select(['ncm', 'cest', 'unit', 'origin']).where('code', '=', code).executeTakeFirst();
    const head = 'Código;Nome;Marca;Preço de compra;Preço de venda;% Prata;% Ouro;NCM;CEST;Unidade;Origem\n';
    // Line 3's NCM has 4 digits, its unit a digit and its origin 9: three errors, and nothing imported.
    const bad = utf8(
      `${head}F-1;Carregador 20W;Marca Fiscal;30,00;79,90;10;5;8504.40.10;21.053.00;un;2 - Estrangeira - Adquirida no mercado interno\n` +
        'F-2;Cabo Lightning;Marca Fiscal;5,00;29,90;10;5;1234;;U2;9\n',
    );
    const refused = await upload('products', bad, 'createMissing=true');
    expect(refused.json().data).toMatchObject({
      created: 0,
      imported: false,
      errors: [
        { line: 3, column: 'NCM', message: 'O NCM deve ter 8 dígitos (ex.: 8517.13.00).' },
        { line: 3, column: 'Unidade', message: 'A unidade comercial deve ter de 1 a 6 letras (ex.: UN, CX, PC, KG).' },
        { line: 3, column: 'Origem', message: 'Informe a origem da mercadoria: um código de 0 a 8.' },
      ],
    });
    expect(await fiscal('F-1')).toBeUndefined();

    const good = await upload(
      'products',
      utf8(`${head}F-1;Carregador 20W;Marca Fiscal;30,00;79,90;10;5;8504.40.10;21.053.00;un;2 - Estrangeira\n`),
      'createMissing=true',
    );
    expect(good.json().data).toMatchObject({ created: 1, imported: true, errors: [] });
    expect(await fiscal('F-1')).toEqual({ ncm: '85044010', cest: '2105300', unit: 'UN', origin: 2 });

    // A price update without the fiscal columns keeps them.
    const update = utf8('Código;Preço de venda\nF-1;84,90\n');
    expect((await upload('products', update, '')).json().data).toMatchObject({ updated: 1, imported: true });
    expect(await fiscal('F-1')).toEqual({ ncm: '85044010', cest: '2105300', unit: 'UN', origin: 2 });
    expect((await product('F-1'))?.sell_price_cents).toBe(8490);
  });

  it("takes a phone's IMEIs: its units come in by the ledger, a file imported again adds none, bad IMEIs are refused per line", async () => {
    // Valid check digits (Luhn): 352099001761481, …499, …507, …515; 352099001761482 is the first with a wrong one.
    const [A, B, C, D] = ['352099001761481', '352099001761499', '352099001761507', '352099001761515'];
    const units = async (code: string) =>
      t.db
        .selectFrom('product_units as u')
        .innerJoin('products as p', 'p.id', 'u.product_id')
        .select(['u.imei', 'u.status'])
        .where('p.code', '=', code)
        .orderBy('u.imei')
        .execute();
    const head = 'Código;Nome;Marca;Preço de compra;Preço de venda;% Prata;% Ouro;Estoque;IMEIs\n';
    const first = utf8(`${head}CEL-1;Celular Importado 128 GB;Marca IMEI;900,00;1.499,00;5;3;;${A}, ${B}\n`);
    const created = await upload('products', first, 'createMissing=true');
    expect(created.json().data, created.body).toMatchObject({ created: 1, imported: true, errors: [] });
    const phone = await t.db
      .selectFrom('products')
      .select(['id', 'serialized', 'stock'])
      .where('code', '=', 'CEL-1')
      .executeTakeFirstOrThrow();
    expect(phone).toMatchObject({ serialized: true, stock: 2 });
    expect(await units('CEL-1')).toEqual([
      { imei: A, status: 'IN_STOCK' },
      { imei: B, status: 'IN_STOCK' },
    ]);
    expect(await ledger(phone.id)).toEqual([
      { kind: 'IMPORT', stock_before: 0, quantity_in: 2, quantity_out: 0, stock_after: 2 },
    ]);

    // The same file again: both phones are already this product's; nothing comes in.
    expect((await upload('products', first, '')).json().data).toMatchObject({ updated: 1, imported: true });
    expect(await ledger(phone.id)).toHaveLength(1);

    // Line 2: a stock that is not 2 + 1; line 3: a wrong check digit; line 4: C again (already on line 2)
    // and A, which is CEL-1's; line 5: IMEIs for an accessory (no 'Controla IMEI').
    await upload('products', utf8(`${head}ACE-1;Capa Simples;Marca IMEI;5,00;19,90;0;0;4;\n`), 'createMissing=true');
    const bad = utf8(
      `${head}CEL-1;Celular Importado 128 GB;Marca IMEI;900,00;1.499,00;5;3;5;${C}\n` +
        `CEL-2;Celular Dois;Marca IMEI;800,00;1.299,00;5;3;;352099001761482\n` +
        `CEL-3;Celular Três;Marca IMEI;800,00;1.299,00;5;3;;${C} ${A}\n` +
        `ACE-1;Capa Simples;Marca IMEI;5,00;19,90;0;0;;${D}\n`,
    );
    const refused = await upload('products', bad, 'createMissing=true');
    expect(refused.json().data).toMatchObject({
      created: 0,
      imported: false,
      errors: [
        {
          line: 2,
          column: 'Estoque',
          message:
            "Produto com 'Controla IMEI': o estoque é o número de aparelhos; informe os IMEIs novos na coluna IMEIs.",
        },
        { line: 3, column: 'IMEIs', message: 'IMEI inválido: 352099001761482 (dígito verificador não confere).' },
        {
          line: 4,
          column: 'IMEIs',
          message: `IMEI ${C} repetido na planilha (já na linha 2).`,
        },
        { line: 4, column: 'IMEIs', message: `IMEI já cadastrado: ${A} (Celular Importado 128 GB).` },
        { line: 5, column: 'IMEIs', message: 'Capa Simples não controla IMEI: informe só a quantidade.' },
      ],
    });
    expect(await units('CEL-1')).toHaveLength(2);

    // C alone, with the stock that results (3): one unit in, IMPORT 2 → 3.
    const more = await upload(
      'products',
      utf8(`${head}CEL-1;Celular Importado 128 GB;Marca IMEI;900,00;1.499,00;5;3;3;${C}\n`),
      '',
    );
    expect(more.json().data).toMatchObject({ updated: 1, imported: true, errors: [] });
    expect((await units('CEL-1')).map((u) => u.imei)).toEqual([A, B, C]);
    expect((await ledger(phone.id)).at(-1)).toEqual({
      kind: 'IMPORT',
      stock_before: 2,
      quantity_in: 1,
      quantity_out: 0,
      stock_after: 3,
    });
  });

  it('refuses a brand the catalogue lacks when createMissing is false', async () => {
    const csv = utf8('Nome;Marca;Preço de compra;Preço de venda;% Prata;% Ouro\nCabo;Marca Inexistente;1;2;0;0\n');
    const res = await upload('products', csv, 'createMissing=false');
    expect(res.json().data).toMatchObject({
      created: 0,
      imported: false,
      errors: [{ line: 2, column: 'Marca', message: 'Marca não encontrada.' }],
    });
  });

  // Line 2 is good; 3 lacks the name; 4 has cost "abc" and 150 %; 5 repeats line 2's code and has 2,5 units.
  const withErrors = utf8(
    '\uFEFFCódigo,Nome,Marca,Preço de compra,Preço de venda,% Prata,% Ouro,Estoque\n' +
      'E-1,Película 3D,Marca Erros,"5,00","19,90",20,10,4\n' +
      'E-2,,Marca Erros,"5,00","19,90",20,10,4\n' +
      'E-3,Cabo USB-C,Marca Erros,abc,"19,90",150,10,1\n' +
      'E-1,Fone,Marca Erros,"5,00","19,90",20,10,"2,5"\n',
  );
  const expectedErrors = [
    { line: 3, column: 'Nome', message: 'Informe o nome do produto' },
    { line: 4, column: 'Preço de compra', message: 'Número inválido: "abc" (use por exemplo 1.299,90).' },
    { line: 4, column: '% Prata', message: 'Informe o percentual de 0 a 100' },
    { line: 5, column: 'Código', message: 'Código repetido na planilha (já na linha 2).' },
    { line: 5, column: 'Estoque', message: 'Informe a quantidade em unidades inteiras.' },
  ];

  it('imports nothing from a file with errors, and lists each by line and column', async () => {
    const res = await upload('products', withErrors, 'createMissing=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      rows: 4,
      created: 0,
      updated: 0,
      imported: false,
      errorCount: 5,
      invalidRows: 3,
      errors: expectedErrors,
    });
    expect(await product('E-1')).toBeUndefined();
    const brand = await t.db.selectFrom('brands').select('id').where('name', '=', 'Marca Erros').executeTakeFirst();
    expect(brand).toBeUndefined();
  });

  it('a dry run counts and writes nothing', async () => {
    const csv = utf8(
      'Código;Nome;Marca;Preço de compra;Preço de venda;% Prata;% Ouro;Estoque\nD-1;Suporte;Marca Seca;5;9;10;5;3\n',
    );
    const res = await upload('products', csv, 'dryRun=true&createMissing=true');
    expect(res.json().data).toMatchObject({ rows: 1, created: 1, updated: 0, errors: [], imported: false });
    expect(await product('D-1')).toBeUndefined();
    expect(
      await t.db.selectFrom('brands').select('id').where('name', '=', 'Marca Seca').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('with skipInvalid imports only the good lines', async () => {
    const res = await upload('products', withErrors, 'skipInvalid=true&createMissing=true');
    expect(res.json().data).toMatchObject({ rows: 4, created: 1, updated: 0, imported: true, errors: expectedErrors });
    const row = await product('E-1');
    expect(row).toMatchObject({ name: 'Película 3D', cost_cents: 500, sell_price_cents: 1990, stock: 4 });
    expect(await product('E-2')).toBeUndefined();
    expect(await product('E-3')).toBeUndefined();
  });

  it('an update by code keeps the other fields and the ledger: stock 5 → import 8 is an IMPORT +3 row', async () => {
    const brand = await t.app.inject({
      method: 'POST',
      url: '/api/products/brand',
      headers: bearer(admin),
      payload: { name: 'Marca Ledger' },
    });
    expect(brand.statusCode, brand.body).toBeLessThan(300);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin),
      payload: {
        name: 'Carregador',
        brand: 'Marca Ledger',
        cost: 10,
        sellPrice: 25,
        discount: { silverPercentage: 10, goldPercentage: 5 },
        stock: 5,
        tags: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, code } = created.json().data as { id: number; code: string };

    const res = await upload('products', utf8(`Código;Estoque\n${code};8\n`), '');
    expect(res.json().data).toMatchObject({ rows: 1, created: 0, updated: 1, errors: [], imported: true });
    expect(await product(code)).toMatchObject({
      name: 'Carregador',
      cost_cents: 1000,
      sell_price_cents: 2500,
      stock: 8,
    });
    const rows = await ledger(id);
    expect(rows).toEqual([
      { kind: 'ADJUSTMENT', stock_before: 0, quantity_in: 5, quantity_out: 0, stock_after: 5 },
      { kind: 'IMPORT', stock_before: 5, quantity_in: 3, quantity_out: 0, stock_after: 8 },
    ]);
    expect(rows.reduce((sum, r) => sum + r.quantity_in - r.quantity_out, 0)).toBe(8);
  });

  it('maps a column the names do not match', async () => {
    const csv = utf8(
      'Item;Marca;Preço de compra;Preço de venda;% Prata;% Ouro;Código\nSuporte veicular;Marca Map;30;59,90;10;5;M-1\n',
    );
    const unmapped = await upload('products', csv, 'dryRun=true&createMissing=true');
    expect(unmapped.json().data).toMatchObject({
      errors: [{ line: 2, column: 'Nome', message: 'Informe o nome do produto' }],
    });
    expect(unmapped.json().data.columns[0]).toEqual({ header: 'Item', key: null });

    const mapped = await upload('products', csv, 'createMissing=true', { fields: { mapping: '{"Item":"name"}' } });
    expect(mapped.json().data).toMatchObject({ created: 1, errors: [], imported: true });
    expect(mapped.json().data.columns[0]).toEqual({ header: 'Item', key: 'name' });
    expect(await product('M-1')).toMatchObject({ name: 'Suporte veicular', sell_price_cents: 5990 });

    const bad = await upload('products', csv, '', { fields: { mapping: '{"Item":"nada"}' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Mapeamento para uma coluna desconhecida: nada.']);
  });

  it('reads an XLSX of customers, matched by CPF/CNPJ on the next import', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    sheet.addRow(['Nome', 'E-mail', 'Telefone', 'CPF/CNPJ', 'Cidade', 'Nível', 'Frete', 'Garantia (%)', 'Aprovado']);
    sheet.addRow([
      'João Pêssego',
      'Joao@Exemplo.com.br',
      '(11) 98765-4321',
      '529.982.247-25',
      'São Paulo',
      'Ouro',
      15.5,
      10,
      'Sim',
    ]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload('customers', xlsx, '', { name: 'clientes.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 1, created: 1, updated: 0, errors: [], imported: true });
    const customer = () =>
      t.db.selectFrom('customers').selectAll().where('document', '=', '52998224725').executeTakeFirstOrThrow();
    expect(await customer()).toMatchObject({
      name: 'João Pêssego',
      email: 'joao@exemplo.com.br',
      phone: '11987654321',
      city: 'São Paulo',
      level: 1,
      shipping_cost_cents: 1550,
      warranty_percentage: 10,
      status: 'APPROVED',
    });

    // The same CPF written without punctuation, Windows-1252: the customer is updated, not doubled.
    const csv = windows1252('CPF/CNPJ;Frete;Bairro\n52998224725;20,00;Consolação\n');
    const again = await upload('customers', csv, '');
    expect(again.json().data).toMatchObject({ created: 0, updated: 1, errors: [], imported: true });
    expect(await customer()).toMatchObject({
      name: 'João Pêssego',
      shipping_cost_cents: 2000,
      neighborhood: 'Consolação',
      status: 'APPROVED',
    });
    const count = await t.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('document', '=', '52998224725')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // The per-status counters (kept by triggers, migration 0038) follow the import's batched writes.
    const counters = await t.db.selectFrom('customer_status_counts').select(['status', 'customers']).execute();
    const recount = await t.db
      .selectFrom('customers')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    for (const { status, n } of recount) {
      expect(Number(counters.find((c) => c.status === status)?.customers ?? 0)).toBe(Number(n));
    }
  });

  it("checks a customer's CPF digits, e-mail, phone and warranty", async () => {
    // 123.456.789-09 is a valid CPF (9 → 1·10+2·9+…+9·2 = 210, 210 mod 11 = 1 → 0; then 255 mod 11 = 2 → 9).
    const csv = utf8(
      'Nome;E-mail;Telefone;CPF/CNPJ;Garantia (%)\n' +
        'Ana;ana@exemplo.com.br;11987654321;123.456.789-00;5\n' +
        'Bia;bia-sem-arroba;11987654321;123.456.789-09;101\n',
    );
    const res = await upload('customers', csv, '');
    expect(res.json().data).toMatchObject({
      created: 0,
      imported: false,
      errors: [
        { line: 2, column: 'CPF/CNPJ', message: 'CPF ou CNPJ inválido' },
        { line: 3, column: 'E-mail', message: 'Informe um e-mail válido' },
        { line: 3, column: 'Garantia (%)', message: 'Informe a garantia de 0 a 100' },
      ],
    });
  });

  it('needs the permission that edits products, or customers (403)', async () => {
    const csv = utf8('Nome\nX\n');
    expect((await upload('products', csv, '', { token: attendant })).statusCode).toBe(403);
    expect((await upload('customers', csv, '', { token: stocker })).statusCode).toBe(403);
    expect((await upload('products', csv, 'dryRun=true', { token: stocker })).statusCode).toBe(200);
  });

  it("'Baixar modelo': CSV with the headers and an example, and XLSX", async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/imports/products/template?format=csv',
      headers: bearer(admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="modelo-produtos.csv"');
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFCódigo;Código de barras;Nome;Marca;Referência;Preço de compra;Preço de venda;% Prata;% Ouro;% Bronze;Estoque;Alerta de estoque;Tags;Descrição;NCM;CEST;Unidade;Origem;IMEIs',
    );
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/imports/customers/template?format=xlsx',
      headers: bearer(admin),
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = ((sheet ? sheet.getRow(1).values : []) as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Nome', 'E-mail', 'Telefone', 'CPF/CNPJ']);
  });

  it('takes a file above the JSON body limit (12 MB) up to 20 MB, and refuses a larger one (413)', async () => {
    const padded = (megabytes: number) =>
      utf8(`Nome;Marca\n"Cabo${' '.repeat(megabytes * 1024 * 1024)}";Marca Grande\n`);
    const big = await upload('products', padded(13), 'dryRun=true');
    expect(big.statusCode, big.body.slice(0, 200)).toBe(200);
    expect(big.json().data.rows).toBe(1);
    const tooBig = await upload('products', padded(21), 'dryRun=true');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors).toEqual(['A planilha deve ter no máximo 20 MB.']);
  });

  it('refuses a request without a file, and a file that is not a spreadsheet', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/imports/products',
      headers: bearer(admin),
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual(['Envie a planilha (CSV ou XLSX).']);
    const empty = await upload('products', utf8('Nome;Marca\n'), '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(['A planilha não tem linhas de dados.']);
  });
});
