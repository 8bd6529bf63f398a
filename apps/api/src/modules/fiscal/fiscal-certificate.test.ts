import { createPrivateKey, createSign, createVerify, X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { CERTIFICATE_MAX_BYTES, FISCAL_SETUP_TEXTS, fiscalCertificateSchema } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, DEMO, expectApiError, signIn, type TestApp } from '../../test/helpers';
import { loadSigningCertificate } from './fiscal.service';
import {
  makeTestCertificate,
  TEST_CERTIFICATE_CNPJ,
  TEST_CERTIFICATE_HOLDER,
  TEST_CERTIFICATE_PASSWORD,
} from './test-certificate';
import { issuerBody, putIssuer, saveTestIssuer, uploadCertificate } from './test-fiscal';

/**
 * The shop's A1 certificate through the API (issue 41 §1, decision 0056), on a fresh database each: the test
 * certificates are made here by node-forge from the sample NF-e key (test-certificate.ts). CNPJs worked by hand:
 * 99.888.777/0001-00 (another company: base 998887770001 → check digits 0 and 0) and 11.222.333/0002-62 (a branch
 * of the issuer's: base 112223330002 → 6 and 2).
 */
const OTHER_COMPANY = '99888777000100';
const BRANCH = '11222333000262';
const DAY_MS = 86_400_000;

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const getCertificate = (token = admin) =>
  t.app.inject({ method: 'GET', url: '/api/fiscal/certificate', headers: bearer(token) });
const deleteCertificate = (token = admin) =>
  t.app.inject({ method: 'DELETE', url: '/api/fiscal/certificate', headers: bearer(token) });
const auditRows = () =>
  t.db
    .selectFrom('audit_events')
    .select(['action', 'changes', 'employee_id'])
    .where('entity', '=', 'fiscal_certificate')
    .orderBy('id')
    .execute();
/** Now, to the whole second (an X.509 validity keeps seconds). */
const wholeSecondNow = () => Math.floor(Date.now() / 1000) * 1000;

describe('uploading the A1 certificate', () => {
  it('installs it: its metadata answered, the file and password sealed, neither in the answer nor the audit', async () => {
    await saveTestIssuer(t, admin);
    const notBefore = new Date(wholeSecondNow() - DAY_MS);
    const notAfter = new Date(wholeSecondNow() + 100 * DAY_MS);
    const made = makeTestCertificate({ notBefore, notAfter });

    const res = await uploadCertificate(t, admin, made.pfx, made.password);
    expect(res.statusCode, res.body).toBe(201);
    const adminRow = await t.db
      .selectFrom('employees')
      .select(['id', 'name'])
      .where('email', '=', DEMO.admin)
      .executeTakeFirstOrThrow();
    const answered = fiscalCertificateSchema.parse(res.json().data);
    expect(answered).toEqual({
      holder: TEST_CERTIFICATE_HOLDER,
      cnpj: TEST_CERTIFICATE_CNPJ,
      serialNumber: '4F1A2026',
      sha1Fingerprint: made.sha1Fingerprint,
      notBefore: notBefore.toISOString(),
      notAfter: notAfter.toISOString(),
      daysToExpiry: 100,
      expired: false,
      uploadedBy: { id: adminRow.id, name: adminRow.name },
      uploadedAt: expect.any(String),
      // Self-signed, not under ICP-Brasil: installed, with the warning the settings show.
      warning: 'Certificado não emitido pela ICP-Brasil: a SEFAZ o recusará.',
    });
    // The fingerprint is the certificate's own, as OpenSSL computes it.
    expect(new X509Certificate(made.certPem).fingerprint.replaceAll(':', '')).toBe(answered.sha1Fingerprint);
    expect(res.body).not.toContain(made.password);
    expect(res.body).not.toContain(made.pfx.toString('base64').slice(0, 40));
    expect((await getCertificate()).json().data).toEqual(answered);

    // What is stored: the sealed bytes, not the file nor the password.
    const row = await t.db.selectFrom('fiscal_certificate').selectAll().executeTakeFirstOrThrow();
    expect(row.pfx_iv).toHaveLength(12);
    expect(row.pfx_tag).toHaveLength(16);
    expect(row.pfx_ciphertext).toHaveLength(made.pfx.length); // GCM: no padding
    expect(row.pfx_ciphertext.equals(made.pfx)).toBe(false);
    expect(row.pfx_ciphertext.includes(made.pfx.subarray(0, 64))).toBe(false);
    expect(row.password_ciphertext).toHaveLength(Buffer.byteLength(made.password));
    expect(row.password_ciphertext.toString('utf8')).not.toBe(made.password);
    expect(row.pfx_iv.equals(row.password_iv)).toBe(false);

    const audits = await auditRows();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'upload',
      employee_id: adminRow.id,
      changes: {
        before: null,
        after: {
          holder: TEST_CERTIFICATE_HOLDER,
          cnpj: TEST_CERTIFICATE_CNPJ,
          serialNumber: '4F1A2026',
          sha1Fingerprint: made.sha1Fingerprint,
          notAfter: notAfter.toISOString(),
        },
      },
    });
    const audited = JSON.stringify(audits);
    expect(audited).not.toContain(made.password);
    expect(audited).not.toContain(made.pfx.toString('base64').slice(0, 40));

    // A second upload replaces it (audited with both), then a removal.
    const next = makeTestCertificate({ serialNumber: '4F1A2027', password: 'Outra senha 99' });
    expect((await uploadCertificate(t, admin, next.pfx, next.password)).statusCode).toBe(201);
    expect((await getCertificate()).json().data.serialNumber).toBe('4F1A2027');
    const removed = await deleteCertificate();
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: null });
    expect((await getCertificate()).json()).toEqual({ data: null });
    expect((await auditRows()).map((a) => a.action)).toEqual(['upload', 'replace', 'delete']);
    const [, replaced, deleted] = await auditRows();
    expect(replaced?.changes).toMatchObject({
      before: { serialNumber: '4F1A2026' },
      after: { serialNumber: '4F1A2027' },
    });
    expect(deleted?.changes).toMatchObject({ before: { serialNumber: '4F1A2027' }, after: null });
    expectApiError(await deleteCertificate(), 404, 'NOT_FOUND');
  });

  it('reads the legacy files: the key in 3DES, and the certificates in RC2-40 that Node itself refuses', async () => {
    await saveTestIssuer(t, admin);
    const legacy = makeTestCertificate({ algorithm: 'legacy' });
    // Why forge: OpenSSL 3 (Node's crypto) does not read RC2-40 without its legacy provider.
    expect(() => createSecureContext({ pfx: legacy.pfx, passphrase: legacy.password })).toThrow();
    const res = await uploadCertificate(t, admin, legacy.pfx, legacy.password);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ cnpj: TEST_CERTIFICATE_CNPJ, sha1Fingerprint: legacy.sha1Fingerprint });
    expectApiError(await uploadCertificate(t, admin, legacy.pfx, 'senha errada'), 400, 'BAD_REQUEST');

    const tripleDes = makeTestCertificate({ algorithm: '3des' });
    expect((await uploadCertificate(t, admin, tripleDes.pfx, tripleDes.password)).statusCode).toBe(201);
  });

  it('refuses a wrong password, a file that is no PKCS#12, a file without its key, a missing file or password', async () => {
    await saveTestIssuer(t, admin);
    const made = makeTestCertificate();
    const refusal = async (pfx: Buffer | undefined, password: string | undefined, message: string) => {
      const body = expectApiError(await uploadCertificate(t, admin, pfx, password), 400, 'BAD_REQUEST');
      expect(body.errors).toEqual([message]);
    };
    await refusal(made.pfx, 'senha errada', 'Senha do certificado incorreta.');
    await refusal(Buffer.from('-----BEGIN CERTIFICATE-----\nnada\n'), 'x', FISCAL_SETUP_TEXTS.certificateNotPfx);
    // A DER that is not a PFX (the certificate alone).
    await refusal(Buffer.from(new X509Certificate(made.certPem).raw), 'x', FISCAL_SETUP_TEXTS.certificateNotPfx);
    const keyless = makeTestCertificate({ withoutKey: true });
    await refusal(keyless.pfx, keyless.password, FISCAL_SETUP_TEXTS.certificateNoPrivateKey);
    await refusal(made.pfx, undefined, 'Informe a senha do certificado.');
    await refusal(undefined, TEST_CERTIFICATE_PASSWORD, FISCAL_SETUP_TEXTS.certificateFileRequired);
    expect(await t.db.selectFrom('fiscal_certificate').selectAll().execute()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a file over 64 KB with 413, cut off by the multipart limit before it is read', async () => {
    await saveTestIssuer(t, admin);
    const over = Buffer.alloc(CERTIFICATE_MAX_BYTES + 1, 0x30);
    const body = expectApiError(await uploadCertificate(t, admin, over, 'x'), 413, 'PAYLOAD_TOO_LARGE');
    expect(body.errors).toEqual(['O arquivo passa de 64 KB: envie o .pfx (ou .p12) do certificado A1.']);
    expectApiError(
      await uploadCertificate(t, admin, Buffer.alloc(5 * 1024 * 1024, 0x30), 'x'),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    // 64 KB exactly is read (and is no certificate).
    const exact = expectApiError(
      await uploadCertificate(t, admin, Buffer.alloc(CERTIFICATE_MAX_BYTES, 0x30), 'x'),
      400,
      'BAD_REQUEST',
    );
    expect(exact.errors).toEqual([FISCAL_SETUP_TEXTS.certificateNotPfx]);
  });

  it('refuses an expired certificate, one not yet valid, and one of another company; takes a branch of the same', async () => {
    await saveTestIssuer(t, admin);
    const message = async (options: Parameters<typeof makeTestCertificate>[0]) => {
      const made = makeTestCertificate(options);
      return expectApiError(await uploadCertificate(t, admin, made.pfx, made.password), 400, 'BAD_REQUEST').errors;
    };
    expect(
      await message({ notBefore: new Date('2020-01-01T12:00:00Z'), notAfter: new Date('2021-01-01T12:00:00Z') }),
    ).toEqual(['O certificado venceu em 01/01/2021.']);
    expect(
      await message({ notBefore: new Date('2099-01-01T12:00:00Z'), notAfter: new Date('2100-01-01T12:00:00Z') }),
    ).toEqual(['O certificado só vale a partir de 01/01/2099.']);
    expect(await message({ cnpj: OTHER_COMPANY })).toEqual([
      'O certificado é do CNPJ 99.888.777/0001-00, não do emitente (11.222.333/0001-81).',
    ]);
    // The CN's CNPJ and the ICP-Brasil otherName's must agree; a certificate with neither is no e-CNPJ.
    expect(await message({ otherNameCnpj: OTHER_COMPANY })).toEqual([
      'O certificado traz dois CNPJs diferentes: 11.222.333/0001-81 no nome e 99.888.777/0001-00 no campo do CNPJ (ICP-Brasil).',
    ]);
    expect(await message({ commonName: 'FULANO DE TAL', otherNameCnpj: null })).toEqual([
      FISCAL_SETUP_TEXTS.certificateNoCnpj,
    ]);
    expect(await t.db.selectFrom('fiscal_certificate').selectAll().execute()).toEqual([]);

    // The otherName alone names the CNPJ (a CN without ':'), and a branch of the issuer's company is its own.
    const otherNameOnly = makeTestCertificate({ commonName: TEST_CERTIFICATE_HOLDER });
    const res = await uploadCertificate(t, admin, otherNameOnly.pfx, otherNameOnly.password);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ holder: TEST_CERTIFICATE_HOLDER, cnpj: TEST_CERTIFICATE_CNPJ });
    const branch = makeTestCertificate({ cnpj: BRANCH });
    const branchRes = await uploadCertificate(t, admin, branch.pfx, branch.password);
    expect(branchRes.statusCode, branchRes.body).toBe(201);
    expect(branchRes.json().data.cnpj).toBe(BRANCH);
  });

  it("is refused before the issuer is saved, and locks the issuer's company while installed", async () => {
    const made = makeTestCertificate();
    const early = expectApiError(await uploadCertificate(t, admin, made.pfx, made.password), 409, 'CONFLICT');
    expect(early.errors).toEqual(['Salve os dados do emitente (CNPJ) antes de enviar o certificado.']);

    await saveTestIssuer(t, admin);
    expect((await uploadCertificate(t, admin, made.pfx, made.password)).statusCode).toBe(201);
    const locked = expectApiError(await putIssuer(t, admin, issuerBody({ cnpj: OTHER_COMPANY })), 409, 'CONFLICT');
    expect(locked.errors).toEqual([
      'O certificado instalado é do CNPJ 11.222.333/0001-81: remova-o antes de mudar o CNPJ do emitente para outra empresa.',
    ]);
    // A branch of the same company may be the issuer; another company once the certificate is removed.
    expect((await putIssuer(t, admin, issuerBody({ cnpj: BRANCH }))).statusCode).toBe(200);
    expect((await deleteCertificate()).statusCode).toBe(200);
    expect((await putIssuer(t, admin, issuerBody({ cnpj: OTHER_COMPANY }))).statusCode).toBe(200);
  });

  it('is closed to a role without the settings permission', async () => {
    const manager = await signIn(t.app, DEMO.manager);
    expectApiError(await getCertificate(manager), 403, 'FORBIDDEN');
    const made = makeTestCertificate();
    expectApiError(await uploadCertificate(t, manager, made.pfx, made.password), 403, 'FORBIDDEN');
  });
});

describe('loadSigningCertificate (for the emitting code)', () => {
  it('opens the sealed certificate: a key that signs, its certificate that verifies, the DER for KeyInfo', async () => {
    await saveTestIssuer(t, admin);
    const notAfter = new Date(wholeSecondNow() + 30 * DAY_MS);
    const made = makeTestCertificate({ algorithm: 'legacy', notAfter });
    expect((await uploadCertificate(t, admin, made.pfx, made.password)).statusCode).toBe(201);

    const signing = await loadSigningCertificate(t.db, t.config.jwtSecret);
    expect(signing.cnpj).toBe(TEST_CERTIFICATE_CNPJ);
    expect(signing.notAfter).toEqual(notAfter);
    expect(signing.chainPem).toEqual([]);
    expect(signing.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const certificate = new X509Certificate(signing.certPem);
    expect(certificate.raw.toString('base64')).toBe(signing.certBase64);
    expect(certificate.fingerprint.replaceAll(':', '')).toBe(made.sha1Fingerprint);
    const signature = createSign('RSA-SHA256').update('<infNFe Id="NFe35">teste</infNFe>').sign(signing.keyPem);
    expect(
      createVerify('RSA-SHA256').update('<infNFe Id="NFe35">teste</infNFe>').verify(signing.certPem, signature),
    ).toBe(true);
    expect(certificate.checkPrivateKey(createPrivateKey(signing.keyPem))).toBe(true);
  });

  it('409 in Portuguese: none installed, another server secret (send it again), expired', async () => {
    await expect(loadSigningCertificate(t.db, t.config.jwtSecret)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Nenhum certificado A1 instalado: envie-o em Configurações → Fiscal.',
    });
    await saveTestIssuer(t, admin);
    const made = makeTestCertificate({ notAfter: new Date('2030-06-15T15:00:00Z') });
    expect((await uploadCertificate(t, admin, made.pfx, made.password)).statusCode).toBe(201);
    await expect(loadSigningCertificate(t.db, `${t.config.jwtSecret}-rotated`)).rejects.toMatchObject({
      statusCode: 409,
      message:
        'Não foi possível abrir o certificado guardado: o segredo do servidor (JWT_SECRET) mudou desde o envio. Envie o certificado de novo em Configurações → Fiscal.',
    });
    await expect(
      loadSigningCertificate(t.db, t.config.jwtSecret, new Date('2030-06-15T15:00:00Z')),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'O certificado A1 venceu em 15/06/2030: envie o novo em Configurações → Fiscal.',
    });
    await expect(
      loadSigningCertificate(t.db, t.config.jwtSecret, new Date('2030-06-15T14:59:59Z')),
    ).resolves.toMatchObject({ cnpj: TEST_CERTIFICATE_CNPJ });
  });
});

describe("the bell: the certificate's expiry", () => {
  type Bell = { data: { id: string; kind: string; title: string; body: string; link: string; createdAt: string }[] };
  /** The bell of `email` at `iso` (the clock moved there, a sign-in of that moment). */
  async function bellAt(iso: string, email: string = DEMO.admin) {
    vi.setSystemTime(new Date(iso));
    const token = await signIn(t.app, email);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return (res.json() as Bell).data.filter((n) => n.kind === 'certificate_expiring');
  }

  it('warns from 30 days before the expiry, counts the days down, then says it expired; only to settings', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-01T15:00:00Z')); // 12:00 in São Paulo
    admin = await signIn(t.app, DEMO.admin);
    await saveTestIssuer(t, admin);
    const made = makeTestCertificate({
      notBefore: new Date('2027-01-01T15:00:00Z'),
      notAfter: new Date('2027-04-10T15:00:00Z'),
    });
    expect((await uploadCertificate(t, admin, made.pfx, made.password)).statusCode).toBe(201);
    // 1 March → 10 April: 30 days of March left + 10 = 40 days.
    expect((await getCertificate()).json().data.daysToExpiry).toBe(40);
    expect(await bellAt('2027-03-01T15:00:00Z')).toEqual([]);

    // The warning's moment: 10 April 12:00 less 30 days, 11 March 12:00 (São Paulo).
    expect(await bellAt('2027-03-11T14:59:59Z')).toEqual([]);
    const [first] = await bellAt('2027-03-11T15:00:00Z');
    expect(first).toEqual({
      id: `certificate-expiring:${made.sha1Fingerprint}`,
      kind: 'certificate_expiring',
      title: 'Certificado digital vencendo',
      body: `O certificado A1 de ${TEST_CERTIFICATE_HOLDER} vence em 30 dias, em 10/04/2027. Envie o novo em Configurações → Fiscal.`,
      link: '/admin/settings',
      createdAt: '2027-03-11T15:00:00.000Z',
      readAt: null,
    });
    expect(await bellAt('2027-03-11T15:00:00Z', DEMO.manager)).toEqual([]);
    expect((await bellAt('2027-04-09T15:00:00Z'))[0]?.body).toBe(
      `O certificado A1 de ${TEST_CERTIFICATE_HOLDER} vence em 1 dia, em 10/04/2027. Envie o novo em Configurações → Fiscal.`,
    );
    expect((await bellAt('2027-04-10T14:00:00Z'))[0]?.body).toBe(
      `O certificado A1 de ${TEST_CERTIFICATE_HOLDER} vence hoje, 10/04/2027. Envie o novo em Configurações → Fiscal.`,
    );
    expect(await bellAt('2027-04-10T15:00:00Z')).toEqual([
      expect.objectContaining({
        title: 'Certificado digital vencido',
        body: `O certificado A1 de ${TEST_CERTIFICATE_HOLDER} venceu em 10/04/2027: nenhuma nota é emitida até o novo ser enviado em Configurações → Fiscal.`,
      }),
    ]);
    expect((await getCertificate(await signIn(t.app, DEMO.admin))).json().data).toMatchObject({
      daysToExpiry: 0,
      expired: true,
    });

    // A new certificate is news of its own (its fingerprint), from its own warning; removing it clears the bell.
    vi.setSystemTime(new Date('2027-04-10T16:00:00Z'));
    admin = await signIn(t.app, DEMO.admin);
    const next = makeTestCertificate({
      serialNumber: '4F1A2028',
      notBefore: new Date('2027-04-01T15:00:00Z'),
      notAfter: new Date('2027-05-01T15:00:00Z'),
    });
    expect((await uploadCertificate(t, admin, next.pfx, next.password)).statusCode).toBe(201);
    const [renewed] = await bellAt('2027-04-10T16:00:00Z');
    expect(renewed).toMatchObject({
      id: `certificate-expiring:${next.sha1Fingerprint}`,
      createdAt: '2027-04-01T15:00:00.000Z',
      body: `O certificado A1 de ${TEST_CERTIFICATE_HOLDER} vence em 21 dias, em 01/05/2027. Envie o novo em Configurações → Fiscal.`,
    });
    expect((await deleteCertificate(await signIn(t.app, DEMO.admin))).statusCode).toBe(200);
    expect(await bellAt('2027-04-10T16:00:00Z')).toEqual([]);
  });
});
