import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testSefazServerIdentity } from '../apps/api/src/modules/fiscal/sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../apps/api/src/modules/fiscal/sefaz/test-sefaz';
import { makeTestCertificate } from '../apps/api/src/modules/fiscal/test-certificate';
import { type ApiClient, apiAs, DEMO } from './harness';
import { type OwnServer, startOwnServer } from './own-server';

/** A fiscal journey's shop: a server of its own whose SEFAZ is the strict double (test-sefaz.ts), its administrator. */
export interface FiscalShop {
  sefaz: TestSefaz;
  server: OwnServer;
  admin: ApiClient & { token: string };
}

/** POST /fiscal/certificate as the settings' upload sends it: the .pfx and its password, multipart. */
async function uploadCertificate(baseURL: string, token: string, pfx: Buffer, password: string) {
  const form = new FormData();
  form.append('password', password);
  form.append('file', new Blob([new Uint8Array(pfx)], { type: 'application/x-pkcs12' }), 'certificado-a1.pfx');
  const answer = await fetch(`${baseURL}/api/fiscal/certificate`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`certificate not uploaded: ${answer.status} ${await answer.text()}`);
}

/**
 * Starts the SEFAZ double trusting the test certificate's A1 and a server of the journey's own that trusts the
 * double; the administrator saves `issuer` (of the test certificate's CNPJ) and uploads the A1.
 */
export async function openFiscalShop(issuer: object): Promise<FiscalShop> {
  const certificate = makeTestCertificate();
  const identity = testSefazServerIdentity();
  const sefaz = await startTestSefaz({ ...identity, trusted: [certificate.certPem] });
  const caFile = path.join(mkdtempSync(path.join(tmpdir(), 'sefaz-ca-')), 'sefaz-de-testes.pem');
  writeFileSync(caFile, identity.certPem);
  const server = await startOwnServer({ FISCAL_SEFAZ_URL: sefaz.url, FISCAL_SEFAZ_CA_FILE: caFile });
  const admin = await apiAs(server.baseURL, DEMO.admin);
  await admin.send('PUT', '/fiscal/issuer', issuer);
  await uploadCertificate(server.baseURL, admin.token, certificate.pfx, certificate.password);
  return { sefaz, server, admin };
}
