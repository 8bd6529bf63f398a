import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { icpBrasilRootsPem, issuedUnderIcpBrasil } from './icp-brasil';
import { makeTestCertificate } from './test-certificate';

/** An RSA key pair in forge's form (made by Node: forge's own generation takes seconds). */
function keys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

type Keys = ReturnType<typeof keys>;
const name = (cn: string) => [
  { shortName: 'C', value: 'BR' },
  { shortName: 'O', value: 'ICP-Brasil' },
  { shortName: 'CN', value: cn },
];

/** A certificate of `subject` signed by `issuer` (itself when the same), PEM. */
function certificate(subject: { cn: string; keys: Keys }, issuer: { cn: string; keys: Keys }, ca: boolean): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = subject.keys.publicKey;
  cert.serialNumber = `0${Math.floor(Math.random() * 1e9).toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject(name(subject.cn));
  cert.setIssuer(name(issuer.cn));
  cert.setExtensions([{ name: 'basicConstraints', cA: ca }]);
  cert.sign(issuer.keys.privateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

describe('issued under ICP-Brasil', () => {
  const root = { cn: 'Autoridade Certificadora Raiz Brasileira v99', keys: keys() };
  const intermediate = { cn: 'AC Intermediaria de Teste', keys: keys() };
  const shop = { cn: 'LOJA DE CELULARES LTDA:11222333000181', keys: keys() };
  const rootPem = certificate(root, root, true);
  const intermediatePem = certificate(intermediate, root, true);
  const shopPem = certificate(shop, intermediate, false);

  it('climbs from the certificate through the authorities its file carries to a trusted root', () => {
    expect(issuedUnderIcpBrasil(shopPem, [intermediatePem], [rootPem])).toBe(true);
    expect(issuedUnderIcpBrasil(intermediatePem, [], [rootPem])).toBe(true);
  });

  it('is not when the chain stops short of the roots or ends at another one', () => {
    // The intermediate authority missing from the file: nothing links the certificate to the root.
    expect(issuedUnderIcpBrasil(shopPem, [], [rootPem])).toBe(false);
    // The real ICP-Brasil roots (six shipped) did not sign this test root.
    expect(icpBrasilRootsPem()).toHaveLength(6);
    expect(issuedUnderIcpBrasil(shopPem, [intermediatePem, rootPem])).toBe(false);
  });

  it('is not for a self-signed certificate, whatever its name says', () => {
    // The test A1 names 'ICP-Brasil' in its subject, and signed itself.
    const selfSigned = makeTestCertificate();
    expect(issuedUnderIcpBrasil(selfSigned.certPem, [])).toBe(false);
    expect(issuedUnderIcpBrasil(selfSigned.certPem, [selfSigned.certPem])).toBe(false);
  });
});
