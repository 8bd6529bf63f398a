import {
  apiErrorSchema,
  businessDay,
  FISCAL_NOTE_TEXTS,
  fiscalNoteGapPageSchema,
  fiscalNoteSchema,
  ORDER_STATUS,
} from '@backoffice/contract';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../../test/helpers';
import { createOrder, type OrderWorld } from '../../orders/test-orders';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../sefaz/test-sefaz';
import { makeTestCertificate } from '../test-certificate';
import { createFiscalOrderWorld, saveTestIssuer, simplesProfileBody, uploadCertificate } from '../test-fiscal';
import { createNotesService } from './notes.service';

/**
 * Issue 56 §1–2 through the API on a fresh database of each engine, against the strict SEFAZ double (test-sefaz.ts,
 * which keeps its state: notes by number and key, voided ranges, events). Each test numbers its notes in a series of
 * its own (set on the issuer at its start), so its figures are its own: the next number is 1 there.
 * The shop: CNPJ 11.222.333/0001-81 in São Paulo (cUF 35), homologação.
 */
let t: TestApp;
let sefaz: TestSefaz;
let world: OrderWorld;
let admin: string;

const CNPJ = '11222333000181';
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
const note = (res: { statusCode: number; json(): unknown }, status = 200) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  return fiscalNoteSchema.parse((res.json() as { data: unknown }).data);
};
const error = (res: { statusCode: number; json(): unknown }, status: number) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  return apiErrorSchema.parse(res.json()).errors[0];
};
const gaps = async (query: string) => {
  const res = await call('GET', `/fiscal/notes/gaps?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return fiscalNoteGapPageSchema.parse(res.json().data);
};
const voiding = (model: 55 | 65, series: number, from: number, to: number) =>
  call('POST', '/fiscal/voidings', { model, series, from, to, reason: 'Numeros pulados na emissao da loja' });
/** The NF-e (55) or NFC-e (65) numbered in `series` from 1 on. */
const useSeries = async (model: 55 | 65, series: number) => {
  await t.db
    .updateTable('fiscal_issuer')
    .set(model === 55 ? { nfe_series: series, nfe_next_number: 1 } : { nfce_series: series, nfce_next_number: 1 })
    .execute();
};
const nextNumber = async (model: 55 | 65) => {
  const row = await t.db
    .selectFrom('fiscal_issuer')
    .select(['nfe_next_number', 'nfce_next_number'])
    .executeTakeFirstOrThrow();
  return Number(model === 55 ? row.nfe_next_number : row.nfce_next_number);
};
const delivered = () => createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [2, 1] });
const counterSale = () =>
  createOrder(t.db, world, { status: ORDER_STATUS.FINALIZADOS, deliveryType: 2, quantities: [1, 0] });
const at = (model: '55' | '65', series: number, number: number) => ({
  model,
  stateCode: '35',
  cnpj: CNPJ,
  series,
  number,
});
const servicesSince = (from: number) => sefaz.requests.slice(from).map((request) => request.service);
const month = () => businessDay(new Date()).slice(0, 7);

beforeAll(async () => {
  const certificate = makeTestCertificate();
  const server = testSefazServerIdentity();
  sefaz = await startTestSefaz({ ...server, trusted: [certificate.certPem] });
  t = await createTestApp({ fiscalSefazUrl: sefaz.url, fiscalSefazCa: [server.certPem], fiscalSefazTimeoutMs: 10_000 });
  admin = await signIn(t.app, DEMO.admin);
  world = await createFiscalOrderWorld(t.db, 'Loja 56');
  await saveTestIssuer(t, admin);
  expect((await uploadCertificate(t, admin, certificate.pfx, certificate.password)).statusCode).toBe(201);
  const profile = await call('POST', '/fiscal/profiles', simplesProfileBody('Celulares e acessórios'));
  expect(profile.statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sefaz?.close();
  // The double refused nothing of what this file sent it by its rules: every refusal is ours, before sending.
  expect(sefaz?.refusals).toEqual([]);
});

describe('a number used once, ever (issue 56 §1)', () => {
  it('skips a voided range when numbering, and refuses in words, before sending, a range voided before or holding a note', async () => {
    await useSeries(55, 11);
    const voided = await voiding(55, 11, 1, 2);
    expect(voided.statusCode, voided.body).toBe(201);
    const protocol = voided.json().data.protocol as string;
    expect(sefaz.ledger.voidedAt(at('55', 11, 2))).toMatchObject({ from: 1, to: 2, protocol });
    // 1 and 2 voided: the note takes 3 (the SEFAZ would answer 1 or 2 with 206), the next number is then 4.
    const emitted = note(await call('POST', '/fiscal/notes', { orderId: (await delivered()).id }), 201);
    expect(emitted).toMatchObject({ series: 11, number: 3, status: 'AUTHORIZED' });
    expect(await nextNumber(55)).toBe(4);

    const before = sefaz.requests.length;
    // The same range again (the SEFAZ's 563), part of it (256), a number holding an authorised note (241).
    expect(error(await voiding(55, 11, 1, 2), 409)).toBe(
      `Não é possível inutilizar: os números 1 a 2 já inutilizado antes (protocolo ${protocol}). Escolha só números ainda não inutilizados.`,
    );
    expect(error(await voiding(55, 11, 2, 5), 409)).toBe(
      `Não é possível inutilizar: o número 2 já inutilizado antes (protocolo ${protocol}). Escolha só números ainda não inutilizados.`,
    );
    expect(error(await voiding(55, 11, 3, 5), 409)).toBe(
      'Não é possível inutilizar: a nota nº 3 está Autorizada. Só números nunca usados ou de notas rejeitadas podem ser inutilizados.',
    );
    expect(sefaz.requests.length).toBe(before);
  });

  it("a rejected note's number is voided: the note is VOIDED and the order gets a note with a new number", async () => {
    await useSeries(55, 12);
    const order = await delivered();
    sefaz.script.push({ kind: 'reject', status: 778, reason: 'Rejeição: Informado NCM inexistente' });
    const rejected = note(await call('POST', '/fiscal/notes', { orderId: order.id }), 201);
    expect(rejected).toMatchObject({ series: 12, number: 1, status: 'REJECTED' });
    expect((await gaps('model=55&series=12')).items).toEqual([
      {
        kind: 'REJECTED',
        model: 55,
        series: 12,
        month: month(),
        from: 1,
        to: 1,
        note: { id: rejected.id, order: order.code },
      },
    ]);

    expect((await voiding(55, 12, 1, 1)).statusCode).toBe(201);
    expect(note(await call('GET', `/fiscal/notes/${rejected.id}`))).toMatchObject({ number: 1, status: 'VOIDED' });
    expect(sefaz.ledger.voidedAt(at('55', 12, 1))).toMatchObject({ from: 1, to: 1 });
    // Its number spent, the rejected note is not sent again; the order takes a new note, numbered 2.
    expect(error(await call('POST', `/fiscal/notes/${rejected.id}/retry`), 409)).toBe(
      FISCAL_NOTE_TEXTS.voidedNotRetriable(1),
    );
    const renewed = note(await call('POST', '/fiscal/notes', { orderId: order.id }), 201);
    expect(renewed).toMatchObject({ series: 12, number: 2, status: 'AUTHORIZED' });
    expect((await gaps('model=55&series=12')).total).toBe(0);
  });

  it("'Lacunas de numeração': the numbers skipped by the next number set forward, until they are voided", async () => {
    await useSeries(55, 13);
    expect(note(await call('POST', '/fiscal/notes', { orderId: (await delivered()).id }), 201).number).toBe(1);
    // The next number set forward from 2 to 7: 2–6 never used, dated this month until a note follows them.
    await t.db.updateTable('fiscal_issuer').set({ nfe_next_number: 7 }).execute();
    const gap = { kind: 'GAP', model: 55, series: 13, month: month(), from: 2, to: 6, note: null };
    expect((await gaps('model=55&series=13')).items).toEqual([gap]);
    expect(note(await call('POST', '/fiscal/notes', { orderId: (await delivered()).id }), 201).number).toBe(7);
    expect(await gaps(`model=55&series=13&month=${month()}`)).toEqual({
      items: [gap],
      total: 1,
      page: 0,
      pageSize: 50,
    });
    expect((await gaps('model=55&series=13&month=2020-01')).total).toBe(0);
    // 20–21 voided ahead of the next number (8): 8–19 are not a gap, they are still to come.
    expect((await voiding(55, 13, 20, 21)).statusCode).toBe(201);
    expect((await gaps('model=55&series=13')).items).toEqual([gap]);
    // A page of one.
    expect((await gaps('model=55&series=13&page=1&pageSize=1')).items).toEqual([]);

    expect((await voiding(55, 13, 2, 6)).statusCode).toBe(201);
    expect((await gaps('model=55&series=13')).total).toBe(0);
  });
});

describe("the bell's 'Lacunas de numeração' (issue 56 §1)", () => {
  it("one item per month of the gaps, from the 1st of the next month, until that month's are voided", async () => {
    await useSeries(55, 14);
    expect(note(await call('POST', '/fiscal/notes', { orderId: (await delivered()).id }), 201).number).toBe(1);
    await t.db.updateTable('fiscal_issuer').set({ nfe_next_number: 4 }).execute();
    const fourth = note(await call('POST', '/fiscal/notes', { orderId: (await delivered()).id }), 201);
    await t.db.updateTable('fiscal_issuer').set({ nfe_next_number: 7 }).execute();
    const seventh = note(await call('POST', '/fiscal/notes', { orderId: (await delivered()).id }), 201);
    expect([fourth.number, seventh.number]).toEqual([4, 7]);
    const bell = async () => {
      const res = await call('GET', '/notifications?limit=100');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { kind: string; body: string; link: string }[]).filter(
        (item) => item.kind === 'numbering_gaps',
      );
    };
    // 2–3 and 5–6 skipped this month: not yet in the bell.
    expect(await bell()).toEqual([]);
    // Each gap dated by the note after it: 2–3 by nº 4, issued 40 days ago; 5–6 by nº 7, 100 days ago — two past
    // months (60 days apart, never the same month), each its own item of 2 numbers, from the 1st of the month after.
    await sql`update fiscal_notes set issued_at = issued_at - interval '40 days' where id = ${fourth.id}`.execute(t.db);
    await sql`update fiscal_notes set issued_at = issued_at - interval '100 days' where id = ${seventh.id}`.execute(
      t.db,
    );
    const monthOf = async (id: number) =>
      businessDay(
        (await t.db.selectFrom('fiscal_notes').select('issued_at').where('id', '=', id).executeTakeFirstOrThrow())
          .issued_at as Date,
      ).slice(0, 7);
    const [m4, m7] = [await monthOf(fourth.id), await monthOf(seventh.id)];
    expect(m4).not.toBe(m7);
    expect(await bell()).toMatchObject([
      { body: FISCAL_NOTE_TEXTS.gapsBellBody(2, m4), link: '/admin/fiscal-notes' },
      { body: FISCAL_NOTE_TEXTS.gapsBellBody(2, m7), link: '/admin/fiscal-notes' },
    ]);
    expect(FISCAL_NOTE_TEXTS.gapsBellBody(2, '2026-10')).toBe(
      "2 números de notas de 10/2026 não foram autorizados nem inutilizados: inutilize-os em 'Notas fiscais' → 'Lacunas de numeração'.",
    );
    expect((await voiding(55, 14, 2, 3)).statusCode).toBe(201);
    expect(await bell()).toMatchObject([{ body: FISCAL_NOTE_TEXTS.gapsBellBody(2, m7) }]);
    expect((await voiding(55, 14, 5, 6)).statusCode).toBe(201);
    expect(await bell()).toEqual([]);
  });
});

describe('an NFC-e whose answer was lost takes a new number in contingency (issue 56 §2)', () => {
  it('authorised unseen: the first is cancelled by substitution (110112) naming the contingency note; one authorised note for the sale', async () => {
    await useSeries(65, 21);
    const order = await counterSale();
    sefaz.script.push({ kind: 'lost' });
    const offline = note(await call('POST', '/fiscal/notes', { orderId: order.id, model: 65 }), 201);
    // The sale covered at once by the contingency NFC-e nº 2 (tpEmis 9: the key's 35th digit); nº 1 keeps its number.
    expect(offline).toMatchObject({ series: 21, number: 2, status: 'CONTINGENCY', contingency: true });
    expect(offline.accessKey[34]).toBe('9');
    const list = (await call('GET', `/fiscal/notes?orderId=${order.id}`)).json().data.items as { id: number }[];
    const first = note(await call('GET', `/fiscal/notes/${list.find((n) => n.id !== offline.id)?.id}`));
    expect(first).toMatchObject({
      number: 1,
      status: 'UNKNOWN',
      contingency: false,
      statusReason: FISCAL_NOTE_TEXTS.unknownFate(1),
    });
    // The SEFAZ holds nº 1 authorised: the answer was lost, not the note.
    expect(sefaz.ledger.noteAt(at('65', 21, 1))?.key).toBe(first.accessKey);

    const from = sefaz.requests.length;
    const settled = note(await call('POST', `/fiscal/notes/${first.id}/retry`));
    expect(servicesSince(from)).toEqual(['NFeAutorizacao4', 'NFeConsultaProtocolo4', 'NFeRecepcaoEvento4']);
    const event = sefaz.requests.at(-1)?.body ?? '';
    expect(event).toContain('<tpEvento>110112</tpEvento>');
    expect(event).toContain(`<chNFeRef>${offline.accessKey}</chNFeRef>`);
    expect(settled).toMatchObject({ id: first.id, number: 1, status: 'CANCELLED', statusCode: 135 });
    expect(settled.events).toMatchObject([
      { type: 'SUBSTITUTION', sequence: 1, statusCode: 135, text: FISCAL_NOTE_TEXTS.substitutionReason },
    ]);
    expect(note(await call('GET', `/fiscal/notes/${offline.id}`))).toMatchObject({ number: 2, status: 'AUTHORIZED' });
    // The SEFAZ's state: nº 1 cancelled by substitution, nº 2 authorised; never two authorised for the sale.
    expect(sefaz.ledger.note(first.accessKey)?.cancelled).toBe(true);
    expect(sefaz.ledger.hasEvent('110112', first.accessKey, 1)).toBe(true);
    expect(sefaz.ledger.note(offline.accessKey)).toMatchObject({ cancelled: false });
    const statuses = await t.db.selectFrom('fiscal_notes').select('status').where('order_id', '=', order.id).execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(['AUTHORIZED', 'CANCELLED']);
    expect((await gaps('model=65&series=21')).total).toBe(0);
    // The month's XMLs for the accountant: nº 1's nfeProc with its cancellation by substitution, nº 2's nfeProc.
    const zip = await call('GET', `/fiscal/notes/xml.zip?month=${month()}`);
    const files = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
    for (const name of [
      `${first.accessKey}-procNFe.xml`,
      `${first.accessKey}-cancelamento-substituicao.xml`,
      `${offline.accessKey}-procNFe.xml`,
    ])
      expect(files).toContain(name);
  });

  it('never received: the sender sends the contingency note and voids the first one’s number', async () => {
    await useSeries(65, 22);
    const order = await counterSale();
    sefaz.script.push({ kind: 'http', status: 503 });
    const offline = note(await call('POST', '/fiscal/notes', { orderId: order.id, model: 65 }), 201);
    expect(offline).toMatchObject({ series: 22, number: 2, status: 'CONTINGENCY' });
    expect(sefaz.ledger.noteAt(at('65', 22, 1))).toBeUndefined();

    const sender = createNotesService({
      db: t.db,
      serverSecret: t.config.jwtSecret,
      sefazUrl: sefaz.url,
      sefazCa: [testSefazServerIdentity().certPem],
    });
    await sql`update fiscal_notes set updated_at = now() - interval '3 minutes' where order_id = ${order.id}`.execute(
      t.db,
    );
    const from = sefaz.requests.length;
    expect(await sender.sendWaiting()).toBe(2);
    expect(servicesSince(from)).toEqual(['NFeAutorizacao4', 'NFeConsultaProtocolo4', 'NFeInutilizacao4']);
    const rows = await t.db
      .selectFrom('fiscal_notes')
      .select(['number', 'status'])
      .where('order_id', '=', order.id)
      .orderBy('number')
      .execute();
    expect(rows).toEqual([
      { number: 1, status: 'VOIDED' },
      { number: 2, status: 'AUTHORIZED' },
    ]);
    expect(sefaz.ledger.voidedAt(at('65', 22, 1))).toMatchObject({ from: 1, to: 1 });
    const kept = await t.db
      .selectFrom('fiscal_voidings')
      .select(['number_from', 'number_to', 'reason', 'created_by'])
      .where('model', '=', 65)
      .where('series', '=', 22)
      .execute();
    expect(kept).toEqual([
      { number_from: 1, number_to: 1, reason: FISCAL_NOTE_TEXTS.unknownVoidReason, created_by: null },
    ]);
    // The numbering goes on from 3.
    expect(await nextNumber(65)).toBe(3);
  });
});
