/**
 * The ICMS of a sale to another state (issue 55 §2; nfe/icms-interstate.ts builds it): the item's rate no higher
 * than the interstate one for its origin and the two states (693), the destination's share (ICMSUFDest) on every
 * taxed item sold to a non-taxpayer consumer (694), and an interstate rate of 4 % exactly for imported goods (697).
 */
import type { Element } from '@xmldom/xmldom';
import { IMPORTED_ORIGINS, interstateRate } from '../icms-rates';
import type { NoteRule, RuleBreach } from './note-rule';
import { child, type NoteView, textOf } from './note-view';

/** The item's ICMS group (ICMS00, ICMSSN102…), or null. */
function icmsGroupOf(det: Element): Element | null {
  const icms = child(det, 'ICMS');
  const first = icms ? Array.from(icms.childNodes).find((node) => node.nodeType === 1) : undefined;
  return (first as Element | undefined) ?? null;
}

const ide = (note: NoteView) => child(note.infNFe, 'ide');
const productOf = (det: Element) => `${textOf(det, 'xProd')} (item ${det.getAttribute('nItem')})`;

/** An NF-e of an ordinary sale to another state: the destination's UF, else null. */
function interstateSale(note: NoteView): string | null {
  const head = ide(note);
  if (note.model !== 55 || textOf(head, 'idDest') !== '2') return null;
  if (textOf(head, 'tpNF') !== '1' || textOf(head, 'finNFe') !== '1') return null;
  const delivery = child(note.infNFe, 'entrega');
  // Delivered to a place in another state than the issuer's: the rules leave it out (their exceptions).
  if (delivery && textOf(delivery, 'UF') !== note.issuerUf) return null;
  return textOf(child(note.recipient as Element, 'enderDest'), 'UF') || null;
}

const RATE_REASON = 'Rejeição: Alíquota de ICMS superior a definida para a operação interestadual [nItem:999]';

export const INTERSTATE_RATE_RULE: NoteRule = {
  code: 693,
  reason: RATE_REASON,
  source: 'MOC 7.0 Anexo I, grupo N (ICMS do item), NT 2015.003; Resolução do Senado Federal 13/2012 e 22/1989',
  check(note) {
    const destinationUf = interstateSale(note);
    if (!destinationUf) return [];
    return note.items.flatMap((det): RuleBreach[] => {
      const icms = icmsGroupOf(det);
      const rate = textOf(icms, 'pICMS');
      if (!icms || rate === '') return [];
      const allowed = interstateRate(note.issuerUf, destinationUf, Number(textOf(icms, 'orig')));
      if (Math.round(Number(rate) * 10_000) <= allowed) return [];
      return [
        {
          code: 693,
          reason: RATE_REASON.replace('999', det.getAttribute('nItem') ?? ''),
          message: `O produto ${productOf(det)} vai de ${note.issuerUf} para ${destinationUf} com ICMS de ${rate} %, acima da alíquota interestadual de ${allowed / 10_000} %.`,
        },
      ];
    });
  },
};

const SHARE_REASON = 'Rejeição: Não informado o grupo de ICMS para a UF de destino [nItem:999]';
/** Exempt or not taxed (rule NA01-20, exceção 10). */
const UNTAXED = new Set(['40', '41', '103', '300', '400']);

export const DESTINATION_SHARE_RULE: NoteRule = {
  code: 694,
  reason: SHARE_REASON,
  source: 'MOC 7.0 Anexo I, regra NA01-20 (EC 87/2015; NT 2015.003; Convênio ICMS 236/2021)',
  check(note) {
    const destinationUf = interstateSale(note);
    if (!destinationUf || !note.recipient) return [];
    if (textOf(ide(note), 'indFinal') !== '1' || textOf(note.recipient, 'indIEDest') !== '9') return [];
    if (textOf(child(note.infNFe, 'emit'), 'CRT') === '1') return [];
    const customer = textOf(note.recipient, 'xNome');
    return note.items.flatMap((det): RuleBreach[] => {
      const icms = icmsGroupOf(det);
      const code = textOf(icms, 'CST') || textOf(icms, 'CSOSN');
      if (UNTAXED.has(code) || child(det, 'ICMSUFDest') || child(det, 'ISSQN') || child(det, 'ICMSPart')) return [];
      return [
        {
          code: 694,
          reason: SHARE_REASON.replace('999', det.getAttribute('nItem') ?? ''),
          message: `O produto ${productOf(det)}, vendido a ${customer}, consumidor não contribuinte em ${destinationUf}, precisa do ICMS devido à UF de destino (DIFAL, grupo ICMSUFDest).`,
        },
      ];
    });
  },
};

const ORIGIN_REASON = 'Rejeição: Alíquota interestadual do ICMS com origem diferente do previsto [nItem:999]';

export const INTERSTATE_ORIGIN_RULE: NoteRule = {
  code: 697,
  reason: ORIGIN_REASON,
  source: 'MOC 7.0 Anexo I, regras NA09-10 e NA09-20 (Resolução do Senado Federal 13/2012)',
  check(note) {
    if (note.model !== 55) return [];
    return note.items.flatMap((det): RuleBreach[] => {
      const share = child(det, 'ICMSUFDest');
      if (!share) return [];
      const inter = textOf(share, 'pICMSInter');
      const origin = Number(textOf(icmsGroupOf(det), 'orig'));
      const imported = IMPORTED_ORIGINS.includes(origin);
      if ((inter === '4.00') === imported) return [];
      return [
        {
          code: 697,
          reason: ORIGIN_REASON.replace('999', det.getAttribute('nItem') ?? ''),
          message: `O produto ${productOf(det)} tem origem ${origin} (${imported ? 'importada: 4 %' : 'nacional: 7 ou 12 %'}) e alíquota interestadual de ${inter} %.`,
        },
      ];
    });
  },
};

export const INTERSTATE_RULES: readonly NoteRule[] = [
  INTERSTATE_RATE_RULE,
  DESTINATION_SHARE_RULE,
  INTERSTATE_ORIGIN_RULE,
];
