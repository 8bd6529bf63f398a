/**
 * The note's 'responsável técnico' (infRespTec, NT 2018.005; issue 55 §2): the CNPJ of whoever made the emitting
 * software, a contact's name, e-mail and phone, and, where the state gave the company a CSRT ('Código de Segurança
 * do Responsável Técnico'), its id and hashCSRT = base64(SHA-1(CSRT + chave de acesso)) — NT 2018.005 v1.30, §2.2.
 * Written whenever the issuer's settings hold it (every state accepts the group); the states that refuse a note
 * without it (rule 972) are TECHNICAL_CONTACT_STATES.
 */
import { createHash } from 'node:crypto';
import { el, group } from '../../../lib/nfe/canonical-xml';

export interface NfeTechnicalContact {
  /** 14 characters. */
  cnpj: string;
  /** xContato, 2–60 characters. */
  contact: string;
  email: string;
  /** 6–14 digits. */
  phone: string;
  /** The CSRT the state gave, when it gave one: its id (two digits) and the code itself. */
  csrt?: { id: string; token: string } | null;
}

/**
 * The states that refuse a note without infRespTec (rule 972, 'Obrigatória as informações do responsável técnico'):
 * AM, MS, PE, PR, SC and TO by NT 2018.005 v1.30 (in production since 3 June 2019), and AL, which enforces it too
 * (the list of issue 55). The rule is at each state's choice ('Facult.'): the others accept the group and ask nothing.
 */
export const TECHNICAL_CONTACT_STATES: readonly string[] = ['AL', 'AM', 'MS', 'PE', 'PR', 'SC', 'TO'];

/** hashCSRT: base64 of the SHA-1 of the CSRT followed by the access key (28 characters). */
export function csrtHash(csrt: string, accessKey: string): string {
  return createHash('sha1').update(`${csrt}${accessKey}`, 'utf8').digest('base64');
}

/** The infRespTec group of the note of `accessKey`; nothing without a contact. */
export function technicalContactXml(contact: NfeTechnicalContact | null | undefined, accessKey: string): string {
  if (!contact) return '';
  return group(
    'infRespTec',
    el('CNPJ', contact.cnpj),
    el('xContato', contact.contact),
    el('email', contact.email),
    el('fone', contact.phone),
    contact.csrt ? el('idCSRT', contact.csrt.id) + el('hashCSRT', csrtHash(contact.csrt.token, accessKey)) : '',
  );
}
