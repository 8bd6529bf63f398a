/**
 * The test SEFAZ's TLS identity (test-sefaz.ts): a key made with node:crypto and a self-signed certificate for
 * 127.0.0.1 made with node-forge, which the client trusts as its only CA in the tests. Not secret; tests only.
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

let made: { keyPem: string; certPem: string } | undefined;

/** A key and a self-signed certificate for 127.0.0.1 and localhost, valid from yesterday for ten years. */
export function testSefazServerIdentity(): { keyPem: string; certPem: string } {
  if (made) return made;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const subject = [
    { name: 'countryName', value: 'BR' },
    { name: 'organizationName', value: 'SEFAZ de testes' },
    { name: 'commonName', value: '127.0.0.1' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 2, value: 'localhost' },
      ],
    },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  made = { keyPem, certPem: forge.pki.certificateToPem(cert) };
  return made;
}
