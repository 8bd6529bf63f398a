import {
  apiErrorSchema,
  FISCAL_NOTE_TEXTS,
  fiscalNoteSchema,
  NFE_CONTINGENCY_TEXTS,
  nfeContingencySchema,
  notificationsSchema,
  ORDER_STATUS,
} from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../../test/helpers';
import { createOrder, type OrderWorld } from '../../orders/test-orders';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../sefaz/test-sefaz';
import { makeTestCertificate } from '../test-certificate';
import { createFiscalOrderWorld, saveTestIssuer, simplesProfileBody, uploadCertificate } from '../test-fiscal';
import { createNotesService, type NotesService } from './notes.service';

/**
 * Issue 56 §2 (decision 0083): the NF-e's contingency in the SEFAZ Virtual de Contingência through the API, against
 * two strict doubles (test-sefaz.ts): São Paulo's authoriser (cUF 35, homologação) and SVC-AN (SP's SVC in the
 * Portal's table), which shares its database as an SVC passes its notes on. The shop is in SP: its SVC is SVC-AN,
 * its notes' tpEmis 6.
 */
let t: TestApp;
let state: TestSefaz;
let svc: TestSefaz;
let world: OrderWorld;
let admin: string;
let worker: NotesService;
const REASON = 'SEFAZ-SP sem resposta desde as 10h, sem previsão de volta';

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const ok = <T>(res: { statusCode: number; json(): unknown }, parse: (data: unknown) => T, status = 200): T => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  return parse((res.json() as { data: unknown }).data);
};
const contingency = async () => ok(await call('GET', '/fiscal/notes/contingency', admin), nfeContingencySchema.parse);
const emit = async (orderId: number, model?: 55 | 65) =>
  ok(await call('POST', '/fiscal/notes', admin, { orderId, model }), fiscalNoteSchema.parse, 201);
const noteOf = async (id: number) => ok(await call('GET', `/fiscal/notes/${id}`, admin), fiscalNoteSchema.parse);
const delivered = () => createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [2, 1] });
const authorisations = (sefaz: TestSefaz) => sefaz.requests.filter((r) => r.service === 'NFeAutorizacao4').length;
const bellItem = async () => {
  const bell = notificationsSchema.parse((await call('GET', '/notifications', admin)).json());
  return bell.data.find((item) => item.kind === 'nfe_contingency');
};
/** The sender's round's lease: the notes rest two minutes before it sends them again. */
const rested = () => sql`update fiscal_notes set updated_at = now() - interval '3 minutes'`.execute(t.db);

beforeAll(async () => {
  const certificate = makeTestCertificate();
  const server = testSefazServerIdentity();
  state = await startTestSefaz({ ...server, trusted: [certificate.certPem] });
  svc = await startTestSefaz({ ...server, trusted: [certificate.certPem], serves: 'SVC-AN', ledger: state.ledger });
  const fiscal = { fiscalSefazUrl: state.url, fiscalSvcUrl: svc.url, fiscalSefazCa: [server.certPem] };
  t = await createTestApp({ ...fiscal, fiscalSefazTimeoutMs: 3_000 });
  admin = await signIn(t.app, DEMO.admin);
  world = await createFiscalOrderWorld(t.db, 'Loja 3');
  await saveTestIssuer(t, admin);
  expect((await uploadCertificate(t, admin, certificate.pfx, certificate.password)).statusCode).toBe(201);
  expect((await call('POST', '/fiscal/profiles', admin, simplesProfileBody('Celulares e acessórios'))).statusCode).toBe(
    201,
  );
  worker = createNotesService({
    db: t.db,
    serverSecret: t.config.jwtSecret,
    sefazUrl: state.url,
    svcUrl: svc.url,
    sefazCa: [server.certPem],
    sefazTimeoutMs: 3_000,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([state?.close(), svc?.close()]);
  // Strict doubles: of all our code sent them, neither refused anything by its rules.
  expect(state?.refusals).toEqual([]);
  expect(svc?.refusals).toEqual([]);
});

describe("the NF-e's contingency in the SVC (issue 56 §2)", () => {
  it('entered by the shop with its justification: the NF-e goes to SVC-AN (tpEmis 6), the bell says so; left, to SP', async () => {
    expect(await contingency()).toEqual({ active: null, svc: 'SVC-AN', pending: { nfe: 0, nfce: 0 }, message: null });
    const short = await call('POST', '/fiscal/notes/contingency', admin, { reason: 'SEFAZ fora' });
    expect(short.statusCode).toBe(400);

    const entered = ok(
      await call('POST', '/fiscal/notes/contingency', admin, { reason: REASON }),
      nfeContingencySchema.parse,
    );
    expect(entered.active).toMatchObject({ svc: 'SVC-AN', reason: REASON, enteredBy: { name: expect.any(String) } });
    expect(entered.message).toMatch(
      /^NF-e em contingência \(SVC-AN\) desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: as novas notas vão para a SEFAZ Virtual de Contingência\.$/,
    );
    const again = await call('POST', '/fiscal/notes/contingency', admin, { reason: REASON });
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).errors[0]).toBe(NFE_CONTINGENCY_TEXTS.alreadyIn('SVC-AN'));
    expect(await bellItem()).toMatchObject({ title: 'NF-e em contingência', body: entered.message });

    const sentToState = authorisations(state);
    const inSvc = await emit((await delivered()).id);
    // tpEmis 6 is the key's 35th digit; the note carries the contingency's time and justification.
    expect(inSvc).toMatchObject({ model: 55, status: 'AUTHORIZED' });
    expect(inSvc.accessKey[34]).toBe('6');
    const xml = (await call('GET', `/fiscal/notes/${inSvc.id}/xml`, admin)).body;
    expect(xml).toContain('<tpEmis>6</tpEmis>');
    expect(xml).toMatch(new RegExp(`<dhCont>[^<]+</dhCont><xJust>${REASON}</xJust>`));
    expect(svc.requests.some((r) => r.service === 'NFeAutorizacao4' && r.body.includes(inSvc.accessKey))).toBe(true);
    expect(authorisations(state)).toBe(sentToState);

    // The NFC-e has no SVC: it goes to the state's authoriser as ever (tpEmis 1).
    const counter = await createOrder(t.db, world, {
      status: ORDER_STATUS.FINALIZADOS,
      deliveryType: 2,
      quantities: [1, 0],
    });
    const nfce = await emit(counter.id, 65);
    expect([nfce.status, nfce.accessKey[34]]).toEqual(['AUTHORIZED', '1']);

    const left = ok(await call('DELETE', '/fiscal/notes/contingency', admin), nfeContingencySchema.parse);
    expect(left).toEqual({ active: null, svc: 'SVC-AN', pending: { nfe: 0, nfce: 0 }, message: null });
    expect(await bellItem()).toBeUndefined();
    const notIn = await call('DELETE', '/fiscal/notes/contingency', admin);
    expect(apiErrorSchema.parse(notIn.json()).errors[0]).toBe(NFE_CONTINGENCY_TEXTS.notIn);
    const back = await emit((await delivered()).id);
    expect([back.status, back.accessKey[34]]).toEqual(['AUTHORIZED', '1']);
  });

  it('three outages in a row enter it by themselves; the round leaves it when SP answers 107 again, the NF-e then go', async () => {
    const before = (await contingency()).pending;
    state.setAway(503);
    const waiting = [];
    for (let i = 0; i < 3; i++) waiting.push(await emit((await delivered()).id));
    expect(waiting.map((n) => [n.status, n.statusReason])).toEqual([
      ['SIGNED', FISCAL_NOTE_TEXTS.unavailable],
      ['SIGNED', FISCAL_NOTE_TEXTS.unavailable],
      ['SIGNED', FISCAL_NOTE_TEXTS.unavailable],
    ]);
    const entered = await contingency();
    expect(entered.active).toMatchObject({
      svc: 'SVC-AN',
      reason: NFE_CONTINGENCY_TEXTS.automaticReason,
      enteredBy: null,
    });
    expect(entered.pending).toEqual({ nfe: before.nfe + 3, nfce: before.nfce });
    expect(entered.message).toContain(` Aguardando envio: ${before.nfe + 3} NF-e`);

    // Meanwhile a new NF-e goes to the SVC.
    const inSvc = await emit((await delivered()).id);
    expect([inSvc.status, inSvc.accessKey[34]]).toEqual(['AUTHORIZED', '6']);

    // SP still away: the round neither leaves nor touches the three (their fate is unknown).
    expect(await worker.contingencyRound()).toBeNull();
    expect((await contingency()).active).not.toBeNull();

    state.setAway(null);
    expect(await worker.contingencyRound()).toBe(NFE_CONTINGENCY_TEXTS.leftAutomatically);
    expect((await contingency()).active).toBeNull();
    await rested();
    expect(await worker.sendWaiting()).toBe(3);
    for (const note of waiting) {
      const sent = await noteOf(note.id);
      expect([sent.status, sent.number, sent.accessKey]).toEqual(['AUTHORIZED', note.number, note.accessKey]);
    }
    expect((await contingency()).pending).toEqual(before);
  });

  it('entered by the shop: an NF-e SP never received (217) is made again for the SVC with its number; one it authorised stays', async () => {
    state.script.push({ kind: 'hang' });
    const neverReceived = await emit((await delivered()).id);
    state.script.push({ kind: 'lost' });
    const answerLost = await emit((await delivered()).id);
    expect([neverReceived.status, answerLost.status]).toEqual(['SIGNED', 'SIGNED']);
    ok(await call('POST', '/fiscal/notes/contingency', admin, { reason: REASON }), nfeContingencySchema.parse);

    // SP answers 107, but was not seen away since the shop entered: it stays; the two are asked for by their key.
    expect(await worker.contingencyRound()).toBe('1 NF-e enviada à SVC');
    expect((await contingency()).active).not.toBeNull();
    const moved = await noteOf(neverReceived.id);
    expect(moved).toMatchObject({ status: 'AUTHORIZED', number: neverReceived.number, series: neverReceived.series });
    expect(moved.accessKey).not.toBe(neverReceived.accessKey);
    expect(moved.accessKey[34]).toBe('6');
    const kept = await noteOf(answerLost.id);
    expect(kept).toMatchObject({ status: 'AUTHORIZED', accessKey: answerLost.accessKey });
    // One authorised note per number in the SEFAZ's database: the SVC's, and SP's own.
    const ofNumber = (number: number) =>
      state.ledger.noteAt({ model: '55', stateCode: '35', cnpj: moved.accessKey.slice(6, 20), series: 1, number });
    expect(ofNumber(neverReceived.number)?.key).toBe(moved.accessKey);
    expect(ofNumber(answerLost.number)?.key).toBe(answerLost.accessKey);

    ok(await call('DELETE', '/fiscal/notes/contingency', admin), nfeContingencySchema.parse);
  });

  it('a never-received NF-e whose order was cancelled meanwhile is not made again: it waits, saying why', async () => {
    state.script.push({ kind: 'hang' });
    const order = await delivered();
    const waiting = await emit(order.id);
    expect(waiting.status).toBe('SIGNED');
    await t.db.updateTable('orders').set({ status: ORDER_STATUS.CANCELADO }).where('id', '=', order.id).execute();
    ok(await call('POST', '/fiscal/notes/contingency', admin, { reason: REASON }), nfeContingencySchema.parse);

    expect(await worker.contingencyRound()).toBeNull();
    expect(await noteOf(waiting.id)).toMatchObject({
      status: 'SIGNED',
      accessKey: waiting.accessKey,
      statusReason: FISCAL_NOTE_TEXTS.orderNotInvoiceable('Cancelado'),
    });
    ok(await call('DELETE', '/fiscal/notes/contingency', admin), nfeContingencySchema.parse);
  });

  it('114 at the SVC (switched off by SP): the contingency ends, the NF-e is made again for SP with its number and goes', async () => {
    ok(await call('POST', '/fiscal/notes/contingency', admin, { reason: REASON }), nfeContingencySchema.parse);
    svc.setSvcOff(114);
    try {
      const sentToSvc = authorisations(svc);
      const note = await emit((await delivered()).id);
      // Tried at the SVC (refused as off), then made again with tpEmis 1 and authorised by SP.
      expect(authorisations(svc)).toBe(sentToSvc + 1);
      expect([note.status, note.accessKey[34]]).toEqual(['AUTHORIZED', '1']);
      const ofNumber = state.ledger.noteAt({
        model: '55',
        stateCode: '35',
        cnpj: note.accessKey.slice(6, 20),
        series: 1,
        number: note.number,
      });
      expect(ofNumber?.key).toBe(note.accessKey);
      expect((await contingency()).active).toBeNull();
    } finally {
      svc.setSvcOff(null);
    }
  });

  it('113 at the SVC (being switched off): the round ends the contingency by itself, saying why', async () => {
    ok(await call('POST', '/fiscal/notes/contingency', admin, { reason: REASON }), nfeContingencySchema.parse);
    svc.setSvcOff(113);
    try {
      expect(await worker.contingencyRound()).toBe(NFE_CONTINGENCY_TEXTS.leftSvcOff('SVC-AN', 113));
      expect((await contingency()).active).toBeNull();
      expect(await bellItem()).toBeUndefined();
    } finally {
      svc.setSvcOff(null);
    }
  });
});
