import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { uploadSheet, utf8 } from './test-uploads';

/**
 * Issue 34 §2: an import confirmed with an `Idempotency-Key` (the dialog sends one per preview, kept across
 * retries) is one import however often it is sent, even five times at once; the key with another file is
 * refused; without a key every confirm is an import of its own (section 7's clients send none).
 */
describe('spreadsheet import: one Idempotency-Key, one import (issue 34 §2)', () => {
  let t: TestApp;
  let admin: string;
  let stocker: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
    stocker = await signIn(t.app, DEMO.stocker);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Three products without a code (each line a new product): the file that multiplied on every confirm. */
  const noCodes = (brand: string) =>
    utf8(
      'Nome;Marca;Preço de compra;Preço de venda;Estoque\n' +
        `Película 3D;${brand};2,10;14,90;10\n` +
        `Capinha Silicone;${brand};6,50;29,90;5\n` +
        `Cabo USB-C;${brand};4,00;19,90;8\n`,
    );

  const confirm = (file: Buffer, key: string | undefined, query = 'createMissing=true', token = admin) =>
    uploadSheet(t, 'products', file, query, { token, headers: key ? { 'idempotency-key': key } : {} });

  const productsOf = async (brand: string) =>
    (
      await t.db
        .selectFrom('products as p')
        .innerJoin('brands as b', 'b.id', 'p.brand_id')
        .select(['p.name', 'p.stock'])
        .where('b.name', '=', brand)
        .orderBy('p.name')
        .execute()
    ).map((p) => `${p.name} (${p.stock})`);

  it('five confirms at once with one key give one import, and all five the same answer', async () => {
    const brand = `Marca Cinco ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(noCodes(brand), key)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await productsOf(brand)).toEqual(['Cabo USB-C (8)', 'Capinha Silicone (5)', 'Película 3D (10)']);
    const first = answers[0]?.json();
    expect(first.data).toMatchObject({ rows: 3, created: 3, updated: 0, errors: [], imported: true });
    for (const answer of answers) expect(answer.json()).toEqual(first);
    // One of them imported; the four others repeat its answer, and say so.
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
  });

  it('a retry after success (the answer was lost) replays the answer and writes nothing more', async () => {
    const brand = `Marca Retry ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const first = await confirm(noCodes(brand), key);
    expect(first.json().data).toMatchObject({ created: 3, imported: true });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same key, quoted as the IETF draft writes it, is the same key.
    const retry = await confirm(noCodes(brand), `"${key}"`);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await productsOf(brand)).toHaveLength(3);
    const ledger = await t.db
      .selectFrom('stock_movements as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('b.name', '=', brand)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.n)).toBe(3);
  });

  it('refuses the key sent with another file, other options or by another employee (409), writing nothing', async () => {
    const brand = `Marca Outra ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    expect((await confirm(noCodes(brand), key)).json().data).toMatchObject({ created: 3, imported: true });
    const message =
      'Esta importação já foi feita com outra planilha ou outras opções. Pré-visualize a planilha de novo para importá-la.';
    for (const other of [
      await confirm(noCodes(`${brand} B`), key),
      await confirm(noCodes(brand), key, 'createMissing=true&skipInvalid=true'),
      await confirm(noCodes(brand), key, 'createMissing=true', stocker),
    ]) {
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json()).toMatchObject({ code: 'CONFLICT', errors: [message] });
    }
    expect(await productsOf(`${brand} B`)).toEqual([]);
    expect(await productsOf(brand)).toHaveLength(3);
  });

  it('a confirm that wrote nothing (the file has errors) leaves the key free for the confirm that skips them', async () => {
    const brand = `Marca Livre ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const file = utf8(`Nome;Marca;Preço de compra;Preço de venda\nFone;${brand};10;30\n;${brand};10;30\n`);
    const refused = await confirm(file, key);
    expect(refused.json().data).toMatchObject({ imported: false, errorCount: 1 });
    const skipping = await confirm(file, key, 'createMissing=true&skipInvalid=true');
    expect(skipping.statusCode).toBe(200);
    expect(skipping.json().data).toMatchObject({ created: 1, imported: true });
    expect(await productsOf(brand)).toEqual(['Fone (0)']);
  });

  it('a preview ignores the key; without a key every confirm is an import of its own', async () => {
    const brand = `Marca Sem Chave ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const preview = await confirm(noCodes(brand), key, 'dryRun=true&createMissing=true');
    expect(preview.json().data).toMatchObject({ created: 3, imported: false });
    expect((await confirm(noCodes(brand), key)).json().data).toMatchObject({ created: 3, imported: true });
    expect(await productsOf(brand)).toHaveLength(3);

    const other = `${brand} 2`;
    await confirm(noCodes(other), undefined);
    await confirm(noCodes(other), undefined);
    expect(await productsOf(other)).toHaveLength(6);
  });

  it('refuses a malformed key (400)', async () => {
    const res = await confirm(noCodes('Marca Chave Ruim'), 'chave com espaços');
    expect(res.statusCode).toBe(400);
  });
});
