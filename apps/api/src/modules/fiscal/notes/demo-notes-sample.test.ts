import { fiscalNoteSchema, INVOICEABLE_ORDER_STATUSES } from '@backoffice/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { COMPANY } from '../../../demo/settings';
import { seeded } from '../../../demo/test-demo';
import type { TestDatabase } from '../../../test/database';
import { bearer, DEMO, signIn } from '../../../test/helpers';
import { validateAgainstSchema } from '../nfe/xsd';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../sefaz/test-sefaz';
import { makeTestCertificate } from '../test-certificate';
import { issuerBody, putIssuer, uploadCertificate } from '../test-fiscal';

/**
 * Issue 55 §1: a sample of the demo's orders of every kind it has, each emitted through the API against the strict
 * SEFAZ double (test-sefaz.ts: signature, key, environment, duplicates, voided numbers and the published content
 * rules of nfe/rules), as the shop would: the demo's issuer (Conecta Cell, São Paulo, Simples Nacional, homologação)
 * with an A1 of its CNPJ. The double must refuse none of the notes sent and each nfeProc must validate against the
 * official schemas; today the orders of a company with an alphanumeric CNPJ are refused by our own check before
 * sending (the schema package that accepts it is issue 55 §2's), every other order is authorised (100). The demo at scale 0.3 (seeded in about 20 s
 * on PGlite; scale 1 takes about a minute): its 857 orders that may have a note are all of customers in São Paulo.
 */
const SCALE = 0.3;
const SAMPLE = 100;
/** Of each kind, at most this many (the first by id), then the sample is filled in order of id. */
const PER_KIND = 15;

let database: TestDatabase;
let app: FastifyInstance;
let sefaz: TestSefaz;
let admin: string;

interface Candidate {
  id: number;
  code: string;
  kinds: string[];
}

beforeAll(async () => {
  const certificate = makeTestCertificate({ cnpj: COMPANY.cnpj });
  const server = testSefazServerIdentity();
  sefaz = await startTestSefaz({ ...server, trusted: [certificate.certPem] });
  database = (await seeded(SCALE)).t;
  const config = loadConfig(
    {
      inMemory: true,
      dataDir: database.dataDir,
      jwtSecret: 'demo-notes-sample',
      databaseUrl: database.databaseUrl,
      webDistDir: undefined,
      fiscalSefazUrl: sefaz.url,
      fiscalSefazCa: [server.certPem],
      fiscalSefazTimeoutMs: 5_000,
    },
    {},
  );
  app = await buildApp({ config, db: database.db, logger: false, storage: database.storage });
  await app.ready();
  admin = await signIn(app, DEMO.admin);
  // The demo's issuer as it is (its IE worked out with SP's check digits), with the NFC-e's CSC.
  const issuer = issuerBody({
    cnpj: COMPANY.cnpj,
    ie: '110030400125',
    legalName: COMPANY.name,
    tradeName: 'Conecta Cell',
  });
  expect((await putIssuer({ app, db: database.db, config, close: async () => {} }, admin, issuer)).statusCode).toBe(
    200,
  );
  expect(
    (
      await uploadCertificate(
        { app, db: database.db, config, close: async () => {} },
        admin,
        certificate.pfx,
        certificate.password,
      )
    ).statusCode,
  ).toBe(201);
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await sefaz?.close();
});

/** The demo's orders that may have a note, each with its kinds. */
async function candidates(): Promise<Candidate[]> {
  const { rows } = await sql<{
    id: number;
    code: string;
    document: string;
    walk_in: boolean;
    delivered: boolean;
    phones: boolean;
    uf: string | null;
    ie: string | null;
  }>`
    select o.id, o.code, c.document, c.status = 'WALK_IN' as walk_in, o.delivery_type <> 2 as delivered,
      exists (select 1 from order_items i join products p on p.id = i.product_id
              where i.order_id = o.id and p.serialized) as phones,
      c.state as uf, c.state_registration as ie
    from orders o join customers c on c.id = o.customer_id
    where o.status in (${sql.join([...INVOICEABLE_ORDER_STATUSES])})
    order by o.id`.execute(database.db);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    kinds: [
      r.walk_in ? 'walk-in' : r.document.length === 14 ? 'company' : 'consumer',
      ...(/[A-Z]/.test(r.document) ? ['alphanumeric CNPJ'] : []),
      ...(r.delivered ? ['delivered'] : ['at the counter']),
      ...(r.delivered && !r.walk_in && r.document.length === 11 ? ['delivered to a consumer'] : []),
      ...(r.phones ? ['phones'] : []),
      ...(r.uf && r.uf !== 'SP' ? ['interstate'] : []),
      ...(r.ie === 'ISENTO' ? ['ISENTO'] : []),
    ],
  }));
}

/** Up to PER_KIND of each kind, then the first by id, SAMPLE in all. */
function sampleOf(all: Candidate[]): Candidate[] {
  const chosen = new Map<number, Candidate>();
  const kinds = [...new Set(all.flatMap((c) => c.kinds))];
  for (const kind of kinds)
    for (const candidate of all.filter((c) => c.kinds.includes(kind)).slice(0, PER_KIND))
      chosen.set(candidate.id, candidate);
  for (const candidate of all) if (chosen.size < SAMPLE) chosen.set(candidate.id, candidate);
  return [...chosen.values()].slice(0, SAMPLE);
}

describe("the demo's notes against the strict SEFAZ double (issue 55)", () => {
  it('a sample of 100 orders of every kind: the double refuses none, each nfeProc valid by its schema', {
    timeout: 600_000,
  }, async () => {
    const all = await candidates();
    const sample = sampleOf(all);
    expect(sample).toHaveLength(SAMPLE);
    // Every kind the demo has is in the sample.
    expect(new Set(sample.flatMap((c) => c.kinds))).toEqual(new Set(all.flatMap((c) => c.kinds)));

    const refused: { code: string; answer: string }[] = [];
    const invalid: string[] = [];
    let authorised = 0;
    for (const order of sample) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/fiscal/notes',
        headers: bearer(admin),
        payload: { orderId: order.id },
      });
      if (res.statusCode !== 201) {
        refused.push({ code: order.code, answer: `HTTP ${res.statusCode} ${res.json().errors?.[0]}` });
        continue;
      }
      const note = fiscalNoteSchema.parse(res.json().data);
      if (note.status !== 'AUTHORIZED') {
        refused.push({ code: order.code, answer: `${note.status} ${note.statusCode} ${note.statusReason}` });
        continue;
      }
      authorised += 1;
      const proc = await app.inject({ method: 'GET', url: `/api/fiscal/notes/${note.id}/xml`, headers: bearer(admin) });
      const schema = await validateAgainstSchema(proc.body, 'procNFe_v4.00.xsd');
      if (!schema.valid) invalid.push(`${order.code}: ${schema.problems[0]?.message}`);
    }
    // Not yet: a company with an alphanumeric CNPJ (issue 55 §2, the schema package that accepts it, is another
    // helper's) is refused by our own check before anything is sent, in words; every other order is authorised.
    const alphanumeric = sample.filter((c) => c.kinds.includes('alphanumeric CNPJ')).map((c) => c.code);
    expect(alphanumeric.length).toBeGreaterThan(0);
    expect(refused.map((r) => r.code)).toEqual(alphanumeric);
    for (const { answer } of refused)
      expect(answer).toMatch(
        /^HTTP 400 O CNPJ alfanumérico do cliente .+ ainda não é aceito no leiaute da nota fiscal em vigor\.$/,
      );
    expect(authorised).toBe(SAMPLE - alphanumeric.length);
    expect(invalid).toEqual([]);
    expect(sefaz.refusals).toEqual([]);
  });
});
