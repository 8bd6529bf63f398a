import { FISCAL_SETUP_TEXTS } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fiscalKey, seal } from '../../lib/secret-box';
import { createTestApp, DEMO, expectApiError, signIn, type TestApp } from '../../test/helpers';
import { pfxIterations, refuseCostlyPfx } from './certificate-iterations';
import { CERTIFICATE_MAX_ITERATIONS, CertificateReadError } from './certificate-reader';
import { certificateReads, readPfxInWorker } from './certificate-worker';
import { loadSigningCertificate } from './fiscal.service';
import { makeTestCertificate, withHiddenKeyBagIterations, withIterations } from './test-certificate';
import { saveTestIssuer, uploadCertificate } from './test-fiscal';

/**
 * The A1's reading under a file that asks for too much (issue 53 §1): node-forge derives its keys with the
 * iteration count the file names, so the counts are read from the ASN.1 and refused over the cap before any
 * derivation, what is left runs in a worker thread with a time limit, and the key read is kept for the next
 * emissions. How fast is the benchmarks' business: here, what happens and in which order.
 */

/** The reads handed to the worker, counted from the tracing channel's start. */
let reads = 0;
const countRead = () => {
  reads += 1;
};
beforeEach(() => {
  reads = 0;
  certificateReads.start.subscribe(countRead);
});
afterEach(() => {
  certificateReads.start.unsubscribe(countRead);
});

/** The message of the refusal: 100,000 as pt-BR writes it. */
const TOO_MANY = FISCAL_SETUP_TEXTS.certificateTooManyIterations('100.000');

describe('the iteration counts read before any derivation', () => {
  it("reads the MAC's and the key bag's counts; refuses one over 100,000 and takes 100,000", () => {
    // forge's default count, 2048, for both the MAC and the key's PBES2.
    const made = makeTestCertificate();
    expect(pfxIterations(made.pfx)).toEqual([2048, 2048]);
    expect(CERTIFICATE_MAX_ITERATIONS).toBe(100_000);
    // The legacy file: the MAC, the certificates' RC2-40 (an EncryptedData, 2048) and the key's 3DES.
    expect(pfxIterations(makeTestCertificate({ algorithm: 'legacy' }).pfx).sort()).toEqual([2048, 2048, 2048]);

    const atCap = withIterations(made.pfx, { mac: 100_000, keyBag: 100_000 });
    expect(pfxIterations(atCap)).toEqual([100_000, 100_000]);
    expect(() => refuseCostlyPfx(atCap)).not.toThrow();
    for (const counts of [{ mac: 100_001 }, { keyBag: 100_001 }, { mac: 2 ** 31 }]) {
      expect(() => refuseCostlyPfx(withIterations(made.pfx, counts))).toThrow(
        new CertificateReadError('too-many-iterations'),
      );
    }
    // 2³¹ (5 bytes: 00 80 00 00 00) read as forge reads it, unsigned: 2,147,483,648.
    expect(pfxIterations(withIterations(made.pfx, { mac: 2 ** 31 }))).toEqual([2_147_483_648, 2048]);
    // Malformed DER is no PFX.
    expect(() => pfxIterations(made.pfx.subarray(0, made.pfx.length - 1))).toThrow(new CertificateReadError('not-pfx'));
  });
});

describe('uploading and using the A1 (the API)', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
    await saveTestIssuer(t, admin);
  });
  afterEach(async () => {
    await t.close();
  });
  const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

  it('refuses the certificate bomb (2³¹ MAC iterations) without deriving anything: no worker read; health answers', async () => {
    const made = makeTestCertificate();
    const bomb = withIterations(made.pfx, { mac: 2 ** 31 });
    const [upload, healthy] = await Promise.all([uploadCertificate(t, admin, bomb, made.password), health()]);
    expect(expectApiError(upload, 400, 'BAD_REQUEST').errors).toEqual([TOO_MANY]);
    expect(healthy.statusCode).toBe(200);
    expect(reads).toBe(0);
    // One over the cap in the key bag alone is refused alike.
    const keyBag = withIterations(made.pfx, { keyBag: 100_001 });
    expect(expectApiError(await uploadCertificate(t, admin, keyBag, made.password), 400, 'BAD_REQUEST').errors).toEqual(
      [TOO_MANY],
    );
    expect(reads).toBe(0);
    expect(await t.db.selectFrom('fiscal_certificate').selectAll().execute()).toEqual([]);
  });

  it('reads the file in the worker: /api/health is answered while the read is under way', async () => {
    // 20,000 iterations (under the cap): the MAC's and the key's derivations take the worker a while.
    const made = makeTestCertificate({ iterations: 20_000 });
    const order: string[] = [];
    let healthDuringRead: Promise<unknown> | undefined;
    const onStart = () => {
      healthDuringRead = health().then((res) => order.push(`health ${res.statusCode}`));
    };
    certificateReads.start.subscribe(onStart);
    try {
      const res = await uploadCertificate(t, admin, made.pfx, made.password);
      order.push(`upload ${res.statusCode}`);
      await healthDuringRead;
    } finally {
      certificateReads.start.unsubscribe(onStart);
    }
    expect(order).toEqual(['health 200', 'upload 201']);
    expect(reads).toBe(1);
  });

  it('keeps the key read: emissions after the upload do not read the file again; a certificate sealed anew is read once', async () => {
    const made = makeTestCertificate();
    expect((await uploadCertificate(t, admin, made.pfx, made.password)).statusCode).toBe(201);
    expect(reads).toBe(1);
    const signed = await Promise.all([1, 2, 3].map(() => loadSigningCertificate(t.db, t.config.jwtSecret)));
    await loadSigningCertificate(t.db, t.config.jwtSecret);
    expect(reads).toBe(1);
    expect(new Set(signed.map((s) => s.keyPem)).size).toBe(1);

    // Another process installs a certificate (here the same file sealed again, with new IVs): the row changes,
    // the next emission here reads it once, the ones after keep it; three at once wait on one read.
    const key = fiscalKey(t.config.jwtSecret);
    const pfx = seal(key, made.pfx, 'fiscal_certificate.pfx');
    const password = seal(key, Buffer.from(made.password, 'utf8'), 'fiscal_certificate.password');
    await t.db
      .updateTable('fiscal_certificate')
      .set({
        pfx_iv: pfx.iv,
        pfx_tag: pfx.tag,
        pfx_ciphertext: pfx.ciphertext,
        password_iv: password.iv,
        password_tag: password.tag,
        password_ciphertext: password.ciphertext,
      })
      .execute();
    const again = await Promise.all([1, 2, 3].map(() => loadSigningCertificate(t.db, t.config.jwtSecret)));
    await loadSigningCertificate(t.db, t.config.jwtSecret);
    expect(reads).toBe(2);
    expect(again[0]?.keyPem).toBe(signed[0]?.keyPem);
  });
});

describe('the worker', () => {
  it('refuses a count hidden in an encrypted bag once decrypted, before its derivation, as too many iterations', async () => {
    const made = makeTestCertificate();
    // The key bag at 2³¹ − 1 (forge reads a bag's count as a signed 32-bit integer: the most it derives) inside an
    // EncryptedData of 2,048: the counts in clear are only the MAC's and the RC2's.
    const hidden = withHiddenKeyBagIterations(made, 2 ** 31 - 1);
    expect(pfxIterations(hidden)).toEqual([2048, 2048]);
    const refused = await readPfxInWorker(hidden, made.password).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CertificateReadError);
    expect((refused as CertificateReadError).problem).toBe('too-many-iterations');
    // One under the cap (the key bag at 2,048 again, hidden alike) is read.
    const read = await readPfxInWorker(withHiddenKeyBagIterations(made, 2048), made.password);
    expect(read.sha1Fingerprint).toBe(made.sha1Fingerprint);
  });

  it('stops a read over its limit with its own problem, and reads the next file in a new worker', async () => {
    const made = makeTestCertificate({ iterations: 20_000 });
    // 1 ms from the moment the loaded worker is given the file: it cannot derive 20,000 iterations before it.
    const stopped = await readPfxInWorker(made.pfx, made.password, 1).then(
      () => null,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(CertificateReadError);
    expect((stopped as CertificateReadError).problem).toBe('too-slow');
    const read = await readPfxInWorker(made.pfx, made.password);
    expect(read.sha1Fingerprint).toBe(made.sha1Fingerprint);
  });
});
