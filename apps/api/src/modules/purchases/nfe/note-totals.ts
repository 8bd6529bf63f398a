/**
 * A supplier's note whose totals do not add up is refused before anything is read into the shop (issue 57 §2,
 * decision 0088): a file the SEFAZ could not have authorised. The rules are the MOC's (Manual de Orientação do
 * Contribuinte 7.0, Anexo I, grupo W):
 *
 * - W07 (rejection 564, 'Total do Produto / Serviço difere do somatório dos itens'): ICMSTot/vProd is the sum of
 *   the items' prod/vProd whose indTot is 1 (an item with indTot 0 is not in the note's total).
 * - W16-10 (rejection 610, 'Total da NF difere do somatório dos Valores compõe o valor Total da NF'):
 *   vNF = vProd − vDesc − vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol + vServ;
 *   by NT 2013/005 v1.22 a note that did not subtract vICMSDeson is not refused, so both are accepted here.
 *   Exception 2 of the rule (imports, CFOP starting with 3) is kept: such a note is not checked against W16-10.
 *   Exception 1 (direct billing of new vehicles, tpOp 2: vST not added) is not a phone shop's purchase and is not
 *   taken; such a note is refused like any other whose vNF does not add up.
 */
import { PURCHASE_CONSISTENCY_TEXTS as T } from '@backoffice/contract';
import { NfeReadError } from './nfe-document';

/** ICMSTot's amounts in cents (0 when absent), as the reader read them. */
export interface NoteTotals {
  vProd: number;
  vDesc: number;
  vICMSDeson: number;
  vST: number;
  vFCPST: number;
  vFrete: number;
  vSeg: number;
  vOutro: number;
  vII: number;
  vIPI: number;
  vIPIDevol: number;
  /** ISSQNtot/vServ (0 when the note has no services). */
  vServ: number;
  vNF: number;
}

/** The ICMSTot fields read (vServ comes from ISSQNtot). */
export const ICMS_TOT_FIELDS = [
  'vProd',
  'vDesc',
  'vICMSDeson',
  'vST',
  'vFCPST',
  'vFrete',
  'vSeg',
  'vOutro',
  'vII',
  'vIPI',
  'vIPIDevol',
  'vNF',
] as const;

export interface NoteTotalsItem {
  productCents: number;
  /** prod/indTot: whether vProd is in the note's total (1, the default). */
  inTotal: boolean;
  cfop: string;
}

/** vNF by W16-10, without vICMSDeson (the NT 2013/005 tolerance: both forms are accepted). */
export function expectedNoteTotalCents(t: NoteTotals): number {
  return t.vProd - t.vDesc + t.vST + t.vFCPST + t.vFrete + t.vSeg + t.vOutro + t.vII + t.vIPI + t.vIPIDevol + t.vServ;
}

/** Throws NfeReadError 'totals' naming the difference in reais when the note's totals do not add up. */
export function checkNoteTotals(totals: NoteTotals, items: NoteTotalsItem[]): void {
  const itemsCents = items.reduce((sum, i) => sum + (i.inTotal ? i.productCents : 0), 0);
  if (itemsCents !== totals.vProd) throw new NfeReadError('totals', T.productsTotal(totals.vProd, itemsCents));
  if (items.some((i) => i.cfop.startsWith('3'))) return;
  const expected = expectedNoteTotalCents(totals);
  if (totals.vNF === expected || totals.vNF === expected - totals.vICMSDeson) return;
  throw new NfeReadError('totals', T.noteTotal(totals.vNF, expected - totals.vICMSDeson));
}
