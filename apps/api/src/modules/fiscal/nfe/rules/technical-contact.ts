/**
 * The 'responsável técnico' (infRespTec, NT 2018.005; issue 55 §2): the states of TECHNICAL_CONTACT_STATES refuse a
 * note without it. Set in 'Configurações' → 'Fiscal' → 'Responsável técnico'.
 */
import { TECHNICAL_CONTACT_STATES } from '../technical-contact';
import type { NoteRule } from './note-rule';
import { child } from './note-view';

const REASON = 'Rejeição: Obrigatória as informações do responsável técnico';

export const TECHNICAL_CONTACT_RULE: NoteRule = {
  code: 972,
  reason: REASON,
  source: 'MOC 7.0 Anexo I, regra ZD01-10 (NT 2018.005 v1.30: AM, MS, PE, PR, SC e TO; AL)',
  check(note) {
    if (!TECHNICAL_CONTACT_STATES.includes(note.issuerUf) || child(note.infNFe, 'infRespTec')) return [];
    return [
      {
        code: 972,
        reason: REASON,
        message: `A SEFAZ-${note.issuerUf} exige o responsável técnico na nota: preencha-o em Configurações → Fiscal → Responsável técnico.`,
      },
    ];
  },
};
