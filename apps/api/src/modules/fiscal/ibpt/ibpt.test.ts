import { randomUUID } from 'node:crypto';
import { IBPT_MAX_BYTES, IBPT_MAX_ROWS, ibptSummarySchema, ibptTableSchema } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectApiError, signIn, type TestApp } from '../../../test/helpers';
import { phone, workedExample } from '../nfe/test-notes';
import { saveTestIssuer } from '../test-fiscal';
import { withApproximateTaxRates } from './ibpt-rates';

/**
 * 'Tabela IBPT' through the API (issue 55 §2, decision 0077), each test on a fresh database: the CSV as IBPT
 * publishes it (its header, ';', dd/mm/aaaa, ISO-8859-1), imported per state in one transaction, refused whole at
 * its first bad line, bounded in size and rows before it is read; the notes' rates read from it.
 */
let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
});
afterEach(async () => {
  await t.close();
});

const HEADER =
  'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';
const line = (code: string, rates: string, ex = '', kind = '0', until = '31/12/2099', description = 'Item') =>
  `${code};${ex};${kind};${description};${rates};01/01/2026;${until};9oi7eW;26.1.G;IBPT`;
/** The phones', the cases' (and its exception 01), a service of the LC 116 list: in IBPT's own encoding. */
const TABLE = [
  HEADER,
  line('85171300', '13.45;15.45;18.00;0.00', '', '0', '31/12/2099', 'Telefones inteligentes (smartphones)'),
  line('39269090', '13.83;19.83;18.00;0.00', '', '0', '31/12/2099', 'Outras obras de plástico'),
  line('39269090', '9.00;11.00;18.00;0.00', '01', '0', '31/12/2099', 'Ex 01 - peças de máquinas'),
  line('0107', '13.45;13.45;0.00;2.00', '', '2', '31/12/2099', 'Suporte técnico em informática'),
].join('\r\n');
const latin1 = (text: string) => Buffer.from(text, 'latin1');

function formData(fields: Record<string, string>, file: Buffer | undefined) {
  const boundary = `----ibpt${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="TabelaIBPTaxSP26.1.G.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (file: Buffer | undefined, uf: string | null = 'SP', token = admin) => {
  const body = formData(uf === null ? {} : { uf }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/fiscal/ibpt',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const summary = (token = admin) => t.app.inject({ method: 'GET', url: '/api/fiscal/ibpt', headers: bearer(token) });
const rateRows = () =>
  t.db
    .selectFrom('fiscal_ibpt_rates')
    .select(['uf', 'code', 'ex', 'kind', 'description', 'national_federal_rate_ten_thousandths as federal'])
    .orderBy('code')
    .orderBy('ex')
    .execute();

describe('importing the IBPT table', () => {
  it('a good CSV (ISO-8859-1): 201 with its version, key, validity and rows; the rates exact; GET lists it', async () => {
    await saveTestIssuer(t, admin);
    const res = await upload(latin1(TABLE));
    expect(res.statusCode, res.body).toBe(201);
    const table = ibptTableSchema.parse(res.json().data);
    expect(table).toMatchObject({
      uf: 'SP',
      version: '26.1.G',
      key: '9oi7eW',
      source: 'IBPT',
      validFrom: '2026-01-01',
      validUntil: '2099-12-31',
      rows: 4,
      expired: false,
      importedBy: expect.any(String),
    });
    // 13,45 % = 134.500 ten-thousandths of a percent; the description read in ISO-8859-1.
    expect(await rateRows()).toEqual([
      { uf: 'SP', code: '0107', ex: '', kind: 2, description: 'Suporte técnico em informática', federal: 134_500 },
      { uf: 'SP', code: '39269090', ex: '', kind: 0, description: 'Outras obras de plástico', federal: 138_300 },
      { uf: 'SP', code: '39269090', ex: '01', kind: 0, description: 'Ex 01 - peças de máquinas', federal: 90_000 },
      {
        uf: 'SP',
        code: '85171300',
        ex: '',
        kind: 0,
        description: 'Telefones inteligentes (smartphones)',
        federal: 134_500,
      },
    ]);
    const listed = ibptSummarySchema.parse((await summary()).json().data);
    expect(listed.issuerUf).toBe('SP');
    expect(listed.tables).toEqual([table]);
  });

  it("a second import of the state replaces its table whole; another state's stays", async () => {
    expect((await upload(latin1(TABLE), 'RJ')).statusCode).toBe(201);
    expect((await upload(latin1(TABLE))).statusCode).toBe(201);
    const res = await upload(Buffer.from([HEADER, line('85171300', '10.00;12.00;18.00;0.00')].join('\n')));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.rows).toBe(1);
    const rows = await rateRows();
    expect(rows.filter((row) => row.uf === 'SP')).toHaveLength(1);
    expect(rows.filter((row) => row.uf === 'RJ')).toHaveLength(4);
    const { tables } = (await summary()).json().data;
    expect(tables.map((table: { uf: string; rows: number }) => [table.uf, table.rows])).toEqual([
      ['RJ', 4],
      ['SP', 1],
    ]);
  });

  it('a bad line refuses the whole file, naming the line (the header is line 1); the old table stays', async () => {
    expect((await upload(latin1(TABLE))).statusCode).toBe(201);
    const cases: [string, string][] = [
      [
        line('85171300', '13,45;abc;18;0'),
        'Linha 3: a alíquota importadosfederal "abc" deve ser um percentual de 0 a 100 com até 4 casas decimais.',
      ],
      [
        line('8517130', '1;1;1;1'),
        'Linha 3: o código "8517130" não é um NCM (8 dígitos), NBS (9) nem item da LC 116 (4 ou 5).',
      ],
      [
        line('85171300', '1;1;1;1', '', '0', '31/02/2099'),
        'Linha 3: a data vigenciafim "31/02/2099" deve ser dd/mm/aaaa.',
      ],
      [line('85171300', '1;1;1;1'), 'Linha 3: o código 85171300 já está na linha 2.'],
      ['85171300;;0;Item;1;1;1', 'Linha 3: tem 7 colunas, e a tabela IBPT tem 13.'],
      [
        line('85171300', '1;1;1;100.5'),
        'Linha 3: a alíquota municipal "100.5" deve ser um percentual de 0 a 100 com até 4 casas decimais.',
      ],
    ];
    for (const [bad, message] of cases) {
      const file = Buffer.from([HEADER, line('85171300', '1;1;1;1'), bad].join('\n'));
      const res = await upload(file);
      expect(expectApiError(res, 400, 'BAD_REQUEST').errors).toEqual([message]);
    }
    const other = Buffer.from(
      [HEADER, line('85171300', '1;1;1;1'), line('39269090', '1;1;1;1').replace('26.1.G', '26.2.A')].join('\n'),
    );
    expect(expectApiError(await upload(other), 400, 'BAD_REQUEST').errors).toEqual([
      'Linha 3: versao "26.2.A" difere do "26.1.G" da linha 2: envie uma tabela de uma versão só.',
    ]);
    expect(expectApiError(await upload(Buffer.from('codigo;descricao\n1;2')), 400, 'BAD_REQUEST').errors[0]).toContain(
      'O arquivo não é a tabela do IBPT',
    );
    // The table imported first is still whole.
    expect(await rateRows()).toHaveLength(4);
  });

  it('too large: 413 while it streams; too many rows: 400 before any is read; no file or no UF: 400', async () => {
    const large = Buffer.alloc(IBPT_MAX_BYTES + 1, 'a');
    expectApiError(await upload(large), 413, 'PAYLOAD_TOO_LARGE');
    const many = Buffer.from([HEADER, ...Array.from({ length: IBPT_MAX_ROWS + 1 }, () => 'x')].join('\n'));
    expect(many.length).toBeLessThan(IBPT_MAX_BYTES);
    expect(expectApiError(await upload(many), 400, 'BAD_REQUEST').errors[0]).toContain('linhas');
    expectApiError(await upload(undefined), 400, 'BAD_REQUEST');
    expectApiError(await upload(latin1(TABLE), null), 400, 'BAD_REQUEST');
    expectApiError(await upload(latin1(TABLE), 'XX'), 400, 'BAD_REQUEST');
    expect(await rateRows()).toHaveLength(0);
  });

  it("the fiscal settings' permission: a manager may neither import nor read", async () => {
    const manager = await signIn(t.app, DEMO.manager);
    expectApiError(await upload(latin1(TABLE), 'SP', manager), 403, 'FORBIDDEN');
    expectApiError(await summary(manager), 403, 'FORBIDDEN');
  });

  it('a table whose validity ended is answered expired', async () => {
    const ended = [HEADER, line('85171300', '1;1;1;1', '', '0', '31/01/2026')].join('\n');
    const res = await upload(Buffer.from(ended));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ validUntil: '2026-01-31', expired: true });
  });
});

describe("a note's items take the issuer's state's rows valid on its day", () => {
  const input = workedExample({
    issuedAt: '2026-11-26T10:15:00-03:00',
    items: [phone(1), phone(2, { code: 'CAPA-01', ncm: '39269090', imeis: [] })],
  });

  it('every NCM found: the rates (the row without exception) and the source', async () => {
    expect((await upload(latin1(TABLE))).statusCode).toBe(201);
    const rated = await withApproximateTaxRates(t.db, input);
    expect(rated.approximateTaxesSource).toEqual({ source: 'IBPT', key: '9oi7eW', version: '26.1.G' });
    expect(rated.items.map((item) => item.approximateTaxRates)).toEqual([
      { nationalFederal: 134_500, importedFederal: 154_500, state: 180_000, municipal: 0 },
      { nationalFederal: 138_300, importedFederal: 198_300, state: 180_000, municipal: 0 },
    ]);
  });

  it("an NCM missing, another state's table, or the validity ended: none", async () => {
    expect((await upload(Buffer.from([HEADER, line('85171300', '1;1;1;1')].join('\n')))).statusCode).toBe(201);
    expect(await withApproximateTaxRates(t.db, input)).toBe(input);
    expect((await upload(latin1(TABLE), 'RJ')).statusCode).toBe(201);
    expect(await withApproximateTaxRates(t.db, input)).toBe(input);
    const ended = [
      HEADER,
      line('85171300', '1;1;1;1', '', '0', '25/11/2026'),
      line('39269090', '1;1;1;1', '', '0', '25/11/2026'),
    ];
    expect((await upload(Buffer.from(ended.join('\n')))).statusCode).toBe(201);
    expect(await withApproximateTaxRates(t.db, input)).toBe(input);
    // The last day of its validity still counts.
    const lastDay = [
      HEADER,
      line('85171300', '1;1;1;1', '', '0', '26/11/2026'),
      line('39269090', '1;1;1;1', '', '0', '26/11/2026'),
    ];
    expect((await upload(Buffer.from(lastDay.join('\n')))).statusCode).toBe(201);
    expect((await withApproximateTaxRates(t.db, input)).approximateTaxesSource).not.toBeUndefined();
  });
});
