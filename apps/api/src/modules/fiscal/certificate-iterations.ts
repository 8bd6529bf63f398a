import forge from 'node-forge';
import { CERTIFICATE_MAX_ITERATIONS, CertificateReadError } from './certificate-reader';

/**
 * The iteration counts a .pfx asks for, read from its ASN.1 before any key is derived (issue 53 §1): node-forge
 * derives the MAC key and each bag's key with the count the file names, so a 2.8 KB file asking for 2³¹
 * iterations held a CPU for minutes. This reads only the structure in clear (no key, no MAC, no decryption): the
 * PFX's MacData.iterations and, in the AuthenticatedSafe, each EncryptedData's and each shrouded key bag's
 * AlgorithmIdentifier (PKCS#12 PBE: its `iterations`; PBES2: its PBKDF2 `iterationCount`). A bag inside an
 * EncryptedData is seen only once decrypted: the worker refuses it then, before its own derivation
 * (`capDerivations` of certificate-reader.ts), and its time limit (certificate-worker.ts) bounds the rest.
 *
 * Cheap and bounded: a file of at most 64 KB (CERTIFICATE_MAX_BYTES) parsed at most three levels deep (the PFX,
 * the AuthenticatedSafe, each SafeContents in clear), each parse linear in its bytes and at most forge's 256
 * levels of nesting, BIT STRINGs not decoded.
 */

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
} as const;

type Node = forge.asn1.Asn1;
type FromDer = (bytes: string, options: { strict: boolean; parseAllBytes: boolean; decodeBitStrings: boolean }) => Node;
const { asn1 } = forge;

const notPfx = () => new CertificateReadError('not-pfx');
const children = (node: Node | undefined): Node[] => (node && Array.isArray(node.value) ? node.value : []);
const isSequence = (node: Node | undefined): node is Node =>
  node?.tagClass === asn1.Class.UNIVERSAL && node.type === asn1.Type.SEQUENCE && Array.isArray(node.value);
const oidOf = (node: Node | undefined): string | null =>
  node?.tagClass === asn1.Class.UNIVERSAL && node.type === asn1.Type.OID && typeof node.value === 'string'
    ? asn1.derToOid(node.value)
    : null;

/** An OCTET STRING's bytes, also when BER cut it in chunks (as forge's own PKCS#7 Data reading joins them). */
function octets(node: Node | undefined): string | null {
  if (node?.tagClass !== asn1.Class.UNIVERSAL || node.type !== asn1.Type.OCTETSTRING) return null;
  if (typeof node.value === 'string') return node.value;
  return node.value.map((chunk) => (typeof chunk.value === 'string' ? chunk.value : '')).join('');
}

/** An INTEGER as forge reads a count (unsigned, big-endian); Infinity past 4 bytes; null when no INTEGER. */
function count(node: Node | undefined): number | null {
  if (node?.tagClass !== asn1.Class.UNIVERSAL || node.type !== asn1.Type.INTEGER || typeof node.value !== 'string') {
    return null;
  }
  const bytes = node.value.replace(/^\0+/, '');
  if (bytes.length > 4) return Number.POSITIVE_INFINITY;
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte.charCodeAt(0);
  return value;
}

function parse(bytes: string, strict: boolean): Node {
  try {
    // forge takes these options at run time; its types know only `strict`.
    return (asn1.fromDer as unknown as FromDer)(bytes, { strict, parseAllBytes: true, decodeBitStrings: false });
  } catch {
    throw notPfx();
  }
}

/** The count of a password-based encryption's AlgorithmIdentifier (PKCS#12 PBE, PBES1 or PBES2), or null. */
function encryptionIterations(algorithm: Node | undefined): number | null {
  const [oid, params] = children(algorithm);
  if (oidOf(oid) === OID.pbes2) {
    const [kdf] = children(params);
    const [kdfOid, kdfParams] = children(kdf);
    return oidOf(kdfOid) === OID.pbkdf2 ? count(children(kdfParams)[1]) : null;
  }
  // PKCS#12 PBE (1.2.840.113549.1.12.1.x) and PBES1: SEQUENCE { salt OCTET STRING, iterations INTEGER }.
  return isSequence(params) ? count(children(params)[1]) : null;
}

/** The counts of a SafeContents in clear: each shrouded key bag's. */
function safeContentsIterations(safeContents: string): number[] {
  const found: number[] = [];
  if (safeContents === '') return found; // forge reads it as no bag
  for (const bag of children(parse(safeContents, false))) {
    const [bagId, value] = children(bag);
    if (oidOf(bagId) !== OID.shroudedKeyBag) continue;
    const [encryptedPrivateKeyInfo] = children(value);
    const iterations = encryptionIterations(children(encryptedPrivateKeyInfo)[0]);
    if (iterations !== null) found.push(iterations);
  }
  return found;
}

/** Every iteration count the file asks for in clear (the MAC's, 1 when it names none, as forge reads it). */
export function pfxIterations(bytes: Buffer): number[] {
  const pfx = parse(bytes.toString('binary'), true);
  const [, authSafe, macData] = children(pfx);
  if (!isSequence(pfx) || !isSequence(authSafe)) throw notPfx();
  const found: number[] = [];
  if (isSequence(macData)) found.push(count(children(macData)[2]) ?? 1);
  const [contentType, explicit] = children(authSafe);
  const authSafeBytes = oidOf(contentType) === OID.data ? octets(children(explicit)[0]) : null;
  if (authSafeBytes === null) return found;
  for (const contentInfo of children(parse(authSafeBytes, false))) {
    const [type, content] = children(contentInfo);
    const inner = children(content)[0];
    if (oidOf(type) === OID.data) {
      const safeContents = octets(inner);
      if (safeContents !== null) found.push(...safeContentsIterations(safeContents));
    } else if (oidOf(type) === OID.encryptedData) {
      // EncryptedData { version, EncryptedContentInfo { contentType, contentEncryptionAlgorithm, … } }
      const iterations = encryptionIterations(children(children(inner)[1])[1]);
      if (iterations !== null) found.push(iterations);
    }
  }
  return found;
}

/** Refuses ('too-many-iterations') a file asking for more than `limit` iterations anywhere; 'not-pfx' if no DER. */
export function refuseCostlyPfx(bytes: Buffer, limit = CERTIFICATE_MAX_ITERATIONS): void {
  if (pfxIterations(bytes).some((iterations) => iterations > limit)) {
    throw new CertificateReadError('too-many-iterations');
  }
}
