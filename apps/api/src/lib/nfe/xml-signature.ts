/**
 * The XMLDSig signature the NF-e manual asks for (Manual de Orientação do Contribuinte 4.00, §4.4): enveloped in the
 * signed element's parent, over the element named by its Id, C14N 1.0 (2001-03-15) as canonicalization and
 * transform, RSA-SHA1 with a SHA-1 digest (RSA-SHA256 / SHA-256 for the tests of the reader), the signer's
 * certificate in KeyInfo. The element is given already canonical (canonical-xml.ts), with the default namespace
 * it inherits written on it, so the digest and the signature are computed on strings. Signs infNFe, infEvento
 * and infInut alike; purchases/nfe/signature.ts verifies with xml-crypto.
 */
import { createHash, createSign } from 'node:crypto';

export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const C14N_ALGORITHM = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const ENVELOPED_ALGORITHM = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export const SIGNATURE_ALGORITHMS = {
  'rsa-sha1': 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  'rsa-sha256': 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
} as const;
export const DIGEST_ALGORITHMS = {
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
} as const;

export interface XmlSigner {
  /** The RSA private key, PEM. */
  keyPem: string;
  /** The signer's certificate, DER in base64 (KeyInfo's X509Certificate). */
  certificateBase64: string;
}

export interface XmlSignature {
  /** The Signature element, to be appended to the signed element's parent. */
  xml: string;
  /** The DigestValue (base64): the SEFAZ's protocol repeats it as digVal. */
  digest: string;
}

/**
 * Signs `canonicalElement` (the element as C14N writes it alone: its inherited default namespace declared on it,
 * e.g. `<infNFe xmlns="http://www.portalfiscal.inf.br/nfe" Id="NFe…" versao="4.00">…</infNFe>`), whose Id is `id`.
 */
export function signCanonical(
  canonicalElement: string,
  id: string,
  signer: XmlSigner,
  algorithm: 'sha1' | 'sha256' = 'sha1',
): XmlSignature {
  const digest = createHash(algorithm).update(canonicalElement, 'utf8').digest('base64');
  const signatureMethod = algorithm === 'sha1' ? SIGNATURE_ALGORITHMS['rsa-sha1'] : SIGNATURE_ALGORITHMS['rsa-sha256'];
  const signedInfoBody =
    `<CanonicalizationMethod Algorithm="${C14N_ALGORITHM}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${signatureMethod}"></SignatureMethod>` +
    `<Reference URI="#${id}"><Transforms>` +
    `<Transform Algorithm="${ENVELOPED_ALGORITHM}"></Transform><Transform Algorithm="${C14N_ALGORITHM}"></Transform>` +
    `</Transforms><DigestMethod Algorithm="${DIGEST_ALGORITHMS[algorithm]}"></DigestMethod>` +
    `<DigestValue>${digest}</DigestValue></Reference>`;
  // Canonically SignedInfo carries the xmldsig namespace it inherits from Signature.
  const canonicalSignedInfo = `<SignedInfo xmlns="${DSIG_NS}">${signedInfoBody}</SignedInfo>`;
  const sign = createSign(algorithm === 'sha1' ? 'RSA-SHA1' : 'RSA-SHA256');
  sign.update(canonicalSignedInfo, 'utf8');
  const signatureValue = sign.sign(signer.keyPem, 'base64');
  return {
    digest,
    xml:
      `<Signature xmlns="${DSIG_NS}"><SignedInfo>${signedInfoBody}</SignedInfo>` +
      `<SignatureValue>${signatureValue}</SignatureValue>` +
      `<KeyInfo><X509Data><X509Certificate>${signer.certificateBase64}</X509Certificate></X509Data></KeyInfo></Signature>`,
  };
}
