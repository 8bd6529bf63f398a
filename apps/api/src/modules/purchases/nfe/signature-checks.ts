/**
 * What a supplier's note must show of its signature before it enters (issue 57 §4, decision 0086).
 *
 * - A note the SEFAZ authorised (it carries `protNFe`) was signed: the protocol's `digVal` is the signature's
 *   DigestValue — the SHA-1 of the canonical infNFe (Manual de Orientação do Contribuinte 7.0, §5.1, infProt
 *   campo PR10 'digVal': "Digest Value da NF-e processada"). A file with the protocol and without the signature
 *   had it stripped (nothing else removes it), and whatever it says can no longer be tied to what was
 *   authorised: refused. A signature whose digest is not `digVal` is another signature: refused. A content
 *   altered under its own signature fails the signature's digest (signature.ts): refused.
 * - An unsigned file with no protocol either (a bare NFe typed or exported without its signature) enters only
 *   with a manager's reason of at least UNSIGNED_REASON_MIN characters (the route asks `bo:manage:purchases`),
 *   audited, and the entry stays marked 'Entrada sem assinatura'.
 * - A signature whose certificate does not name the issuer's CNPJ (its root, 8 characters) is a warning the
 *   clerk accepts explicitly (`acceptCertificate`); without it the confirm is refused (400 PURCHASE_NOT_READY).
 * - The certificate's chain is climbed through the certificates KeyInfo carries to ICP-Brasil's shipped roots
 *   (fiscal's `icpBrasilChain`, decision 0096): under ICP-Brasil, outside it (ends at another self-signed root),
 *   or not verified (the file lacks the intermediate authorities, as most do). Shown, never blocking.
 *   Revocation is NOT checked.
 */
import {
  PURCHASE_TEXTS,
  type PurchaseDecisions,
  type PurchasePreview,
  type SignatureChain,
  PURCHASE_ENTRY_TEXTS as T,
  UNSIGNED_REASON_MIN,
} from '@backoffice/contract';
import { icpBrasilChain } from '../../fiscal/fiscal.service';
import { type NfeDocument, NfeReadError } from './nfe-document';

/** Refuses a file whose signature is not the one its authorisation protocol (protNFe/infProt/digVal) names. */
export function checkAgainstProtocol(
  protocol: { present: boolean; digVal: string | null },
  signatureDigest: string | null,
): void {
  if (!protocol.present) return;
  if (signatureDigest === null) throw new NfeReadError('signature', PURCHASE_TEXTS.nfe.signatureStripped);
  if (protocol.digVal && protocol.digVal.replace(/\s+/g, '') !== signatureDigest) {
    throw new NfeReadError('signature', PURCHASE_TEXTS.nfe.signatureProtocol);
  }
}

/** The CNPJ's root (its first 8 characters): an e-CNPJ of the head office signs the branches' notes too. */
const cnpjRoot = (document: string) => document.slice(0, 8);

/** Whether the certificate names the issuer: the same CNPJ root (a CPF issuer: the same CPF). */
export function certificateNamesIssuer(certificateDocument: string | null, issuerDocument: string): boolean {
  if (!certificateDocument) return false;
  if (certificateDocument.length === 14 && issuerDocument.length === 14) {
    return cnpjRoot(certificateDocument) === cnpjRoot(issuerDocument);
  }
  return certificateDocument === issuerDocument;
}

/** The signature's warnings (unsigned, a certificate not the issuer's) and the problems of those not settled. */
export function signatureWarnings(note: NfeDocument, decisions: PurchaseDecisions) {
  const warnings: PurchasePreview['warnings'] = [];
  const problems: string[] = [];
  if (note.signature.status === 'ABSENT') {
    const confirmed = (decisions.unsignedReason?.trim().length ?? 0) >= UNSIGNED_REASON_MIN;
    warnings.push({ code: 'UNSIGNED', message: T.unsignedWarning, needsConfirmation: true, confirmed });
    if (!confirmed) problems.push(T.unsignedReasonRequired);
  } else if (!certificateNamesIssuer(note.signature.certificate.document, note.issuer.document)) {
    const confirmed = decisions.acceptCertificate;
    warnings.push({
      code: 'CERTIFICATE',
      message: T.certificateWarning(note.signature.certificate.subject),
      needsConfirmation: true,
      confirmed,
    });
    if (!confirmed) problems.push(T.certificateNotAccepted);
  }
  return { warnings, problems };
}

/**
 * Where the signer's certificate chains (decision 0096): null when unsigned; `roots` are ICP-Brasil's shipped ones
 * unless a test passes its own.
 */
export function signatureChain(note: NfeDocument, roots?: string[]): SignatureChain | null {
  if (note.signature.status !== 'VALID') return null;
  const { pem, chainPem } = note.signature.certificate;
  try {
    return icpBrasilChain(pem, chainPem, roots);
  } catch {
    return 'INCOMPLETE';
  }
}
