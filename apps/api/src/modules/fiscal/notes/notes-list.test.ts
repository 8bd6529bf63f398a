import { fiscalNotePageSchema, fiscalNoteSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../../test/helpers';
import { createOrder, createOrderWorld } from '../../orders/test-orders';

/**
 * The notes list ('Notas fiscais') at a wholesaler's size (issue 59, decision 0093): the page carries the notes'
 * columns and never their XML (only the note's own files do); its search finds a note by its number, its key, any
 * part of the recipient's name, the recipient's document or the order's code, and an order's notes by the order.
 * Three notes written as the emission leaves them, each with a big XML, figures by hand in the comments.
 */
let t: TestApp;
let admin: string;
const orders = {} as Record<'first' | 'second', { id: number; code: string }>;
const ids = {} as Record<'a' | 'b' | 'c', number>;
/** An XML of about 40 KB whose text no answer of the list may hold. */
const bigXml = (n: number) => `<NFe><infNFe>${`<det nItem="${n}">XML-DA-NOTA-${n}</det>`.repeat(1_500)}</infNFe></NFe>`;
/** A key of the SEFAZ's shape: 6 digits, 12 of the issuer's CNPJ (letters allowed), 26 digits. */
const keyOf = (n: number) => `352611112223330001${String(n).padStart(26, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
  const world = await createOrderWorld(t.db);
  orders.first = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE });
  orders.second = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE });
  const insert = async (values: {
    order_id: number | null;
    number: number;
    status: string;
    name: string | null;
    document: string | null;
    cents: number;
    issued: string;
  }) => {
    const row = await t.db
      .insertInto('fiscal_notes')
      .values({
        order_id: values.order_id,
        model: 55,
        series: 1,
        number: values.number,
        environment: 2,
        access_key: keyOf(values.number),
        status: values.status,
        total_cents: values.cents,
        recipient_document: values.document,
        recipient_name: values.name,
        xml: bigXml(values.number),
        proc_xml: values.status === 'AUTHORIZED' ? `<nfeProc>${bigXml(values.number)}</nfeProc>` : null,
        issued_at: new Date(values.issued),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  // The first order's note rejected, then its note authorised; the second order's note authorised.
  ids.a = await insert({
    order_id: orders.first.id,
    number: 1201,
    status: 'REJECTED',
    name: 'Loja de Celulares Carioca Ltda',
    document: '44555666000181',
    cents: 10_480,
    issued: '2026-11-20T13:00:00Z',
  });
  ids.b = await insert({
    order_id: orders.first.id,
    number: 1202,
    status: 'AUTHORIZED',
    name: 'Loja de Celulares Carioca Ltda',
    document: '44555666000181',
    cents: 10_480,
    issued: '2026-11-20T14:00:00Z',
  });
  ids.c = await insert({
    order_id: orders.second.id,
    number: 1203,
    status: 'AUTHORIZED',
    name: 'Maria José da Silva',
    document: '12345678909',
    cents: 5_000,
    issued: '2026-11-21T14:00:00Z',
  });
}, 120_000);
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/fiscal/notes?${query}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, page: fiscalNotePageSchema.parse(res.json().data) };
};
const found = async (search: string) =>
  (await list(`search=${encodeURIComponent(search)}`)).page.items.map((n) => n.id);

describe('GET /fiscal/notes', () => {
  it('lists the page newest first with its figures, and no XML of any note', async () => {
    const { body, page } = await list('');
    expect(page.total).toBe(3);
    expect(page.items.map((n) => n.id)).toEqual([ids.c, ids.b, ids.a]);
    // R$ 50,00 (5.000 cents) to Maria; R$ 104,80 (10.480 cents) to the shop in Rio, by the first order.
    expect(page.items[0]).toMatchObject({
      number: 1203,
      total: 50,
      status: 'AUTHORIZED',
      accessKey: keyOf(1203),
      order: { id: orders.second.id, code: orders.second.code },
      recipient: { document: '12345678909', name: 'Maria José da Silva' },
    });
    expect(page.items[1]).toMatchObject({ number: 1202, total: 104.8, order: { code: orders.first.code } });
    // The three notes' XMLs hold 3 × 2 × 40 KB; the page's answer none of it, and is small.
    expect(body).not.toContain('XML-DA-NOTA');
    expect(body).not.toMatch(/"(xml|procXml|proc_xml)"/);
    expect(body.length).toBeLessThan(5_000);
    // The note's details show the same, without its XML either; its XML is its own file's.
    const details = await t.app.inject({ method: 'GET', url: `/api/fiscal/notes/${ids.b}`, headers: bearer(admin) });
    expect(details.statusCode).toBe(200);
    expect(details.body).not.toContain('XML-DA-NOTA');
    expect(fiscalNoteSchema.parse(details.json().data)).toMatchObject({ number: 1202, total: 104.8, events: [] });
    const xml = await t.app.inject({ method: 'GET', url: `/api/fiscal/notes/${ids.b}/xml`, headers: bearer(admin) });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('XML-DA-NOTA-1202');
  });

  it("finds a note by its number, key, any part of the recipient's name, document or order's code", async () => {
    expect(await found('1203')).toEqual([ids.c]);
    // The number typed with a dot: its digits.
    expect(await found('1.202')).toEqual([ids.b]);
    // A number with a leading zero is not how a number is written: nothing.
    expect(await found('01203')).toEqual([]);
    expect(await found(keyOf(1201))).toEqual([ids.a]);
    // Part of a name, in any case; '%' and '_' are letters, not wildcards.
    expect(await found('josé da')).toEqual([ids.c]);
    expect(await found('CARIOCA')).toEqual([ids.b, ids.a]);
    expect(await found('Maria_')).toEqual([]);
    expect(await found('%')).toEqual([]);
    // The document with its punctuation: 123.456.789-09.
    expect(await found('123.456.789-09')).toEqual([ids.c]);
    // The order's code in lower case: its notes, the rejected one too.
    expect(await found(orders.first.code.toLowerCase())).toEqual([ids.b, ids.a]);
    expect(await found('nada disso')).toEqual([]);
  });

  it("lists an order's notes, and the period and status filters still hold", async () => {
    expect((await list(`orderId=${orders.first.id}`)).page.items.map((n) => n.id)).toEqual([ids.b, ids.a]);
    const authorised = await list(`orderId=${orders.first.id}&status=AUTHORIZED`);
    expect(authorised.page).toMatchObject({ total: 1, items: [{ id: ids.b }] });
    // 21/11 (11:00 in São Paulo) only.
    expect((await list('from=2026-11-21&to=2026-11-21')).page.items.map((n) => n.id)).toEqual([ids.c]);
    expect((await list('search=carioca&page=1&pageSize=1')).page).toMatchObject({ total: 2, items: [{ id: ids.a }] });
  });
});
