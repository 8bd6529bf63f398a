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
import { type CertificateProblem, CertificateReadError, type ReadCertificate, readPfx } from './certificate-reader';
import { type CertificateRow, fiscalRepository as repo } from './fiscal.repository';
import { cnpjBase } from './fiscal-issuer';

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

function readOrRefuse(file: Buffer, password: string): ReadCertificate {
  try {
    return readPfx(file, password);
  } catch (error) {
    if (error instanceof CertificateReadError) throw badRequest(PROBLEM_TEXTS[error.problem]);
    throw error;
  }
}

/**
 * POST /fiscal/certificate: the shop's A1 (.pfx and its password). Refused (400, in Portuguese) when the password is
 * wrong, the file no PKCS#12, without a private key, not yet valid or expired, or of a company other than the
 * issuer's (its CNPJ's first eight characters, as SEFAZ compares them); 409 before the issuer is saved. The file
 * and the password are sealed (secret-box.ts) and replace the certificate installed, in one transaction with the
 * issuer locked; audited with what is shown of the old and the new.
 */
export async function installCertificate(
  db: DB,
  serverSecret: string,
  principal: Principal,
  upload: { file: Buffer; password: string },
  now = new Date(),
): Promise<FiscalCertificate> {
  if ((await repo.issuer(db)) === undefined) throw conflict(FISCAL_SETUP_TEXTS.certificateIssuerRequired);
  const read = readOrRefuse(upload.file, upload.password);
  if (read.notAfter.getTime() <= now.getTime()) {
    throw badRequest(FISCAL_SETUP_TEXTS.certificateExpired(formatBusinessDate(read.notAfter)));
  }
  if (read.notBefore.getTime() > now.getTime()) {
    throw badRequest(FISCAL_SETUP_TEXTS.certificateNotYetValid(formatBusinessDate(read.notBefore)));
  }
  const cnpj = certificateCnpj(read);
  const key = fiscalKey(serverSecret);
  await db.transaction().execute(async (trx) => {
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
      pfx_iv: pfx.iv,
      pfx_tag: pfx.tag,
      pfx_ciphertext: pfx.ciphertext,
      password_iv: password.iv,
      password_tag: password.tag,
      password_ciphertext: password.ciphertext,
      uploaded_by: principal.employeeId,
    });
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'fiscal_certificate',
      entityId: COMPANY_ID,
      action: before ? 'replace' : 'upload',
      changes: { before: audited(before), after: audited(await repo.certificate(trx)) },
    });
  });
  return (await readCertificate(db, now)) as FiscalCertificate;
}

/** DELETE /fiscal/certificate: the certificate removed (404 when none), audited. */
export async function removeCertificate(db: DB, principal: Principal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockIssuer(trx);
    const before = await repo.certificate(trx);
    if (!before) throw notFound(FISCAL_SETUP_TEXTS.certificateNone);
    await repo.deleteCertificate(trx);
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'fiscal_certificate',
      entityId: COMPANY_ID,
      action: 'delete',
      changes: { before: audited(before), after: null },
    });
  });
}

/**
 * The shop's A1 in clear, for the emitting code (decision 0056): its file and password opened with the key of
 * `serverSecret` and read again. 409 in Portuguese when none is installed, when it has expired, or when it does not
 * open (the server's secret changed since it was sent: it must be sent again).
 */
export async function loadSigningCertificate(
  db: Executor,
  serverSecret: string,
  now = new Date(),
): Promise<SigningCertificate> {
  const row = await repo.certificate(db);
  if (!row) throw conflict(FISCAL_SETUP_TEXTS.certificateNone);
  const notAfter = new Date(row.not_after);
  if (notAfter.getTime() <= now.getTime()) {
    throw conflict(FISCAL_SETUP_TEXTS.certificateExpiredInstalled(formatBusinessDate(notAfter)));
  }
  let read: ReadCertificate;
  try {
    const key = fiscalKey(serverSecret);
    const file = open(
      key,
      { iv: row.pfx_iv, tag: row.pfx_tag, ciphertext: row.pfx_ciphertext },
      'fiscal_certificate.pfx',
    );
    const password = open(
      key,
      { iv: row.password_iv, tag: row.password_tag, ciphertext: row.password_ciphertext },
      'fiscal_certificate.password',
    );
    read = readPfx(file, password.toString('utf8'));
  } catch {
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
