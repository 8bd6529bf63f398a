import {
  apiErrorSchema,
  FISCAL_NOTE_TEXTS,
  fiscalNoteSchema,
  formatBusinessDate,
  ORDER_STATUS,
} from '@backoffice/contract';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../../lib/mailer';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../../test/helpers';
import { createOrder, type OrderWorld } from '../../orders/test-orders';
import { validateAgainstSchema } from '../nfe/xsd';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../sefaz/test-sefaz';
import { makeTestCertificate } from '../test-certificate';
import { createFiscalOrderWorld, saveTestIssuer, simplesProfileBody, uploadCertificate } from '../test-fiscal';
import { EVENT_PROC_SCHEMAS, VOIDING_PROC_SCHEMA } from './note-archive';

/**
 * Issue 56 §3 through the API on a fresh database of each engine, against the strict SEFAZ double: the events kept
 * as procEventoNFe and the voidings as ProcInutNFe, valid by the official proc schemas; the month's zip with its
 * index; the events mailed to the customer; the cancellation windows. The world: a consumer (CPF) in São Paulo, the
 * shop's state; products of R$ 19,90 and R$ 50,00, the courier's freight R$ 15,00. Delivered, two of R$ 19,90:
 * an NF-e of 2 × 19,90 + 15,00 = R$ 54,80; at the counter, one: an NFC-e of R$ 19,90.
 */
let t: TestApp;
let sefaz: TestSefaz;
let world: OrderWorld;
let admin: string;
const mails: MailMessage[] = [];

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
const note = (res: { statusCode: number; json(): unknown }, status = 200) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  return fiscalNoteSchema.parse((res.json() as { data: unknown }).data);
};
const error = (res: { statusCode: number; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  return apiErrorSchema.parse(res.json()).errors[0];
};
const delivered = async () =>
  note(
    await call('POST', '/fiscal/notes', {
      orderId: (await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [2, 0] })).id,
    }),
    201,
  );
const counter = async () =>
  note(
    await call('POST', '/fiscal/notes', {
      orderId: (
        await createOrder(t.db, world, { status: ORDER_STATUS.FINALIZADOS, deliveryType: 2, quantities: [1, 0] })
      ).id,
    }),
    201,
  );
const valid = async (xml: string, schema: string) => {
  const result = await validateAgainstSchema(xml, schema);
  expect(result.problems.map((p) => p.detail)).toEqual([]);
  return result.valid;
};
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

beforeAll(async () => {
  const certificate = makeTestCertificate();
  const server = testSefazServerIdentity();
  sefaz = await startTestSefaz({ ...server, trusted: [certificate.certPem] });
  t = await createTestApp({
    fiscalSefazUrl: sefaz.url,
    fiscalSefazCa: [server.certPem],
    fiscalSefazTimeoutMs: 10_000,
    mailer: { send: async (message) => void mails.push(message) },
  });
  admin = await signIn(t.app, DEMO.admin);
  world = await createFiscalOrderWorld(t.db);
  await t.db
    .updateTable('customers')
    .set({
      document: '529.982.247-25',
      name: 'Maria da Silva',
      email: 'maria.silva@example.com',
      state_registration: null,
      street: 'Rua Augusta',
      number: '500',
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      zip_code: '01305-000',
    })
    .where('id', '=', world.customerId)
    .execute();
  await saveTestIssuer(t, admin);
  expect((await uploadCertificate(t, admin, certificate.pfx, certificate.password)).statusCode).toBe(201);
  expect((await call('POST', '/fiscal/profiles', simplesProfileBody('Celulares e acessórios'))).statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sefaz?.close();
  // The strict double refused nothing our code sent in this file.
  expect(sefaz?.refusals).toEqual([]);
});

describe('events and voidings as the proc schemas have them (issue 56 §3)', () => {
  it('a CC-e and a cancellation kept as procEventoNFe, a voiding as ProcInutNFe, all valid; both events mailed', async () => {
    const nfe = await delivered();
    expect(nfe).toMatchObject({ model: 55, total: 54.8 });
    mails.length = 0;
    const corrected = note(
      await call('POST', `/fiscal/notes/${nfe.id}/correction`, { text: 'Complemento do destinatário: apto 12.' }),
    );
    const cancelled = note(
      await call('POST', `/fiscal/notes/${nfe.id}/cancel`, { reason: 'Cliente desistiu da compra antes da entrega' }),
    );
    expect(cancelled.cancellableUntil).toBeNull();
    const rows = await t.db
      .selectFrom('fiscal_note_events')
      .select(['type', 'xml', 'request_xml', 'answer_only'])
      .where('note_id', '=', nfe.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.type, r.answer_only])).toEqual([
      ['CORRECTION', false],
      ['CANCEL', false],
    ]);
    // The signed evento as sent, standing alone with its namespace; the answer, the retEvento.
    for (const row of rows) {
      expect(row.request_xml).toMatch(/^<evento xmlns="http:\/\/www\.portalfiscal\.inf\.br\/nfe" versao="1\.00">/);
      expect(row.request_xml).toContain('<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">');
      expect(row.xml).toMatch(/^<retEvento /);
    }

    // Each mail: the procEventoNFe attached, to the customer's e-mail.
    expect(mails.map((m) => [m.to, m.subject, m.attachments?.map((a) => a.filename)])).toEqual([
      [
        'maria.silva@example.com',
        `Carta de correção da NF-e nº ${nfe.number} — Modelo Celulares`,
        [`${nfe.accessKey}-cce-1.xml`],
      ],
      [
        'maria.silva@example.com',
        `Cancelamento da NF-e nº ${nfe.number} — Modelo Celulares`,
        [`${nfe.accessKey}-cancelamento.xml`],
      ],
    ]);
    const cce = text(mails[0]?.attachments?.[0]?.content);
    const cancellation = text(mails[1]?.attachments?.[0]?.content);
    expect(cancellation).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><procEventoNFe /);
    expect(mails[1]?.text).toContain(`protocolo ${cancelled.events.at(-1)?.protocol}`);
    expect(corrected.events[0]?.protocol).toMatch(/^\d{15}$/);
    expect(await valid(cce, EVENT_PROC_SCHEMAS['110110'] as string)).toBe(true);
    expect(await valid(cancellation, EVENT_PROC_SCHEMAS['110111'] as string)).toBe(true);
    // The proc holds the correction's text and the cancellation's reason, signed.
    expect(cce).toContain('<xCorrecao>Complemento do destinatário: apto 12.</xCorrecao>');
    expect(cancellation).toContain('<xJust>Cliente desistiu da compra antes da entrega</xJust>');

    const issuer = await t.db.selectFrom('fiscal_issuer').select('nfe_next_number').executeTakeFirstOrThrow();
    const from = Number(issuer.nfe_next_number) + 50;
    const voided = await call('POST', '/fiscal/voidings', {
      model: 55,
      series: 1,
      from,
      to: from + 2,
      reason: 'Números pulados por falha na impressora',
    });
    expect(voided.statusCode).toBe(201);
    const voiding = await t.db
      .selectFrom('fiscal_voidings')
      .select(['xml', 'request_xml'])
      .where('number_from', '=', from)
      .executeTakeFirstOrThrow();
    expect(voiding.request_xml).toMatch(/^<inutNFe xmlns="http:\/\/www\.portalfiscal\.inf\.br\/nfe" versao="4\.00">/);

    // The month's zip: the note, its two events, the voiding, the index.
    const month = nfe.issuedAt.slice(0, 7);
    const zip = await call('GET', `/fiscal/notes/xml.zip?month=${month}`);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const voidingFile = `inutilizacao-NF-e-serie-1-${from}-a-${from + 2}.xml`;
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        `${nfe.accessKey}-procNFe.xml`,
        `${nfe.accessKey}-cce-1.xml`,
        `${nfe.accessKey}-cancelamento.xml`,
        voidingFile,
        'indice.csv',
      ]),
    );
    expect(Object.keys(files).at(-1)).toBe('indice.csv');
    expect(await valid(text(files[`${nfe.accessKey}-cancelamento.xml`]), 'procEventoCancNFe_v1.00.xsd')).toBe(true);
    expect(await valid(text(files[`${nfe.accessKey}-cce-1.xml`]), 'procCCeNFe_v1.00.xsd')).toBe(true);
    expect(await valid(text(files[voidingFile]), VOIDING_PROC_SCHEMA)).toBe(true);
    expect(await valid(text(files[`${nfe.accessKey}-procNFe.xml`]), 'procNFe_v4.00.xsd')).toBe(true);

    // The index, as the app's CSV exports: BOM, ';', CRLF, money 54,80; one row per file.
    expect([...(files['indice.csv'] as Uint8Array).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text(files['indice.csv']).split('\r\n');
    expect(lines[0]).toBe('Arquivo;Tipo;Modelo;Série;Número;Chave de acesso;Data;Situação;Valor;Evento/Protocolo');
    expect(lines.at(-1)).toBe('');
    expect(lines.length - 2).toBe(Object.keys(files).length - 1);
    const day = formatBusinessDate(new Date(nfe.issuedAt));
    const [cce1, cancel1] = cancelled.events;
    expect(lines).toEqual(
      expect.arrayContaining([
        `${nfe.accessKey}-procNFe.xml;Nota;NF-e;1;${nfe.number};${nfe.accessKey};${day};Cancelada;54,80;${nfe.protocol}`,
        `${nfe.accessKey}-cce-1.xml;Carta de correção 1;NF-e;1;${nfe.number};${nfe.accessKey};${formatBusinessDate(new Date(cce1?.registeredAt as string))};Registrado (135);;110110 ${cce1?.protocol}`,
        `${nfe.accessKey}-cancelamento.xml;Cancelamento;NF-e;1;${nfe.number};${nfe.accessKey};${formatBusinessDate(new Date(cancel1?.registeredAt as string))};Registrado (135);;110111 ${cancel1?.protocol}`,
      ]),
    );
    const voidingLine = lines.find((line) => line.startsWith(`${voidingFile};`));
    expect(voidingLine).toMatch(
      new RegExp(
        `^${voidingFile};Inutilização;NF-e;1;${from} a ${from + 2};;\\d{2}/\\d{2}/\\d{4};Homologada \\(102\\);;\\d{15}$`,
      ),
    );
  });

  it('an event kept before migration 0102 (only the answer) stays as it was, flagged, named so in the zip', async () => {
    const nfe = await delivered();
    const answer =
      '<retEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><infEvento><tpAmb>2</tpAmb>' +
      '<verAplic>SP_EVENTOS_PL_100</verAplic><cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e ' +
      `vinculado a NF-e</xMotivo><chNFe>${nfe.accessKey}</chNFe><tpEvento>110110</tpEvento><nSeqEvento>1</nSeqEvento>` +
      '<dhRegEvento>2026-11-20T10:00:00-03:00</dhRegEvento><nProt>135260000000777</nProt></infEvento></retEvento>';
    await t.db
      .insertInto('fiscal_note_events')
      .values({
        note_id: nfe.id,
        type: 'CORRECTION',
        sequence: 1,
        text: 'Texto de uma carta antiga',
        status_code: 135,
        status_reason: 'Evento registrado e vinculado a NF-e',
        protocol: '135260000000777',
        registered_at: new Date('2026-11-20T13:00:00Z'),
        xml: answer,
        answer_only: true,
      })
      .execute();
    const files = unzipSync(
      new Uint8Array((await call('GET', `/fiscal/notes/xml.zip?month=${nfe.issuedAt.slice(0, 7)}`)).rawPayload),
    );
    expect(text(files[`${nfe.accessKey}-cce-1-somente-retorno.xml`])).toBe(answer);
    expect(text(files['indice.csv'])).toContain(
      `${nfe.accessKey}-cce-1-somente-retorno.xml;Carta de correção 1;NF-e;1;${nfe.number};${nfe.accessKey};20/11/2026;Só o retorno da SEFAZ (guardado antes da migração 0102);;110110 135260000000777\r\n`,
    );
  });
});

describe('the cancellation windows (issue 56 §3)', () => {
  it('an NF-e authorised 20/11 10:00 (−03:00) is cancellable until 21/11 10:00; after it, refused in words', async () => {
    const nfe = await delivered();
    await sql`update fiscal_notes set authorized_at = '2026-11-20T13:00:00Z' where id = ${nfe.id}`.execute(t.db);
    expect(note(await call('GET', `/fiscal/notes/${nfe.id}`)).cancellableUntil).toBe('2026-11-21T13:00:00.000Z');
    expect(
      error(await call('POST', `/fiscal/notes/${nfe.id}/cancel`, { reason: 'Cliente desistiu da compra' }), 409),
    ).toBe(
      'O prazo de cancelamento da NF-e (24 horas da autorização) terminou em 21/11/2026 10:00: emita uma nota de devolução.',
    );
    expect(FISCAL_NOTE_TEXTS.cancelWindow('NF-e', '24 horas', '21/11/2026 10:00')).toMatch(/^O prazo/);
  });

  it('an NFC-e: 30 minutes (SP); in time it is cancelled, not mailed to a walk-in; past it, refused', async () => {
    const fresh = await counter();
    expect(fresh.model).toBe(65);
    const authorizedAt = new Date(fresh.authorizedAt as string).getTime();
    expect(new Date(fresh.cancellableUntil as string).getTime() - authorizedAt).toBe(30 * 60_000);
    const customer = await t.db
      .selectFrom('customers')
      .select('status')
      .where('id', '=', world.customerId)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('customers').set({ status: 'WALK_IN' }).where('id', '=', world.customerId).execute();
    mails.length = 0;
    try {
      const cancelled = note(
        await call('POST', `/fiscal/notes/${fresh.id}/cancel`, { reason: 'Cliente desistiu na hora do pagamento' }),
      );
      expect(cancelled.status).toBe('CANCELLED');
      expect(mails).toEqual([]);
    } finally {
      await t.db.updateTable('customers').set({ status: customer.status }).where('id', '=', world.customerId).execute();
    }

    const late = await counter();
    await sql`update fiscal_notes set authorized_at = '2026-11-20T13:00:00Z' where id = ${late.id}`.execute(t.db);
    expect(note(await call('GET', `/fiscal/notes/${late.id}`)).cancellableUntil).toBe('2026-11-20T13:30:00.000Z');
    expect(
      error(await call('POST', `/fiscal/notes/${late.id}/cancel`, { reason: 'Cliente desistiu da compra' }), 409),
    ).toBe(
      'O prazo de cancelamento da NFC-e (30 minutos da autorização) terminou em 20/11/2026 10:30: emita uma nota de devolução.',
    );
  });
});
