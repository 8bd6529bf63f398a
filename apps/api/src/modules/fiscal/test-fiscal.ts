import { randomUUID } from 'node:crypto';
import type { FiscalIssuerBody } from '@backoffice/contract';
import { bearer, type TestApp } from '../../test/helpers';
import { TEST_CERTIFICATE_CNPJ } from './test-certificate';

/** The fiscal setup's test helpers (the API's tests; other modules' tests may use them too). */

/** A whole issuer as the form sends it: the sample certificate's company in São Paulo, Simples Nacional. */
export function issuerBody(overrides: Partial<FiscalIssuerBody> = {}): FiscalIssuerBody {
  return {
    cnpj: '11.222.333/0001-81',
    ie: '123.456.789.110',
    legalName: 'Distribuidora Modelo de Celulares Ltda',
    tradeName: 'Modelo Celulares',
    crt: 1,
    address: {
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Conjunto 12',
      district: 'Bela Vista',
      cep: '01310-100',
      uf: 'SP',
      cityCode: '3550308',
    },
    phone: '(11) 3456-7890',
    environment: 2,
    nfe: { series: 1, nextNumber: 1 },
    nfce: { series: 1, nextNumber: 1 },
    cscId: '000001',
    cscToken: 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8',
    ...overrides,
  };
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
