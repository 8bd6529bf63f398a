/**
 * A consumer's sale delivered (issue 55 §2, decision 0076): an NFC-e carries no freight (`modFrete` 9, 'Sem
 * ocorrência de transporte') unless it is a home delivery (`indPres` 4), and a home delivery names its carrier
 * (transporta), its recipient (CPF or CNPJ) and the recipient's address. And the presence's companion: a sale away
 * from the shop (indPres 2, 3, 4, 9) says whether an intermediary took it (indIntermed), one at the shop (1, 5) does
 * not.
 */
import type { NoteRule, RuleBreach } from './note-rule';
import { child, type NoteView, textOf } from './note-view';

const presenceOf = (note: NoteView) => textOf(child(note.infNFe, 'ide'), 'indPres');
const recipientName = (note: NoteView) => textOf(note.recipient, 'xNome') || 'consumidor não identificado';

/** A rule of the NFC-e's home delivery: its code, text and source, and when a note breaks it. */
function nfceRule(
  code: number,
  reason: string,
  source: string,
  breaks: (note: NoteView) => boolean,
  message: (note: NoteView) => string,
): NoteRule {
  return {
    code,
    reason,
    source,
    check(note): RuleBreach[] {
      if (note.model !== 65 || !breaks(note)) return [];
      return [{ code, reason, message: message(note) }];
    },
  };
}

export const NFCE_FREIGHT_RULE = nfceRule(
  753,
  'Rejeição: NFC-e com Frete',
  'MOC 7.0 Anexo I, regra X02-10 (modFrete≠9 e indPres≠4 em NFC-e)',
  (note) => textOf(child(note.infNFe, 'transp'), 'modFrete') !== '9' && presenceOf(note) !== '4',
  () =>
    'Uma NFC-e com frete só é aceita como entrega a domicílio; emita a venda entregue como NF-e (modelo 55) ou como NFC-e de entrega.',
);

export const NFCE_DELIVERY_CARRIER_RULE = nfceRule(
  786,
  'Rejeição: NFC-e de entrega a domicílio sem dados do Transportador',
  'MOC 7.0 Anexo I, grupo X (transporta em NFC-e com indPres=4)',
  (note) => {
    if (presenceOf(note) !== '4') return false;
    const carrier = child(note.infNFe, 'transporta');
    return !carrier || !(textOf(carrier, 'CNPJ') || textOf(carrier, 'CPF')) || !textOf(carrier, 'xNome');
  },
  () => 'A NFC-e de entrega a domicílio precisa do transportador (CNPJ ou CPF e nome).',
);

export const NFCE_DELIVERY_RECIPIENT_RULE = nfceRule(
  787,
  'Rejeição: NFC-e de entrega a domicílio sem a identificação do destinatário',
  'MOC 7.0 Anexo I, regra E01-20 (dest em NFC-e com indPres=4)',
  (note) => presenceOf(note) === '4' && !(textOf(note.recipient, 'CPF') || textOf(note.recipient, 'CNPJ')),
  () => 'A NFC-e de entrega a domicílio precisa do CPF ou CNPJ do cliente.',
);

export const NFCE_DELIVERY_ADDRESS_RULE = nfceRule(
  788,
  'Rejeição: NFC-e de entrega a domicílio sem o endereço do destinatário',
  'MOC 7.0 Anexo I, regra E05-20',
  (note) => presenceOf(note) === '4' && !(note.recipient && child(note.recipient, 'enderDest')),
  (note) => `A NFC-e de entrega a domicílio precisa do endereço do cliente ${recipientName(note)}.`,
);

/** The presences away from the shop, which must say whether an intermediary took the sale (indIntermed). */
const AWAY = new Set(['2', '3', '4', '9']);

/** A rule of the intermediary's indicator (NF-e and NFC-e alike). */
function intermediaryRule(code: number, reason: string, seq: string, breaks: (note: NoteView) => boolean): NoteRule {
  return {
    code,
    reason,
    source: `MOC 7.0 Anexo I, regra ${seq} (NT 2020.006)`,
    check(note): RuleBreach[] {
      if (!breaks(note)) return [];
      const presence = presenceOf(note);
      return [
        {
          code,
          reason,
          message: `Com indicador de presença ${presence}, o indicador de intermediador (indIntermed) ${AWAY.has(presence) ? 'é obrigatório' : 'não pode ser informado'}.`,
        },
      ];
    },
  };
}
const hasIntermediary = (note: NoteView) => textOf(child(note.infNFe, 'ide'), 'indIntermed') !== '';

export const INTERMEDIARY_MISSING_RULE = intermediaryRule(
  434,
  'Rejeição: NF-e sem indicativo do intermediador',
  'B25c-10',
  (note) => AWAY.has(presenceOf(note)) && !hasIntermediary(note),
);

export const INTERMEDIARY_FORBIDDEN_RULE = intermediaryRule(
  435,
  'Rejeição: NF-e não pode ter o indicativo do intermediador',
  'B25c-20',
  (note) => !AWAY.has(presenceOf(note)) && hasIntermediary(note),
);

export const PRESENCE_RULES: readonly NoteRule[] = [
  INTERMEDIARY_MISSING_RULE,
  INTERMEDIARY_FORBIDDEN_RULE,
  NFCE_FREIGHT_RULE,
  NFCE_DELIVERY_CARRIER_RULE,
  NFCE_DELIVERY_RECIPIENT_RULE,
  NFCE_DELIVERY_ADDRESS_RULE,
];
