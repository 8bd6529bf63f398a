/**
 * The SEFAZ double's check of a signed element (infNFe, infEvento, infInut), as the MOC's item 4.1.8 has it: the
 * signer's certificate names a CNPJ (292), the Reference's digest is that of the element canonicalized (C14N 1.0,
 * xml-crypto's C14nCanonicalization, the namespaces it inherits taken into account) and the SignatureValue over
 * SignedInfo canonicalized verifies with the certificate's RSA key (297), and the certificate's CNPJ root is the
 * issuer's (or the event's author's) (213). Like purchases/nfe/signature.ts, which verifies the suppliers' notes; it
 * does not check the chain to ICP-Brasil nor revocation (290, 293–296): the tests' certificates are self-signed.
 */
import { createHash, verify, X509Certificate } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import forge from 'node-forge';
import { C14nCanonicalization, findAncestorNs } from 'xml-crypto';
import { DIGEST_ALGORITHMS, DSIG_NS, SIGNATURE_ALGORITHMS } from '../../../../lib/nfe/xml-signature';
import { REFUSALS, type Refusal } from './sefaz-refusals';

const ICP_BRASIL_CNPJ_OID = '2.16.76.1.3.3';

function firstChild(parent: Element, namespace: string, name: string): Element | null {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.namespaceURI === namespace && element.localName === name) return element;
  }
  return null;
}

const textOf = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, '');

/** The CNPJ an e-CNPJ names: its otherName 2.16.76.1.3.3, else the CN after ':'; null when none. */
export function certificateCnpj(der: Buffer): string | null {
  const certificate = forge.pki.certificateFromAsn1(forge.asn1.fromDer(der.toString('binary')));
  const extension = certificate.getExtension('subjectAltName') as
    | { altNames?: { type: number; value: unknown }[] }
    | undefined;
  for (const name of extension?.altNames ?? []) {
    if (name.type !== 0 || !Array.isArray(name.value)) continue;
    const [oid, explicit] = name.value as forge.asn1.Asn1[];
    if (!oid || typeof oid.value !== 'string' || forge.asn1.derToOid(oid.value) !== ICP_BRASIL_CNPJ_OID) continue;
    const inner = Array.isArray(explicit?.value) ? explicit.value[0] : undefined;
    if (inner && typeof inner.value === 'string' && /^[0-9A-Z]{12}\d{2}/.test(inner.value))
      return inner.value.slice(0, 14);
  }
  const commonName = certificate.subject.getField('CN')?.value as string | undefined;
  return /:([0-9A-Z]{12}\d{2})$/.exec(commonName ?? '')?.[1] ?? null;
}

/** The namespaces `element` inherits, as xml-crypto's C14N wants them (found by its path from the root). */
function inherited(document: Document, element: Element) {
  const path: Element[] = [];
  for (let node: Element | null = element; node && node.nodeType === 1; node = node.parentNode as Element | null)
    path.unshift(node);
  const xpath = path
    .map((node) => `/*[local-name(.)='${node.localName}' and namespace-uri(.)='${node.namespaceURI ?? ''}']`)
    .join('');
  return findAncestorNs(document, xpath);
}

/**
 * Checks the signature of the element `signedName` (found anywhere in `xml`, the Signature its next sibling), signed
 * for `cnpj` (the issuer, or the event's author): null when it holds, else the SEFAZ's refusal.
 */
export function signatureRefusal(xml: string, signedName: string, cnpj: string): Refusal | null {
  const document = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
  const signed = document.getElementsByTagNameNS('*', signedName)[0] as Element | undefined;
  const signature = signed?.parentNode ? firstChild(signed.parentNode as Element, DSIG_NS, 'Signature') : null;
  const signedInfo = signature ? firstChild(signature, DSIG_NS, 'SignedInfo') : null;
  if (!signed || !signature || !signedInfo) return REFUSALS.signature;
  const keyInfo = firstChild(signature, DSIG_NS, 'KeyInfo');
  const x509 = keyInfo
    ? firstChild(firstChild(keyInfo, DSIG_NS, 'X509Data') ?? keyInfo, DSIG_NS, 'X509Certificate')
    : null;
  const der = Buffer.from(textOf(x509), 'base64');
  let certificate: X509Certificate;
  let named: string | null;
  try {
    certificate = new X509Certificate(der);
    named = certificateCnpj(der);
  } catch {
    return REFUSALS.signature;
  }
  if (!named) return REFUSALS.certificateWithoutCnpj;

  const reference = firstChild(signedInfo, DSIG_NS, 'Reference');
  const digestMethod = reference ? firstChild(reference, DSIG_NS, 'DigestMethod')?.getAttribute('Algorithm') : null;
  const digestAlgorithm =
    digestMethod === DIGEST_ALGORITHMS.sha1 ? 'sha1' : digestMethod === DIGEST_ALGORITHMS.sha256 ? 'sha256' : null;
  const method = firstChild(signedInfo, DSIG_NS, 'SignatureMethod')?.getAttribute('Algorithm');
  const signatureAlgorithm =
    method === SIGNATURE_ALGORITHMS['rsa-sha1']
      ? 'sha1'
      : method === SIGNATURE_ALGORITHMS['rsa-sha256']
        ? 'sha256'
        : null;
  if (!reference || reference.getAttribute('URI') !== `#${signed.getAttribute('Id')}` || !digestAlgorithm)
    return REFUSALS.signature;
  if (!signatureAlgorithm) return REFUSALS.signature;
  const c14n = new C14nCanonicalization();
  const canonicalSigned = c14n.process(signed, { ancestorNamespaces: inherited(document, signed) });
  const digest = createHash(digestAlgorithm).update(canonicalSigned, 'utf8').digest('base64');
  if (digest !== textOf(firstChild(reference, DSIG_NS, 'DigestValue'))) return REFUSALS.signature;
  const canonicalInfo = c14n.process(signedInfo, { ancestorNamespaces: inherited(document, signedInfo) });
  let valid = false;
  try {
    valid = verify(
      signatureAlgorithm,
      Buffer.from(canonicalInfo, 'utf8'),
      certificate.publicKey,
      Buffer.from(textOf(firstChild(signature, DSIG_NS, 'SignatureValue')), 'base64'),
    );
  } catch {
    valid = false;
  }
  if (!valid) return REFUSALS.signature;
  return named.slice(0, 8) === cnpj.slice(0, 8) ? null : REFUSALS.certificateCnpj;
}
