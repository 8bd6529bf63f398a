/**
 * What readNfe returns and throws (decision 0048); nfe-reader.ts re-exports all of it.
 */

/** The namespace of every NF-e element. */
export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';

/** The issuer (`emit`) of the note. NF-e has no e-mail for the issuer: `email` is null unless a later layout adds it. */
export interface NfeParty {
  /** CNPJ (14 characters, alphanumeric from July 2026) or CPF (11 digits), as written. */
  document: string;
  name: string;
  tradeName: string | null;
  stateRegistration: string | null;
  phone: string | null;
  email: string | null;
  address: {
    street: string | null;
    number: string | null;
    complement: string | null;
    district: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
  };
}

export interface NfeItem {
  /** det/@nItem */
  itemNumber: number;
  /** prod/cProd: the supplier's own code. */
  supplierCode: string;
  /** prod/xProd */
  name: string;
  /** cEAN, else cEANTrib; 'SEM GTIN', empty or a wrong GS1 check digit → null. */
  gtin: string | null;
  ncm: string | null;
  cest: string | null;
  cfop: string;
  /** prod/uCom */
  unit: string;
  /** prod/qCom exactly as written (up to 4 decimals): the caller converts it with the unit's factor. */
  quantity: string;
  /** prod/uTrib (the taxable unit), when written: with `taxQuantity` it may state the factor (8 CX = 80 UN). */
  taxUnit?: string | null;
  /** prod/qTrib as written, when it is a valid quantity. */
  taxQuantity?: string | null;
  /** prod/vUnCom as written (up to 10 decimals). */
  unitValue: string;
  /** prod/vProd */
  productCents: number;
  /** prod/vFrete (0 when absent) */
  freightCents: number;
  /** prod/vSeg */
  insuranceCents: number;
  /** prod/vDesc */
  discountCents: number;
  /** prod/vOutro */
  otherCents: number;
  /** imposto/IPI/IPITrib/vIPI (0 when absent) */
  ipiCents: number;
  /** imposto/ICMS/ * /vICMSST (0 when absent) */
  icmsStCents: number;
  /** imposto/ICMS/ * /vFCPST: the FCP withheld by substitution with the ICMS-ST (issue 57, decision 0089). */
  fcpStCents: number;
  /** impostoDevol/IPI/vIPIDevol: the IPI returned (in vNF by W16-10, so in the item's cost). */
  ipiDevolCents: number;
  /** vProd + vFrete + vSeg + vOutro − vDesc + vIPI + vIPIDevol + vICMSST + vFCPST: what the item cost the shop. */
  totalCostCents: number;
  /** The ICMS as the note states it (decision 0089): CST or CSOSN, vICMS, vCredICMSSN (0 when absent). */
  icms: { code: string | null; amountCents: number; simplesCreditCents: number };
  /** PIS and COFINS' CST (the first group's) as written; null when absent. */
  pisCst: string | null;
  /**
   * 15-digit numbers found in infAdProd and in rastro/nLote, in that order, without repeats. Not validated
   * here: the caller checks Luhn, the count against the quantity and the stock.
   */
  imeis: string[];
}

/** What the certificate in the signature's KeyInfo says (not proven: see decision 0048). */
export interface NfeCertificate {
  /** The subject's common name, e.g. 'DISTRIBUIDORA EXEMPLO LTDA:12345678000195'. */
  subject: string;
  /** The CNPJ an ICP-Brasil e-CNPJ carries after the ':' of its common name; null when absent. */
  document: string | null;
  /** Whether `document` is the issuer's CNPJ. */
  matchesIssuer: boolean;
  validFrom: string;
  validTo: string;
  /** The signer's certificate, PEM (its chain is checked by the preview: decision 0096). */
  pem: string;
  /** The other certificates KeyInfo carries (intermediate authorities, a root), PEM; usually none. */
  chainPem: string[];
}

export type NfeSignature =
  | { status: 'VALID'; algorithm: 'rsa-sha1' | 'rsa-sha256'; certificate: NfeCertificate }
  | { status: 'ABSENT' };

export interface NfeInstalment {
  /** cobr/dup/nDup */
  documentNumber: string;
  /** cobr/dup/dVenc, YYYY-MM-DD */
  dueDate: string;
  /** cobr/dup/vDup */
  amountCents: number;
}

export interface NfeDocument {
  /** The 44 characters of infNFe/@Id without 'NFe'. */
  accessKey: string;
  model: 55;
  /** ide/nNF */
  number: string;
  /** ide/serie */
  series: string;
  /** ide/dhEmi as written (ISO 8601 with the issuer's UTC offset, e.g. 2026-11-20T10:15:00-03:00). */
  issuedAt: string;
  issuer: NfeParty;
  /** dest: CNPJ, CPF or idEstrangeiro, and xNome; nulls when the note has no dest. */
  recipient: { document: string | null; name: string | null };
  /** total/ICMSTot/vNF */
  totalCents: number;
  /** pag/detPag, in the note's order: tPag ('01' cash, '17' Pix, '90' none…) and vPag in cents. */
  payments: { type: string; amountCents: number }[];
  /** cobr/dup, in the note's order; empty when the note has none. */
  instalments: NfeInstalment[];
  items: NfeItem[];
  /** A present but invalid signature throws (code 'signature'). */
  signature: NfeSignature;
  /** ide/tpAmb: a homologation note has no fiscal value (the caller refuses or warns). */
  environment: 'production' | 'homologation';
  /** protNFe/infProt (nProt, cStat, dhRecbto as written); null for a bare NFe. */
  authorisation: { protocol: string; status: number; authorisedAt: string } | null;
}

/** The stable codes of a refusal (the message is PURCHASE_TEXTS.nfe's). */
export type NfeReadErrorCode =
  | 'too-large'
  | 'too-slow'
  | 'encoding'
  | 'dtd'
  | 'not-xml'
  | 'not-nfe'
  | 'model'
  | 'version'
  | 'access-key'
  | 'authorisation'
  | 'signature'
  | 'value'
  /** The note's totals do not add up (note-totals.ts, decision 0088). */
  | 'totals'
  /** Not a supplier's sale to the shop: tpNF 0, finNFe 2/3/4 (note-purpose.ts, decision 0090). */
  | 'purpose';

export class NfeReadError extends Error {
  readonly code: NfeReadErrorCode;
  constructor(code: NfeReadErrorCode, message: string) {
    super(message);
    this.name = 'NfeReadError';
    this.code = code;
  }
}

/** 2 MB: a file over it is refused before it is read. */
export const NFE_MAX_BYTES = 2 * 1024 * 1024;

/** Posted once by the reader's worker when its code is loaded: a read's time bound starts after it, not while tsx loads. */
export const NFE_READER_READY = 'nfe-reader-ready';
