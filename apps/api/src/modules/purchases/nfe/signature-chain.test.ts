import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { SAMPLE_NFE_CERTIFICATE, SAMPLE_NFE_PRIVATE_KEY } from '../../../lib/nfe/sample-nfe-certificate';
import { readNfe } from './nfe-reader';
import { signatureChain } from './signature-checks';
import { buildTestNfe, workedExampleNfeSpec } from './test-nfe';

/**
 * The signer's certificate chain (issue 57 §4, decision 0096). The test notes are signed with the sample key; a
 * certificate of that same key issued by a test root (made here) verifies the same signature, so swapping KeyInfo's
 * certificate gives a note signed "under" the test root. KeyInfo is outside what the signature covers.
 */

const forgeKey = (pem: string) => forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
const publicOf = (key: forge.pki.rsa.PrivateKey) => forge.pki.setRsaPublicKey(key.n, key.e);
const name = (cn: string) => [
  { shortName: 'C', value: 'BR' },
  { shortName: 'O', value: 'ICP-Brasil' },
  { shortName: 'CN', value: cn },
];

function certificate(
  subject: { cn: string; key: forge.pki.rsa.PrivateKey },
  issuer: { cn: string; key: forge.pki.rsa.PrivateKey },
  ca: boolean,
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicOf(subject.key);
  cert.serialNumber = ca ? '0a1b' : '0c2d';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject(name(subject.cn));
  cert.setIssuer(name(issuer.cn));
  cert.setExtensions([{ name: 'basicConstraints', cA: ca }]);
  cert.sign(issuer.key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

const base64Of = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

/** The note's XML with KeyInfo's certificates replaced by `pems` (the first the signer's). */
function withKeyInfo(xml: string, pems: string[]): string {
  return xml.replace(
    /<X509Data>[\s\S]*<\/X509Data>/,
    `<X509Data>${pems.map((pem) => `<X509Certificate>${base64Of(pem)}</X509Certificate>`).join('')}</X509Data>`,
  );
}

describe("the signer's certificate chain (decision 0096)", () => {
  const rootKey = forgeKey(
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const root = { cn: 'Autoridade Certificadora Raiz de Teste', key: rootKey };
  const rootPem = certificate(root, root, true);
  const leafPem = certificate(
    { cn: 'DISTRIBUIDORA MODELO DE CELULARES LTDA:11222333000181', key: forgeKey(SAMPLE_NFE_PRIVATE_KEY) },
    root,
    false,
  );
  const xml = buildTestNfe(workedExampleNfeSpec()).xml;

  it('a note signed by a certificate under a test root the file carries is outside ICP-Brasil', () => {
    const note = readNfe(Buffer.from(withKeyInfo(xml, [leafPem, rootPem]), 'utf8'));
    // The signature still verifies (same key), and the file carries both certificates.
    expect(note.signature).toMatchObject({ status: 'VALID', certificate: { chainPem: [expect.any(String)] } });
    expect(signatureChain(note)).toBe('OUTSIDE');
  });

  it('the same chain is recognised once its root is among the trusted ones', () => {
    const note = readNfe(Buffer.from(withKeyInfo(xml, [leafPem, rootPem]), 'utf8'));
    expect(signatureChain(note, [rootPem])).toBe('ICP_BRASIL');
  });

  it("a file carrying only the signer's certificate cannot be verified, unless its issuer is a trusted root", () => {
    const note = readNfe(Buffer.from(withKeyInfo(xml, [leafPem]), 'utf8'));
    expect(signatureChain(note)).toBe('INCOMPLETE');
    expect(signatureChain(note, [rootPem])).toBe('ICP_BRASIL');
  });

  it("the sample certificate (self-signed, as the demo's notes carry it) is outside ICP-Brasil", () => {
    const note = readNfe(Buffer.from(xml, 'utf8'));
    expect(signatureChain(note)).toBe('OUTSIDE');
    expect(signatureChain(note, [SAMPLE_NFE_CERTIFICATE])).toBe('ICP_BRASIL');
  });

  it('an unsigned note has no chain', () => {
    const note = readNfe(Buffer.from(buildTestNfe(workedExampleNfeSpec({ sign: false, bare: true })).xml, 'utf8'));
    expect(signatureChain(note)).toBeNull();
  });
});
