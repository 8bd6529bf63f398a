/**
 * The NF-e's XML signature (XMLDSig, enveloped, over infNFe), verified against the X509Certificate its KeyInfo
 * carries, with xml-crypto's C14N canonicalizer and node:crypto (decision 0048).
 *
 * What a VALID answer proves: the note's infNFe is, byte for byte after C14N, what the holder of the
 * certificate's private key signed — nothing in it (a vProd, a quantity, an item) was changed afterwards.
 * What it does NOT prove: that the certificate is an ICP-Brasil one, unrevoked, of the issuer. The chain to the
 * ICP-Brasil roots and the revocation lists are not checked here (no root store, no network): anyone may
 * re-sign an altered note with a certificate of their own. The certificate's subject is returned so the
 * caller can show it, with whether the CNPJ an e-CNPJ names is the issuer's; the SEFAZ protocol's digVal (when
 * the note carries protNFe) must also equal the signature's digest, which ties the signature to the one the
 * SEFAZ authorised (see nfe-reader.ts).
 *
 * Only what the SEFAZ uses is accepted (Manual de Orientação do Contribuinte, §4.4): one Signature in NFe,
 * C14N 1.0 (2001-03-15) as the canonicalization, RSA-SHA1 (and RSA-SHA256, which some emitters already use),
 * one Reference to '#NFe…' (the infNFe read) with the enveloped-signature and C14N transforms, SHA-1 or SHA-256
 * digests. HMAC and any other algorithm are refused; the key is the certificate's RSA public key, nothing else.
 */
import { createHash, timingSafeEqual, verify, X509Certificate } from 'node:crypto';
import { PURCHASE_TEXTS } from '@backoffice/contract';
import type { Document, Element } from '@xmldom/xmldom';
import { C14nCanonicalization, findAncestorNs } from 'xml-crypto';
import {
  C14N_ALGORITHM,
  DIGEST_ALGORITHMS,
  DSIG_NS,
  ENVELOPED_ALGORITHM,
  SIGNATURE_ALGORITHMS,
} from '../../../lib/nfe/xml-signature';
import { NFE_NAMESPACE, type NfeCertificate, NfeReadError, type NfeSignature } from './nfe-document';

type SignatureAlgorithmName = keyof typeof SIGNATURE_ALGORITHMS;

const TEXTS = PURCHASE_TEXTS.nfe;

function formError(detail: string): NfeReadError {
  return new NfeReadError('signature', TEXTS.signatureForm(detail));
}

function dsigChildren(parent: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).namespaceURI === DSIG_NS && (node as Element).localName === name) {
      found.push(node as Element);
    }
  }
  return found;
}

function onlyDsigChild(parent: Element, name: string): Element {
  const found = dsigChildren(parent, name);
  const [first] = found;
  if (found.length !== 1 || !first) throw formError(`esperado um elemento ${name}, encontrados ${found.length}.`);
  return first;
}

function textOf(element: Element): string {
  let text = '';
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3 || node.nodeType === 4) text += node.nodeValue ?? '';
  }
  return text;
}

/** The Signature elements that are children of NFe (SEFAZ puts exactly one there). */
export function nfeSignatureElements(nfe: Element): Element[] {
  return dsigChildren(nfe, 'Signature');
}

/** The DigestValue of the signature's one Reference, as written (compared with protNFe's digVal). */
export function signatureDigestValue(signature: Element): string {
  const signedInfo = onlyDsigChild(signature, 'SignedInfo');
  return textOf(onlyDsigChild(onlyDsigChild(signedInfo, 'Reference'), 'DigestValue')).replace(/\s+/g, '');
}

/**
 * The certificates of KeyInfo's X509Data: the first is the signer's (the one whose key must verify the signature),
 * the others the authorities the file carries, if any (decision 0096: usually none).
 */
function certificatesOf(signature: Element): X509Certificate[] {
  const keyInfo = onlyDsigChild(signature, 'KeyInfo');
  const x509Data = onlyDsigChild(keyInfo, 'X509Data');
  const elements = dsigChildren(x509Data, 'X509Certificate');
  if (elements.length === 0) throw formError('esperado um elemento X509Certificate, encontrados 0.');
  return elements.map((element) => {
    const base64 = textOf(element).replace(/\s+/g, '');
    try {
      return new X509Certificate(Buffer.from(base64, 'base64'));
    } catch {
      throw formError('o certificado (X509Certificate) não pôde ser lido.');
    }
  });
}

function certificateFacts(
  certificate: X509Certificate,
  carried: X509Certificate[],
  issuerDocument: string,
): NfeCertificate {
  const commonName =
    certificate.subject
      .split('\n')
      .find((line) => line.startsWith('CN='))
      ?.slice(3) ?? certificate.subject;
  const document = /:([0-9A-Z]{12}\d{2}|\d{11})$/.exec(commonName)?.[1] ?? null;
  return {
    subject: commonName,
    document,
    matchesIssuer: document !== null && document === issuerDocument,
    validFrom: new Date(certificate.validFrom).toISOString(),
    validTo: new Date(certificate.validTo).toISOString(),
    pem: certificate.toString(),
    chainPem: carried.map((other) => other.toString()),
  };
}

/** In-scope namespaces of the element at `path` (anchored: no search), as xml-crypto's C14N wants them. */
function ancestorNamespaces(document: Document, path: Array<[string, string]>) {
  const xpath = path.map(([ns, name]) => `/*[local-name(.)='${name}' and namespace-uri(.)='${ns}']`).join('');
  return findAncestorNs(document, xpath);
}

function sameBase64(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks the form of the signature (algorithms, the one Reference to `#${infNFeId}`), then does XMLDSig's
 * core validation on the very elements the reader reads (no second parse, no search by Id): the digest of
 * infNFe canonicalized (C14N 1.0 without comments, xml-crypto's C14nCanonicalization) against the
 * Reference's DigestValue, and the SignatureValue over SignedInfo canonicalized against the RSA public key of
 * the certificate in KeyInfo (node:crypto). The enveloped-signature transform removes nothing: the Signature
 * is infNFe's sibling, and a Signature inside infNFe is refused.
 *
 * Why not xml-crypto's SignedXml.checkSignature: on a 500-item note it took about 0.9 s of CPU (it parses the
 * file again and scans the whole document with XPath five times to find the reference by Id and the
 * namespaces); this takes a few tens of milliseconds. The tests check that both agree (signature.test.ts).
 * Throws NfeReadError('signature').
 */
export function verifyNfeSignature(
  document: Document,
  infNFe: Element,
  signature: Element,
  issuerDocument: string,
): NfeSignature {
  const infNFeId = infNFe.getAttribute('Id') ?? '';
  const signedInfo = onlyDsigChild(signature, 'SignedInfo');
  const canonicalization = onlyDsigChild(signedInfo, 'CanonicalizationMethod').getAttribute('Algorithm');
  if (canonicalization !== C14N_ALGORITHM) throw formError(`canonicalização ${canonicalization} não aceita.`);
  const method = onlyDsigChild(signedInfo, 'SignatureMethod').getAttribute('Algorithm');
  const algorithm = (Object.keys(SIGNATURE_ALGORITHMS) as SignatureAlgorithmName[]).find(
    (name) => SIGNATURE_ALGORITHMS[name] === method,
  );
  if (!algorithm) throw formError(`algoritmo de assinatura ${method} não aceito (só RSA-SHA1 ou RSA-SHA256).`);
  const reference = onlyDsigChild(signedInfo, 'Reference');
  if (reference.getAttribute('URI') !== `#${infNFeId}`) {
    throw formError(`a assinatura deve referir-se a #${infNFeId}, não a ${reference.getAttribute('URI')}.`);
  }
  const transforms = dsigChildren(onlyDsigChild(reference, 'Transforms'), 'Transform').map((transform) =>
    transform.getAttribute('Algorithm'),
  );
  if (transforms.some((transform) => transform !== ENVELOPED_ALGORITHM && transform !== C14N_ALGORITHM)) {
    throw formError(`transformações ${transforms.join(', ')} não aceitas.`);
  }
  const digestMethod = onlyDsigChild(reference, 'DigestMethod').getAttribute('Algorithm');
  const digestAlgorithm =
    digestMethod === DIGEST_ALGORITHMS.sha1 ? 'sha1' : digestMethod === DIGEST_ALGORITHMS.sha256 ? 'sha256' : null;
  if (!digestAlgorithm) throw formError(`algoritmo de resumo ${digestMethod} não aceito.`);
  if (infNFe.getElementsByTagNameNS(DSIG_NS, 'Signature').length > 0) {
    throw formError('há uma assinatura dentro de infNFe.');
  }
  const [certificate, ...carried] = certificatesOf(signature) as [X509Certificate, ...X509Certificate[]];
  if (certificate.publicKey.asymmetricKeyType !== 'rsa') throw formError('o certificado não tem chave RSA.');

  const root = document.documentElement;
  const nfePath: Array<[string, string]> =
    root?.localName === 'nfeProc'
      ? [
          [NFE_NAMESPACE, 'nfeProc'],
          [NFE_NAMESPACE, 'NFe'],
        ]
      : [[NFE_NAMESPACE, 'NFe']];
  const c14n = new C14nCanonicalization();
  const canonicalInfNFe = c14n.process(infNFe, {
    ancestorNamespaces: ancestorNamespaces(document, [...nfePath, [NFE_NAMESPACE, 'infNFe']]),
  });
  const canonicalSignedInfo = c14n.process(signedInfo, {
    ancestorNamespaces: ancestorNamespaces(document, [...nfePath, [DSIG_NS, 'Signature'], [DSIG_NS, 'SignedInfo']]),
  });
  const digest = createHash(digestAlgorithm).update(canonicalInfNFe, 'utf8').digest();
  const digestValid = sameBase64(digest, Buffer.from(signatureDigestValue(signature), 'base64'));
  const signatureValue = Buffer.from(textOf(onlyDsigChild(signature, 'SignatureValue')).replace(/\s+/g, ''), 'base64');
  let valid = false;
  try {
    valid =
      digestValid &&
      verify(
        algorithm === 'rsa-sha1' ? 'sha1' : 'sha256',
        Buffer.from(canonicalSignedInfo, 'utf8'),
        certificate.publicKey,
        signatureValue,
      );
  } catch {
    valid = false;
  }
  if (!valid) throw new NfeReadError('signature', TEXTS.signature);
  return { status: 'VALID', algorithm, certificate: certificateFacts(certificate, carried, issuerDocument) };
}
