/**
 * 805: a recipient 'contribuinte isento de inscrição estadual' (indIEDest 2) in an interstate sale (idDest 2) to one
 * of the states that do not accept it — AM, BA, CE, GO, MG, MS, MT, PA, PE, RN, SE, SP (MOC 7.0 Anexo I, regra
 * E16a-30). Not applied when an item carries ICMS-ST (vICMSST) or ICMS-ST charged before (vICMSSTRet), nor to an
 * exempt, immune or untaxed operation (every item CST 40, 41 or CSOSN 103, 300, 400): the rule's exceptions 1, 2
 * and 4. Our builder never writes indIEDest 2: a customer whose IE is 'ISENTO' is a non-contributor (9, no IE),
 * which every state accepts.
 */

import type { NoteRule, RuleBreach } from './note-rule';
import { child, type NoteView, textOf } from './note-view';

const CODE = 805;
const REASON = 'Rejeição: A SEFAZ do destinatário não permite Contribuinte Isento de Inscrição Estadual';

/** The states whose SEFAZ refuses indIEDest 2 in an interstate sale (E16a-30). */
export const NO_EXEMPT_RECIPIENT_STATES: readonly string[] = [
  'AM',
  'BA',
  'CE',
  'GO',
  'MG',
  'MS',
  'MT',
  'PA',
  'PE',
  'RN',
  'SE',
  'SP',
];
const UNTAXED_CODES = ['40', '41', '103', '300', '400'];

/** Listed in index.ts's NOTE_RULES (a NoteRule). */
export const EXEMPT_RECIPIENT_RULE: NoteRule = {
  code: CODE,
  reason: REASON,
  source: 'MOC 7.0 Anexo I, regra E16a-30 (exceções 1, 2 e 4)',
  check(note: NoteView): RuleBreach[] {
    const { recipient } = note;
    if (!recipient || textOf(recipient, 'indIEDest') !== '2') return [];
    if (textOf(child(note.infNFe, 'ide'), 'idDest') !== '2') return [];
    const uf = textOf(child(recipient, 'enderDest'), 'UF');
    if (!NO_EXEMPT_RECIPIENT_STATES.includes(uf)) return [];
    const icmsOf = note.items.map((det) => child(det, 'ICMS'));
    if (icmsOf.some((icms) => textOf(icms, 'vICMSST') || textOf(icms, 'vICMSSTRet'))) return [];
    const untaxed = icmsOf.every((icms) => UNTAXED_CODES.includes(textOf(icms, 'CSOSN') || textOf(icms, 'CST')));
    if (untaxed) return [];
    const name = textOf(recipient, 'xNome');
    const breach: RuleBreach = {
      code: CODE,
      reason: REASON,
      message: `o cliente ${name} tem IE 'ISENTO' e ${uf} não aceita contribuinte isento numa venda interestadual: emita-o como não contribuinte (sem IE).`,
    };
    return [breach];
  },
};
