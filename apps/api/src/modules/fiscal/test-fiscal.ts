import { randomUUID } from 'node:crypto';
import type { FiscalIssuerBody } from '@backoffice/contract';
import { bearer, type TestApp } from '../../test/helpers';
import { TEST_CERTIFICATE_CNPJ } from './test-certificate';
import { issuerBody, simplesProfileBody } from './test-fiscal-bodies';

export { issuerBody, simplesProfileBody };

/** The fiscal setup's test helpers (the API's tests; other modules' tests may use them too). */

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
