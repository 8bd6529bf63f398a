import { createHash } from 'node:crypto';
import {
  businessDay,
  COMPANY_ID,
  daysBetween,
  FISCAL_SETUP_TEXTS,
  type FiscalCertificate,
  formatBusinessDate,
  formatDocument,
  isValidCnpj,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { fiscalKey, open, seal } from '../../lib/secret-box';
import type { Principal } from '../../plugins/auth';
import {
  CERTIFICATE_MAX_ITERATIONS,
  type CertificateProblem,
  CertificateReadError,
  type ReadCertificate,
} from './certificate-reader';
import { CERTIFICATE_READ_TIMEOUT_MS, readPfxInWorker } from './certificate-worker';
import { type CertificateRow, fiscalRepository as repo } from './fiscal.repository';
import { cnpjBase } from './fiscal-issuer';
import { issuedUnderIcpBrasil } from './icp-brasil';

/** What the emitting code signs with (decision 0056): the key and certificate of the shop's A1, in clear. */
export interface SigningCertificate {
  /** PKCS#8 PEM. */
  keyPem: string;
  certPem: string;
  /** The file's other certificates (the chain), PEM. */
  chainPem: string[];
  /** The leaf's DER, base64: the XMLDSig KeyInfo's X509Certificate. */
  certBase64: string;
  /** Normalised, 14 characters. */
  cnpj: string;
  notAfter: Date;
}

const PROBLEM_TEXTS: Record<CertificateProblem, string> = {
  'not-pfx': FISCAL_SETUP_TEXTS.certificateNotPfx,
  'wrong-password': FISCAL_SETUP_TEXTS.certificatePasswordWrong,
  unsupported: FISCAL_SETUP_TEXTS.certificateUnsupported,
  'no-private-key': FISCAL_SETUP_TEXTS.certificateNoPrivateKey,
  'no-certificate': FISCAL_SETUP_TEXTS.certificateNoCertificate,
  'too-many-iterations': FISCAL_SETUP_TEXTS.certificateTooManyIterations(
    CERTIFICATE_MAX_ITERATIONS.toLocaleString('pt-BR'),
  ),
  'too-slow': FISCAL_SETUP_TEXTS.certificateTooSlow(CERTIFICATE_READ_TIMEOUT_MS / 1000),
};

export function certificateView(row: CertificateRow, now: Date): FiscalCertificate {
  const notAfter = new Date(row.not_after);
  return {
    holder: row.holder,
    cnpj: row.cnpj,
    serialNumber: row.serial_number,
    sha1Fingerprint: row.sha1_fingerprint,
    notBefore: new Date(row.not_before).toISOString(),
    notAfter: notAfter.toISOString(),
    daysToExpiry: daysBetween(businessDay(now), businessDay(notAfter)),
    expired: notAfter.getTime() <= now.getTime(),
    uploadedBy: row.uploaded_by === null ? null : { id: row.uploaded_by, name: row.uploaded_by_name ?? '' },
    uploadedAt: new Date(row.uploaded_at).toISOString(),
    warning: row.icp_brasil === false ? FISCAL_SETUP_TEXTS.certificateNotIcpBrasil : null,
  };
}

/** What the audit keeps of a certificate: what is shown in clear, never its file nor its password. */
const audited = (row: CertificateRow | undefined) =>
  row
    ? {
        holder: row.holder,
        cnpj: row.cnpj,
        serialNumber: row.serial_number,
        sha1Fingerprint: row.sha1_fingerprint,
        notBefore: new Date(row.not_before).toISOString(),
        notAfter: new Date(row.not_after).toISOString(),
      }
    : null;

/** GET /fiscal/certificate: the installed certificate, or null. */
export async function readCertificate(db: Executor, now = new Date()): Promise<FiscalCertificate | null> {
  const row = await repo.certificate(db);
  return row ? certificateView(row, now) : null;
}

/** The certificate's CNPJ: the ICP-Brasil otherName's, else the CN's after ':'; two different ones are refused. */
function certificateCnpj(read: ReadCertificate): string {
  const { cnpjInName, cnpjInOtherName } = read;
  if (cnpjInName && cnpjInOtherName && cnpjInName !== cnpjInOtherName) {
    throw badRequest(
      FISCAL_SETUP_TEXTS.certificateTwoCnpjs(formatDocument(cnpjInName), formatDocument(cnpjInOtherName)),
    );
  }
  const cnpj = cnpjInOtherName ?? cnpjInName;
  if (!cnpj || !isValidCnpj(cnpj)) throw badRequest(FISCAL_SETUP_TEXTS.certificateNoCnpj);
  return cnpj;
}

async function readOrRefuse(file: Buffer, password: string): Promise<ReadCertificate> {
  try {
    return await readPfxInWorker(file, password);
  } catch (error) {
    if (error instanceof CertificateReadError) throw badRequest(PROBLEM_TEXTS[error.problem]);
    throw error;
  }
}

/**
 * The certificate read last in this process (issue 53 §1): reading it derives its keys with node-forge, which an
 * emission must not do again each time. Its identity is the sealed row's (each upload seals with new random IVs,
 * so a new certificate, even the same file sent again, is another identity) and the server secret's key: every
 * emission reads the row anyway, so a certificate replaced through another process (a web process, the worker)
 * is seen at the next emission here, without an announcement. Only the last is kept; a read that fails is
 * forgotten, a removal forgets it too. The promise itself is kept, so emissions at once wait on one read.
 */
let signing: { identity: string; read: Promise<ReadCertificate> } | undefined;

function signingIdentity(key: Buffer, row: CertificateRow): string {
  return createHash('sha256')
    .update(key)
    .update(row.pfx_iv)
    .update(row.pfx_tag)
    .update(row.password_iv)
    .update(row.password_tag)
    .digest('hex');
}

function keepSigning(identity: string, read: Promise<ReadCertificate>): Promise<ReadCertificate> {
  signing = { identity, read };
  read.catch(() => {
    if (signing?.read === read) signing = undefined;
  });
  return read;
}

/**
 * POST /fiscal/certificate: the shop's A1 (.pfx and its password). Refused (400, in Portuguese) when the password is
 * wrong, the file no PKCS#12, asking for more than 100,000 iterations or slower than 10 s to read (issue 53 §1: read
 * in the reader's worker, certificate-worker.ts), without a private key, not yet valid or expired, or of a company
 * other than the issuer's (its CNPJ's first eight characters, as SEFAZ compares them); 409 before the issuer is
 * saved. One not issued under ICP-Brasil (self-signed, `issuedUnderIcpBrasil`) is installed, and answered with
 * its `warning` (issue 54 §9). The file and the password are sealed (secret-box.ts) and replace the certificate installed, in one
 * transaction with the issuer locked; audited with what is shown of the old and the new. The key read is kept for
 * this process's emissions (`signing`).
 */
export async function installCertificate(
  db: DB,
  serverSecret: string,
  principal: Principal,
  upload: { file: Buffer; password: string },
  now = new Date(),
): Promise<FiscalCertificate> {
  if ((await repo.issuer(db)) === undefined) throw conflict(FISCAL_SETUP_TEXTS.certificateIssuerRequired);
  const read = await readOrRefuse(upload.file, upload.password);
  if (read.notAfter.getTime() <= now.getTime()) {
    throw badRequest(FISCAL_SETUP_TEXTS.certificateExpired(formatBusinessDate(read.notAfter)));
  }
  if (read.notBefore.getTime() > now.getTime()) {
    throw badRequest(FISCAL_SETUP_TEXTS.certificateNotYetValid(formatBusinessDate(read.notBefore)));
  }
  const cnpj = certificateCnpj(read);
  // Accepted either way (a test certificate has its uses), but one outside ICP-Brasil is answered with a warning.
  const icpBrasil = issuedUnderIcpBrasil(read.certPem, read.chainPem);
  const key = fiscalKey(serverSecret);
  const installed = await db.transaction().execute(async (trx) => {
    const issuer = await repo.lockIssuer(trx);
    if (!issuer) throw conflict(FISCAL_SETUP_TEXTS.certificateIssuerRequired);
    if (cnpjBase(cnpj) !== cnpjBase(issuer.cnpj)) {
      throw badRequest(FISCAL_SETUP_TEXTS.certificateOtherCnpj(formatDocument(cnpj), formatDocument(issuer.cnpj)));
    }
    const before = await repo.certificate(trx);
    const pfx = seal(key, upload.file, 'fiscal_certificate.pfx');
    const password = seal(key, Buffer.from(upload.password, 'utf8'), 'fiscal_certificate.password');
    await repo.saveCertificate(trx, {
      holder: read.holder,
      cnpj,
      serial_number: read.serialNumber,
      sha1_fingerprint: read.sha1Fingerprint,
      not_before: read.notBefore,
      not_after: read.notAfter,
      icp_brasil: icpBrasil,
      pfx_iv: pfx.iv,
      pfx_tag: pfx.tag,
      pfx_ciphertext: pfx.ciphertext,
      password_iv: password.iv,
      password_tag: password.tag,
      password_ciphertext: password.ciphertext,
      uploaded_by: principal.employeeId,
    });
    const saved = await repo.certificate(trx);
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'fiscal_certificate',
      entityId: COMPANY_ID,
      action: before ? 'replace' : 'upload',
      changes: { before: audited(before), after: audited(saved) },
    });
    return saved;
  });
  if (installed) keepSigning(signingIdentity(key, installed), Promise.resolve(read));
  return (await readCertificate(db, now)) as FiscalCertificate;
}

/** DELETE /fiscal/certificate: the certificate removed (404 when none), audited. */
export async function removeCertificate(db: DB, principal: Principal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockIssuer(trx);
    const before = await repo.certificate(trx);
    if (!before) throw notFound(FISCAL_SETUP_TEXTS.certificateNone);
    await repo.deleteCertificate(trx);
    signing = undefined;
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'fiscal_certificate',
      entityId: COMPANY_ID,
      action: 'delete',
      changes: { before: audited(before), after: null },
    });
  });
}

/** The row's file and password opened with `key` and read (in the reader's worker), or the read kept. */
function signingRead(key: Buffer, row: CertificateRow): Promise<ReadCertificate> {
  const identity = signingIdentity(key, row);
  if (signing?.identity === identity) return signing.read;
  let file: Buffer;
  let password: Buffer;
  try {
    file = open(key, { iv: row.pfx_iv, tag: row.pfx_tag, ciphertext: row.pfx_ciphertext }, 'fiscal_certificate.pfx');
    password = open(
      key,
      { iv: row.password_iv, tag: row.password_tag, ciphertext: row.password_ciphertext },
      'fiscal_certificate.password',
    );
  } catch {
    return Promise.reject(conflict(FISCAL_SETUP_TEXTS.certificateUnreadable));
  }
  return keepSigning(identity, readPfxInWorker(file, password.toString('utf8')));
}

/**
 * The shop's A1 in clear, for the emitting code (decision 0056): its file and password opened with the key of
 * `serverSecret` and read (once per process and certificate: see `signing`). 409 in Portuguese when none is
 * installed, when it has expired, when it does not open (the server's secret changed since it was sent: it must be
 * sent again), or when its reading is refused (too many iterations, too slow).
 */
export async function loadSigningCertificate(
  db: Executor,
  serverSecret: string,
  now = new Date(),
): Promise<SigningCertificate> {
  const row = await repo.certificate(db);
  if (!row) {
    signing = undefined; // removed, maybe through another process: its key is not kept
    throw conflict(FISCAL_SETUP_TEXTS.certificateNone);
  }
  const notAfter = new Date(row.not_after);
  if (notAfter.getTime() <= now.getTime()) {
    throw conflict(FISCAL_SETUP_TEXTS.certificateExpiredInstalled(formatBusinessDate(notAfter)));
  }
  let read: ReadCertificate;
  try {
    read = await signingRead(fiscalKey(serverSecret), row);
  } catch (error) {
    if (
      error instanceof CertificateReadError &&
      (error.problem === 'too-many-iterations' || error.problem === 'too-slow')
    ) {
      throw conflict(PROBLEM_TEXTS[error.problem]);
    }
    throw conflict(FISCAL_SETUP_TEXTS.certificateUnreadable);
  }
  return {
    keyPem: read.keyPem,
    certPem: read.certPem,
    chainPem: read.chainPem,
    certBase64: read.certBase64,
    cnpj: row.cnpj,
    notAfter,
  };
}
