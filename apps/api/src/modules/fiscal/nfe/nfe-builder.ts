/**
 * Writes an NF-e (model 55) or NFC-e (model 65), layout 4.00 with the tax reform's group (schemas PL_010b_V1.30),
 * from `NfeInput`, and signs it (issue 41 §2, decision 0055). The XML is written canonical (lib/nfe/canonical-xml.ts),
 * so infNFe's digest and signature are computed on the string; xsd.ts validates it against the official schemas
 * before anything is sent, and the tests verify the signature with xml-crypto.
 *
 * The rules it follows (Manual de Orientação do Contribuinte 4.00 and its technical notes):
 * - The access key: cUF AAMM CNPJ mod série nNF tpEmis cNF cDV (lib/nfe/access-key.ts).
 * - idDest 1 when the recipient is in the issuer's state (or there is none), else 2; the item's CFOP follows it
 *   (the profile's inside or outside CFOP). indFinal 1 for a consumer (a CPF, no state registration, or any NFC-e).
 * - In homologação the recipient's name is 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', and the
 *   first item of an NFC-e is described 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL'.
 * - The order's freight, insurance, discount and other charges are shared among the items by their value, cents on
 *   the last ('rateio'); every tax is rounded half up to the cent per item, and the totals are the items' sums.
 * - ICMS by regime: CSOSN 101 (with the Simples credit), 102/103/300/400, 500; CST 00 (base = value + freight +
 *   insurance + other − discount), 40/41/50, 60. PIS and COFINS: CST 01/02 at a rate, 04–09 not taxed, 49/99 other;
 *   their base leaves the ICMS out (STF, RE 574.706). IBS/CBS (Regime Normal only): base = that base less ICMS, PIS
 *   and COFINS (LC 214/2025, art. 12 §2), the three rates of the profile.
 * - A phone's IMEIs go in its item's infAdProd; an item whose IMEIs do not fit the field's 500 characters is written
 *   as several items of fewer units.
 * - The NFC-e carries infNFeSupl: its QR code (version 2, the CSC's hash; offline, with the day, the value and the
 *   digest) and the state's consultation address.
 */
import { createHash } from 'node:crypto';
import { formatBRL } from '@backoffice/contract';
import { composeAccessKey } from '../../../lib/nfe/access-key';
import { el, group, optionalGroup } from '../../../lib/nfe/canonical-xml';
import { signCanonical, type XmlSigner } from '../../../lib/nfe/xml-signature';
import type { IcmsTax, NfeAddress, NfeInput, NfeItem, NfePayment } from './nfe-input';
import { nfceUrls, UF_CODES } from './states';

export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
export const HOMOLOGATION_RECIPIENT = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const HOMOLOGATION_FIRST_ITEM = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
const VERSION = '4.00';
const SOFTWARE = 'BackOffice 1.0';
const INF_AD_PROD_MAX = 500;

export class NfeBuildError extends Error {}

export interface BuiltNfe {
  /** `<NFe>` signed (and, for an NFC-e, with its infNFeSupl), without the XML declaration. */
  xml: string;
  accessKey: string;
  /** The signature's digest of infNFe (the authorisation's digVal repeats it). */
  digest: string;
  totals: NfeTotals;
  /** The NFC-e's QR code text; null for an NF-e. */
  qrCode: string | null;
}

export interface NfeTotals {
  productsCents: number;
  freightCents: number;
  insuranceCents: number;
  discountCents: number;
  otherCents: number;
  icmsBaseCents: number;
  icmsCents: number;
  pisCents: number;
  cofinsCents: number;
  ibsCbsBaseCents: number;
  ibsUfCents: number;
  ibsMunCents: number;
  cbsCents: number;
  /** vNF. */
  totalCents: number;
}

// ——— exact figures ———

/** Cents as reais with two decimals: 203000 → '2030.00'. */
export function reais(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const text = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** A rate in ten-thousandths of a percent as the layout writes it, four decimals: 180000 → '18.0000'. */
export function percent(rate: number): string {
  const text = String(rate).padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
}

/** base × rate (ten-thousandths of a percent), rounded half up to the cent. */
export function taxOf(baseCents: number, rate: number): number {
  if (baseCents <= 0 || rate <= 0) return 0;
  return Number((BigInt(baseCents) * BigInt(rate) * 2n + 1_000_000n) / 2_000_000n);
}

/** `totalCents` shared by `weights` in proportion, rounded down, the cents left on the last (the 'rateio'). */
export function apportion(totalCents: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (totalCents === 0 || sum === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Number((BigInt(totalCents) * BigInt(w)) / BigInt(sum)));
  const given = shares.reduce((a, b) => a + b, 0);
  shares[shares.length - 1] = (shares.at(-1) as number) + totalCents - given;
  return shares;
}

// ——— items ———

interface Line {
  item: NfeItem;
  quantity: number;
  imeis: string[][];
  grossCents: number;
}

const imeiText = (units: string[][]) => `IMEI: ${units.map((unit) => unit.join(' / ')).join('; ')}`;

/** The items as lines of the note: a phone whose IMEIs do not fit one infAdProd becomes several lines. */
function linesOf(items: NfeItem[]): Line[] {
  const lines: Line[] = [];
  for (const item of items) {
    const imeis = item.imeis ?? [];
    if (imeis.length > 0 && imeis.length !== item.quantity)
      throw new NfeBuildError(`O item ${item.code} tem ${item.quantity} unidades e ${imeis.length} IMEIs informados.`);
    let chunk: string[][] = [];
    const flush = () => {
      const quantity = chunk.length;
      lines.push({ item, quantity, imeis: chunk, grossCents: quantity * item.unitPriceCents });
      chunk = [];
    };
    if (imeis.length === 0) {
      lines.push({ item, quantity: item.quantity, imeis: [], grossCents: item.quantity * item.unitPriceCents });
      continue;
    }
    for (const unit of imeis) {
      if (chunk.length > 0 && imeiText([...chunk, unit]).length > INF_AD_PROD_MAX) flush();
      chunk.push(unit);
    }
    flush();
  }
  return lines;
}

function icmsXml(
  icms: IcmsTax,
  origin: number,
  baseCents: number,
): { xml: string; baseCents: number; icmsCents: number } {
  const orig = el('orig', String(origin));
  if (icms.kind === 'CSOSN') {
    if (icms.code === '101') {
      const rate = icms.creditRate ?? 0;
      return {
        xml: group(
          'ICMSSN101',
          orig,
          el('CSOSN', '101'),
          el('pCredSN', percent(rate)),
          el('vCredICMSSN', reais(taxOf(baseCents, rate))),
        ),
        baseCents: 0,
        icmsCents: 0,
      };
    }
    if (icms.code === '500') return { xml: group('ICMSSN500', orig, el('CSOSN', '500')), baseCents: 0, icmsCents: 0 };
    return { xml: group('ICMSSN102', orig, el('CSOSN', icms.code)), baseCents: 0, icmsCents: 0 };
  }
  if (icms.code === '00') {
    const rate = icms.rate ?? 0;
    const value = taxOf(baseCents, rate);
    return {
      xml: group(
        'ICMS00',
        orig,
        el('CST', '00'),
        el('modBC', '3'),
        el('vBC', reais(baseCents)),
        el('pICMS', percent(rate)),
        el('vICMS', reais(value)),
      ),
      baseCents,
      icmsCents: value,
    };
  }
  if (icms.code === '60') return { xml: group('ICMS60', orig, el('CST', '60')), baseCents: 0, icmsCents: 0 };
  return { xml: group('ICMS40', orig, el('CST', icms.code)), baseCents: 0, icmsCents: 0 };
}

/** PIS or COFINS of an item: the group, and the value. */
function contributionXml(
  name: 'PIS' | 'COFINS',
  tax: { cst: string; rate: number },
  baseCents: number,
): { xml: string; cents: number } {
  const rateTag = name === 'PIS' ? 'pPIS' : 'pCOFINS';
  const valueTag = name === 'PIS' ? 'vPIS' : 'vCOFINS';
  if (['04', '05', '06', '07', '08', '09'].includes(tax.cst))
    return { xml: group(name, group(`${name}NT`, el('CST', tax.cst))), cents: 0 };
  const value = taxOf(baseCents, tax.rate);
  const kind = tax.cst === '01' || tax.cst === '02' ? 'Aliq' : 'Outr';
  return {
    xml: group(
      name,
      group(
        `${name}${kind}`,
        el('CST', tax.cst),
        el('vBC', reais(baseCents)),
        el(rateTag, percent(tax.rate)),
        el(valueTag, reais(value)),
      ),
    ),
    cents: value,
  };
}

function addressXml(tag: 'enderEmit' | 'enderDest', address: NfeAddress): string {
  return group(
    tag,
    el('xLgr', address.street),
    el('nro', address.number),
    el('xCpl', address.complement || null),
    el('xBairro', address.district),
    el('cMun', address.cityCode),
    el('xMun', address.cityName),
    el('UF', address.uf),
    el('CEP', address.cep),
    el('cPais', '1058'),
    el('xPais', 'BRASIL'),
    el('fone', address.phone || null),
  );
}

function paymentXml(payment: NfePayment): string {
  const card =
    payment.type === '03' || payment.type === '04'
      ? group(
          'card',
          el('tpIntegra', payment.card?.integrated ? '1' : '2'),
          el('CNPJ', payment.card?.acquirerCnpj || null),
          el('tBand', payment.card?.brand || null),
          el('cAut', payment.card?.authorization || null),
        )
      : '';
  return group(
    'detPag',
    el('indPag', payment.deferred ? '1' : '0'),
    el('tPag', payment.type),
    payment.type === '99' ? el('xPag', payment.description ?? 'Outros') : '',
    el('vPag', reais(payment.amountCents)),
    card,
  );
}

/** The NFC-e's QR code, version 2 (online: the CSC's hash; offline: with the day, the value and the digest). */
export function nfceQrCode(input: {
  url: string;
  accessKey: string;
  environment: 1 | 2;
  csc: { id: string; token: string };
  offline?: { day: string; totalCents: number; digest: string } | null;
}): string {
  const cscId = String(Number(input.csc.id));
  const head = `${input.accessKey}|2|${input.environment}`;
  const body = input.offline
    ? `${head}|${input.offline.day}|${reais(input.offline.totalCents)}|${Buffer.from(input.offline.digest, 'utf8').toString('hex')}|${cscId}`
    : `${head}|${cscId}`;
  const hash = createHash('sha1').update(`${body}${input.csc.token}`, 'utf8').digest('hex').toUpperCase();
  return `${input.url}?p=${body}|${hash}`;
}

/** Builds and signs the note (see the module's comment). */
export function buildNfe(input: NfeInput, signer: XmlSigner): BuiltNfe {
  const { issuer, recipient, environment, model } = input;
  if (input.items.length === 0) throw new NfeBuildError('A nota precisa de ao menos um item.');
  if (model === 55 && !recipient?.address) throw new NfeBuildError('A NF-e precisa do destinatário com endereço.');
  const cUF = UF_CODES[issuer.address.uf];
  if (!cUF) throw new NfeBuildError(`UF do emitente desconhecida: ${issuer.address.uf}.`);
  const offline = input.emission.type === 'offline' ? input.emission : null;
  if (offline && model !== 65) throw new NfeBuildError('A contingência offline (tpEmis 9) é só da NFC-e.');
  const emissionType = offline ? '9' : '1';
  const accessKey = composeAccessKey({
    stateCode: cUF,
    yearMonth: `${input.issuedAt.slice(2, 4)}${input.issuedAt.slice(5, 7)}`,
    issuerDocument: issuer.cnpj,
    model: String(model),
    series: String(input.series),
    number: String(input.number),
    emissionType,
    numericCode: input.numericCode,
  });
  const id = `NFe${accessKey}`;
  const recipientUf = recipient?.address?.uf ?? issuer.address.uf;
  const interstate = model === 55 && recipientUf !== issuer.address.uf;
  const taxpayer = model === 55 && !!recipient?.ie && /^\d+$/.test(recipient.ie);
  const consumer = model === 65 || !recipient || recipient.document.length === 11 || !taxpayer;
  const regimeNormal = issuer.crt === 3;

  // Items, with the order's charges shared among them.
  const lines = linesOf(input.items);
  const weights = lines.map((line) => line.grossCents);
  const freight = apportion(input.freightCents, weights);
  const insurance = apportion(input.insuranceCents, weights);
  const discount = apportion(input.discountCents, weights);
  const other = apportion(input.otherCents, weights);
  // An item's own discount, shared among its lines when its IMEIs split it.
  const ownDiscount = new Map<Line, number>();
  for (const item of input.items) {
    const itemLines = lines.filter((line) => line.item === item);
    const shares = apportion(
      item.discountCents ?? 0,
      itemLines.map((line) => line.grossCents),
    );
    for (const [i, line] of itemLines.entries()) ownDiscount.set(line, shares[i] as number);
  }
  const t: NfeTotals = {
    productsCents: 0,
    freightCents: 0,
    insuranceCents: 0,
    discountCents: 0,
    otherCents: 0,
    icmsBaseCents: 0,
    icmsCents: 0,
    pisCents: 0,
    cofinsCents: 0,
    ibsCbsBaseCents: 0,
    ibsUfCents: 0,
    ibsMunCents: 0,
    cbsCents: 0,
    totalCents: 0,
  };
  const dets = lines.map((line, index) => {
    const { item } = line;
    const vProd = line.grossCents;
    const vFrete = freight[index] as number;
    const vSeg = insurance[index] as number;
    const vDesc = (discount[index] as number) + (ownDiscount.get(line) ?? 0);
    const vOutro = other[index] as number;
    if (vDesc > vProd + vFrete + vSeg + vOutro)
      throw new NfeBuildError(`O desconto do item ${item.code} passa do seu valor.`);
    const operationBase = vProd + vFrete + vSeg + vOutro - vDesc;
    const icms = icmsXml(item.taxes.icms, item.origin, operationBase);
    const contributionBase = operationBase - icms.icmsCents;
    const pis = contributionXml('PIS', item.taxes.pis, contributionBase);
    const cofins = contributionXml('COFINS', item.taxes.cofins, contributionBase);
    let ibsCbs = '';
    const reform = regimeNormal ? item.taxes.ibsCbs : null;
    if (reform) {
      const base = contributionBase - pis.cents - cofins.cents;
      const ibsUf = taxOf(base, reform.ibsUfRate);
      const ibsMun = taxOf(base, reform.ibsMunRate);
      const cbs = taxOf(base, reform.cbsRate);
      ibsCbs = group(
        'IBSCBS',
        el('CST', reform.cst),
        el('cClassTrib', reform.classTrib),
        group(
          'gIBSCBS',
          el('vBC', reais(base)),
          group('gIBSUF', el('pIBSUF', percent(reform.ibsUfRate)), el('vIBSUF', reais(ibsUf))),
          group('gIBSMun', el('pIBSMun', percent(reform.ibsMunRate)), el('vIBSMun', reais(ibsMun))),
          el('vIBS', reais(ibsUf + ibsMun)),
          group('gCBS', el('pCBS', percent(reform.cbsRate)), el('vCBS', reais(cbs))),
        ),
      );
      t.ibsCbsBaseCents += base;
      t.ibsUfCents += ibsUf;
      t.ibsMunCents += ibsMun;
      t.cbsCents += cbs;
    }
    t.productsCents += vProd;
    t.freightCents += vFrete;
    t.insuranceCents += vSeg;
    t.discountCents += vDesc;
    t.otherCents += vOutro;
    t.icmsBaseCents += icms.baseCents;
    t.icmsCents += icms.icmsCents;
    t.pisCents += pis.cents;
    t.cofinsCents += cofins.cents;

    const name = model === 65 && environment === 2 && index === 0 ? HOMOLOGATION_FIRST_ITEM : item.name;
    const gtin = item.gtin || 'SEM GTIN';
    const quantity = `${line.quantity}.0000`;
    const unitValue = `${reais(item.unitPriceCents)}00000000`;
    const optional = (tag: string, cents: number) => (cents > 0 ? el(tag, reais(cents)) : '');
    const prod = group(
      'prod',
      el('cProd', item.code),
      el('cEAN', gtin),
      el('xProd', name),
      el('NCM', item.ncm),
      el('CEST', item.cest || null),
      el('CFOP', interstate ? item.taxes.cfopOutState : item.taxes.cfopInState),
      el('uCom', item.unit),
      el('qCom', quantity),
      el('vUnCom', unitValue),
      el('vProd', reais(vProd)),
      el('cEANTrib', gtin),
      el('uTrib', item.unit),
      el('qTrib', quantity),
      el('vUnTrib', unitValue),
      optional('vFrete', vFrete),
      optional('vSeg', vSeg),
      optional('vDesc', vDesc),
      optional('vOutro', vOutro),
      el('indTot', '1'),
    );
    const imposto = group('imposto', group('ICMS', icms.xml), pis.xml, cofins.xml, ibsCbs);
    const infAdProd = line.imeis.length ? el('infAdProd', imeiText(line.imeis)) : '';
    return `<det nItem="${index + 1}">${prod}${imposto}${infAdProd}</det>`;
  });
  if (dets.length > 990) throw new NfeBuildError('A nota passa de 990 itens.');
  t.totalCents = t.productsCents - t.discountCents + t.freightCents + t.insuranceCents + t.otherCents;

  // Payments: they must add up to the total (plus the change given back).
  const paid = input.payments.reduce((sum, p) => sum + p.amountCents, 0);
  const change = input.changeCents ?? 0;
  if (input.payments.length === 0) throw new NfeBuildError('Informe como a nota foi paga.');
  if (paid - change !== t.totalCents)
    throw new NfeBuildError(
      `Os pagamentos (${formatBRL((paid - change) / 100)}) não somam o total da nota (${formatBRL(t.totalCents / 100)}).`,
    );
  const instalments = input.instalments ?? [];
  if (instalments.length && model === 65) throw new NfeBuildError('A NFC-e não tem parcelas (grupo de cobrança).');
  if (instalments.length && instalments.reduce((sum, d) => sum + d.amountCents, 0) !== t.totalCents)
    throw new NfeBuildError('As parcelas não somam o total da nota.');

  const ide = group(
    'ide',
    el('cUF', cUF),
    el('cNF', input.numericCode),
    el('natOp', input.natureOfOperation),
    el('mod', String(model)),
    el('serie', String(input.series)),
    el('nNF', String(input.number)),
    el('dhEmi', input.issuedAt),
    model === 55 ? el('dhSaiEnt', input.issuedAt) : '',
    el('tpNF', '1'),
    el('idDest', interstate ? '2' : '1'),
    el('cMunFG', issuer.address.cityCode),
    el('tpImp', model === 65 ? '4' : '1'),
    el('tpEmis', emissionType),
    el('cDV', accessKey.slice(43)),
    el('tpAmb', String(environment)),
    el('finNFe', '1'),
    el('indFinal', consumer ? '1' : '0'),
    el('indPres', model === 65 ? '1' : input.freightMode === 9 ? '1' : '3'),
    el('indIntermed', '0'),
    el('procEmi', '0'),
    el('verProc', SOFTWARE),
    offline ? el('dhCont', offline.since) + el('xJust', offline.reason) : '',
  );
  const emit = group(
    'emit',
    el('CNPJ', issuer.cnpj),
    el('xNome', issuer.name),
    el('xFant', issuer.tradeName || null),
    addressXml('enderEmit', issuer.address),
    el('IE', issuer.ie),
    el('CRT', String(issuer.crt)),
  );
  let dest = '';
  if (recipient) {
    const indIEDest = taxpayer ? '1' : model === 55 && recipient.ie === 'ISENTO' ? '2' : '9';
    dest = group(
      'dest',
      el(recipient.document.length === 11 ? 'CPF' : 'CNPJ', recipient.document),
      el('xNome', environment === 2 ? HOMOLOGATION_RECIPIENT : recipient.name),
      recipient.address ? addressXml('enderDest', recipient.address) : '',
      el('indIEDest', indIEDest),
      indIEDest === '1' ? el('IE', recipient.ie) : '',
      el('email', recipient.email || null),
    );
  }
  const icmsTot = group(
    'ICMSTot',
    el('vBC', reais(t.icmsBaseCents)),
    el('vICMS', reais(t.icmsCents)),
    el('vICMSDeson', '0.00'),
    el('vFCP', '0.00'),
    el('vBCST', '0.00'),
    el('vST', '0.00'),
    el('vFCPST', '0.00'),
    el('vFCPSTRet', '0.00'),
    el('vProd', reais(t.productsCents)),
    el('vFrete', reais(t.freightCents)),
    el('vSeg', reais(t.insuranceCents)),
    el('vDesc', reais(t.discountCents)),
    el('vII', '0.00'),
    el('vIPI', '0.00'),
    el('vIPIDevol', '0.00'),
    el('vPIS', reais(t.pisCents)),
    el('vCOFINS', reais(t.cofinsCents)),
    el('vOutro', reais(t.otherCents)),
    el('vNF', reais(t.totalCents)),
  );
  const anyReform = regimeNormal && input.items.some((item) => item.taxes.ibsCbs);
  const zero = el('vDif', '0.00') + el('vDevTrib', '0.00');
  const ibsCbsTot = anyReform
    ? group(
        'IBSCBSTot',
        el('vBCIBSCBS', reais(t.ibsCbsBaseCents)),
        group(
          'gIBS',
          group('gIBSUF', zero, el('vIBSUF', reais(t.ibsUfCents))),
          group('gIBSMun', zero, el('vIBSMun', reais(t.ibsMunCents))),
          el('vIBS', reais(t.ibsUfCents + t.ibsMunCents)),
          el('vCredPres', '0.00'),
          el('vCredPresCondSus', '0.00'),
        ),
        group('gCBS', zero, el('vCBS', reais(t.cbsCents)), el('vCredPres', '0.00'), el('vCredPresCondSus', '0.00')),
      )
    : '';
  const cobr = instalments.length
    ? group(
        'cobr',
        group(
          'fat',
          el('nFat', String(input.number)),
          el('vOrig', reais(t.totalCents)),
          el('vDesc', '0.00'),
          el('vLiq', reais(t.totalCents)),
        ),
        ...instalments.map((dup) =>
          group('dup', el('nDup', dup.number), el('dVenc', dup.dueDate), el('vDup', reais(dup.amountCents))),
        ),
      )
    : '';
  const pag = group('pag', ...input.payments.map(paymentXml), change > 0 ? el('vTroco', reais(change)) : '');
  const infAdic = optionalGroup('infAdic', el('infCpl', input.additionalInfo || null));
  const body =
    ide +
    emit +
    dest +
    dets.join('') +
    group('total', icmsTot, ibsCbsTot) +
    group('transp', el('modFrete', String(input.freightMode))) +
    cobr +
    pag +
    infAdic;

  const infNFe = `<infNFe Id="${id}" versao="${VERSION}">${body}</infNFe>`;
  // C14N of infNFe alone: it carries the default namespace declared on NFe.
  const canonical = `<infNFe xmlns="${NFE_NAMESPACE}" Id="${id}" versao="${VERSION}">${body}</infNFe>`;
  const signature = signCanonical(canonical, id, signer);
  let qrCode: string | null = null;
  let supl = '';
  if (model === 65) {
    if (!input.csc) throw new NfeBuildError('Informe o CSC e o seu identificador para a NFC-e.');
    const urls = nfceUrls(issuer.address.uf, environment);
    qrCode = nfceQrCode({
      url: urls.qrCode,
      accessKey,
      environment,
      csc: input.csc,
      offline: offline
        ? { day: input.issuedAt.slice(8, 10), totalCents: t.totalCents, digest: signature.digest }
        : null,
    });
    supl = group('infNFeSupl', el('qrCode', qrCode), el('urlChave', urls.consultation));
  }
  return {
    xml: `<NFe xmlns="${NFE_NAMESPACE}">${infNFe}${supl}${signature.xml}</NFe>`,
    accessKey,
    digest: signature.digest,
    totals: t,
    qrCode,
  };
}
