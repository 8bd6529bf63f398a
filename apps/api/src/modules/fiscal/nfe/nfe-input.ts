/**
 * What a note to emit is made of (issue 41 §2), in the shop's own terms: the issuer and its regime, the recipient,
 * the items with the taxes their fiscal profile gives, the order's freight, insurance, discount and other charges
 * (the warranty), how it was paid, its instalments on credit, and how it is emitted (model, environment, series and
 * number, normal or offline contingency). nfe-builder.ts writes the XML from it; nothing here knows about orders.
 *
 * Money is integer cents; rates are integer ten-thousandths of a percent (18 % = 180_000, 0,9 % = 9_000, 1,65 % =
 * 16_500), so every tax is one exact multiplication and one rounding (half up, to the cent).
 */
import type { ICMS_CSOSNS, ICMS_CSTS, PIS_COFINS_CSTS } from '@backoffice/contract';
import type { NfeTechnicalContact } from './technical-contact';

/** The tax regime (CRT): 1 Simples Nacional, 2 Simples excesso de sublimite, 3 Regime Normal, 4 MEI. */
export type TaxRegime = 1 | 2 | 3 | 4;

export interface NfeAddress {
  street: string;
  number: string;
  complement?: string | null;
  district: string;
  /** The IBGE code of the city (7 digits; its first two are the state's). */
  cityCode: string;
  cityName: string;
  /** The state's abbreviation ('SP'). */
  uf: string;
  /** 8 digits. */
  cep: string;
  phone?: string | null;
}

export interface NfeIssuer {
  /** The CNPJ (14 characters, alphanumeric from July 2026), or a rural producer's CPF (11 digits: emit/CPF). */
  cnpj: string;
  /** The state registration (digits), or 'ISENTO'. */
  ie: string;
  name: string;
  tradeName?: string | null;
  crt: TaxRegime;
  address: NfeAddress;
}

export interface NfeRecipient {
  /** A CPF (11 digits) or a CNPJ (14). */
  document: string;
  /** '' for none: the walk-in who gave only his CPF on an NFC-e ('CPF na nota'). */
  name: string;
  /** The recipient's state registration: digits (a taxpayer), 'ISENTO' or null (not a taxpayer: indIEDest 9). */
  ie?: string | null;
  email?: string | null;
  /** Required for the NF-e; the NFC-e may leave it out. */
  address?: NfeAddress | null;
}

/**
 * The ICMS the issuer withholds for the next sale by substitution (ICMS-ST, modBCST 4, by MVA): its base is the item's
 * ICMS base and IPI raised by the MVA ('margem de valor agregado'); the tax is that base at the ST rate, less the
 * item's own ICMS.
 */
export interface IcmsSubstitution {
  mva: number;
  rate: number;
}

/**
 * ICMS by the issuer's regime: a CSOSN (Simples, CRT 1, 2, 4) or a CST with its rate (Regime Normal, CRT 3); CST 10
 * is taxed with the ICMS-ST withheld too (a supplier's note: an industry or a wholesaler that substitutes).
 */
export type IcmsTax =
  | { kind: 'CSOSN'; code: (typeof ICMS_CSOSNS)[number]; creditRate?: number }
  | { kind: 'CST'; code: (typeof ICMS_CSTS)[number]; rate?: number }
  | { kind: 'CST'; code: '10'; rate: number; st: IcmsSubstitution };

/**
 * IPI of an industrial issuer (CST 50, 'saída tributada', enquadramento 999) at the TIPI's rate on the item's value
 * with its freight, insurance and other charges, less its discounts (RIPI art. 190; the unconditional discount out,
 * STF RE 567.935). Not in the ICMS base of a sale to a taxpayer for resale (CF art. 155 §2 XI), in a consumer's.
 */
export interface IpiTax {
  rate: number;
}

/** PIS or COFINS: CST 01/02 at a rate, 04–09 not taxed, 49/99 other operations (rate 0 allowed). */
export interface ContributionTax {
  cst: (typeof PIS_COFINS_CSTS)[number];
  rate: number;
}

/** The tax reform's IBS and CBS (LC 214/2025; NT 2025.002): CST, cClassTrib and the three rates. */
export interface IbsCbsTax {
  cst: string;
  classTrib: string;
  cbsRate: number;
  ibsUfRate: number;
  ibsMunRate: number;
}

/** What a fiscal profile gives an item ('Perfis fiscais'). */
export interface ItemTaxes {
  cfopInState: string;
  cfopOutState: string;
  icms: IcmsTax;
  pis: ContributionTax;
  cofins: ContributionTax;
  /** Written for the Regime Normal (CRT 3) only, as the 2026 rules ask; the Simples leaves it out. */
  ibsCbs?: IbsCbsTax | null;
  /** An industrial issuer's IPI; none for a shop. */
  ipi?: IpiTax | null;
}

/** A batch the item's units come from (rastro: medicines, drinks… and some phone distributors' lots). */
export interface NfeBatch {
  /** nLote, up to 20 characters. */
  number: string;
  /** qLote: the item's units from it. */
  quantity: number;
  /** dFab and dVal, YYYY-MM-DD. */
  madeOn: string;
  validUntil: string;
}

/**
 * An item's row of the IBPT table (approximate-taxes.ts; Lei 12.741/2012): the federal rate of national and of
 * imported goods, the state's and the municipality's, in ten-thousandths of a percent.
 */
export interface ApproximateTaxRates {
  nationalFederal: number;
  importedFederal: number;
  state: number;
  municipal: number;
}

export interface NfeItem {
  code: string;
  /** GTIN/EAN of the unit; null: 'SEM GTIN'. */
  gtin?: string | null;
  /** cEANTrib, the taxable unit's GTIN when it is not the unit's (null: 'SEM GTIN'); the unit's by default. */
  taxableGtin?: string | null;
  name: string;
  /** 8 digits. */
  ncm: string;
  /** 7 digits, when the product has one. */
  cest?: string | null;
  /** The goods' origin (0 national … 8). */
  origin: number;
  /** 'UN'. */
  unit: string;
  /** Whole units. */
  quantity: number;
  unitPriceCents: number;
  /** The item's own discount (on top of its share of the order's). */
  discountCents?: number;
  /** The item's own freight, insurance and other charges (on top of its share of the order's). */
  freightCents?: number;
  insuranceCents?: number;
  otherCents?: number;
  /** The phones' IMEIs, one list per unit (a dual-SIM phone has two): written in the item's infAdProd. */
  imeis?: string[][];
  /** More about the item (infAdProd), written before its IMEIs. */
  additionalInfo?: string | null;
  /** The batches its units come from (rastro). */
  batches?: NfeBatch[];
  taxes: ItemTaxes;
  /** Its NCM's row of the IBPT table valid on the note's day; none: the note carries no approximate taxes. */
  approximateTaxRates?: ApproximateTaxRates | null;
}

/**
 * tPag: 01 cash, 03 credit card, 04 debit card, 05 credit at the shop, 15 boleto, 16 deposit, 17 Pix 'Dinâmico' (a
 * charge made at a PSP, its QR code pointing to it), 18 transfer, 20 Pix 'Estático' (paid to a static BR Code: the
 * key in the QR code itself; NT 2023.004), 90 none, 99 other.
 */
export type PaymentType = '01' | '03' | '04' | '05' | '15' | '16' | '17' | '18' | '20' | '90' | '99';

/** The carrier of the goods (transp/transporta). */
export interface NfeCarrier {
  /** A CNPJ (14 characters) or a CPF (11 digits). */
  document: string;
  name: string;
  /** The carrier's IE (digits), when a taxpayer. */
  ie?: string | null;
  /** xEnder, xMun, UF. */
  address?: { street: string; city: string; uf: string } | null;
}

export interface NfePayment {
  type: PaymentType;
  amountCents: number;
  /** A card's group: integrated with the system (1) or not (2), the acquirer's CNPJ, the brand, the authorisation. */
  card?: { integrated: boolean; acquirerCnpj?: string | null; brand?: string | null; authorization?: string | null };
  /** A deferred payment (a sale on credit). */
  deferred?: boolean;
  /** xPag of a payment of type 99 ('Outros'): what it was (default 'Outros'). */
  description?: string;
}

export interface NfeInstalment {
  /** '001', '002'… */
  number: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  amountCents: number;
}

export type NfeEmission =
  | { type: 'normal' }
  /** Offline contingency of the NFC-e (tpEmis 9): when it began and why. */
  | { type: 'offline'; since: string; reason: string }
  /** NF-e in the SEFAZ Virtual de Contingência (tpEmis 6 SVC-AN, 7 SVC-RS): when the shop entered it and why. */
  | { type: 'svc'; code: 6 | 7; since: string; reason: string };

export interface NfeInput {
  model: 55 | 65;
  /** 1 produção, 2 homologação. */
  environment: 1 | 2;
  series: number;
  number: number;
  /** The note's random code (cNF): 8 digits, never the number itself. */
  numericCode: string;
  /** When it is issued, with the shop's UTC offset (the contract's withBusinessOffset). */
  issuedAt: string;
  emission: NfeEmission;
  natureOfOperation: string;
  issuer: NfeIssuer;
  recipient: NfeRecipient | null;
  items: NfeItem[];
  freightCents: number;
  insuranceCents: number;
  /** The order's discount, shared among the items by their value. */
  discountCents: number;
  /** Other charges (the warranty), shared among the items by their value. */
  otherCents: number;
  /** modFrete: 0 by the issuer (CIF), 1 by the recipient (FOB), 9 none (pickup, the counter). */
  freightMode: 0 | 1 | 9;
  /**
   * indPres, when not the default (NFC-e 1, NF-e 1 without freight, 3 with): 4 a consumer's sale delivered at home
   * on an NFC-e (decision 0076), which carries its carrier and the recipient's address.
   */
  presence?: 1 | 2 | 3 | 4 | null;
  /** The carrier (transporta): on an NFC-e delivered at home (indPres 4), the shop itself when its couriers deliver. */
  carrier?: NfeCarrier | null;
  /** The software's 'responsável técnico' (infRespTec), from the issuer's settings. */
  technicalContact?: NfeTechnicalContact | null;
  payments: NfePayment[];
  /** Change given back (vTroco), cash paid above the total. */
  changeCents?: number;
  instalments?: NfeInstalment[];
  /**
   * Why the instalments charge another amount than the note's total, when they do: a supplier's financial may (the
   * ICMS it anticipates for the buyer charged in the boleto; a bonus, or a withholding such as FUNRURAL, taken off
   * it). Written in infCpl; without it the instalments must add up to the total.
   */
  instalmentsDifference?: string | null;
  /** infCpl: the order's code, its warranty… */
  additionalInfo?: string | null;
  /** The IBPT table the items' approximate taxes come from (its source, key, version); none: no approximate taxes. */
  approximateTaxesSource?: { source: string; key: string; version: string } | null;
  /** The NFC-e's QR code: the CSC and its id. */
  csc?: { id: string; token: string } | null;
}
