import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { normalizeDocument } from '@backoffice/contract';
import forge from 'node-forge';

/**
 * Reading an A1 certificate (.pfx/.p12, PKCS#12) with node-forge: Node's own crypto (OpenSSL 3) refuses the legacy
 * files (3DES, RC2-40) that many certification authorities still deliver, forge reads those and the modern ones
 * (PBES2 with AES, PBKDF2 with HMAC-SHA-256). Pure JavaScript, and its key derivation runs as many iterations as
 * the file asks for (issue 53 §1): the server reads a file in a worker thread with a time limit
 * (certificate-worker.ts starts it with this file as its script, the code at the end of this file answering), after
 * refusing counts over a cap read from the file's ASN.1 (certificate-iterations.ts).
 */

/**
 * The most iterations a file may ask for (issue 53 §1). Real A1 files use 2,048 (OpenSSL 3's and forge's default,
 * Windows' export) to 10,000 (some certification authorities' tools); 100,000 leaves room tenfold while keeping
 * forge's worst read (the MAC, the certificates' bag and the key's bag each at 100,000) to a few seconds in the
 * worker, well inside its time limit.
 */
export const CERTIFICATE_MAX_ITERATIONS = 100_000;

/** The ICP-Brasil otherName of the subjectAltName carrying a company's CNPJ (DOC-ICP-04). */
export const ICP_BRASIL_CNPJ_OID = '2.16.76.1.3.3';

/** Why a file was not read: each has its Portuguese message in the contract (FISCAL_SETUP_TEXTS). */
export type CertificateProblem =
  | 'not-pfx'
  | 'wrong-password'
  | 'unsupported'
  | 'no-private-key'
  | 'no-certificate'
  /** An iteration count over CERTIFICATE_MAX_ITERATIONS, refused before any key is derived. */
  | 'too-many-iterations'
  /** The read passed the worker's time limit and was stopped. */
  | 'too-slow';

export class CertificateReadError extends Error {
  constructor(readonly problem: CertificateProblem) {
    super(`certificate not read: ${problem}`);
    this.name = 'CertificateReadError';
  }
}

export interface ReadCertificate {
  /** The private key, PKCS#8 PEM ('BEGIN PRIVATE KEY'). */
  keyPem: string;
  /** The key's own certificate (the leaf), PEM. */
  certPem: string;
  /** The other certificates of the file (its chain, the leaf's issuer first when they link), PEM. */
  chainPem: string[];
  /** The leaf's DER, base64 (the signature's X509Certificate). */
  certBase64: string;
  /** The subject's CN before the ':' of an e-CNPJ ('EMPRESA TESTE LTDA'), or the whole CN. */
  holder: string;
  /** The CNPJ after the CN's ':' (normalised), or null. */
  cnpjInName: string | null;
  /** The CNPJ of the otherName 2.16.76.1.3.3 (normalised), or null. */
  cnpjInOtherName: string | null;
  /** Hexadecimal, upper case. */
  serialNumber: string;
  /** SHA-1 of the leaf's DER, upper-case hexadecimal. */
  sha1Fingerprint: string;
  notBefore: Date;
  notAfter: Date;
}

const binary = (bytes: Buffer) => forge.util.createBuffer(bytes.toString('binary'));
const derOf = (certificate: forge.pki.Certificate) =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');

/** A CNPJ as a certificate writes it (digits, maybe punctuated), normalised; null when it is not 14 characters. */
function cnpjOf(text: string | undefined): string | null {
  if (!text) return null;
  const value = normalizeDocument(text.trim());
  return /^[0-9A-Z]{12}\d{2}$/.test(value) ? value : null;
}

/** The CNPJ of the ICP-Brasil otherName in the leaf's subjectAltName (its first 14 characters), or null. */
function otherNameCnpj(certificate: forge.pki.Certificate): string | null {
  const extension = certificate.getExtension('subjectAltName') as
    | { altNames?: { type: number; value: unknown }[] }
    | undefined;
  for (const name of extension?.altNames ?? []) {
    if (name.type !== 0 || !Array.isArray(name.value)) continue;
    const [oid, explicit] = name.value as forge.asn1.Asn1[];
    if (!oid || !explicit || typeof oid.value !== 'string') continue;
    if (forge.asn1.derToOid(oid.value) !== ICP_BRASIL_CNPJ_OID) continue;
    const inner = Array.isArray(explicit.value) ? explicit.value[0] : undefined;
    if (inner && typeof inner.value === 'string') return cnpjOf(inner.value.slice(0, 14));
  }
  return null;
}

const samePublicKey = (key: forge.pki.rsa.PrivateKey, certificate: forge.pki.Certificate) => {
  const publicKey = certificate.publicKey as Partial<forge.pki.rsa.PublicKey>;
  return Boolean(publicKey.n && publicKey.e && publicKey.n.equals(key.n) && publicKey.e.equals(key.e));
};

/** The chain's certificates from the leaf's issuer upwards when they link, then the others as found. */
function chainFrom(leaf: forge.pki.Certificate, others: forge.pki.Certificate[]): forge.pki.Certificate[] {
  const ordered: forge.pki.Certificate[] = [];
  const left = [...others];
  let current = leaf;
  for (;;) {
    const index = left.findIndex((candidate) => candidate.subject.hash === current.issuer.hash);
    if (index < 0 || current.subject.hash === current.issuer.hash) break;
    current = left.splice(index, 1)[0] as forge.pki.Certificate;
    ordered.push(current);
  }
  return [...ordered, ...left];
}

/** Reads a .pfx with its password, or throws a `CertificateReadError` saying why not. */
export function readPfx(bytes: Buffer, password: string): ReadCertificate {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(binary(bytes));
  } catch {
    throw new CertificateReadError('not-pfx');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    if (error instanceof CertificateReadError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/not an PKCS#12 PFX|authSafe content data is not/i.test(message)) throw new CertificateReadError('not-pfx');
    if (/unsupported|only the 'password' integrity/i.test(message)) throw new CertificateReadError('unsupported');
    // A MAC that does not verify, or (a file without MAC) contents that do not decrypt to anything readable.
    throw new CertificateReadError('wrong-password');
  }
  const bagsOf = (bagType: string) => p12.getBags({ bagType })[bagType] ?? [];
  const keys = [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag ?? ''), ...bagsOf(forge.pki.oids.keyBag ?? '')]
    .map((bag) => bag.key as forge.pki.rsa.PrivateKey | undefined)
    .filter((key): key is forge.pki.rsa.PrivateKey => Boolean(key?.n));
  const certificates = bagsOf(forge.pki.oids.certBag ?? '')
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  const key = keys.find((candidate) => certificates.some((cert) => samePublicKey(candidate, cert))) ?? keys[0];
  if (!key) throw new CertificateReadError('no-private-key');
  const leaf = certificates.find((cert) => samePublicKey(key, cert));
  if (!leaf) throw new CertificateReadError('no-certificate');

  const der = derOf(leaf);
  const commonName = String(leaf.subject.getField('CN')?.value ?? '').trim();
  const colon = commonName.lastIndexOf(':');
  const keyInfo = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key));
  return {
    keyPem: forge.pki.privateKeyInfoToPem(keyInfo),
    certPem: forge.pki.certificateToPem(leaf),
    chainPem: chainFrom(
      leaf,
      certificates.filter((cert) => cert !== leaf),
    ).map((cert) => forge.pki.certificateToPem(cert)),
    certBase64: der.toString('base64'),
    holder: (colon >= 0 ? commonName.slice(0, colon) : commonName).trim(),
    cnpjInName: colon >= 0 ? cnpjOf(commonName.slice(colon + 1)) : null,
    cnpjInOtherName: otherNameCnpj(leaf),
    serialNumber: leaf.serialNumber.toUpperCase(),
    sha1Fingerprint: createHash('sha1').update(der).digest('hex').toUpperCase(),
    notBefore: leaf.validity.notBefore,
    notAfter: leaf.validity.notAfter,
  };
}

// ——— the worker (started by certificate-worker.ts) ———

/** The worker's data: marks the thread as the certificate reader. */
export interface CertificateReaderData {
  certificateReader: true;
}

/** What the worker is given: the file's bytes and its password. */
export interface CertificateReaderRequest {
  bytes: Uint8Array;
  password: string;
}

/** The worker's word once loaded ('ready'), then its answer to each request (one at a time, in the order sent). */
export type CertificateReaderAnswer =
  | { type: 'ready' }
  | { type: 'read'; certificate: ReadCertificate }
  | { type: 'refused'; problem: CertificateProblem }
  | { type: 'failed'; message: string };

function answer({ bytes, password }: CertificateReaderRequest): CertificateReaderAnswer {
  try {
    return {
      type: 'read',
      certificate: readPfx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), password),
    };
  } catch (error) {
    if (error instanceof CertificateReadError) return { type: 'refused', problem: error.problem };
    return { type: 'failed', message: String((error as Error)?.message ?? error) };
  }
}

/**
 * Refuses ('too-many-iterations') each key derivation of forge asking for more than `limit` iterations, before it
 * runs: the counts of the bags inside an EncryptedData, which certificate-iterations.ts cannot see in clear. Only in
 * the reader's worker, whose forge is its own.
 */
function capDerivations(limit: number): void {
  type Derive = (...args: unknown[]) => unknown;
  // forge's modules as the objects they are at run time (its types declare namespaces, whose functions are fixed).
  const modules = forge as unknown as Record<'pkcs5' | 'pbe' | 'pkcs12', Record<string, Derive>>;
  const cap = (module: Record<string, Derive>, name: string, iterationsAt: number) => {
    const derive = module[name] as Derive;
    module[name] = (...args) => {
      if (Number(args[iterationsAt]) > limit) throw new CertificateReadError('too-many-iterations');
      return derive(...args);
    };
  };
  // pbkdf2(password, salt, iterations, …); generatePkcs12Key(password, salt, id, iterations, …), which the MAC's
  // pkcs12.generateKey is.
  cap(modules.pkcs5, 'pbkdf2', 2);
  cap(modules.pbe, 'generatePkcs12Key', 3);
  cap(modules.pkcs12, 'generateKey', 3);
}

if (parentPort && (workerData as CertificateReaderData | undefined)?.certificateReader) {
  capDerivations(CERTIFICATE_MAX_ITERATIONS);
  const port = parentPort;
  port.on('message', (request: CertificateReaderRequest) =>
    port.postMessage(answer(request) satisfies CertificateReaderAnswer),
  );
  port.postMessage({ type: 'ready' } satisfies CertificateReaderAnswer);
}
