/**
 * 806: an item sold under ICMS substitution carries its CEST (NT 2015.003, the CEST's technical note; MOC 7.0 Anexo
 * I, group N — ICMS). The codes are ACBr's reading of the rule (ACBrNFe.ValidarRegrasdeNegocio.pas): CSOSN 201,
 * 202, 203, 500, 900 of the Simples Nacional, CST 10, 30, 60, 70, 90 of the Regime Normal — the groups of 'partilha'
 * (ICMSPart, CST 10/90 between two states) left out.
 */
import { isSubstitutionCode } from '@backoffice/contract';
import type { NoteRule, RuleBreach } from './note-rule';
import { child, type NoteView, textOf } from './note-view';

const CODE = 806;
const REASON = 'Rejeição: Operação com ICMS-ST sem informação do CEST';

/** Listed in index.ts's NOTE_RULES (a NoteRule). */
export const CEST_RULE: NoteRule = {
  code: CODE,
  reason: REASON,
  source: 'NT 2015.003 (CEST) — MOC 7.0 Anexo I, grupo N (ICMS); codes as ACBrNFe.ValidarRegrasdeNegocio applies them',
  check(note: NoteView): RuleBreach[] {
    const breaches: RuleBreach[] = [];
    for (const det of note.items) {
      const icms = child(det, 'ICMS');
      if (!icms || child(icms, 'ICMSPart')) continue;
      const code = textOf(icms, 'CSOSN') || textOf(icms, 'CST');
      if (!isSubstitutionCode(code) || textOf(child(det, 'prod'), 'CEST')) continue;
      const name = textOf(child(det, 'prod'), 'xProd');
      const product = `${textOf(child(det, 'prod'), 'cProd')} (${name})`;
      breaches.push({
        code: CODE,
        reason: REASON,
        message: `o produto ${product} é vendido com ICMS-ST (${code.length === 3 ? 'CSOSN' : 'CST'} ${code}) e não tem CEST: informe o CEST no cadastro do produto.`,
      });
    }
    return breaches;
  },
};
