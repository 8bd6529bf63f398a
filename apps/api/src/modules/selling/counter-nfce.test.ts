import { ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoRole, injectApi, signInAll, type TestApp } from '../../test/helpers';
import { testSefazServerIdentity } from '../fiscal/sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../fiscal/sefaz/test-sefaz';
import { makeTestCertificate } from '../fiscal/test-certificate';
import { saveTestIssuer, simplesProfileBody, uploadCertificate } from '../fiscal/test-fiscal';
import { createProduct } from './test-selling';

/**
 * 'Balcão' with the shop emitting on handover ('HANDOVER', decision 0078): the counter sale's NFC-e is emitted in the
 * sale's call, right after it commits, so 'Imprimir comprovante' right after prints its DANFE NFC-e; a SEFAZ that does
 * not answer never fails the sale (the NFC-e goes into offline contingency, as any). Against the SEFAZ of the tests
 * (test-sefaz.ts). The sale: one 'Capa NFC-e' of R$ 59,90 paid by a debit card.
 */

let t: TestApp;
let sefaz: TestSefaz;
let tokens: Record<DemoRole, string>;
const get = (url: string, token: string) => injectApi(t.app, 'GET', url, token);
const post = (url: string, token: string, body: object) => injectApi(t.app, 'POST', url, token, body);

/** A product with the NCM and origin a note needs, one sold by card: the sale's answer. */
async function sellByCard() {
  const product = await createProduct(t.db, { name: 'Capa NFC-e', costCents: 2_000, sellCents: 5_990, stock: 3 });
  await t.db.updateTable('products').set({ ncm: '39269090', origin: 0 }).where('id', '=', product.id).execute();
  const res = await post('/counter/sales', tokens.attendant, {
    items: [{ productId: product.id, quantity: 1 }],
    payments: [
      {
        method: 'CARD',
        amount: 59.9,
        card: { kind: 'DEBIT', brand: 'Visa', instalments: 1, nsu: '654321', authorizationCode: 'XY12Z' },
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { orderId: number; statusKey: number };
}

const notesOf = async (orderId: number) =>
  (
    await t.db
      .selectFrom('fiscal_notes')
      .select(['model', 'status', 'total_cents'])
      .where('order_id', '=', orderId)
      .execute()
  ).map((note) => ({ ...note, total_cents: Number(note.total_cents) }));

beforeAll(async () => {
  const certificate = makeTestCertificate();
  const server = testSefazServerIdentity();
  sefaz = await startTestSefaz({ ...server, trusted: [certificate.certPem] });
  t = await createTestApp({
    fiscalSefazUrl: sefaz.url,
    fiscalSefazCa: [server.certPem],
    fiscalSefazTimeoutMs: 3_000,
  });
  tokens = await signInAll(t.app);
  await saveTestIssuer(t, tokens.admin, { autoEmit: 'HANDOVER' });
  expect((await uploadCertificate(t, tokens.admin, certificate.pfx, certificate.password)).statusCode).toBe(201);
  const profile = await post('/fiscal/profiles', tokens.admin, simplesProfileBody('Acessórios'));
  expect(profile.statusCode, profile.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sefaz?.close();
});

describe("'Balcão': the NFC-e in the sale's call (decision 0078)", () => {
  it("is authorised before the answer: 'Imprimir comprovante' right after is its DANFE NFC-e", async () => {
    const sale = await sellByCard();
    expect(sale.statusKey).toBe(ORDER_STATUS.FINALIZADOS);
    // Emitted in the call, not left to the scheduler's round: its request is done.
    expect(await notesOf(sale.orderId)).toEqual([{ model: 65, status: 'AUTHORIZED', total_cents: 5_990 }]);
    const requests = await t.db
      .selectFrom('fiscal_emission_requests')
      .select('order_id')
      .where('order_id', '=', sale.orderId)
      .execute();
    expect(requests).toEqual([]);
    expect(sefaz.requests.at(-1)?.service).toBe('NFeAutorizacao4');
    const receipt = await get(`/orders/${sale.orderId}/receipt.pdf`, tokens.attendant);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['x-receipt-kind']).toBe('nfce');
  });

  it('a SEFAZ that does not answer does not fail the sale: its NFC-e in offline contingency, printed as such', async () => {
    sefaz.script.push({ kind: 'hang' });
    const sale = await sellByCard();
    expect(sale.statusKey).toBe(ORDER_STATUS.FINALIZADOS);
    // The unanswered note keeps its number (UNKNOWN); the sale goes on a new one in contingency (decision 0082).
    expect(await notesOf(sale.orderId)).toEqual(
      expect.arrayContaining([
        { model: 65, status: 'UNKNOWN', total_cents: 5_990 },
        { model: 65, status: 'CONTINGENCY', total_cents: 5_990 },
      ]),
    );
    const receipt = await get(`/orders/${sale.orderId}/receipt.pdf`, tokens.attendant);
    expect(receipt.headers['x-receipt-kind']).toBe('nfce');
  });

  it('a note that cannot be made (no NCM) leaves the sale made and the request to the round, with its reason', async () => {
    const product = await createProduct(t.db, { name: 'Sem NCM', costCents: 1_000, sellCents: 3_000, stock: 2 });
    await t.db.updateTable('products').set({ ncm: null }).where('id', '=', product.id).execute();
    const res = await post('/counter/sales', tokens.attendant, {
      items: [{ productId: product.id, quantity: 1 }],
      payments: [
        {
          method: 'CARD',
          amount: 30,
          card: { kind: 'DEBIT', brand: 'Visa', instalments: 1, nsu: '111222', authorizationCode: 'QW12E' },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json().data as { orderId: number };
    expect(await notesOf(orderId)).toEqual([]);
    const request = await t.db
      .selectFrom('fiscal_emission_requests')
      .select(['attempts', 'last_error'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(request.attempts).toBe(1);
    expect(request.last_error).toMatch(/não tem NCM/);
    const receipt = await get(`/orders/${orderId}/receipt.pdf`, tokens.attendant);
    expect(receipt.headers['x-receipt-kind']).toBe('receipt');
  });
});
