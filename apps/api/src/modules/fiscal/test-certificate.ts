import forge from 'node-forge';
import { SAMPLE_NFE_PRIVATE_KEY } from '../../lib/nfe/sample-nfe-certificate';

/**
 * A1 certificates made for the tests (decision 0056): self-signed, with the shop's CNPJ where an e-CNPJ carries it
 * (after the ':' of the subject's CN, and in the ICP-Brasil otherName 2.16.76.1.3.3 of the subjectAltName), from
 * the fixed RSA key of the sample NF-e certificate (`SAMPLE_NFE_PRIVATE_KEY` of
 * lib/nfe/sample-nfe-certificate.ts: not secret, not ICP-Brasil). A plain module, no test runner: the API's
 * tests, a browser journey and a benchmark may use it.
 */

/** The CNPJ of the sample certificate (the default issuer of the test notes). */
export const TEST_CERTIFICATE_CNPJ = '11222333000181';
export const TEST_CERTIFICATE_HOLDER = 'DISTRIBUIDORA MODELO DE CELULARES LTDA';
export const TEST_CERTIFICATE_PASSWORD = 'Senha do A1 de teste 2026';
/** The key every test certificate is made with (PKCS#8 PEM): the sample NF-e certificate's. */
export const TEST_CERTIFICATE_KEY_PEM = SAMPLE_NFE_PRIVATE_KEY.trim();

const DAY_MS = 86_400_000;
const ICP_BRASIL = {
  /** The company's CNPJ. */
  cnpj: '2.16.76.1.3.3',
  /** The name of the company's responsible person. */
  responsibleName: '2.16.76.1.3.2',
} as const;

export interface TestCertificateOptions {
  /** Default TEST_CERTIFICATE_CNPJ: the CN's and the otherName's. */
  cnpj?: string;
  /** The otherName's CNPJ when it differs from the CN's; null leaves the otherName out (a CN-only certificate). */
  otherNameCnpj?: string | null;
  holder?: string;
  /** The whole CN, when it is not `holder:cnpj`. */
  commonName?: string;
  password?: string;
  /** Default: one day before now. */
  notBefore?: Date;
  /** Default: 365 days after now. */
  notAfter?: Date;
  /**
   * How the file is encrypted: 'aes256' (PBES2 with AES-256, as OpenSSL 3 writes) by default; '3des' (the key in
   * PKCS#12's own 3DES, the certificates in clear: forge's legacy form); 'legacy' as OpenSSL 1.x and Windows export
   * (the key in 3DES, the certificates in RC2-40), which Node's OpenSSL 3 refuses ('Unsupported PKCS12 PFX data').
   */
  algorithm?: 'aes256' | '3des' | 'legacy';
  /** Hexadecimal, default '4F1A2026'. */
  serialNumber?: string;
  /** Leave the private key out of the file. */
  withoutKey?: boolean;
  /** The iteration count of the key's encryption and of the MAC: forge's default, 2048, when absent. */
  iterations?: number;
}

export interface TestCertificate {
  pfx: Buffer;
  password: string;
  certPem: string;
  /** SHA-1 of the certificate's DER, upper-case hexadecimal. */
  sha1Fingerprint: string;
  notBefore: Date;
  notAfter: Date;
}

const { asn1 } = forge;
const octets = (text: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, text);

/** An otherName GeneralName (`[0] { type-id, [0] EXPLICIT value }`) holding an OCTET STRING, as ICP-Brasil writes. */
function otherName(oid: string, value: string) {
  return asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [octets(value)]),
  ]);
}

const OIDS = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  certBag: '1.2.840.113549.1.12.10.1.3',
  pbeWithSha1And40BitRc2Cbc: '1.2.840.113549.1.12.1.6',
  sha1: '1.3.14.3.2.26',
} as const;
const LEGACY_ITERATIONS = 2048;
const sequence = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value);
const oidOf = (oid: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes());
const integer = (value: number) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const explicit = (value: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [value]);
const childOf = (node: forge.asn1.Asn1, index: number) => (node.value as forge.asn1.Asn1[])[index] as forge.asn1.Asn1;
/** PKCS#12's own key derivation (RFC 7292 appendix B), SHA-1: `id` 1 a key, 2 an IV, 3 a MAC key. */
const pkcs12Key = (password: string, salt: string, id: number, bytes: number) =>
  forge.pkcs12.generateKey(password, forge.util.createBuffer(salt), id, LEGACY_ITERATIONS, bytes).getBytes();

/**
 * The PFX forge wrote with a 3DES key bag and no MAC, its certificates' SafeContents then encrypted with
 * pbeWithSHAAnd40BitRC2-CBC and the whole given its SHA-1 MAC: the file OpenSSL 1.x and Windows export by default.
 * `encrypts` says which SafeContents are encrypted (by default those holding a certificate).
 */
function withRc2Certificates(
  pfx: forge.asn1.Asn1,
  password: string,
  encrypts: (bagIds: string[]) => boolean = (bagIds) => bagIds.includes(OIDS.certBag),
): forge.asn1.Asn1 {
  const authSafeInfo = childOf(pfx, 1);
  const contents = asn1.fromDer(childOf(childOf(authSafeInfo, 1), 0).value as string);
  const infos = (contents.value as forge.asn1.Asn1[]).map((info) => {
    const safeContents = childOf(childOf(info, 1), 0).value as string;
    const bags = asn1.fromDer(safeContents).value as forge.asn1.Asn1[];
    if (!encrypts(bags.map((bag) => asn1.derToOid(childOf(bag, 0).value as string)))) return info;
    const salt = forge.random.getBytesSync(8);
    const cipher = forge.rc2.createEncryptionCipher(pkcs12Key(password, salt, 1, 5), 40);
    cipher.start(pkcs12Key(password, salt, 2, 8));
    cipher.update(forge.util.createBuffer(safeContents));
    cipher.finish();
    return sequence([
      oidOf(OIDS.encryptedData),
      explicit(
        sequence([
          integer(0),
          sequence([
            oidOf(OIDS.data),
            sequence([oidOf(OIDS.pbeWithSha1And40BitRc2Cbc), sequence([octets(salt), integer(LEGACY_ITERATIONS)])]),
            asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, cipher.output.getBytes()),
          ]),
        ]),
      ),
    ]);
  });
  const authSafe = asn1.toDer(sequence(infos)).getBytes();
  const macSalt = forge.random.getBytesSync(8);
  const mac = forge.hmac.create();
  mac.start('sha1', pkcs12Key(password, macSalt, 3, 20));
  mac.update(authSafe);
  return sequence([
    integer(3),
    sequence([oidOf(OIDS.data), explicit(octets(authSafe))]),
    sequence([
      sequence([
        sequence([oidOf(OIDS.sha1), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')]),
        octets(mac.digest().getBytes()),
      ]),
      octets(macSalt),
      integer(LEGACY_ITERATIONS),
    ]),
  ]);
}

/** A self-signed A1 certificate and its .pfx (the sample key), as options say. */
export function makeTestCertificate(options: TestCertificateOptions = {}): TestCertificate {
  const now = Date.now();
  const cnpj = options.cnpj ?? TEST_CERTIFICATE_CNPJ;
  const holder = options.holder ?? TEST_CERTIFICATE_HOLDER;
  const password = options.password ?? TEST_CERTIFICATE_PASSWORD;
  const notBefore = options.notBefore ?? new Date(now - DAY_MS);
  const notAfter = options.notAfter ?? new Date(now + 365 * DAY_MS);
  const privateKey = forge.pki.privateKeyFromPem(TEST_CERTIFICATE_KEY_PEM) as forge.pki.rsa.PrivateKey;

  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  certificate.serialNumber = options.serialNumber ?? '4F1A2026';
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = notAfter;
  const subject = [
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil' },
    { shortName: 'OU', value: 'Certificado de teste, nao ICP-Brasil' },
    { shortName: 'OU', value: 'RFB e-CNPJ A1' },
    { shortName: 'CN', value: options.commonName ?? `${holder}:${cnpj}` },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  const otherNameCnpj = options.otherNameCnpj === undefined ? cnpj : options.otherNameCnpj;
  const altNames = [otherName(ICP_BRASIL.responsibleName, 'RESPONSAVEL DE TESTE')];
  if (otherNameCnpj !== null) altNames.push(otherName(ICP_BRASIL.cnpj, otherNameCnpj));
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
    { name: 'subjectAltName', value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, altNames) },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());

  const algorithm = options.algorithm ?? 'aes256';
  const p12 = forge.pkcs12.toPkcs12Asn1(options.withoutKey ? null : privateKey, [certificate], password, {
    algorithm: algorithm === 'legacy' ? '3des' : algorithm,
    friendlyName: holder,
    generateLocalKeyId: true,
    useMac: algorithm !== 'legacy',
    ...(options.iterations === undefined ? {} : { count: options.iterations }),
  });
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes();
  return {
    pfx: Buffer.from(
      forge.asn1.toDer(algorithm === 'legacy' ? withRc2Certificates(p12, password) : p12).getBytes(),
      'binary',
    ),
    password,
    certPem: forge.pki.certificateToPem(certificate),
    sha1Fingerprint: forge.md.sha1.create().update(der).digest().toHex().toUpperCase(),
    notBefore,
    notAfter,
  };
}

/** An INTEGER's content as DER writes it, also past forge's 32-bit `integerToDer` (2³¹: 00 80 00 00 00). */
function integerOf(value: number) {
  let bytes = '';
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes = String.fromCharCode(rest % 256) + bytes;
  if (bytes === '' || bytes.charCodeAt(0) >= 0x80) bytes = `\0${bytes}`;
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, bytes);
}

/**
 * The .pfx with the iteration counts it asks for rewritten in its ASN.1 (issue 53 §1): `mac` the MacData's,
 * `keyBag` the shrouded key bag's (PBES2's PBKDF2 count, or PKCS#12 PBE's) in a SafeContents in clear. Nothing is
 * derived again, so the MAC and the key no longer open with the password: a file for the refusals before reading.
 */
export function withIterations(pfx: Buffer, counts: { mac?: number; keyBag?: number }): Buffer {
  const root = asn1.fromDer(pfx.toString('binary'));
  if (counts.mac !== undefined) (childOf(root, 2).value as forge.asn1.Asn1[])[2] = integerOf(counts.mac);
  if (counts.keyBag !== undefined) {
    const authSafeOctets = childOf(childOf(childOf(root, 1), 1), 0);
    const contents = asn1.fromDer(authSafeOctets.value as string);
    for (const info of contents.value as forge.asn1.Asn1[]) {
      if (asn1.derToOid(childOf(info, 0).value as string) !== OIDS.data) continue;
      const safeOctets = childOf(childOf(info, 1), 0);
      const safeContents = asn1.fromDer(safeOctets.value as string);
      for (const bag of safeContents.value as forge.asn1.Asn1[]) {
        if (asn1.derToOid(childOf(bag, 0).value as string) !== forge.pki.oids.pkcs8ShroudedKeyBag) continue;
        const algorithm = childOf(childOf(childOf(bag, 1), 0), 0);
        const params = childOf(algorithm, 1);
        const pbes2 = asn1.derToOid(childOf(algorithm, 0).value as string) === forge.pki.oids.pkcs5PBES2;
        const counted = pbes2 ? childOf(childOf(params, 0), 1) : params;
        (counted.value as forge.asn1.Asn1[])[1] = integerOf(counts.keyBag);
      }
      safeOctets.value = asn1.toDer(safeContents).getBytes();
    }
    authSafeOctets.value = asn1.toDer(contents).getBytes();
  }
  return Buffer.from(asn1.toDer(root).getBytes(), 'binary');
}

/**
 * The .pfx (forge's, `made` with its password) with its key bag asking for `keyBag` iterations and that bag's
 * SafeContents then encrypted (RC2-40, 2,048 iterations) and the MAC made again (2,048): a count seen only once the
 * file is decrypted, past what the ASN.1 in clear shows (issue 53 §1).
 */
export function withHiddenKeyBagIterations(made: TestCertificate, keyBag: number): Buffer {
  const edited = asn1.fromDer(withIterations(made.pfx, { keyBag }).toString('binary'));
  const hidden = withRc2Certificates(edited, made.password, (bagIds) =>
    bagIds.includes(forge.pki.oids.pkcs8ShroudedKeyBag ?? ''),
  );
  return Buffer.from(asn1.toDer(hidden).getBytes(), 'binary');
}
