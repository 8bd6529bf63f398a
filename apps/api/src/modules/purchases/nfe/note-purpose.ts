import { PURCHASE_TEXTS } from '@backoffice/contract';
import { NfeReadError } from './nfe-document';

const TEXTS = PURCHASE_TEXTS.nfe;

/**
 * What the note is for (issue 57 §8, decision 0090), from its ide (MOC 7.0, Anexo I, grupo B): only a supplier's
 * sale to the shop enters stock by XML —
 * - tpNF 0 ('Entrada') is a note of goods coming INTO the issuer (its own purchase or import, a return it took
 *   back): no sale to the shop. With CFOPs 3xxx (entries from abroad) it is an import note, which its importer
 *   issues to itself: named as such.
 * - finNFe 2 (complementar), 3 (ajuste) and 4 (devolução) move no goods to the shop or move them back: refused,
 *   each in its words. A tpNF 1 with a 3xxx CFOP cannot be authorised (rejeição 518, CFOP de entrada em NF-e de
 *   saída), so a 3xxx CFOP matters only with tpNF 0.
 * Absent fields (a hand-made file) are not guessed: the other checks still run.
 */
export function checkNotePurpose(fields: { operation: string | null; purpose: string | null; cfops: string[] }) {
  if (fields.operation === '0') {
    const imports = fields.cfops.some((cfop) => cfop.startsWith('3'));
    throw new NfeReadError('purpose', imports ? TEXTS.importNote : TEXTS.entryNote);
  }
  if (fields.purpose !== null && fields.purpose !== '1') {
    throw new NfeReadError('purpose', TEXTS.notNormal(fields.purpose));
  }
}
