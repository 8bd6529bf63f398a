/**
 * The items of a note (`det`), for nfe-builder.ts: a phone whose IMEIs do not fit one infAdProd split into several
 * lines, the order's freight, insurance, discount and other charges shared among the lines by their value, each
 * line's taxes (ICMS by CSOSN or CST, PIS and COFINS without the ICMS, IBS/CBS without the three) rounded half up,
 * and the note's totals as the lines' sums.
 */
import { el, group } from '../../../lib/nfe/canonical-xml';
import { apportion, NfeBuildError, type NfeTotals, noTotals, percent, reais, taxOf } from './nfe-figures';
import type { IbsCbsTax, IcmsTax, NfeInput, NfeItem } from './nfe-input';

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

/** Each line's value and share of the order's charges; an item's own discount shared among its lines. */
function chargesOf(input: NfeInput, lines: Line[]): LineCharges[] {
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
  return lines.map((line, index) => ({
    vProd: line.grossCents,
    vFrete: freight[index] as number,
    vSeg: insurance[index] as number,
    vDesc: (discount[index] as number) + (ownDiscount.get(line) ?? 0),
    vOutro: other[index] as number,
  }));
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
  const icms = icmsXml(item.taxes.icms, item.origin, operationBase);
  const contributionBase = operationBase - icms.icmsCents;
  const pis = contributionXml('PIS', item.taxes.pis, contributionBase);
  const cofins = contributionXml('COFINS', item.taxes.cofins, contributionBase);
  const reform = context.regimeNormal ? item.taxes.ibsCbs : null;
  const ibsCbs = reform ? ibsCbsXml(reform, contributionBase - pis.cents - cofins.cents, t) : '';
  t.icmsBaseCents += icms.baseCents;
  t.icmsCents += icms.icmsCents;
  t.pisCents += pis.cents;
  t.cofinsCents += cofins.cents;
  return group('imposto', group('ICMS', icms.xml), pis.xml, cofins.xml, ibsCbs);
}

/** The product of a line (prod): its codes, quantity, values and share of the charges. */
function prodXml(line: Line, index: number, c: LineCharges, context: ItemsContext): string {
  const { item } = line;
  const name = context.model === 65 && context.environment === 2 && index === 0 ? HOMOLOGATION_FIRST_ITEM : item.name;
  const gtin = item.gtin || 'SEM GTIN';
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
    el('cEANTrib', gtin),
    el('uTrib', item.unit),
    el('qTrib', quantity),
    el('vUnTrib', unitValue),
    optional('vFrete', c.vFrete),
    optional('vSeg', c.vSeg),
    optional('vDesc', c.vDesc),
    optional('vOutro', c.vOutro),
    el('indTot', '1'),
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
    const infAdProd = line.imeis.length ? el('infAdProd', imeiText(line.imeis)) : '';
    return `<det nItem="${index + 1}">${prod}${imposto}${infAdProd}</det>`;
  });
  if (dets.length > 990) throw new NfeBuildError('A nota passa de 990 itens.');
  t.totalCents = t.productsCents - t.discountCents + t.freightCents + t.insuranceCents + t.otherCents;
  return { dets, totals: t };
}
