/**
 * The items of a note (`det`), for nfe-builder.ts: a phone whose IMEIs do not fit one infAdProd split into several
 * lines, the order's freight, insurance, discount and other charges shared among the lines by their value (with an
 * item's own on its lines), each line's taxes (ICMS by CSOSN or CST, with the ICMS-ST an issuer withholds; IPI;
 * PIS and COFINS without the ICMS, IBS/CBS without the three) rounded half up, and the note's totals as the lines'
 * sums.
 */
import { el, group } from '../../../lib/nfe/canonical-xml';
import { addApproximateTaxes, approximateTaxesOf } from './approximate-taxes';
import { destinationIcms, type InterstateContext, interstateIcms } from './icms-interstate';
import {
  apportion,
  NfeBuildError,
  type NfeTotals,
  noTotals,
  percent,
  reais,
  substitutionOf,
  taxOf,
} from './nfe-figures';
import type { IbsCbsTax, IcmsTax, IpiTax, NfeInput, NfeItem } from './nfe-input';

export const HOMOLOGATION_FIRST_ITEM = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
const INF_AD_PROD_MAX = 500;

interface Line {
  item: NfeItem;
  quantity: number;
  imeis: string[][];
  grossCents: number;
}

/** A line's value and its share of the order's charges (its own discount with the order's). */
interface LineCharges {
  vProd: number;
  vFrete: number;
  vSeg: number;
  vDesc: number;
  vOutro: number;
}

/** What the items' XML depends on besides the items. */
export interface ItemsContext {
  model: 55 | 65;
  environment: 1 | 2;
  /** The recipient in another state: the profile's CFOP for outside the state. */
  interstate: boolean;
  /** Regime Normal (CRT 3): the items carry the reform's IBS/CBS. */
  regimeNormal: boolean;
  /** A consumer (indFinal 1): the IPI is in the ICMS base. */
  consumer: boolean;
  /** Every item carries its approximate taxes (vTotTrib; approximate-taxes.ts). */
  approximate?: boolean;
  /** A sale to another state: the interstate rate, and the DIFAL to a non-taxpayer (icms-interstate.ts). */
  interstateIcms?: InterstateContext | null;
}

/** infAdProd: the item's information, then its units' IMEIs. */
function infAdProdText(item: NfeItem, units: string[][]): string | null {
  const imeis = units.length ? `IMEI: ${units.map((unit) => unit.join(' / ')).join('; ')}` : '';
  return [item.additionalInfo ?? '', imeis].filter(Boolean).join(' ') || null;
}

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
      if (chunk.length > 0 && (infAdProdText(item, [...chunk, unit]) as string).length > INF_AD_PROD_MAX) flush();
      chunk.push(unit);
    }
    flush();
    if (item.batches?.length && lines.at(-1)?.quantity !== item.quantity)
      throw new NfeBuildError(`O item ${item.code} tem lotes (rastro) e IMEIs demais para um item só.`);
  }
  return lines;
}

/** Each line's value and share of the order's charges, with its item's own charges shared among the item's lines. */
function chargesOf(input: NfeInput, lines: Line[]): LineCharges[] {
  const weights = lines.map((line) => line.grossCents);
  const freight = apportion(input.freightCents, weights);
  const insurance = apportion(input.insuranceCents, weights);
  const discount = apportion(input.discountCents, weights);
  const other = apportion(input.otherCents, weights);
  // An item's own charges (freight, insurance, discount, other), shared among its lines when its IMEIs split it.
  const own = new Map<Line, number[]>();
  for (const item of input.items) {
    const itemLines = lines.filter((line) => line.item === item);
    const itemWeights = itemLines.map((line) => line.grossCents);
    const shares = [item.freightCents, item.insuranceCents, item.discountCents, item.otherCents].map((cents) =>
      apportion(cents ?? 0, itemWeights),
    );
    for (const [i, line] of itemLines.entries())
      own.set(
        line,
        shares.map((share) => share[i] as number),
      );
  }
  return lines.map((line, index) => {
    const [ownFreight = 0, ownInsurance = 0, ownDiscount = 0, ownOther = 0] = own.get(line) ?? [];
    return {
      vProd: line.grossCents,
      vFrete: (freight[index] as number) + ownFreight,
      vSeg: (insurance[index] as number) + ownInsurance,
      vDesc: (discount[index] as number) + ownDiscount,
      vOutro: (other[index] as number) + ownOther,
    };
  });
}

interface IcmsFigures {
  xml: string;
  baseCents: number;
  icmsCents: number;
  /** The ICMS-ST's base and value (CST 10), else 0. */
  stBaseCents?: number;
  stCents?: number;
  /** CSOSN 101: the credit's rate and value (pCredSN, vCredICMSSN). */
  credit?: { rate: number; cents: number };
}

/** CST 10: the ICMS on `baseCents` and the ICMS-ST withheld on `withIpiCents` raised by the MVA. */
function icmsWithSubstitutionXml(
  icms: Extract<IcmsTax, { code: '10' }>,
  orig: string,
  baseCents: number,
  withIpiCents: number,
): IcmsFigures {
  const value = taxOf(baseCents, icms.rate);
  const st = substitutionOf(withIpiCents, value, icms.st);
  return {
    xml: group(
      'ICMS10',
      orig,
      el('CST', '10'),
      el('modBC', '3'),
      el('vBC', reais(baseCents)),
      el('pICMS', percent(icms.rate)),
      el('vICMS', reais(value)),
      el('modBCST', '4'),
      el('pMVAST', percent(icms.st.mva)),
      el('vBCST', reais(st.baseCents)),
      el('pICMSST', percent(icms.st.rate)),
      el('vICMSST', reais(st.cents)),
    ),
    baseCents,
    icmsCents: value,
    stBaseCents: st.baseCents,
    stCents: st.cents,
  };
}

/** The ICMS of an item on `baseCents` (its operation's value; with the IPI for a consumer). */
function icmsXml(icms: IcmsTax, origin: number, baseCents: number, withIpiCents: number): IcmsFigures {
  const orig = el('orig', String(origin));
  if (icms.kind === 'CST' && icms.code === '10') return icmsWithSubstitutionXml(icms, orig, baseCents, withIpiCents);
  if (icms.kind === 'CSOSN') {
    if (icms.code === '101') {
      const rate = icms.creditRate ?? 0;
      const credit = { rate, cents: taxOf(baseCents, rate) };
      return {
        xml: group(
          'ICMSSN101',
          orig,
          el('CSOSN', '101'),
          el('pCredSN', percent(rate)),
          el('vCredICMSSN', reais(credit.cents)),
        ),
        baseCents: 0,
        icmsCents: 0,
        credit,
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

/** The IPI of an item on its operation's value: the group and the value; nothing without it. */
function ipiXml(ipi: IpiTax | null | undefined, baseCents: number): { xml: string; cents: number } {
  if (!ipi) return { xml: '', cents: 0 };
  const value = taxOf(baseCents, ipi.rate);
  const trib = group(
    'IPITrib',
    el('CST', '50'),
    el('vBC', reais(baseCents)),
    el('pIPI', percent(ipi.rate)),
    el('vIPI', reais(value)),
  );
  return { xml: group('IPI', el('cEnq', '999'), trib), cents: value };
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

/** The reform's group of an item (IBSCBS) on `baseCents`, added to the totals. */
function ibsCbsXml(reform: IbsCbsTax, baseCents: number, t: NfeTotals): string {
  const ibsUf = taxOf(baseCents, reform.ibsUfRate);
  const ibsMun = taxOf(baseCents, reform.ibsMunRate);
  const cbs = taxOf(baseCents, reform.cbsRate);
  t.ibsCbsBaseCents += baseCents;
  t.ibsUfCents += ibsUf;
  t.ibsMunCents += ibsMun;
  t.cbsCents += cbs;
  return group(
    'IBSCBS',
    el('CST', reform.cst),
    el('cClassTrib', reform.classTrib),
    group(
      'gIBSCBS',
      el('vBC', reais(baseCents)),
      group('gIBSUF', el('pIBSUF', percent(reform.ibsUfRate)), el('vIBSUF', reais(ibsUf))),
      group('gIBSMun', el('pIBSMun', percent(reform.ibsMunRate)), el('vIBSMun', reais(ibsMun))),
      el('vIBS', reais(ibsUf + ibsMun)),
      group('gCBS', el('pCBS', percent(reform.cbsRate)), el('vCBS', reais(cbs))),
    ),
  );
}

/** The taxes of a line (imposto) on its operation's value, added to the totals. */
function impostoXml(line: Line, c: LineCharges, context: ItemsContext, t: NfeTotals): string {
  const { item } = line;
  const operationBase = c.vProd + c.vFrete + c.vSeg + c.vOutro - c.vDesc;
  const ipi = ipiXml(item.taxes.ipi, operationBase);
  const withIpi = operationBase + ipi.cents;
  const icmsBase = context.consumer ? withIpi : operationBase;
  const between = context.interstateIcms ?? null;
  const icms = icmsXml(interstateIcms(item.taxes.icms, item.origin, between), item.origin, icmsBase, withIpi);
  const contributionBase = operationBase - icms.icmsCents;
  const pis = contributionXml('PIS', item.taxes.pis, contributionBase);
  const cofins = contributionXml('COFINS', item.taxes.cofins, contributionBase);
  const difal = destinationIcms(item.taxes.icms, item.origin, icmsBase, between);
  t.fcpUfDestCents += difal?.fcpCents ?? 0;
  t.icmsUfDestCents += difal?.destinationCents ?? 0;
  const reform = context.regimeNormal ? item.taxes.ibsCbs : null;
  const ibsCbs = reform ? ibsCbsXml(reform, contributionBase - pis.cents - cofins.cents, t) : '';
  t.icmsBaseCents += icms.baseCents;
  t.icmsCents += icms.icmsCents;
  t.stBaseCents += icms.stBaseCents ?? 0;
  t.stCents += icms.stCents ?? 0;
  t.ipiCents += ipi.cents;
  t.pisCents += pis.cents;
  t.cofinsCents += cofins.cents;
  if (icms.credit)
    t.simplesCredits.set(icms.credit.rate, (t.simplesCredits.get(icms.credit.rate) ?? 0) + icms.credit.cents);
  const rates = context.approximate ? item.approximateTaxRates : null;
  const approximate = rates ? approximateTaxesOf(operationBase, item.origin, rates) : null;
  if (approximate) addApproximateTaxes(t.approximate, approximate);
  const vTotTrib = approximate ? el('vTotTrib', reais(approximate.totalCents)) : '';
  return group('imposto', vTotTrib, group('ICMS', icms.xml), ipi.xml, pis.xml, cofins.xml, difal?.xml ?? '', ibsCbs);
}

/** The item's batches (rastro), each with its units (qLote, three decimals). */
const rastroXml = (item: NfeItem) =>
  (item.batches ?? [])
    .map((batch) =>
      group(
        'rastro',
        el('nLote', batch.number),
        el('qLote', `${batch.quantity}.000`),
        el('dFab', batch.madeOn),
        el('dVal', batch.validUntil),
      ),
    )
    .join('');

/** The product of a line (prod): its codes, quantity, values and share of the charges, and its batches. */
function prodXml(line: Line, index: number, c: LineCharges, context: ItemsContext): string {
  const { item } = line;
  const name = context.model === 65 && context.environment === 2 && index === 0 ? HOMOLOGATION_FIRST_ITEM : item.name;
  const gtin = item.gtin || 'SEM GTIN';
  const taxableGtin = item.taxableGtin === undefined ? gtin : item.taxableGtin || 'SEM GTIN';
  const quantity = `${line.quantity}.0000`;
  const unitValue = `${reais(item.unitPriceCents)}00000000`;
  const optional = (tag: string, cents: number) => (cents > 0 ? el(tag, reais(cents)) : '');
  return group(
    'prod',
    el('cProd', item.code),
    el('cEAN', gtin),
    el('xProd', name),
    el('NCM', item.ncm),
    el('CEST', item.cest || null),
    el('CFOP', context.interstate ? item.taxes.cfopOutState : item.taxes.cfopInState),
    el('uCom', item.unit),
    el('qCom', quantity),
    el('vUnCom', unitValue),
    el('vProd', reais(c.vProd)),
    el('cEANTrib', taxableGtin),
    el('uTrib', item.unit),
    el('qTrib', quantity),
    el('vUnTrib', unitValue),
    optional('vFrete', c.vFrete),
    optional('vSeg', c.vSeg),
    optional('vDesc', c.vDesc),
    optional('vOutro', c.vOutro),
    el('indTot', '1'),
    rastroXml(item),
  );
}

/** The note's items (`det`, 990 at most) and its totals, vNF included. */
export function itemsXml(input: NfeInput, context: ItemsContext): { dets: string[]; totals: NfeTotals } {
  const lines = linesOf(input.items);
  const charges = chargesOf(input, lines);
  const t = noTotals();
  const dets = lines.map((line, index) => {
    const c = charges[index] as LineCharges;
    if (c.vDesc > c.vProd + c.vFrete + c.vSeg + c.vOutro)
      throw new NfeBuildError(`O desconto do item ${line.item.code} passa do seu valor.`);
    const imposto = impostoXml(line, c, context, t);
    t.productsCents += c.vProd;
    t.freightCents += c.vFrete;
    t.insuranceCents += c.vSeg;
    t.discountCents += c.vDesc;
    t.otherCents += c.vOutro;
    const prod = prodXml(line, index, c, context);
    const infAdProd = el('infAdProd', infAdProdText(line.item, line.imeis));
    return `<det nItem="${index + 1}">${prod}${imposto}${infAdProd}</det>`;
  });
  if (dets.length > 990) throw new NfeBuildError('A nota passa de 990 itens.');
  t.totalCents =
    t.productsCents - t.discountCents + t.stCents + t.freightCents + t.insuranceCents + t.otherCents + t.ipiCents;
  return { dets, totals: t };
}
