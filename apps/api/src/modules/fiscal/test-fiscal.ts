import { randomUUID } from 'node:crypto';
import type { FiscalIssuerBody } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { bearer, type TestApp } from '../../test/helpers';
import { createOrderWorld, type OrderWorld } from '../orders/test-orders';
import { buildNfe } from './nfe/nfe-builder';
import { TEST_SIGNER, workedExample } from './nfe/test-notes';
import { TEST_CERTIFICATE_CNPJ } from './test-certificate';
import { issuerBody, simplesProfileBody } from './test-fiscal-bodies';

export { issuerBody, simplesProfileBody };

/** The fiscal setup's test helpers (the API's tests; other modules' tests may use them too). */

/**
 * The order world of the notes' tests: its products a phone's NCM 8517.13.00 of national origin, its customer a
 * company in Rio de Janeiro (CNPJ 44.555.666/0001-81) at Rua Uruguaiana 50, Centro, with `complement` when given.
 */
export async function createFiscalOrderWorld(db: DB, complement?: string): Promise<OrderWorld> {
  const world = await createOrderWorld(db);
  await db.updateTable('products').set({ ncm: '85171300', origin: 0 }).where('id', 'in', world.products).execute();
  await db
    .updateTable('customers')
    .set({
      document: '44555666000181',
      name: 'Loja de Celulares Carioca Ltda',
      street: 'Rua Uruguaiana',
      number: '50',
      ...(complement ? { complement } : {}),
      neighborhood: 'Centro',
      city: 'Rio de Janeiro',
      state: 'RJ',
      zip_code: '20050-091',
    })
    .where('id', '=', world.customerId)
    .execute();
  return world;
}

export const putIssuer = (t: TestApp, token: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/fiscal/issuer', headers: bearer(token), payload: body as object });

/** The issuer saved (the sample certificate's CNPJ unless told), or the test fails. */
export async function saveTestIssuer(t: TestApp, token: string, overrides: Partial<FiscalIssuerBody> = {}) {
  const res = await putIssuer(t, token, issuerBody({ cnpj: TEST_CERTIFICATE_CNPJ, ...overrides }));
  if (res.statusCode !== 200) throw new Error(`issuer not saved: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A multipart body as a browser's FormData sends it: the text fields, then the file (field `file`). */
function formData(fields: Record<string, string>, file: Buffer | undefined) {
  const boundary = `----fiscal${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="certificado.pfx"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/fiscal/certificate with the file and its password (either left out when undefined). */
export function uploadCertificate(t: TestApp, token: string, pfx: Buffer | undefined, password?: string) {
  const body = formData(password === undefined ? {} : { password }, pfx);
  return t.app.inject({
    method: 'POST',
    url: '/api/fiscal/certificate',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/**
 * An NFC-e of `orderId` stored as the sender leaves it (the worked example as a consumer's note, R$ 2.000,00,
 * signed; series 1, `number`), in `status`: for the readers of an order's DANFE NFC-e (the counter's receipt).
 */
export async function storeTestNfce(
  db: DB,
  orderId: number,
  status: 'AUTHORIZED' | 'CONTINGENCY' | 'REJECTED',
  number: number,
) {
  const input = workedExample({
    number,
    model: 65,
    recipient: null,
    freightCents: 0,
    freightMode: 9,
    payments: [{ type: '17', amountCents: 200_000 }],
    csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
  });
  const note = buildNfe(input, TEST_SIGNER);
  await db
    .insertInto('fiscal_notes')
    .values({
      order_id: orderId,
      model: 65,
      series: input.series,
      number: input.number,
      access_key: note.accessKey,
      environment: input.environment,
      issued_at: new Date(),
      status,
      total_cents: 200_000,
      xml: note.xml,
    })
    .execute();
  return note.accessKey;
}
