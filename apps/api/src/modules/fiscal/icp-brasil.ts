import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

let icpBrasilRoots: string[] | undefined;

/** ICP-Brasil's root certificates (v5, v6, v7, v10, v11, v12), shipped in apps/api/fiscal-schemas/icp-brasil. */
export function icpBrasilRootsPem(): string[] {
  if (icpBrasilRoots) return icpBrasilRoots;
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const bundle = readFileSync(path.join(dir, 'fiscal-schemas', 'icp-brasil-roots.pem'), 'utf8');
      icpBrasilRoots = bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
      return icpBrasilRoots;
    } catch {
      // not in this folder
    }
  }
  icpBrasilRoots = [];
  return icpBrasilRoots;
}

/** Who signed `child`: one of `candidates` naming it as issuer whose key verifies its signature, else undefined. */
function issuerOf(child: X509Certificate, candidates: X509Certificate[]): X509Certificate | undefined {
  return candidates.find((candidate) => {
    try {
      return child.checkIssued(candidate) && child.verify(candidate.publicKey);
    } catch {
      return false;
    }
  });
}

/** How many certificates a chain may climb before giving up (ICP-Brasil's are three or four deep). */
const MAX_CHAIN = 8;

/**
 * How a certificate's chain ends (issue 57 §4, decision 0096): `ICP_BRASIL` once one of `roots` signed the last
 * certificate climbed; `OUTSIDE` when it ends at a self-signed certificate that is not one of them (a home-made root,
 * or a self-signed leaf); `INCOMPLETE` when the last one's issuer is neither among `chainPem` nor `roots` (an NF-e's
 * KeyInfo usually carries the signer's certificate alone, without its intermediate authorities: nothing can be
 * said of it). Signatures are what count, never names. Dates are not looked at here.
 */
export type IcpBrasilChain = 'ICP_BRASIL' | 'OUTSIDE' | 'INCOMPLETE';

export function icpBrasilChain(certPem: string, chainPem: string[], roots = icpBrasilRootsPem()): IcpBrasilChain {
  const trusted = roots.map((pem) => new X509Certificate(pem));
  const chain = chainPem.map((pem) => new X509Certificate(pem));
  let current = new X509Certificate(certPem);
  for (let depth = 0; depth < MAX_CHAIN; depth++) {
    if (issuerOf(current, trusted)) return 'ICP_BRASIL';
    if (issuerOf(current, [current])) return 'OUTSIDE';
    const next = issuerOf(
      current,
      chain.filter((candidate) => candidate.fingerprint256 !== current.fingerprint256),
    );
    if (!next) return 'INCOMPLETE';
    current = next;
  }
  return 'INCOMPLETE';
}

/**
 * Whether a certificate was issued under ICP-Brasil (issue 54 §9): from the leaf, each certificate's issuer is
 * looked for among the file's own (`chainPem`, the intermediate authorities an A1 carries) and ICP-Brasil's roots
 * (`roots`, by default the shipped ones); true once one of the roots signed the last. A self-signed certificate, or
 * one whose chain ends elsewhere, is not: the SEFAZ refuses it (a name saying 'ICP-Brasil' proves nothing, the
 * signatures are what count). Dates are not looked at here (the install checks the leaf's).
 */
export function issuedUnderIcpBrasil(certPem: string, chainPem: string[], roots = icpBrasilRootsPem()): boolean {
  return icpBrasilChain(certPem, chainPem, roots) === 'ICP_BRASIL';
}
