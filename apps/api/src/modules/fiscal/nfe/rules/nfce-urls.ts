/**
 * The NFC-e's consultation address (issue 55 §2): `infNFeSupl/urlChave` must be the one the issuer's state publishes
 * for the note's environment (homologação has its own host in several states), as states.ts keeps them.
 */

import type { Element } from '@xmldom/xmldom';
import { nfceUrls } from '../states';
import type { NoteRule } from './note-rule';
import { child, textOf } from './note-view';

const REASON = 'Rejeição: Endereço do site da UF da Consulta por chave de acesso diverge do previsto';

export const NFCE_URL_RULE: NoteRule = {
  code: 878,
  reason: REASON,
  source:
    'MOC 7.0 Anexo I, regra ZX03-20 (URLs por UF: nfce.encat.org/consumidor/consulte-nota; sped-nfe uri_consulta_nfce.json)',
  check(note) {
    if (note.model !== 65 || (note.environment !== 1 && note.environment !== 2)) return [];
    // infNFeSupl is infNFe's sibling, under NFe.
    const supl = note.infNFe.parentNode ? child(note.infNFe.parentNode as Element, 'infNFeSupl') : null;
    const given = textOf(supl, 'urlChave');
    let expected: string;
    try {
      expected = nfceUrls(note.issuerUf, note.environment).consultation;
    } catch {
      return [];
    }
    if (given === expected) return [];
    return [
      {
        code: 878,
        reason: REASON,
        message: `O endereço de consulta da NFC-e (${given || 'vazio'}) não é o publicado pela SEFAZ-${note.issuerUf} para o ambiente de ${note.environment === 1 ? 'produção' : 'homologação'} (${expected}).`,
      },
    ];
  },
};
