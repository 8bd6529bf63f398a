/**
 * Suppliers' NF-e 4.00 (nfeProc with NFe and protNFe, or a bare NFe) from a small spec, written by the shop's own
 * NF-e writer (fiscal's `writeNfe` and `signNfe`, through the fiscal service) and signed by the SAMPLE certificate
 * (sample-nfe-certificate.ts): the demo's entries by XML (demo/purchases.ts) and, with test-nfe.ts's defaults, the
 * fixtures of the reader's tests, the API tests, the browser journey and the benchmark. A plain module (no test
 * framework), fast: a 500-item note is written and signed in a few milliseconds.
 *
 * This module only says what a supplier's note holds, in the writer's terms: the supplier as the issuer (Regime
 * Normal: ICMS 18 % inside the shop's state, 12 % from another; PIS and COFINS not taxed), the shop as the
 * recipient (a taxpayer in São Paulo), each item with its own freight, insurance, discount and other charges, paid
 * by boleto. The writer computes every tax from a rate, so an item's IPI and ICMS-ST given as amounts become the
 * rates that give exactly them. What is SEFAZ's, the authorisation (protNFe), is written here; and so is what no
 * issuer's writer may write, for the tests of the refusals: an unsigned note, a det numbered twice.
 */
import { centsToReais, formatBRL, withBusinessOffset } from '@backoffice/contract';
import { SAMPLE_NFE_SIGNER } from '../../../lib/nfe/sample-nfe-certificate';
import {
  type IcmsTax,
  type ItemTaxes,
  type NfeInput,
  type NfeItem,
  signNfe,
  substitutionOf,
  taxOf,
  writeNfe,
} from '../../fiscal/fiscal.service';
import { NFE_NAMESPACE as NFE_NS } from './nfe-document';

export interface SampleNfeIssuer {
  /** CNPJ (numeric or alphanumeric) or CPF of the supplier; the sample certificate names 11222333000181. */
  cnpj: string;
  name: string;
  tradeName: string;
  stateRegistration: string;
  phone: string;
  street: string;
  number: string;
  complement: string | null;
  district: string;
  cityCode: string;
  city: string;
  /** The state's abbreviation: its IBGE code (cUF, the key's first two digits) follows from it. */
  state: string;
  postalCode: string;
}

export interface SampleNfeItemSpec {
  code: string;
  name: string;
  /** GTIN of cEAN and cEANTrib; null or absent: 'SEM GTIN'. */
  gtin?: string | null;
  /** cEANTrib when it differs from cEAN (e.g. cEAN 'SEM GTIN' and the unit's GTIN here). */
  gtinTrib?: string | null;
  ncm?: string;
  cest?: string;
  /** uCom, 'UN' by default. */
  unit?: string;
  /** qCom in whole units: 10, '5'. */
  qty: string | number;
  /** vUnCom in reais, to the cent: '3200.00', '8'. vProd = qty × unitValue. */
  unitValue: string;
  /** Amounts in reais with up to 2 decimals: the item's own vFrete, vSeg, vDesc, vOutro, vIPI, vICMSST. */
  freight?: string;
  insurance?: string;
  discount?: string;
  other?: string;
  ipi?: string;
  icmsSt?: string;
  /** vFCPST in reais (with `icmsSt`): written into the item's ICMS10 and the note's totals before signing. */
  fcpSt?: string;
  /** The CFOP (in and out of the state alike), 5102/6102 by default; 5910 a bonus item. */
  cfop?: string;
  /** PIS and COFINS taxed (CST 01 at 1,65 % and 7,6 %) instead of CST 04. */
  pisCofinsTaxed?: boolean;
  infAdProd?: string;
  /** One rastro per value, the value in nLote (where some suppliers list IMEIs). */
  rastro?: string[];
  /** det/@nItem: the item's position (1, 2, …) unless told (a supplier's system that repeats one). */
  itemNumber?: number;
}

export interface SampleNfeSpec {
  issuer: SampleNfeIssuer;
  /** dest/CNPJ: the shop. */
  recipientCnpj: string;
  recipientName?: string;
  number?: number;
  series?: number;
  /** dhEmi with its offset; by default 20/11/2026 at 10:15 in the business's zone. */
  issuedAt?: string;
  /** cNF, 8 digits. */
  numericCode?: string;
  items: SampleNfeItemSpec[];
  /** cobr/dup: amounts in reais (the note's total, or another the note says is its financial); none by default. */
  instalments?: { number?: string; dueDate: string; amount: string }[];
  /** Signed by the sample certificate (default true); 'sha256' signs with RSA-SHA256. */
  sign?: boolean | 'sha256';
  /** A bare NFe, without nfeProc/protNFe (default false). */
  bare?: boolean;
  /** protNFe/infProt/cStat, 100 by default. */
  authorisationStatus?: number;
  /** tpAmb: 1 production (default), 2 homologation. */
  environment?: 1 | 2;
}

export interface SampleNfe {
  xml: string;
  accessKey: string;
  /** vNF in cents. */
  totalCents: number;
}

/** The shop as the notes' recipient: a taxpayer of São Paulo. */
const SHOP = {
  name: 'LOJA DE CELULARES EXEMPLO LTDA',
  ie: '111222333444',
  address: {
    street: 'Avenida Paulista',
    number: '1000',
    district: 'Bela Vista',
    cityCode: '3550308',
    cityName: 'São Paulo',
    uf: 'SP',
    cep: '01310100',
  },
};

/** Rates in ten-thousandths of a percent (fiscal's nfe-input.ts): ICMS inside the state and from another, the MVA. */
const ICMS_INSIDE = 180_000;
const ICMS_INTERSTATE = 120_000;
const ST_MVA = 400_000;

/** Reais with up to 2 decimals ('158.02', '8', '3200.0000') as cents; anything finer is refused. */
function cents(value: string | undefined): number {
  if (value === undefined) return 0;
  const match = /^(\d+)(?:\.(\d{0,2})0*)?$/.exec(value);
  if (!match) throw new Error(`sample-nfe: ${value} is not an amount in reais to the cent`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function wholeUnits(value: string | number): number {
  const units = Number(value);
  if (!Number.isInteger(units) || units <= 0 || !/^\d+(\.0*)?$/.test(String(value)))
    throw new Error(`sample-nfe: ${value} is not a whole number of units`);
  return units;
}

/** The rate (ten-thousandths of a percent, the layout's four decimals) whose tax on `baseCents` is `targetCents`. */
function rateGiving(targetCents: number, baseCents: number, what: string): number {
  const rate = baseCents > 0 ? Math.ceil(((2 * targetCents - 1) * 1_000_000) / (2 * baseCents)) : 0;
  const found = [rate - 1, rate, rate + 1].find((r) => r > 0 && taxOf(baseCents, r) === targetCents);
  if (found === undefined) throw new Error(`sample-nfe: no rate gives ${what} of ${targetCents} cents`);
  return found;
}

/**
 * The item's taxes: ICMS CST 00 at `icmsRate` on its value, or CST 10 with the ICMS-ST (MVA 40 %) at the rate that
 * withholds the spec's amount; the IPI at the rate that gives its amount; PIS and COFINS not taxed (CST 04).
 */
function taxesOf(spec: SampleNfeItemSpec, valueCents: number, icmsRate: number): ItemTaxes {
  const ipiCents = cents(spec.ipi);
  const stCents = cents(spec.icmsSt);
  let icms: IcmsTax = { kind: 'CST', code: '00', rate: icmsRate };
  if (stCents > 0) {
    const own = taxOf(valueCents, icmsRate);
    const stBase = substitutionOf(valueCents + ipiCents, own, { mva: ST_MVA, rate: 0 }).baseCents;
    const st = { mva: ST_MVA, rate: rateGiving(stCents + own, stBase, `the ICMS-ST of ${spec.code}`) };
    icms = { kind: 'CST', code: '10', rate: icmsRate, st };
  }
  return {
    cfopInState: spec.cfop ?? '5102',
    cfopOutState: spec.cfop ?? '6102',
    icms,
    ipi: ipiCents > 0 ? { rate: rateGiving(ipiCents, valueCents, `the IPI of ${spec.code}`) } : null,
    pis: spec.pisCofinsTaxed ? { cst: '01', rate: 16_500 } : { cst: '04', rate: 0 },
    cofins: spec.pisCofinsTaxed ? { cst: '01', rate: 76_000 } : { cst: '04', rate: 0 },
  };
}

/** An item of the spec in the writer's terms, and what it adds to vNF. */
function itemOf(spec: SampleNfeItemSpec, icmsRate: number): { item: NfeItem; totalCents: number } {
  const quantity = wholeUnits(spec.qty);
  const unitPriceCents = cents(spec.unitValue);
  const charges = {
    freightCents: cents(spec.freight),
    insuranceCents: cents(spec.insurance),
    discountCents: cents(spec.discount),
    otherCents: cents(spec.other),
  };
  const valueCents =
    quantity * unitPriceCents +
    charges.freightCents +
    charges.insuranceCents +
    charges.otherCents -
    charges.discountCents;
  const item: NfeItem = {
    code: spec.code,
    gtin: spec.gtin ?? null,
    taxableGtin: spec.gtinTrib,
    name: spec.name,
    ncm: spec.ncm ?? '85171300',
    cest: spec.cest ?? null,
    origin: 0,
    unit: spec.unit ?? 'UN',
    quantity,
    unitPriceCents,
    ...charges,
    additionalInfo: spec.infAdProd ?? null,
    batches: (spec.rastro ?? []).map((lot) => ({
      number: lot,
      quantity: 1,
      madeOn: '2026-10-01',
      validUntil: '2036-10-01',
    })),
    taxes: taxesOf(spec, valueCents, icmsRate),
  };
  return { item, totalCents: valueCents + cents(spec.ipi) + cents(spec.icmsSt) };
}

/** The spec as the writer's input: the supplier issues, the shop receives, paid by boleto (in instalments or not). */
function noteInput(spec: SampleNfeSpec): NfeInput {
  const { issuer } = spec;
  const number = spec.number ?? 1;
  const icmsRate = issuer.state === SHOP.address.uf ? ICMS_INSIDE : ICMS_INTERSTATE;
  const items = spec.items.map((item) => itemOf(item, icmsRate));
  const totalCents = items.reduce((sum, item) => sum + item.totalCents, 0);
  const instalments = (spec.instalments ?? []).map((dup, index) => ({
    number: dup.number ?? String(index + 1).padStart(3, '0'),
    dueDate: dup.dueDate,
    amountCents: cents(dup.amount),
  }));
  const chargedCents = instalments.reduce((sum, dup) => sum + dup.amountCents, 0);
  return {
    model: 55,
    environment: spec.environment ?? 1,
    series: spec.series ?? 1,
    number,
    numericCode: spec.numericCode ?? String((number * 7919 + 12345678) % 100_000_000).padStart(8, '0'),
    issuedAt: spec.issuedAt ?? withBusinessOffset('2026-11-20T10:15:00'),
    emission: { type: 'normal' },
    natureOfOperation: 'Venda de mercadoria adquirida de terceiros',
    issuer: {
      cnpj: issuer.cnpj,
      ie: issuer.stateRegistration,
      name: issuer.name,
      tradeName: issuer.tradeName,
      crt: 3,
      address: {
        street: issuer.street,
        number: issuer.number,
        complement: issuer.complement,
        district: issuer.district,
        cityCode: issuer.cityCode,
        cityName: issuer.city,
        uf: issuer.state,
        cep: issuer.postalCode,
        phone: issuer.phone,
      },
    },
    recipient: {
      document: spec.recipientCnpj,
      name: spec.recipientName ?? SHOP.name,
      ie: SHOP.ie,
      address: SHOP.address,
    },
    items: items.map(({ item }) => item),
    freightCents: 0,
    insuranceCents: 0,
    discountCents: 0,
    otherCents: 0,
    freightMode: 0,
    payments: [{ type: '15', amountCents: totalCents, deferred: instalments.length > 0 }],
    instalments,
    instalmentsDifference:
      instalments.length && chargedCents !== totalCents
        ? `Duplicatas de ${formatBRL(centsToReais(chargedCents))}: acerto financeiro com o cliente.`
        : null,
    additionalInfo: `Pedido do cliente ${number}. Documento emitido por ME ou EPP: não.`,
  };
}

/** The authorisation (protNFe) of the note: cStat 100 unless told, its digVal the infNFe's digest. */
function protNFeXml(spec: SampleNfeSpec, input: NfeInput, accessKey: string, digest: string): string {
  const status = spec.authorisationStatus ?? 100;
  const reason = status === 100 ? 'Autorizado o uso da NF-e' : 'Uso Denegado: Irregularidade fiscal do emitente';
  return (
    `<protNFe versao="4.00"><infProt><tpAmb>${input.environment}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic>` +
    `<chNFe>${accessKey}</chNFe><dhRecbto>${input.issuedAt.replace('10:15:00', '10:15:42')}</dhRecbto>` +
    `<nProt>1352600000${String(input.number).padStart(5, '0')}</nProt><digVal>${digest}</digVal>` +
    `<cStat>${status}</cStat><xMotivo>${reason}</xMotivo></infProt></protNFe>`
  );
}

/**
 * The items' vFCPST written into their ICMS10 (after vICMSST, as the layout orders it) and into ICMSTot's vFCPST
 * and vNF: the writer has no FCP; the note is signed after. Answers the body and the FCP-ST added to vNF.
 */
function withFcpSt(body: string, items: SampleNfeItemSpec[]): { body: string; addedCents: number } {
  let added = 0;
  let out = body;
  for (const [index, item] of items.entries()) {
    const fcp = cents(item.fcpSt);
    if (fcp === 0) continue;
    const start = out.indexOf(`<det nItem="${index + 1}">`);
    const end = out.indexOf('</det>', start);
    const det = out.slice(start, end);
    const base = /<vBCST>([\d.]+)<\/vBCST>/.exec(det)?.[1] ?? '0.00';
    const rate = ((fcp / cents(base)) * 100).toFixed(4);
    const fcpXml = `<vBCFCPST>${base}</vBCFCPST><pFCPST>${rate}</pFCPST><vFCPST>${reais(fcp)}</vFCPST>`;
    out = out.slice(0, start) + det.replace('</vICMSST>', `</vICMSST>${fcpXml}`) + out.slice(end);
    added += fcp;
  }
  if (added === 0) return { body, addedCents: 0 };
  const totals = out.indexOf('<ICMSTot>');
  const vNF = /<vNF>([\d.]+)<\/vNF>/.exec(out.slice(totals))?.[1] ?? '0.00';
  const tail = out
    .slice(totals)
    .replace('<vFCPST>0.00</vFCPST>', `<vFCPST>${reais(added)}</vFCPST>`)
    .replace(`<vNF>${vNF}</vNF>`, `<vNF>${reais(cents(vNF) + added)}</vNF>`);
  return { body: out.slice(0, totals) + tail, addedCents: added };
}

const reais = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

/** Builds the note's XML (see the module's comment). */
export function buildSampleNfe(spec: SampleNfeSpec): SampleNfe {
  const input = noteInput(spec);
  const written = writeNfe(input);
  // A supplier's system that numbers a det as another: its det renumbered before it is signed.
  let { body } = written;
  for (const [index, item] of spec.items.entries())
    if (item.itemNumber !== undefined && item.itemNumber !== index + 1)
      body = body.replace(`<det nItem="${index + 1}">`, `<det nItem="${item.itemNumber}">`);
  const fcp = withFcpSt(body, spec.items);
  body = fcp.body;
  const note = signNfe({ ...written, body }, SAMPLE_NFE_SIGNER, spec.sign === 'sha256' ? 'sha256' : 'sha1');
  const nfe = spec.sign === false ? `${note.xml.slice(0, note.xml.indexOf('<Signature '))}</NFe>` : note.xml;
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  const xml = spec.bare
    ? `${declaration}${nfe}`
    : `${declaration}<nfeProc xmlns="${NFE_NS}" versao="4.00">${nfe}${protNFeXml(spec, input, note.accessKey, note.digest)}</nfeProc>`;
  return { xml, accessKey: note.accessKey, totalCents: note.totals.totalCents + fcp.addedCents };
}
